// Make the engine's memory snapshot: Pyodide (the bundled npm package, under Node) after
// web/worker.py, webtabletop and every game module (but the lessons) are imported and each game's first screens were
// rendered once (so lazy imports and caches are warm), with a fresh App and English selected.
// web/engine.mjs restores it in the browser instead of starting the interpreter and importing.
//
// Usage: node build-steps/make_snapshot.mjs <dist> <build> <lib file>...   (lib files are in <dist>/lib)
// Writes <dist>/engine.snap.gz and prints {"bytes": n, "gzip": m} on the last line.
// The zips must sit at the same paths when the snapshot is restored (engine.mjs writes them to
// /lib/wtt): Python's zip importer keeps their directories in memory.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { loadPyodide } from "pyodide";

const [dist, build, ...libs] = process.argv.slice(2);
const LIB = "/lib/wtt";
try {
  const py = await loadPyodide({ _makeSnapshot: true, stdout: () => {}, stderr: (s) => process.stderr.write(s + "\n") });
  py.FS.mkdirTree(LIB);
  for (const name of libs) py.FS.writeFile(`${LIB}/${name}`, new Uint8Array(readFileSync(join(dist, "lib", name))));
  py.FS.writeFile(`${LIB}/worker.py`, readFileSync(join(dist, "worker.py")));
  py.runPython(`
import gc, importlib, json, pkgutil, sys
sys.path[0:0] = ${JSON.stringify([LIB, ...libs.map((n) => `${LIB}/${n}`)])}
import worker
import webtabletop
from webtabletop.core.registry import all_games
from webtabletop.i18n import catalogs

for info in pkgutil.walk_packages(webtabletop.__path__, "webtabletop."):
    leaf = info.name.rsplit(".", 1)[-1]
    # the games' lessons (games/<game>/lessons.py) are imported when a lesson screen first opens:
    # they add nothing to the snapshot every start restores
    if info.name.startswith("webtabletop.tools") or leaf in ("cli", "__main__", "lessons"):
        continue
    importlib.import_module(info.name)
screens = ["#/", "#/data"] + [f"#/{g.id}{page}" for g in all_games() for page in ("", "/rules", "/new")]
for screen in screens:
    worker.fresh()
    worker.dispatch(json.dumps({"type": "start", "hash": screen, "storage": {}, "entropy": 1, "base": "", "now": 1}))
worker.fresh()
worker.SNAPSHOT_BUILD = ${JSON.stringify(build)}
catalogs.install("en", None)
gc.collect()
`);
  const snapshot = py.makeMemorySnapshot();
  const gz = gzipSync(snapshot, { level: 9 });
  writeFileSync(join(dist, "engine.snap.gz"), gz);
  console.log(JSON.stringify({ bytes: snapshot.length, gzip: gz.length }));
} catch (err) {
  process.stderr.write(String(err && err.message ? err.message : err).slice(0, 4000) + "\n");
  process.exit(1);
}
