// The engine worker: Pyodide running web/worker.py (rules, views, AI), off the page's main thread.
//
// Started by the page's boot script before anything else (web/boot-head.js), so the interpreter
// loads while the page paints its pre-rendered screen. It starts from the memory snapshot the build
// made (build-steps/make_snapshot.mjs: Pyodide after webtabletop, every game and worker.py were imported),
// which skips the interpreter's start-up and all imports. Without a usable snapshot (none offered,
// missing, corrupt, of another build, a browser without DecompressionStream) it starts Pyodide the
// ordinary way and imports the same files: slower, the same engine, no error shown.
//
// Which start is faster depends on the link and the device, so the engine measures both before it
// asks for the snapshot (web/startchoice.mjs): the bytes per second its first downloads arrive at,
// and how long a fixed piece of work takes on this device now. The snapshot costs its download and
// saves the interpreter's start and imports; it is fetched only when that download is predicted to
// take less time than it saves. This works in every browser (no navigator.connection needed).
//
// Every file it downloads is also kept for the service worker (keepFiles): once the page has
// started, the page registers the service worker, whose precache then finds these files already
// in its cache and fetches only the ones no one loaded, so on a first visit every file crosses the
// network once.
//
// Pyodide's WebAssembly and JavaScript, the standard library and our package come as the build
// packed them (src/webtabletop/tools/engine_files.py): zips of the modules the first screens
// import, each compressed whole with Zstandard, which two helper workers (web/unpack.mjs) decode
// as the bytes arrive, so the WebAssembly compiles while it downloads. The other modules are
// fetched the first time one is imported (web/worker.py: Later). What was decoded is stored for
// the next visits; a first visit from a server on this machine takes the files unpacked.
//
// Messages in: {type: "init", build, lang, snapshot: {url, bytes, gz, force} | null, files: {wasm,
// asm, stdlib, lib: {packed, raw: url}}, raw, games: [{packed, raw, path}] (the part of the game
// the page opens on, or of every game), later: url, lock, precache} once, then {id, payload} (an
// action as JSON text), and {type: "keep", urls} once the page has started. Out: {ready: {mode,
// phases, failed}} or {fatal} once, then {id, result} (the answer as JSON text) or {id, error},
// {kept} after "keep", and {rehearsed} (web/rehearse.mjs).
// Nothing is imported statically: the downloads start before anything else loads.

const LIB = "/lib/wtt"; // where the zips live in Pyodide's file system (as when the snapshot was made)
const INDEX = new URL("./pyodide/", import.meta.url).href;
const t0 = performance.now();
const phases = {}; // when each step of the start-up ended (ms since the worker started), for benchmarks
const mark = (name) => (phases[name] = Math.round(performance.now() - t0));
let init = null;
let engine = null; // {py, mode, worker, dispatch, reseed}
let language = "en"; // the catalog installed in the engine
let chain = null; // every action waits for the one before it (and the first for the start-up)

const message = (err) => String(err && err.message ? err.message : err).split("\n")[0];

