// The engine worker: Pyodide running web/worker.py (rules, views, AI), off the page's main thread.
//
// Started by the page's boot script before anything else (web/boot-head.js), so the interpreter
// loads while the page paints its pre-rendered screen. It starts from the memory snapshot the build
// made (build-steps/make_snapshot.mjs: Pyodide after webtabletop, every game and worker.py were imported),
// which skips the interpreter's start-up and all imports. Without a usable snapshot (none offered,
// missing, corrupt, of another build, a browser without DecompressionStream) it starts Pyodide the
// ordinary way and imports the same files: slower, the same engine, no error shown.
//
// Messages in: {type: "init", build, lang, snapshot: {url, bytes} | null, libs, lock} once, then
// {id, payload} (an action as JSON text). Out: {ready: {mode, phases}} or {fatal} once, then
// {id, result} (the answer as JSON text) or {id, error}.
// Nothing is imported statically: the downloads start before Pyodide's 1.2 MB of JavaScript loads.

const LIB = "/lib/wtt"; // where the zips live in Pyodide's file system (as when the snapshot was made)
const INDEX = new URL("./pyodide/", import.meta.url).href;
const t0 = performance.now();
const phases = {}; // when each step of the start-up ended (ms since the worker started), for benchmarks
const mark = (name) => (phases[name] = Math.round(performance.now() - t0));
let init = null;
let engine = null; // {py, mode, worker, dispatch, reseed}
let language = "en"; // the catalog installed in the engine
let chain = null; // every action waits for the one before it (and the first for the start-up)

const bytes = async (url) => {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  return new Uint8Array(await r.arrayBuffer());
};
const message = (err) => String(err && err.message ? err.message : err).split("\n")[0];

