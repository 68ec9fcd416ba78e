// Inlined at the end of <body> by the build. Until the engine has answered the page's start
// (web/main.py then calls wttBoot.ready()), this plain script runs the page: it translates the
// shell, paints the screen of the URL from what the build pre-rendered (or from the player's own
// last screen, kept in localStorage), keeps clicks and drops made on a pre-rendered board to
// replay them in order, and follows links between pre-rendered screens. No WebAssembly is needed
// for any of it. It also keeps the page's idle signal for its whole life (wttBoot.idle, below).
(() => {
  const B = window.wttBoot;
  if (!B) return;
  const C = B.C;
  const APP = document.getElementById("app");
  const STATUS = document.getElementById("boot-status");
  const SCREEN = "webtabletop.screen:"; // + "home" or a game id: the last screen main.py showed
  B.queue = []; // actions (JSON text) for web/main.py to replay once the engine is ready
  B.live = false;
  B.accept = false; // does the screen on show take clicks (a board the engine will start as shown)?

  const random64 = () => {
    const w = crypto.getRandomValues(new Uint32Array(2));
    return ((BigInt(w[0]) << 32n) | BigInt(w[1])).toString();
  };
  B.fresh = random64;
  B.entropy = random64();
  B.t = (key, vars) => {
    let text = (C.strings[B.lang] || C.strings.en)[key] || C.strings.en[key] || key;
    for (const [k, v] of Object.entries(vars || {})) text = text.split(`{${k}}`).join(String(v));
    return text;
  };
  const fnv = (s) => {
    let h = 0x811c9dc5;
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
    return h.toString(16);
  };

  // --- the shell in the chosen language ---
  function translate() {
    document.documentElement.lang = C.htmlLang[B.lang] || B.lang;
    for (const el of document.querySelectorAll("[data-t]")) el.textContent = B.t(el.dataset.t, { build: C.build });
    for (const el of document.querySelectorAll("[data-t-label]")) el.setAttribute("aria-label", B.t(el.dataset.tLabel));
    document.querySelector('meta[name="description"]').content = B.t("description");
    const manifest = document.querySelector('link[rel="manifest"]');
    if (C.manifests[B.lang]) manifest.href = `./${C.manifests[B.lang]}`;
    const select = document.getElementById("lang");
    if (select) select.value = C.langs.includes(B.lang) ? B.lang : "";
  }

  function status(key) {
    STATUS.textContent = key ? B.t(key) : "";
    STATUS.hidden = !key;
  }

  // --- which screen to paint for a URL fragment ---
  function parse(hash) {
    const [path, query] = hash.replace(/^#\/?/, "").split("?");
    const parts = path.split("/").filter(Boolean);
    return { game: parts[0] || "", page: parts[1] || "", q: new URLSearchParams(query || "") };
  }

  function remembered(name) {
    try {
      const s = JSON.parse(B.get(SCREEN + name) || "null");
      if (!s || s.build !== C.build || s.lang !== B.lang) return null;
      if (s.doc && fnv(B.get(s.doc) || "") !== s.stamp) return null; // the saved game changed since
      return s;
    } catch (e) {
      return null;
    }
  }

  function savedSlot(game) {
    try {
      const last = JSON.parse(B.get(`webtabletop:last:${game}`) || "null");
      return last && last.data && last.data.slot ? `webtabletop:game:${game}:${last.data.slot}` : null;
    } catch (e) {
      return null;
    }
  }

  function hasSaved(game) {
    try {
      for (let i = 0; i < localStorage.length; i++) if (String(localStorage.key(i)).startsWith(`webtabletop:game:${game}:`)) return true;
    } catch (e) {}
    return false;
  }

  // app/game/newcomer.py's rule: new to a game until a game of it was saved here (the settings remember
  // it). A newcomer is shown a pre-rendered first game (<game>-first-<k>), a returning player one
  // with the designer's defaults (<game>-ai-<k>): the build renders both (tools/prerender.py).
  function isNew(game) {
    if (hasSaved(game)) return false;
    try {
      const played = (JSON.parse(B.get("webtabletop:settings") || "null") || {}).data?.played;
      return !(Array.isArray(played) && played.includes(game));
    } catch (e) {
      return true;
    }
  }

  // -> {mine?: a remembered screen's name, fetch?: a pre-rendered screen's name, accept, inert, status}
  function plan(hash) {
    const { game, page, q } = parse(hash);
    if (!game) return { mine: "home", accept: false, status: "starting" };
    const pool = C.games[game];
    if (!pool) return { status: "starting" };
    const k = Math.floor(Math.random() * pool.length);
    if (page === "rules") return { fetch: `${game}-rules`, accept: false, status: "starting" };
    if (page === "play" && q.get("vs") === "human") return { fetch: `${game}-human-${k}`, accept: true, status: "kept" };
    // a level in the link (#/<game>/play?level=…) is the player's choice: no first game (app/shell/routes.py)
    const vsAi = () => `${game}-${isNew(game) && !q.has("level") ? "first" : "ai"}-${k}`;
    if (page === "play") return { fetch: vsAi(), accept: true, status: "kept" };
    if (page) return { status: "starting" };
    if (q.has("r")) return { fetch: `${game}-ai-${k}`, accept: false, inert: true, status: "opening-link" };
    if (hasSaved(game)) return { mine: game, accept: true, status: "kept", otherwise: "opening-saved" };
    return { fetch: vsAi(), accept: true, status: "kept" };
  }

  const LOADING = () => `<div class="loading"><div class="spinner" aria-hidden="true"></div><p>${B.t("loading")}</p></div>`;
  let shownFor = 0;

  function paint(screen, p, lang) {
    APP.innerHTML = screen.html;
    // a fresh board the engine will start as shown: its first clicks have answers (below)
    board = p.fetch && p.accept && screen.entropy ? { html: screen.html, name: p.fetch, lang, file: null } : null;
    document.title = screen.title || document.title;
    document.body.setAttribute("data-route", screen.route || "");
    APP.classList.toggle("pre-inert", !!p.inert);
    B.accept = !!p.accept;
    if (screen.entropy) B.entropy = screen.entropy;
    document.documentElement.classList.remove("wtt-swap");
    requestAnimationFrame(() => performance.mark(screen.route === "home" ? "home-painted" : `${screen.route}-painted`));
    if (board && B.queue.length) answer(); // the same board in another language, clicks kept on it
  }

  // --- answers to the first clicks (src/webtabletop/tools/answers.py) ---
  // A first visit's board is a known game, so the build played every click it accepts (and each
  // click a selection adds) and stored the screens as splices of the board's HTML (offsets in
  // UTF-16 code units, as JavaScript counts). A kept click paints its answer at once; the clicks
  // stay kept, and web/main.py replays them when the engine is up, whose own screen (the same)
  // then replaces the answer. A click with no answer (a drop, a command, a third click) is kept
  // as before, and the last answer stays on show until then.
  let board = null; // {html, name, lang, file: Promise of the answers file} of the fresh board on show
  const keyOf = (a) => (a.type === "move" ? `m:${a.code}` : a.type === "pick" ? `p:${a.token}` : null);
  function answer() {
    const mine = board;
    if (!mine || B.live) return;
    const keys = B.queue.map((text) => keyOf(JSON.parse(text)));
    if (keys.includes(null)) return;
    const key = keys.join(" ");
    mine.file ||= fetch(`./pre/${mine.lang}/${mine.name}.answers.json?v=${C.build}`)
      .then((r) => (r.ok ? r.json() : null))
      .catch(() => null); // offline and never fetched: the engine answers
    mine.file.then((file) => {
      const now = B.queue.map((text) => keyOf(JSON.parse(text))).join(" ");
      if (board !== mine || B.live || now !== key || !file || file.base !== mine.html.length) return;
      const found = file.answers[key];
      if (!found) return;
      let html = mine.html;
      for (let i = found.s.length - 1; i >= 0; i--) {
        const [start, end, text] = found.s[i]; // a number: a text several answers share
        html = html.slice(0, start) + (typeof text === "number" ? file.x[text] : text) + html.slice(end);
      }
      APP.innerHTML = html;
      if (found.t) document.title = found.t;
      performance.mark("answered");
    });
  }

  // same = the same screen in another language: the board (and the clicks kept on it) stay
  async function show(hash, same) {
    const ticket = ++shownFor;
    const p = same && B.plan ? B.plan : plan(hash);
    B.plan = p;
    if (!same) {
      B.queue = [];
      B.accept = false;
      B.entropy = random64();
    }
    if (p.mine) {
      // the player's own last screen (in this language and build), else the pre-rendered one
      const shown = remembered(p.mine) || (p.mine === "home" ? C.home[B.lang] || C.home.en : null);
      if (shown) {
        status(B.queue.length ? "kept" : p.status);
        return paint(shown, p);
      }
      B.queue = [];
      B.accept = false;
      status(p.otherwise);
      APP.innerHTML = LOADING();
      document.documentElement.classList.remove("wtt-swap");
      return;
    }
    status(B.queue.length ? "kept" : p.status);
    if (!same) APP.innerHTML = LOADING();
    document.documentElement.classList.remove("wtt-swap");
    if (!p.fetch) return;
    try {
      const lang = C.langs.includes(B.lang) ? B.lang : "en";
      const r = await fetch(`./pre/${lang}/${p.fetch}.json?v=${C.build}`);
      const screen = await r.json();
      if (ticket === shownFor && !B.live) paint(screen, p, lang);
    } catch (e) {
      /* offline and never seen: the engine paints it */
    }
  }

  // --- clicks and keys before the engine is ready ---
  function keep(el) {
    if (el.hasAttribute("data-move")) return { type: "move", code: el.getAttribute("data-move") };
    if (el.hasAttribute("data-pick")) return { type: "pick", token: el.getAttribute("data-pick") };
    return { type: "cmd", name: el.getAttribute("data-cmd"), arg: el.getAttribute("data-arg") };
  }

  // an action kept for web/main.py (a click's, or a drop's from web/board.js); false if this
  // screen takes none (a board the engine will not start as shown)
  B.keep = (action, el) => {
    if (B.live || !B.accept) return false;
    B.queue.push(JSON.stringify(action));
    el?.classList.add("queued");
    status("kept");
    answer();
    return true;
  };

  function early(ev, el) {
    if (B.live || !el || !APP.contains(el)) return;
    ev.preventDefault();
    if (!el.hasAttribute("disabled")) B.keep(keep(el), el);
  }

  document.addEventListener("click", (ev) => early(ev, ev.target.closest("[data-move],[data-pick],[data-cmd]")), true);
  document.addEventListener(
    "keydown",
    (ev) => {
      const el = ev.target;
      if ((ev.key === "Enter" || ev.key === " ") && el.getAttribute && el.getAttribute("role") === "button") {
        early(ev, el.closest("[data-move],[data-pick],[data-cmd]"));
      }
    },
    true,
  );
  document.addEventListener("submit", (ev) => B.live || ev.preventDefault(), true);
  addEventListener("hashchange", () => B.live || show(location.hash));

  // --- the language switch (the header's select; web/main.py re-renders once the engine runs) ---
  B.setLang = (tag) => {
    if (!C.langs.includes(tag) && !C.extra.includes(tag)) return;
    B.lang = tag;
    B.set(B.LANG_KEY, tag);
    translate();
    if (B.live && window.wttLang) window.wttLang(tag);
    else show(location.hash, true);
  };
  document.getElementById("lang").addEventListener("change", (ev) => B.setLang(ev.target.value));

  // --- called by web/main.py ---
  let rendered = 0;
  B.remember = (route, stable) => {
    // the player's last home page or game screen, for the next visit's first paint; written when
    // the page is idle (not in the task that applied the engine's answer), the newest one only
    const ticket = ++rendered;
    const idle = window.requestIdleCallback || ((f) => setTimeout(f, 200));
    pending = () => ticket === rendered && keepScreen(route, stable);
    idle(() => pending && pending(), { timeout: 2000 });
  };
  let pending = null;
  addEventListener("pagehide", () => pending && pending());
  function keepScreen(route, stable) {
    pending = null;
    const game = parse(location.hash).game;
    const name = route === "home" ? "home" : route === "game" && game ? game : null;
    if (!name || !stable) return;
    const doc = name === "home" ? null : savedSlot(game);
    const screen = { build: C.build, lang: B.lang, route, title: document.title, html: B.withoutPictures(APP), doc, stamp: doc ? fnv(B.get(doc) || "") : null };
    try {
      localStorage.setItem(SCREEN + name, JSON.stringify(screen));
    } catch (e) {
      /* full: the pre-rendered screens still work */
    }
  }
  B.ready = () => {
    B.live = true;
    status(null);
    APP.classList.remove("pre-inert");
    if (B.onStarted) B.onStarted();
  };
  B.onFatal = (error) => {
    STATUS.textContent = B.t("engine-failed", { error });
    STATUS.hidden = false;
  };

  // --- the idle signal: tests and benchmarks wait for it (docs/board.md, "The idle signal") ---
  // The page is idle when nothing it started is unfinished: the start is over (web/main.py ends
  // it), no action waits for the engine's answer and no computer move is under way (web/main.py
  // counts both with idle.work), no hover waits for its throttle (web/board.js adds that check
  // with idle.also), every change of the URL has been seen, no window is closing, no animation
  // runs, and all of this held at two checks 16 ms apart with no render between them. Then
  // body[data-idle="1"], and the promises of wttBoot.idle.when() resolve. Whatever starts work
  // removes data-idle in the same task (a click's handler, a swap, a hash change), so a test that
  // acts and then waits for data-idle never reads a signal an earlier screen left behind; tests
  // read it through idle.ready(), which also checks again at once (a URL set by hand fires its
  // hashchange a task later).
  B.idle = (() => {
    let work = 1; // the start, until web/main.py has the engine's first answer and replayed kept input
    let seenHash = location.hash;
    let timer = 0;
    let stable = false; // the last check found the page quiet, and nothing happened since
    const checks = [];
    const waiters = [];
    const body = document.body;
    const moving = () =>
      document.getAnimations().some((a) => a.playState === "running" && a.effect && a.effect.getComputedTiming().endTime !== Infinity);
    const quiet = () =>
      work <= 0 && location.hash === seenHash && !APP.querySelector("dialog:not([open])") && checks.every((f) => f()) && !moving();
    function check() {
      timer = 0;
      const now = quiet();
      if (now && stable) {
        body.setAttribute("data-idle", "1");
        for (const resolve of waiters.splice(0)) resolve();
        return;
      }
      stable = now;
      timer = setTimeout(check, 16);
    }
    function busy() {
      body.removeAttribute("data-idle");
      stable = false;
      if (!timer) timer = setTimeout(check, 16);
    }
    addEventListener("hashchange", () => {
      seenHash = location.hash; // the listeners after this one (web/main.py's) send it as work
      busy();
    });
    return {
      busy,
      work: (n) => {
        work += n;
        busy();
      },
      sawHash: () => {
        seenHash = location.hash; // web/main.py rewrote the address (history.replaceState)
      },
      also: (f) => checks.push(f),
      when: () => new Promise((resolve) => (body.hasAttribute("data-idle") ? resolve() : waiters.push(resolve))),
      // idle, checked again now: a URL changed by hand fires its hashchange event a task later.
      // Not idle yet: the checks are running (reading must not restart them, or a reader that
      // polls as often as they run would keep them from ever seeing two quiet checks)
      ready: () => {
        if (!body.hasAttribute("data-idle")) return false;
        if (quiet()) return true;
        busy(); // the signal is out of date: withdraw it
        return false;
      },
    };
  })();

  // --- the home page's pictures (src/webtabletop/tools/pictures.py) ---
  // Each game card holds an empty, labelled <div data-pic="<game>">; it gets an <img> of its
  // picture, an SVG file the build drew with the game's own view (an image is parsed and decoded
  // once, apart from the page). A picture not seen yet waits for the page's load event and then
  // an idle moment (the start's own work comes first, and an image would hold the load event
  // back); one already drawn goes in at once, so drawing the home page again does not flicker.
  // The page is not idle while a picture is on its way.
  const seen = new Set();
  let picturesDue = 0;
  let waiting = false;
  B.idle.also(() => picturesDue === 0 && !waiting);
  const idleCall = window.requestIdleCallback || ((f) => setTimeout(f, 200));
  const later = (f, options) =>
    document.readyState === "complete" ? idleCall(f, options) : addEventListener("load", () => idleCall(f, options), { once: true });
  function fillPictures(now) {
    const lang = C.langs.includes(B.lang) || C.extra.includes(B.lang) ? B.lang : "en";
    for (const el of APP.querySelectorAll("[data-pic]:empty")) {
      const src = `./pre/${lang}/${el.dataset.pic}-picture.svg?v=${C.build}`;
      if (!seen.has(src) && now !== true) {
        if (!waiting) later(() => ((waiting = false), fillPictures(true)), { timeout: 2000 });
        waiting = true;
        continue;
      }
      const img = new Image();
      img.alt = ""; // the place is the image: its label names the picture
      img.decoding = "async";
      picturesDue++;
      img.onload = img.onerror = () => {
        seen.add(src);
        picturesDue--;
        B.idle.busy();
      };
      img.src = src;
      el.append(img);
    }
  }
  new MutationObserver(() => fillPictures()).observe(APP, { childList: true, subtree: true });
  B.withoutPictures = (root) => {
    // a copy of a screen to remember, without its pictures (the next visit puts them in again)
    const copy = root.cloneNode(true);
    for (const el of copy.querySelectorAll("[data-pic]")) el.replaceChildren();
    return copy.innerHTML;
  };

  translate();
  show(location.hash);
  fillPictures();
  B.idle.busy();
  if (B.failed) B.onFatal(B.failed);
  // --- the service worker ---
  // A later visit (the page is controlled) registers it at once: that checks for a new build. A
  // first visit registers it only once the engine has started and has put what this visit
  // downloaded into the precache (web/engine.mjs: keepFiles), so the precache fetches only what
  // no one loaded yet: on a first visit every file crosses the network once.
  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    const register = () => navigator.serviceWorker.register("./sw.js").catch(() => {});
    if (navigator.serviceWorker.controller) addEventListener("load", register);
    else {
      let asked = false;
      B.onKept = register;
      B.onStarted = () => {
        if (asked) return;
        asked = true;
        const urls = [location.href, ...performance.getEntriesByType("resource").map((r) => r.name)];
        B.keepFiles(urls);
      };
      const failed = B.onFatal;
      B.onFatal = (error) => {
        failed(error);
        register(); // no engine: the service worker fetches everything itself
      };
      if (B.failed) register();
      setTimeout(register, 120_000); // a start that never ends still gets its offline copy
    }
  }
})();
