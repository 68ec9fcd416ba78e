// Precompile the Python files of dist/lib/*.zip and *.whl to bytecode for the page's exact Python
// (Pyodide 314 = CPython 3.14), so the browser imports .pyc files instead of compiling sources at
// every start. Runs the bundled Pyodide under Node; the .pyc files use unchecked-hash invalidation
// (no source timestamps needed) and replace the sources in the archive, which keeps it small;
// tracebacks still name files and lines. Usage: node build-steps/compile_pyc.mjs dist/lib
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadPyodide } from "pyodide";

const dir = process.argv[2];
try {
  const py = await loadPyodide({ stdout: () => {}, stderr: (s) => process.stderr.write(s + "\n") });
  for (const name of readdirSync(dir)) {
    if (!name.endsWith(".zip") && !name.endsWith(".whl")) continue;
    py.FS.writeFile("/tmp/in.zip", new Uint8Array(readFileSync(join(dir, name))));
    const count = py.runPython(`
import compileall, py_compile, shutil, zipfile, os
shutil.rmtree("/tmp/tree", ignore_errors=True)
with zipfile.ZipFile("/tmp/in.zip") as zf:
    zf.extractall("/tmp/tree")
compileall.compile_dir("/tmp/tree", quiet=1, legacy=True, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
for root, dirs, files in os.walk("/tmp/tree"):
    for f in files:  # sourceless modules: foo.pyc beside where foo.py was (smaller, nothing to compile)
        if f.endswith(".py") and os.path.exists(os.path.join(root, f + "c")):
            os.remove(os.path.join(root, f))
n = 0
with zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
    for root, dirs, files in os.walk("/tmp/tree"):
        dirs.sort()
        for f in sorted(files):
            path = os.path.join(root, f)
            info = zipfile.ZipInfo(os.path.relpath(path, "/tmp/tree"), date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            with open(path, "rb") as fh:
                out.writestr(info, fh.read())
            n += f.endswith(".pyc")
n
`);
    writeFileSync(join(dir, name), py.FS.readFile("/tmp/out.zip"));
    console.log(`[build] ${name}: ${count} modules precompiled for Python ${py.runPython("import sys; sys.version.split()[0]")}`);
  }
} catch (err) {
  process.stderr.write(String(err && err.message ? err.message : err).slice(0, 4000) + "\n");
  process.exit(1);
}