async function snapshotBytes(snap) {
  // gzip on the wire (much of the heap is zeros); DecompressionStream checks gzip's CRC and
  // length, so a damaged file fails here rather than inside the interpreter
  const r = await fetch(snap.url);
  if (!r.ok) throw new Error(`snapshot: HTTP ${r.status}`);
  const raw = new Uint8Array(await new Response(r.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
  if (raw.length !== snap.bytes) throw new Error(`snapshot: ${raw.length} bytes, expected ${snap.bytes}`);
  mark("snapshot");
  return raw;
}

// Pyodide 314 sizes the heap for a snapshot through INITIAL_MEMORY, which its module ignores
// (pyodide/pyodide#6254): grow the new module's memory to the snapshot's heap before the copy.
const growing = (create, snap) => async (settings) => {
  const module = await create(settings);
  const data = await snap;
  const heap = data.length - new Uint32Array(data.buffer, data.byteOffset, 4)[1];
  if (heap > module.HEAP8.length) module.growMemory(heap);
  return module;
};

function writeLibs(py, libs) {
  py.FS.mkdirTree(LIB);
  for (const [name, data] of libs) py.FS.writeFile(`${LIB}/${name}`, data);
}

function bind(py, mode) {
  const worker = py.pyimport("worker");
  return { py, mode, worker, dispatch: worker.dispatch, reseed: worker.reseed, rehearse: worker.rehearse };
}

// --- rehearsal: warm WebAssembly's hot paths while the player looks at a new board ---
// (web/worker.py: rehearse). It starts when the worker has been idle for IDLE_MS after a board
// appeared, plays one move per task (a player's action waits for one move at most, about
// 5-30 ms), pauses at every action (until the worker is idle again), and stops for good after
// BUDGET_MS of work in all. An engine without it (a worker.py of an older build) skips it.
const IDLE_MS = 400;
const BUDGET_MS = 800;
let rehearsal = { timer: 0, spent: 0, done: false };
function rehearseLater() {
  clearTimeout(rehearsal.timer);
  if (rehearsal.done || !engine || !engine.rehearse) return;
  rehearsal.timer = setTimeout(rehearseStep, IDLE_MS);
}
function rehearseStep() {
  const t = performance.now();
  let played = 0;
  try {
    played = engine.rehearse(1); // one move per task: an action waits for one move at most
  } catch (err) {
    played = 0;
  }
  rehearsal.spent += performance.now() - t;
  if (!played) return; // nothing on screen to rehearse: try again after the next answer
  if (rehearsal.spent >= BUDGET_MS) {
    rehearsal.done = true;
    phases.rehearsed = Math.round(rehearsal.spent);
    postMessage({ rehearsed: Math.round(rehearsal.spent) });
    return;
  }
  rehearsal.timer = setTimeout(rehearseStep, 0);
}

// the package index Pyodide would fetch (pyodide-lock.json, 119 kB) lists wheels this app never
// loads: hand it the lock's header with no packages instead
const options = () => ({ indexURL: INDEX, ...(init.lock ? { lockFileContents: init.lock, packageBaseUrl: INDEX } : {}) });

async function fromSnapshot(pyodide, asm, snap, libs) {
  // called at once: Pyodide fetches its wasm while the snapshot downloads
  const create = (await asm).default;
  const py = await pyodide.loadPyodide({ ...options(), _loadSnapshot: snap, createPyodideModule: growing(create, snap) });
  mark("pyodide");
  writeLibs(py, await libs);
  const e = bind(py, "snapshot");
  const built = String(e.worker.SNAPSHOT_BUILD);
  if (built !== init.build) throw new Error(`snapshot of build ${built}, page of build ${init.build}`);
  return e;
}

async function fresh(pyodide, libs) {
  const source = bytes(`./worker.py?v=${init.build}`);
  const py = await pyodide.loadPyodide(options());
  mark("pyodide");
  writeLibs(py, [...(await libs), ["worker.py", await source]]);
  py.runPython(`import sys\nsys.path[0:0] = ${JSON.stringify([LIB, ...init.libs.map((n) => `${LIB}/${n}`)])}\nimport worker`);
  mark("imports");
  return bind(py, "fresh");
}

// Pyodide compiles its 9.6 MB of wasm only when it has the snapshot in hand. Compile it at once,
// while the snapshot downloads and Pyodide's JavaScript parses, and give Pyodide the compiled
// module: its own request for the file gets an empty placeholder it never reads.
function precompile() {
  const url = `${INDEX}pyodide.asm.wasm`;
  if (typeof WebAssembly.compileStreaming !== "function") return;
  const compiled = WebAssembly.compileStreaming(fetch(url));
  compiled.catch(() => {});
  const realFetch = self.fetch.bind(self);
  const instantiate = WebAssembly.instantiateStreaming.bind(WebAssembly);
  self.fetch = (input, options) => (String(input) === url ? Promise.resolve(new Response(null)) : realFetch(input, options));
  WebAssembly.instantiateStreaming = async (source, imports) => {
    let module;
    try {
      module = await compiled;
    } catch (err) {
      return instantiate(realFetch(url), imports); // the early compile failed: the usual way
    }
    return { module, instance: await WebAssembly.instantiate(module, imports) };
  };
}

async function setLanguage(e, tag, mo) {
  if (mo) e.py.FS.writeFile("/tmp/language.mo", mo);
  const read = mo ? 'open("/tmp/language.mo", "rb").read()' : "None";
  e.py.runPython(`from webtabletop.i18n import catalogs\ncatalogs.install(${JSON.stringify(tag)}, ${read})`);
}

const moURL = (tag) => `./locale/${tag}.mo?v=${init.build}`;

async function start() {
  // Pyodide's JavaScript first (1.2 MB to parse), then the downloads, all at once
  precompile();
  const modules = import("./pyodide/pyodide.mjs");
  const asm = import("./pyodide/pyodide.asm.mjs");
  asm.catch(() => {});
  let snap = null;
  if (init.snapshot && typeof DecompressionStream === "function") {
    snap = snapshotBytes(init.snapshot);
    snap.catch(() => {}); // a failure is reported where it is awaited
  }
  const libs = Promise.all(init.libs.map(async (n) => [n, await bytes(`./lib/${n}?v=${init.build}`)]));
  const mo = init.lang && init.lang !== "en" ? bytes(moURL(init.lang)).catch(() => null) : Promise.resolve(null);
  const pyodide = await modules;
  mark("pyodide.mjs");
  let e = null;
  let why = "no snapshot offered";
  if (snap) {
    try {
      e = await fromSnapshot(pyodide, asm, snap, libs);
    } catch (err) {
      why = message(err);
    }
  }
  if (!e) {
    e = await fresh(pyodide, libs);
    e.mode = `fresh (${why})`;
  }
  const catalog = await mo;
  if (catalog) {
    await setLanguage(e, init.lang, catalog);
    language = init.lang;
  }
  return e;
}

async function useLanguage(tag) {
  if (tag === language) return;
  await setLanguage(engine, tag, tag === "en" ? null : await bytes(moURL(tag)));
  language = tag;
}

async function answer(id, payload) {
  try {
    const action = JSON.parse(payload);
    if (action.type === "lang") {
      // switch the catalog, then re-render the same route (the game on screen stays as it is)
      try {
        await useLanguage(action.tag);
      } catch (err) {
        // offline, and this language was never downloaded: the page keeps the one it had
        postMessage({ id, result: JSON.stringify({ writes: [], lang_unavailable: action.tag, lang: language }) });
        return;
      }
      payload = JSON.stringify({ type: "hash", hash: action.hash, now: action.now });
    } else if (action.type === "start" && action.lang) {
      await useLanguage(action.lang); // the player switched while the engine was starting
    }
    const result = String(engine.dispatch(payload));
    if (action.type === "start" && action.reseed) engine.reseed(String(action.reseed));
    postMessage({ id, result });
    rehearseLater();
  } catch (err) {
    postMessage({ id, error: message(err) });
  }
}

self.onmessage = (ev) => {
  const msg = ev.data;
  if (msg.type === "init") {
    init = msg;
    chain = start().then(
      (e) => {
        engine = e;
        mark("ready");
        postMessage({ ready: { mode: e.mode, phases } });
      },
      (err) => postMessage({ fatal: message(err) }),
    );
  } else {
    clearTimeout(rehearsal.timer); // the player acts: the rehearsal waits for the next quiet moment
    chain = chain.then(() => (engine ? answer(msg.id, msg.payload) : postMessage({ id: msg.id, error: "the engine did not start" })));
  }
};
