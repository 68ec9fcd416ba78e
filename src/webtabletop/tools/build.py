"""Assemble the static site in ``dist/`` from ``web/``, pinned npm packages and pinned wheels.

Nothing in the result points outside the site: PyScript core, Pyodide and MicroPython come from
``node_modules`` (versions pinned in ``package-lock.json``), third-party wheels from PyPI (versions
pinned in ``web/wheels.txt``, downloaded once into ``build/wheels``), our package is zipped from
``src/``. Then:

0. the engine's files (:mod:`.engine_files`): the modules the first screens import, measured in
   Pyodide, packed apart from the rest, with Pyodide's WebAssembly, all compressed with Zstandard;
1. the engine's memory snapshot (``build-steps/make_snapshot.mjs``: Pyodide after every import),
   in node, while step 2 makes the screens and their answers in Python;
2. the first screens, pre-rendered in every language (:mod:`webtabletop.tools.prerender`), the
   page shell ``index.html`` with its boot scripts, its config and PyScript's (``web/pyscript.toml``,
   written into the page: :func:`inline_pyscript_config`), one manifest per language;
3. the service worker (workbox-build), precaching what the page loads (:mod:`.precache`), with
   the revisions the page also knows (so it can fill the precache with what it downloaded).
"""

from __future__ import annotations

import hashlib
import html
import json
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
import zipfile
from collections.abc import Callable
from pathlib import Path

from webtabletop.tools import answers, engine_files, precache, prerender

ROOT = Path(__file__).resolve().parents[3]
WEB = ROOT / "web"
SRC = ROOT / "src" / "webtabletop"
NODE = ROOT / "node_modules"
BUILD = ROOT / "build"

#: files copied from npm packages: (package dir, files or globs, destination under dist/)
NPM_FILES = [
    ("@pyscript/core/dist", ["core.js", "core.css", "*.js"], "pyscript"),
    (
        "pyodide",
        ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"],
        "pyodide",
    ),
    ("@micropython/micropython-webassembly-pyscript", ["micropython.mjs", "micropython.wasm"], "micropython"),
]


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


def ensure_node_modules() -> None:
    if (NODE / "pyodide" / "pyodide.mjs").exists() and (NODE / "workbox-build").exists():
        return
    log("installing pinned npm packages (npm install from package-lock.json)")
    subprocess.run(["npm", "install", "--no-audit", "--no-fund"], cwd=ROOT, check=True)


def pinned_wheels() -> list[str]:
    lines = (WEB / "wheels.txt").read_text().splitlines()
    return [ln.split("#")[0].strip() for ln in lines if ln.split("#")[0].strip()]


def ensure_wheels() -> list[Path]:
    dest = BUILD / "wheels"
    dest.mkdir(parents=True, exist_ok=True)
    out = []
    for req in pinned_wheels():
        name, _, version = req.partition("==")
        pattern = f"{name.replace('-', '_')}-{version}-*.whl"
        found = sorted(dest.glob(pattern))
        if not found:
            log(f"downloading wheel {req}")
            subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "pip",
                    "download",
                    "--quiet",
                    "--no-deps",
                    "--only-binary=:all:",
                    "--dest",
                    str(dest),
                    req,
                ],
                check=True,
            )
            found = sorted(dest.glob(pattern))
        if not found:
            raise SystemExit(f"wheel for {req} not found after download")
        out.append(found[0])
    return out


def package_zip(dest: Path) -> None:
    """Our package as a zip that PyScript unpacks into ./lib (only .py and data files)."""
    with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for path in sorted(SRC.rglob("*")):
            if "__pycache__" in path.parts or path.is_dir():
                continue
            if path.suffix not in (".py", ".json", ".html", ".md", ".svg"):
                continue
            if "tools" in path.relative_to(SRC).parts[:1]:
                continue
            rel = path.relative_to(SRC.parent)
            info = zipfile.ZipInfo(str(rel), date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, path.read_bytes())


def copy_npm(dist: Path) -> None:
    for pkg, patterns, target in NPM_FILES:
        src_dir = NODE / pkg
        out = dist / target
        out.mkdir(parents=True, exist_ok=True)
        for pattern in patterns:
            for f in sorted(src_dir.glob(pattern)):
                if f.name.endswith(".map"):  # core.js imports its plugins (editor, terminal): ship all js
                    continue
                shutil.copy2(f, out / f.name)


def short_hash(paths: list[Path]) -> str:
    h = hashlib.sha256()
    for p in paths:
        h.update(p.name.encode())
        h.update(p.read_bytes())
    return h.hexdigest()[:10]


