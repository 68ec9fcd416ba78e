// Run Python source read from stdin inside Pyodide under Node.js, with the built site's files.
// Usage: node tests/crossruntime/pyodide_run.mjs <dist dir> < script.py
// Loads dist/lib/*.whl and webtabletop.zip into Pyodide, as the page and
// pyodide_replay.mjs (beside it) do, and prints what the script prints.
import { readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { loadPyodide } from "pyodide";

const dist = resolve(process.argv[2]);
const code = readFileSync(0, "utf8");
try {
  const py = await loadPyodide({ stdout: (s) => process.stdout.write(s + "\n"), stderr: (s) => process.stderr.write(s + "\n") });
  py.FS.mkdirTree("/site/lib");
  for (const name of readdirSync(join(dist, "lib"))) {
    const format = name.endsWith(".whl") ? "wheel" : "zip";
    py.unpackArchive(new Uint8Array(readFileSync(join(dist, "lib", name))), format, { extractDir: "/site/lib" });
  }
  py.runPython("import sys; sys.path.insert(0, '/site/lib')");
  py.runPython(code);
} catch (err) {
  process.stderr.write(String(err && err.message ? err.message : err).slice(0, 4000) + "\n");
  process.exit(1);
}
