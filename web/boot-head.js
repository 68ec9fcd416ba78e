// Inlined into <head> by the build, before the stylesheet (so nothing waits for it): picks the
// language, starts the engine worker at once, and hides #app until boot.js has put the right
// screen in it (only when that is not the English home page already in the HTML).
(() => {
  const C = JSON.parse(document.getElementById("wtt-config").textContent);
  const LANG_KEY = "webtabletop.lang"; // outside the "webtabletop:" data namespace: not exported
  const get = (k) => {
    try {
      return localStorage.getItem(k);
    } catch (e) {
      return null;
    }
  };
  const set = (k, v) => {
    try {
      localStorage.setItem(k, v);
    } catch (e) {
      /* private mode: the choice lasts this visit */
    }
  };
  const params = new URLSearchParams(location.search);
  const known = (tag) => C.langs.includes(tag) || C.extra.includes(tag);
  const detect = () => {
    for (const l of navigator.languages || [navigator.language || ""]) {
      const t = String(l).toLowerCase();
      if (t.startsWith("ru")) return "ru";
      if (t.startsWith("zh")) return "zh-Hans";
      if (t.startsWith("ja")) return "ja";
      if (t.startsWith("en")) return "en";
    }
    return "en";
  };
  let lang = params.get("lang");
  if (known(lang)) set(LANG_KEY, lang); // ?lang=… (also the pseudo-locale, for tests) is remembered
  else lang = known(get(LANG_KEY)) ? get(LANG_KEY) : detect();
  document.documentElement.lang = C.htmlLang[lang] || lang;
  // --- the colour theme, before the first paint: the settings document's choice (system, light
  // or dark; web/board.js applies later changes), "system" following prefers-color-scheme live ---
  const darkScheme = matchMedia("(prefers-color-scheme: dark)");
  let themeChoice = "system";
  try {
    const t = JSON.parse(get("webtabletop:settings") || "{}").data.theme;
    if (t === "light" || t === "dark") themeChoice = t;
  } catch (e) {
    /* no settings yet, or unreadable ones (the engine sets them aside): follow the system */
  }
  const applyTheme = () => {
    const dark = themeChoice === "dark" || (themeChoice === "system" && darkScheme.matches);
    document.documentElement.setAttribute("data-theme", dark ? "dark" : "light");
  };
  const theme = (choice) => {
    themeChoice = choice === "light" || choice === "dark" ? choice : "system";
    applyTheme();
  };
  darkScheme.addEventListener("change", applyTheme);
  applyTheme();
  const hash = location.hash.replace(/^#\/?/, "");
  if (lang !== "en" || (hash && !hash.startsWith("?")) || get("webtabletop.screen:home")) {
    document.documentElement.classList.add("wtt-swap");
  }

  // --- the engine worker, started before anything else ---
  // It measures the link and the device and chooses the snapshot or the plain start itself
  // (web/startchoice.mjs). The page only rules the snapshot out: a reader who asked to save
  // data, a device where this build's snapshot failed before, or ?snapshot=0 (?snapshot=1: always).
  const net = navigator.connection;
  const asked = params.get("snapshot");
  const snapshot =
    C.engine.snapshot &&
    asked !== "0" &&
    (asked === "1" || (get("webtabletop.nosnap") !== C.build && !(net && net.saveData)));
  const controlled = !!(navigator.serviceWorker && navigator.serviceWorker.controller);
  // The engine's files come packed (Zstandard: fewer bytes, some CPU time to decode), except on a
  // first visit to a server on this machine (localhost), whose bytes cost nothing: there it takes
  // them unpacked. A later visit reads the packed files from the service worker (decoded once:
  // web/engine.mjs). ?packed=1 / ?packed=0 force one way (tests; benchmarks that emulate a link).
  const packed = params.get("packed");
  const local = /^(localhost|127(\.\d+){3}|\[::1\])$/.test(location.hostname);
  const raw = packed === "0" || (packed !== "1" && !controlled && local);
  const urls = (f) => ({ packed: `./${f.packed}?v=${C.build}`, raw: `./${f.raw}?v=${C.build}` });
  const waiting = new Map();
  let next = 0;
  const B = (window.wttBoot = { C, lang, get, set, LANG_KEY, theme, engineLang: lang, engine: null, failed: null });
  const worker = new Worker(`./engine.mjs?v=${C.build}`, { type: "module" });
  worker.onmessage = (ev) => {
    const m = ev.data;
    if (m.ready) {
      B.engine = m.ready;
      performance.mark("engine-ready");
      document.documentElement.setAttribute("data-engine", m.ready.mode);
      if (m.ready.failed) set("webtabletop.nosnap", C.build); // this device could not restore it: not again this build
    } else if (m.kept !== undefined) {
      if (B.onKept) B.onKept(m.kept); // web/boot.js registers the service worker
    } else if (m.rehearsed !== undefined) {
      performance.mark("engine-rehearsed"); // web/engine.mjs: the hot paths are warm
    } else if (m.fatal) {
      B.failed = m.fatal;
      if (B.onFatal) B.onFatal(m.fatal);
    } else {
      const w = waiting.get(m.id);
      waiting.delete(m.id);
      if (m.error !== undefined) w.reject(new Error(m.error));
      else w.resolve(m.result);
    }
  };
  worker.onerror = (ev) => {
    // the worker's script could not load (offline before the first full visit): say so
    B.failed = String((ev && ev.message) || "the engine's script did not load");
    if (B.onFatal) B.onFatal(B.failed);
  };
  // kept for the lab's pool of engine workers (web/labpool.mjs), which start the same way
  B.engineInit = {
    type: "init",
    build: C.build,
    lang,
    snapshot: snapshot
      ? { url: `./${C.engine.snapshot.file}?v=${C.build}`, bytes: C.engine.snapshot.bytes, gz: C.engine.snapshot.gz, force: asked === "1" }
      : null,
    // the build's packed files (src/webtabletop/tools/engine_files.py), and the list of what loads
    // later; on a first visit from a server on this machine, the same files unpacked (raw)
    raw,
    files: Object.fromEntries(Object.entries(C.engine.files).map(([k, f]) => [k, urls(f)])),
    later: `./${C.engine.later}?v=${C.build}`,
    // the part of the game the page opens on, or of every game (the home page shows them all)
    games: Object.entries(C.engine.games)
      .filter(([g]) => !C.engine.games[hash.split(/[/?]/)[0]] || hash.split(/[/?]/)[0] === g)
      .map(([, f]) => ({ ...urls(f), path: f.path })),
    lock: C.engine.lock,
    // a first visit keeps what it downloads for the service worker's precache (boot.js: keepFiles)
    keep: !controlled && "serviceWorker" in navigator && location.protocol !== "file:",
    precache: C.precache,
  };
  worker.postMessage(B.engineInit);
  B.keepFiles = (urls) => worker.postMessage({ type: "keep", urls });
  // the lab's pool of engine workers, loaded when a lab run starts (web/labpool.mjs)
  B.lab = (text) =>
    import(`./labpool.mjs?v=${C.build}`).then((m) => m.command(JSON.parse(text)));
  // live play's channel (web/livechannel.mjs: RTCPeerConnection lives on the main thread only),
  // loaded when a match goes live; precached like the rest (src/webtabletop/tools/precache.py)
  B.liveChannel = () => import(`./livechannel.mjs?v=${C.build}`);
  // what the engine asks of live play (web/liveplay.mjs), and the matches that were live in this
  // tab before it was reloaded (sessionStorage: this tab only, cleared with it)
  B.livePlay = (text) => import(`./liveplay.mjs?v=${C.build}`).then((m) => m.command(JSON.parse(text)));
  B.liveWas = () => {
    try {
      return sessionStorage.getItem("webtabletop-live") || "";
    } catch {
      return "";
    }
  };
  // web/main.py awaits dispatch(json) -> json, as it would a PyScript worker's export
  window.wttEngine = {
    dispatch: (payload) =>
      new Promise((resolve, reject) => {
        const id = ++next;
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, payload: String(payload) });
      }),
  };
})();
