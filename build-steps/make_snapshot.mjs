// Make the engine's memory snapshot: Pyodide (the bundled npm package, under Node) after
// web/worker.py, webtabletop and every game module (but the lessons) are imported and each game's first screens were
// rendered once (so lazy imports and caches are warm), with a fresh App and English selected.
// web/engine.mjs restores it in the browser instead of starting the interpreter and importing.
//
// Usage: node build-steps/make_snapshot.mjs <dist> <build> <unpacked>
// <unpacked> holds the zips as the engine writes them into Pyodide's file system
// (src/webtabletop/tools/engine_files.py): the standard library Pyodide installs (stdlib.zip),
// our package's first modules (lib.zip, at /lib/wtt) and the parts loaded on first use (at the
// paths <dist>/engine/later.json gives). They must be the same files at the same paths when the
// snapshot is restored: Python's zip importer keeps their directories in memory. The parts loaded
// on first use are there while the snapshot is made and absent when it is restored, until
// worker.py's Later fetches them (the same bytes) when one of their modules is first imported.
// Writes <dist>/engine.snap.gz and prints {"bytes": n, "gzip": m} on the last line.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { loadPyodide } from "pyodide";

const [dist, build, unpacked] = process.argv.slice(2);
const LIB = "/lib/wtt";
try {
  const py = await loadPyodide({
    _makeSnapshot: true,
    stdLibURL: join(unpacked, "stdlib.zip"),
    stdout: () => {},
    stderr: (s) => process.stderr.write(s + "\n"),
  });
  const later = readFileSync(join(dist, "engine", "later.json"), "utf8");
  py.FS.mkdirTree(LIB);
  py.FS.writeFile(`${LIB}/lib.zip`, new Uint8Array(readFileSync(join(unpacked, "lib.zip"))));
  for (const part of JSON.parse(later)) {
    py.FS.writeFile(part.path, new Uint8Array(readFileSync(join(unpacked, part.path.split("/").pop()))));
  }
  py.FS.writeFile(`${LIB}/worker.py`, readFileSync(join(dist, "worker.py")));
  globalThis.wttLater = later;
  py.runPython(`
import sys
sys.path[0:0] = ${JSON.stringify([LIB, `${LIB}/lib.zip`])}
import worker  # first: its Later finds the modules of the parts loaded on first use (pkgutil)
import gc, importlib, json, pkgutil
import webtabletop
from webtabletop.core.registry import all_games
from webtabletop.i18n import catalogs

ours = [info.name for info in pkgutil.walk_packages(webtabletop.__path__, "webtabletop.")]
ours += [name for part in json.loads(${JSON.stringify(later)}) for name in part["modules"] if name.startswith("webtabletop.")]
for name in sorted(set(ours)):
    leaf = name.rsplit(".", 1)[-1]
    # the games' lessons (games/<game>/lessons.py) are imported when a lesson screen first opens:
    # they add nothing to the snapshot every start restores
    if name.startswith("webtabletop.tools") or leaf in ("cli", "__main__", "lessons"):
        continue
    importlib.import_module(name)
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