#: web/ files that are templates or inlined into index.html, not copied as they are
WEB_TEMPLATES = (
    "index.html",
    "boot-head.js",
    "boot.js",
    "wheels.txt",
    "manifest.webmanifest",
    "pyscript.toml",
)


def start_snapshot(dist: Path, version: str, unpacked: Path, quiet: bool) -> Callable[[], dict[str, int]]:
    """Start the engine's memory snapshot (dist/engine.snap.gz) in node and return a call that
    waits for it and gives its sizes in bytes. Node works beside the build's Python steps (the
    screens and their answers need only the version): on 2 cores the build takes about 20 s less
    than one step after the other."""
    # files, not pipes (a full pipe would stall node); closed by finish()
    out = tempfile.TemporaryFile(mode="w+")  # noqa: SIM115
    err = tempfile.TemporaryFile(mode="w+")  # noqa: SIM115
    proc = subprocess.Popen(
        ["node", str(ROOT / "build-steps" / "make_snapshot.mjs"), str(dist), version, str(unpacked)],
        cwd=ROOT,
        stdout=out,
        stderr=err,
        text=True,
    )

    def finish() -> dict[str, int]:
        code = proc.wait()
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read(), err.read()
        out.close()
        err.close()
        if not quiet and stderr:
            print(stderr, end="")
        if code:
            raise subprocess.CalledProcessError(code, proc.args, stdout, stderr)
        snap = json.loads(stdout.strip().splitlines()[-1])
        log(f"engine snapshot: {snap['bytes'] / 1e6:.1f} MB, {snap['gzip'] / 1e6:.1f} MB gzipped")
        return snap

    return finish


def lock_header() -> dict:
    """Pyodide's package index without packages (the engine loads none): saves a 119 kB request."""
    lock = json.loads((NODE / "pyodide" / "pyodide-lock.json").read_text())
    return {"info": lock["info"], "packages": {}}


