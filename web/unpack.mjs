// A helper of the engine worker (web/engine.mjs): fetches one of the build's packed files
// (src/webtabletop/tools/engine_files.py: Zstandard) and decodes it as its bytes arrive, on a
// thread of its own. Decoding 17 MB in JavaScript on the engine's thread held back everything
// else it had to do (Pyodide's loader, the snapshot's download): a local start took 0.7 s longer.
//
// In: {id, url}. Out, for that id: {wire: n} as each n bytes arrive (the engine measures the link
// by them), {chunk} for each decoded piece (its buffer transferred), then {done, raw, type} (the
// file as it came, which the engine keeps for the service worker's precache) or {error, network}.

// the decoder loads beside the first download (a static import would hold the download back)
const fzstd = import(`./engine/fzstd.mjs${location.search}`);
fzstd.catch(() => {});

const message = (err) => String(err && err.message ? err.message : err).split("\n")[0];

onmessage = async (ev) => {
  const { id, url } = ev.data;
  const path = new URL(url, location.href).pathname;
  let r;
  try {
    const response = fetch(url);
    await fzstd;
    r = await response;
  } catch (err) {
    postMessage({ id, error: `${path}: ${message(err)}`, network: true }); // offline
    return;
  }
  try {
    if (!r.ok) throw new Error(`${path}: HTTP ${r.status}`);
    const zipped = /gzip|br|deflate/.test(r.headers.get("content-encoding") || "");
    const { Decompress } = await fzstd;
    const decoder = new Decompress((chunk) => {
      const own = chunk.slice(); // the decoder may reuse its buffer
      postMessage({ id, chunk: own }, [own.buffer]);
    });
    const raw = [];
    let size = 0;
    const reader = r.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      raw.push(value);
      size += value.byteLength;
      postMessage({ id, wire: value.byteLength, zipped });
      decoder.push(value);
    }
    decoder.push(new Uint8Array(0), true);
    const all = new Uint8Array(size);
    let at = 0;
    for (const part of raw) {
      all.set(part, at);
      at += part.byteLength;
    }
    postMessage({ id, done: true, raw: all, type: r.headers.get("content-type") || "" }, [all.buffer]);
  } catch (err) {
    postMessage({ id, error: message(err) });
  }
};
