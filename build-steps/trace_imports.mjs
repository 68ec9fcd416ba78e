// Which modules the first screens import: Pyodide (the bundled npm package, under Node) with the
// whole standard library and every lib file, imports web/worker.py, then, for every game, starts
// each first screen the page can paint (src/webtabletop/tools/prerender.py): the newcomer's
// board against the computer with a first move and the computer's reply, a hot-seat board with
// a first move, the rules page; and the home page. The build puts the modules worker.py imports
// in the file the engine loads before its first answer, each game's in a file of its own that the
// engine loads with it when the page opens on that game, and the others in a file it loads on
// first use (src/webtabletop/tools/engine_files.py). So the split is measured, never a list kept
// by hand, and follows the code wherever its modules move.
//
// Usage: node build-steps/trace_imports.mjs <dist> <lib file>...   (lib files are in <dist>/lib)
// Prints {"modules": {name: file or null}, "games": {game: [module]}} on the last line (file: where
// it was imported from, e.g. /lib/python314.zip/json/decoder.py or
// /lib/wtt/webtabletop.zip/webtabletop/core/rng.pyc; games: what each game's screens import
// beyond worker.py's imports, each game run from the same start; "": the home page's).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadPyodide } from "pyodide";

const [dist, ...libs] = process.argv.slice(2);
const LIB = "/lib/wtt";
try {
  const py = await loadPyodide({ stdout: () => {}, stderr: (s) => process.stderr.write(s + "\n") });
  py.FS.mkdirTree(LIB);
  for (const name of libs) py.FS.writeFile(`${LIB}/${name}`, new Uint8Array(readFileSync(join(dist, "lib", name))));
  py.FS.writeFile(`${LIB}/worker.py`, readFileSync(join(dist, "worker.py")));
  const out = py.runPython(`
import json, sys
sys.path[0:0] = ${JSON.stringify([LIB, ...libs.map((n) => `${LIB}/${n}`)])}
import worker
from webtabletop.core import registry
from webtabletop.core.registry import PLAYABLE

def send(action):
    return json.loads(worker.dispatch(json.dumps(action)))

def start(fragment):
    worker.fresh()
    send({"type": "start", "hash": fragment, "storage": {}, "entropy": 1, "base": "", "now": 1.7e12})

def first_move():
    session = worker.app.state.session
    if session is not None and not session.state.is_over:
        send({"type": "move", "code": session.state.legal_moves()[0].code})

def origin(module):
    spec = getattr(module, "__spec__", None)
    return getattr(module, "__file__", None) or (spec and spec.origin if spec and spec.has_location else None)

files = {}
common = set(sys.modules)
games = {}
for game in (*PLAYABLE, ""):
    # each game's screens (and last the home page's) from the same start, the modules the runs
    # before imported forgotten first: what a first visit to that screen imports
    for name in set(sys.modules) - common:
        del sys.modules[name]
    registry._GAMES.clear()  # the games registered by the run before (they register on import)
    registry._loaded = False
    if game:
        start(f"#/{game}")
        first_move()
        send({"type": "ai"})
        start(f"#/{game}/play?vs=human")
        first_move()
        start(f"#/{game}/rules")
    else:
        start("#/")
    worker.fresh()
    games[game] = sorted(set(sys.modules) - common)
    files.update({name: origin(module) for name, module in sys.modules.items()})

json.dumps({"modules": dict(sorted(files.items())), "games": games})
`);
  console.log(out);
} catch (err) {
  process.stderr.write(String(err && err.message ? err.message : err).slice(0, 4000) + "\n");
  process.exit(1);
}
