// Replay game records in Pyodide under Node.js and print what CPython must match.
// Usage: node pyodide_replay.mjs <dist dir> <requests.json>
// Loads the same files the page loads (dist/lib/*.whl and webtabletop.zip) into Pyodide.
import { readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { loadPyodide } from "pyodide";

const dist = resolve(process.argv[2]);
const requests = readFileSync(process.argv[3], "utf8");
try {
const py = await loadPyodide({ stdout: () => {}, stderr: (s) => process.stderr.write(s + "\n") });
py.FS.mkdirTree("/site/lib");
for (const name of readdirSync(join(dist, "lib"))) {
  const format = name.endsWith(".whl") ? "wheel" : "zip";
  py.unpackArchive(new Uint8Array(readFileSync(join(dist, "lib", name))), format, { extractDir: "/site/lib" });
}
py.globals.set("REQUESTS", requests);
const out = py.runPython(`
import json, sys
sys.path.insert(0, "/site/lib")
from webtabletop.core.record import Record
from webtabletop.ai.mcts import game_ai
results = []
for req in json.loads(REQUESTS):
    record = Record.from_json(req["record"])
    state = record.final_state()
    ai = None
    if req.get("ai") and not state.is_over:
        ai = game_ai(record.game_id)(state, "easy", seed=req["ai"], time_limited=False).move.code
    results.append({"snapshot": state.snapshot(), "ai": ai, "python": sys.version.split()[0]})
json.dumps(results)
`);
process.stdout.write(out);
} catch (err) {
  // print the message only: Node would dump the minified source line of the throw
  process.stderr.write(String(err && err.message ? err.message : err).slice(0, 4000) + "\n");
  process.exit(1);
}