// --- downloads: counted (for chooseStart, web/startchoice.mjs) and kept (for the service worker's precache) ---
const SITE = new URL("./", import.meta.url).href; // the site's root, the service worker's scope
const got = new Map(); // site path -> Promise<{bytes, type}>: what this worker downloaded
const wire = { bytes: 0, first: 0, open: 0, stored: 0, wake: null }; // bytes received (as sent on the wire)
const pathOf = (url) => new URL(url, SITE).href.split(/[?#]/)[0].slice(SITE.length);

function counted(r, ratio) {
  // the body as it arrives, counted in bytes on the wire (a gzipped body: decoded bytes x ratio)
  const zipped = /gzip|br|deflate/.test(r.headers.get("content-encoding") || "");
  const k = zipped ? ratio || 0.4 : 1;
  wire.open++;
  const count = new TransformStream({
    transform(chunk, ctl) {
      if (!wire.first) wire.first = performance.now();
      wire.bytes += chunk.byteLength * k;
      if (wire.wake) wire.wake();
      ctl.enqueue(chunk);
    },
    flush() {
      wire.open--;
      if (wire.wake) wire.wake();
    },
  });
  return r.body.pipeThrough(count);
}

// fetch url; -> a Response whose body is counted; the bytes are kept under the url's path
async function download(url, ratio) {
  const r = await fetch(url).catch((err) => {
    throw Object.assign(new Error(`${pathOf(url)}: ${message(err)}`), { network: true }); // offline
  });
  if (!r.ok) throw new Error(`${pathOf(url)}: HTTP ${r.status}`);
  const type = r.headers.get("content-type") || "";
  if (!init.keep) return new Response(counted(r, ratio), { headers: { "Content-Type": type } });
  const [use, keep] = counted(r, ratio).tee();
  const kept = new Response(keep).arrayBuffer().then((b) => ({ bytes: new Uint8Array(b), type }));
  kept.catch(() => {});
  got.set(pathOf(url), kept);
  return new Response(use, { headers: { "Content-Type": type } });
}
const bytes = async (url) => new Uint8Array(await (await download(url)).arrayBuffer());

// --- the build's packed files: Zstandard, decoded as the bytes arrive, by helpers ---
// Two helper workers (web/unpack.mjs) fetch and decode them, each on a thread of its own: one the
// WebAssembly (9.6 MB decoded), one the rest, so that this thread stays free for Pyodide's loader
// and the snapshot, and decoding runs beside both on a device with more than one core.
const helpers = [];
const asked = new Map(); // id -> {ctl: the stream's controller, kept: resolve, fail}
let asks = 0;
function helper(k) {
  if (!helpers[k]) {
    const w = new Worker(`./unpack.mjs?v=${init.build}`, { type: "module" });
    w.onmessage = (ev) => {
      const m = ev.data;
      const a = asked.get(m.id);
      if (!a) return;
      if (m.wire !== undefined) {
        if (!wire.first) wire.first = performance.now();
        wire.bytes += m.wire * (m.zipped ? 0.4 : 1);
      } else if (m.chunk) a.ctl.enqueue(m.chunk);
      else {
        asked.delete(m.id);
        wire.open--;
        if (m.done) {
          a.ctl.close();
          a.kept({ bytes: m.raw, type: m.type });
        } else {
          const err = Object.assign(new Error(m.error), { network: !!m.network });
          a.ctl.error(err);
          a.fail(err);
        }
      }
      if (wire.wake) wire.wake();
    };
    helpers[k] = w;
  }
  return helpers[k];
}
// what the helpers loaded themselves (their decoder), for the precache: the HTTP cache has it
const helped = () => (helpers.length ? [new URL(`./engine/fzstd.mjs?v=${init.build}`, SITE).href] : []);

// url -> a ReadableStream of the decoded bytes (the file as it came is kept for the precache)
function unpacked(url, k = 1) {
  const id = ++asks;
  let a = null;
  const stream = new ReadableStream({
    start(ctl) {
      a = { ctl };
    },
  });
  const kept = new Promise((resolve, reject) => Object.assign(a, { kept: resolve, fail: reject }));
  kept.catch(() => {});
  if (init.keep) got.set(pathOf(url), kept);
  asked.set(id, a);
  wire.open++;
  helper(k).postMessage({ id, url: new URL(url, SITE).href });
  return stream;
}

// --- decoded copies, for the next visits ---
// Decoding costs CPU time at every start (0.3-0.7 s for the 17 MB on a busy desktop), which a
// later visit need not pay: once the engine has answered, it stores what it decoded in Cache
// Storage (UNPACKED, by URL, so only this build's copies), and a later start reads them there
// instead. The WebAssembly then comes as a cached Response of its own URL, which lets the browser
// reuse the machine code it compiled from it last time.
const UNPACKED = "webtabletop-unpacked";
const decoded = new Map(); // url -> Promise<ArrayBuffer>: what this start decoded, to store
let unpackedCache = null;
const openUnpacked = () =>
  (unpackedCache ||= (self.caches ? caches.open(UNPACKED) : Promise.reject(new Error("no caches"))).catch(() => null));

// {packed, raw} -> the decoded file as a Response: a stored copy, else the helper's stream, or, on
// a first visit to a server on this machine (init.raw, see web/boot-head.js), the same file
// unpacked (bytes cost nothing there, decoding does); either is copied to store, under the packed
// file's URL
async function fileResponse(file, k = 1, type = "application/octet-stream") {
  const cache = await openUnpacked();
  const key = new URL(file.packed, SITE).href;
  const hit = cache && (await cache.match(key).catch(() => null));
  if (hit) {
    wire.stored++; // startchoice.mjs: the engine's files are on this device
    if (wire.wake) wire.wake();
    return hit;
  }
  const body = init.raw ? (await download(file.raw)).body : unpacked(file.packed, k);
  const [use, copy] = body.tee();
  const bytes = new Response(copy).arrayBuffer();
  bytes.catch(() => {});
  decoded.set(key, { bytes, type });
  return new Response(use, { headers: { "Content-Type": type } });
}
const unpack = async (file) => new Uint8Array(await (await fileResponse(file)).arrayBuffer());

async function storeDecoded() {
  const cache = await openUnpacked();
  if (!cache) return;
  for (const [key, { bytes, type }] of decoded) {
    const data = await bytes.catch(() => null);
    if (data) await cache.put(key, new Response(data, { headers: { "Content-Type": type } })).catch(() => {});
  }
  decoded.clear();
  for (const request of await cache.keys()) {
    if (new URL(request.url).searchParams.get("v") !== init.build) await cache.delete(request); // another build's
  }
}

async function snapshotBytes(snap) {
  // gzip on the wire (much of the heap is zeros); DecompressionStream checks gzip's CRC and
  // length, so a damaged file fails here rather than inside the interpreter
  const r = await download(snap.url);
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
  for (const [name, data] of libs) py.FS.writeFile(name.startsWith("/") ? name : `${LIB}/${name}`, data);
}

// Pyodide's JavaScript, decoded, imported as a module of its own
async function asmModule() {
  const code = await unpack(init.files.asm);
  mark("asm");
  return import(URL.createObjectURL(new Blob([code], { type: "text/javascript" })));
}

function bind(py, mode) {
  const worker = py.pyimport("worker");
  return { py, mode, worker, dispatch: worker.dispatch, reseed: worker.reseed, rehearse: worker.rehearse };
}

// --- rehearsal: warm WebAssembly's hot paths while the player looks at a new board ---
// (web/rehearse.mjs; loaded once the engine is ready, as it runs only after an answer)
let rehearsal = null; // {later(), pause()}
let answered = false;

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

async function fresh(pyodide, asm, libs, games) {
  const source = bytes(`./worker.py?v=${init.build}`);
  const later = bytes(init.later);
  const create = (await asm).default;
  const py = await pyodide.loadPyodide({ ...options(), createPyodideModule: create });
  mark("pyodide");
  writeLibs(py, [...(await libs), ...(await games), ["worker.py", await source]]);
  self.wttLater = new TextDecoder().decode(await later); // worker.py's Later: what loads on first use
  py.runPython(`import sys\nsys.path[0:0] = ${JSON.stringify([LIB, ...LIBS.map((n) => `${LIB}/${n}`)])}\nimport worker`);
  mark("imports");
  return bind(py, "fresh");
}

// Pyodide would compile its 9.6 MB of wasm only once its JavaScript has loaded (and, for the
// snapshot, once the snapshot is in). Compile it at once, as its bytes arrive and are decoded, and
// give Pyodide the compiled module: its own request for the file gets an empty placeholder it
// never reads. Its request for the standard library gets the build's (decoded here).
function precompile() {
  const url = `${INDEX}pyodide.asm.wasm`;
  const stdlib = `${INDEX}python_stdlib.zip`;
  const realFetch = self.fetch.bind(self);
  const lib = unpack(init.files.stdlib).then((b) => (mark("stdlib"), b));
  lib.catch(() => {});
  const wasm = () => fileResponse(init.files.wasm, 0, "application/wasm");
  if (typeof WebAssembly.compileStreaming !== "function") {
    const module = wasm().then((r) => r.arrayBuffer()).then((b) => WebAssembly.compile(b));
    module.catch(() => {});
    self.fetch = (input, options) => (String(input) === stdlib ? lib.then((b) => new Response(b)) : realFetch(input, options));
    const instantiate = WebAssembly.instantiate.bind(WebAssembly);
    WebAssembly.instantiateStreaming = async (source, imports) => {
      const m = await module;
      return { module: m, instance: await instantiate(m, imports) };
    };
    return;
  }
  const compiled = WebAssembly.compileStreaming(wasm()).then((m) => (mark("wasm"), m));
  compiled.catch(() => {});
  const instantiate = WebAssembly.instantiateStreaming.bind(WebAssembly);
  self.fetch = (input, options) => {
    const name = String(input);
    if (name === url) return Promise.resolve(new Response(null));
    if (name === stdlib) return lib.then((b) => new Response(b));
    return realFetch(input, options);
  };
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

const LIBS = ["lib.zip"]; // our package and the wheels' first modules (engine_files.py), at LIB

async function start() {
  // the downloads, all at once, the WebAssembly first
  precompile();
  const choice = import(`./startchoice.mjs?v=${init.build}`); // snapshot or plain start
  const modules = import("./pyodide/pyodide.mjs");
  const asm = asmModule();
  asm.catch(() => {});
  const libs = unpack(init.files.lib).then((b) => [[LIBS[0], b]]);
  libs.catch(() => {});
  // the modules of the game the page opens on (all games' for the home page), which the plain
  // start imports; the snapshot holds them (worker.py's Later fetches any other when imported)
  const games = Promise.all((init.games || []).map(async (g) => [g.path, await unpack(g)]));
  games.catch(() => {});
  const mo = init.lang && init.lang !== "en" ? bytes(moURL(init.lang)).catch(() => null) : Promise.resolve(null);
  let why = await (await choice).chooseStart({ init, wire, phases, t0 });
  mark("chosen");
  let snap = null;
  if (!why) {
    snap = snapshotBytes(init.snapshot);
    snap.catch(() => {}); // a failure is reported where it is awaited
  }
  const pyodide = await modules;
  mark("pyodide.mjs");
  let e = null;
  if (snap) {
    try {
      e = await fromSnapshot(pyodide, asm, snap, libs);
    } catch (err) {
      why = message(err);
      failed = !err.network; // this device cannot restore it (offline is no reason to give up)
    }
  }
  if (!e) {
    e = await fresh(pyodide, asm, libs, games);
    e.mode = `fresh (${why})`;
  }
  const catalog = await mo;
  if (catalog) {
    await setLanguage(e, init.lang, catalog);
    language = init.lang;
  }
  return e;
}
const STORE_AFTER_MS = 500; // after the first answer: its replay and the computer's reply first
let storing = 0;
let failed = false; // a snapshot was fetched and could not be restored (not: the plain start was chosen)

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
    if (decoded.size && !storing) storing = setTimeout(storeDecoded, STORE_AFTER_MS); // once
    answered = true;
    if (rehearsal) rehearsal.later();
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
        import(`./rehearse.mjs?v=${init.build}`).then(
          (m) => {
            rehearsal = m.rehearsal(e, phases);
            if (answered) rehearsal.later(); // the first answer came while it loaded
          },
          () => {}, // offline before the service worker kept it: the engine plays unrehearsed
        );
        postMessage({ ready: { mode: e.mode, phases, failed } });
      },
      (err) => postMessage({ fatal: message(err) }),
    );
  } else if (msg.type === "keep") {
    chain
      .then(() => import(`./keep.mjs?v=${init.build}`))
      .then((m) => m.keepFiles({ plan: init.precache, site: SITE, got, urls: [...(msg.urls || []), ...helped()] }))
      .then(
      (kept) => postMessage({ kept }),
      (err) => postMessage({ kept: 0, error: message(err) }),
    );
  } else {
    if (rehearsal) rehearsal.pause(); // the player acts: the rehearsal waits for the next quiet moment
    chain = chain.then(() => (engine ? answer(msg.id, msg.payload) : postMessage({ id: msg.id, error: "the engine did not start" })));
  }
};