def build(dist: Path | None = None, quiet: bool = False, languages: tuple[str, ...] | None = None) -> Path:
    """Build the site into ``dist`` (default ``dist/``). ``languages`` limits the languages of the
    page (default: all; ``("en",)`` builds the page without its language plumbing, for a
    benchmark that measures what the plumbing costs)."""
    t0 = time.perf_counter()
    dist = dist or ROOT / "dist"
    ensure_node_modules()
    wheels = ensure_wheels()
    if dist.exists():
        shutil.rmtree(dist)
    dist.mkdir(parents=True)
    copy_npm(dist)
    lib = dist / "lib"
    lib.mkdir()
    for w in wheels:
        shutil.copy2(w, lib / w.name)
    package_zip(lib / "webtabletop.zip")
    # gettext catalogs compiled from the .po files (the page fetches only the chosen one)
    from webtabletop.i18n.catalogs import build_catalogs

    sizes = build_catalogs(dist / "locale")
    log("catalogs: " + ", ".join(f"{tag} {size / 1000:.1f} kB" for tag, size in sizes.items()))
    # web/ sources (python glue, engine worker, assets); index.html is a template, filled below
    for f in sorted(WEB.rglob("*")):
        if f.is_dir() or "__pycache__" in f.parts or f.relative_to(WEB).as_posix() in WEB_TEMPLATES:
            continue
        rel = f.relative_to(WEB)
        (dist / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(f, dist / rel)
    # bytecode for the page's Python (3.14 in Pyodide): imports skip compiling at every start
    subprocess.run(
        ["node", str(ROOT / "build-steps" / "compile_pyc.mjs"), str(lib)],
        cwd=ROOT,
        check=True,
        capture_output=quiet,
    )
    libs = [w.name for w in wheels] + ["webtabletop.zip"]
    version = short_hash(
        [*(lib / n for n in libs), *sorted(WEB.rglob("*.*")), *sorted((dist / "locale").glob("*.mo"))]
    )
    (dist / "build.json").write_text(json.dumps({"version": version, "wheels": [w.name for w in wheels]}))
    (dist / ".nojekyll").write_text("")  # GitHub Pages: serve files as they are
    t1 = time.perf_counter()
    engine = engine_files.write(ROOT, dist, libs, version, NODE, BUILD / "engine")
    wire = sum(s["wire"] for f, s in engine["sizes"].items() if "later" not in f)
    log(f"engine files: {wire / 1e6:.2f} MB before the first answer, in {time.perf_counter() - t1:.1f} s")
    snapshot = start_snapshot(dist, version, BUILD / "engine" / "unpacked", quiet)
    entries = shell_page(dist, version, engine, snapshot, languages)
    # service worker: precaches what the page loads (see precache.py), nothing it never runs
    subprocess.run(
        ["node", str(ROOT / "build-steps" / "build_sw.mjs"), str(dist), json.dumps(entries)],
        cwd=ROOT,
        check=True,
        capture_output=quiet,
    )
    size = sum(f.stat().st_size for f in dist.rglob("*") if f.is_file())
    log(f"dist/ ready: {size / 1e6:.1f} MB in {time.perf_counter() - t0:.1f} s (build {version})")
    return dist


def inline_pyscript_config(page: str, toml_text: str) -> str:
    """``page`` with web/pyscript.toml's settings written into the two PyScript elements that name
    the file (as JSON, which PyScript reads as it is).

    ``web/pyscript.toml`` is the page's PyScript configuration. Named by URL, it would cost three
    requests in a row before MicroPython can start (the file, once for each element, and PyScript's
    TOML parser chunk): a later start, measured in docs/measurements.md ("Page start"). Written into the page it
    costs none.
    """
    settings = html.escape(json.dumps(tomllib.loads(toml_text), separators=(",", ":")))
    names = (
        '<script type="mpy" src="./main.py" config="./pyscript.toml">',
        '<py-config src="./pyscript.toml" hidden>',
    )
    if not all(page.count(n) == 1 for n in names):
        raise SystemExit("web/index.html: the PyScript elements that name pyscript.toml have changed")
    page = page.replace(names[0], f'<script type="mpy" src="./main.py" config="{settings}">')
    return page.replace(names[1], f"<py-config hidden>{settings}</py-config>")


def shell_page(
    dist: Path, version: str, engine: dict, snapshot: Callable[[], dict[str, int]], languages=None
) -> dict[str, str]:
    """Pre-rendered screens, manifests and index.html (with its config and boot scripts); returns
    the precache's revisions (:func:`.precache.revisions`), which the page's config holds too.
    ``snapshot`` waits for the engine's snapshot (:func:`start_snapshot`), which only the page's
    config needs: the screens and their answers are made meanwhile."""
    from webtabletop.i18n import LANGUAGES
    from webtabletop.i18n.catalogs import PSEUDO

    t0 = time.perf_counter()
    langs = tuple(languages or LANGUAGES)
    extra = (PSEUDO,) if len(langs) > 1 else ()
    screens = prerender.write_screens(dist, version, langs)
    t1 = time.perf_counter()
    answered = answers.write_answers(dist, prerender.first_boards(version), langs)
    log(
        f"answered {answered['answers']} first clicks on {answered['files']} boards "
        f"({answered['bytes'] / 1e6:.1f} MB) in {time.perf_counter() - t1:.1f} s"
    )
    picture_bytes = prerender.write_pictures(dist, (*langs, *extra))
    manifests = prerender.write_manifests(dist, json.loads((WEB / "manifest.webmanifest").read_text()), langs)
    snap = snapshot()
    config = {
        "build": version,
        "langs": list(langs),
        "extra": list(extra),
        "htmlLang": prerender.HTML_LANG,
        "strings": prerender.page_strings((*langs, *extra)),
        "manifests": manifests,
        "home": screens["home"],
        "games": screens["games"],
        "engine": {
            "snapshot": {"file": "engine.snap.gz", "bytes": snap["bytes"], "gz": snap["gzip"]},
            "files": engine["files"],
            "games": engine["games"],
            "later": engine["later"],
            "lock": lock_header(),
        },
        "precache": {precache.SELF: precache.SELF_MARK},
    }
    page = prerender.shell(
        (WEB / "index.html").read_text(),
        version=version,
        config=config,
        boot_head=(WEB / "boot-head.js").read_text(),
        boot=(WEB / "boot.js").read_text(),
    )
    page = inline_pyscript_config(page, (WEB / "pyscript.toml").read_text())
    (dist / "index.html").write_text(page, encoding="utf-8")  # the plan below needs it there
    page, entries = precache.revisions(dist, page)
    (dist / "index.html").write_text(page, encoding="utf-8")
    log(
        f"pre-rendered {screens['screens']} screens ({screens['bytes'] / 1e6:.1f} MB) in {time.perf_counter() - t0:.1f} s; "
        f"index.html {len(page.encode()) / 1000:.0f} kB; home pictures {picture_bytes / 1000:.0f} kB"
    )
    return entries


if __name__ == "__main__":
    import argparse

    ap = argparse.ArgumentParser(description="build the site (python -m webtabletop build does the same)")
    ap.add_argument("--dist", type=Path, default=None)
    ap.add_argument("--languages", default=None, help="comma-separated tags, e.g. en (default: all)")
    args = ap.parse_args()
    build(args.dist, languages=tuple(args.languages.split(",")) if args.languages else None)
