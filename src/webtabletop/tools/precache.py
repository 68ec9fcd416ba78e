"""What the service worker precaches: the files the page loads, and nothing it never runs.

Three kinds of files in ``dist/``:

- **precached** (:func:`plan`): the shell, the boot and engine scripts, the interpreters, the
  engine's files (:mod:`.engine_files`: also the modules loaded on first use, so that they are
  there offline), the engine's snapshot, and the PyScript chunks this page imports;
- **lazy** (:data:`LAZY`): fetched only when needed and then kept by the service worker's runtime
  cache: the chosen language's catalog and the pre-rendered screens the player opens (one of
  dozens per language), so a visit downloads one language, not four;
- **left out**: everything else the npm packages ship (PyScript's editor, terminal, py-game,
  deprecation and donkey plugins, which ``web/pyscript.toml`` turns off; CodeMirror, xterm, TOML
  and zip chunks; the Pyodide package index; Pyodide's own WebAssembly, JavaScript and standard
  library, and ``lib/``, which the engine's files replace), which this page never requests.

Each precached file has a revision, the start of its SHA-256 (:func:`revisions`), given to workbox
and written into the page's config: on a first visit the engine puts what the page downloaded
into the precache under workbox's keys, checked against these revisions, before the page
registers the service worker (web/engine.mjs: keepFiles), so the precache fetches only the rest.
``index.html`` cannot hold its own hash: its revision is the hash of the page with a mark in its
place, and the page is checked by the revision it holds.

``tests/e2e/test_precache_e2e.py`` proves it against the requests of real page loads: every file a
run requests is precached or lazy, and every precached file is requested by some run, except the
:data:`FEATURES` files, which only some features fetch.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

#: the page's own entry in the revisions, and the mark its revision replaces in the page
SELF = "index.html"
SELF_MARK = "0" * 20

#: always loaded (paths relative to dist/; globs allowed)
CORE = [
    "index.html",
    "main.py",
    "board.js",
    "board-motion.js",
    "board-keys.js",
    "board-info.js",
    "text-mode.js",
    "engine.mjs",
    "keep.mjs",
    "engine.snap.gz",
    "assets/app.css",
    "assets/icon.svg",
    "unpack.mjs",
    "startchoice.mjs",
    "rehearse.mjs",
    "engine/fzstd.mjs",
    "engine/pyodide.asm.wasm.zst",
    "engine/pyodide.asm.mjs.zst",
    "engine/stdlib.zip.zst",
    "engine/lib.zip.zst",
    "pyodide/pyodide.mjs",
    "micropython/micropython.mjs",
    "micropython/micropython.wasm",
    "pyscript/core.js",
]
#: PyScript chunks that core.js imports at run time on this page, by their name before the hash:
#: only the error plugin (imported even when a config excludes it). The other plugins are excluded
#: by web/pyscript.toml (``plugins = ["!py-editor", …]``), and its settings are in the page as JSON,
#: so the TOML parser is not needed either.
PYSCRIPT_RUNTIME = ["error"]
#: precached, but only some runs request them: file glob -> why
FEATURES = {
    "worker.py": "read only when the engine starts without its snapshot (missing, corrupt, old browser)",
    "engine/later.json": "read only when the engine starts without its snapshot (which holds it)",
    "engine/*-*.zip.zst": "a game's modules (fetched when the page opens on that game or one is first "
    "imported) and the modules no first screen imports (fetched when one is first imported)",
    "manifest*.webmanifest": "read by the browser when the app is installed (one per language)",
    "assets/icon-*.png": "the installed app's icons",
    "live*.mjs": "live play's channel and descriptions (docs/live-play.md): imported when a match goes live, "
    "so that two players on one Wi-Fi play live with no internet",
}
#: fetched only by a first visit from a server on this machine, never precached (web/boot-head.js:
#: its bytes cost nothing, decoding the packed files does): URL path pattern -> why
LOCAL = {
    r"^/pyodide/pyodide\.asm\.(wasm|mjs)$": "Pyodide's own files, which the packed ones hold",
    r"^/engine/[\w-]+\.zip$": "the engine's zips unpacked",
}
#: runtime-cached (fetched when needed, then kept): URL path pattern -> why
LAZY = {
    r"/pre/": "pre-rendered screens: only the one for the route opened, in the chosen language",
    r"/locale/": "the chosen language's catalog only",
}


def _static_imports(folder: Path, name: str, seen: set[str]) -> None:
    if name in seen or not (folder / name).exists():
        return
    seen.add(name)
    text = (folder / name).read_text(encoding="utf-8", errors="replace")
    for dep in re.findall(r'(?:from|import)\s*"\./([\w.-]+\.js)"', text):
        _static_imports(folder, dep, seen)


def _dynamic_imports(folder: Path, names: set[str], name: str) -> set[str]:
    """The chunks ``name`` imports with ``import("./<name>-<hash>.js")`` for one of ``names``."""
    text = (folder / name).read_text(encoding="utf-8", errors="replace")
    found = re.findall(r'import\(\s*"\./(([\w.-]+?)-[\w-]{8}\.js)"\s*\)', text)
    return {chunk for chunk, stem in found if stem in names}


def plan(dist: Path) -> list[str]:
    """Every precached file (paths relative to dist/), sorted."""
    out: set[str] = set()
    patterns = [*CORE, *FEATURES]
    for pattern in patterns:
        out.update(p.relative_to(dist).as_posix() for p in dist.glob(pattern) if p.is_file())
    pyscript = dist / "pyscript"
    chunks: set[str] = set()
    _static_imports(pyscript, "core.js", chunks)
    runtime = set().union(*(_dynamic_imports(pyscript, set(PYSCRIPT_RUNTIME), c) for c in chunks))
    if len(runtime) != len(PYSCRIPT_RUNTIME):
        raise SystemExit(
            f"core.js no longer imports one chunk of each of {PYSCRIPT_RUNTIME}: {sorted(runtime)}"
        )
    for chunk in runtime:
        _static_imports(pyscript, chunk, chunks)
    out.update(f"pyscript/{c}" for c in chunks)
    missing = [p for p in CORE if not any(dist.glob(p))]
    if missing:
        raise SystemExit(f"the build did not produce files the page loads: {missing}")
    return sorted(out)


def digest(data: bytes) -> str:
    """A file's revision: the first 20 hex digits of its SHA-256 (web/engine.mjs checks it)."""
    return hashlib.sha256(data).hexdigest()[:20]


def revisions(dist: Path, page: str) -> tuple[str, dict[str, str]]:
    """``page`` (index.html, whose config holds ``{SELF: SELF_MARK}`` as its precache) with the
    revision of every precached file in its config, and those revisions."""
    mark = json.dumps({SELF: SELF_MARK}, separators=(",", ":"))
    if page.count(mark) != 1:
        raise SystemExit("index.html: the config's precache mark is missing")
    entries = {p: digest((dist / p).read_bytes()) for p in plan(dist) if p != SELF}
    listed = json.dumps({SELF: SELF_MARK, **entries}, separators=(",", ":"))
    page = page.replace(mark, listed)
    entries[SELF] = digest(page.encode())
    return page.replace(f'"{SELF}":"{SELF_MARK}"', f'"{SELF}":"{entries[SELF]}"', 1), dict(
        sorted(entries.items())
    )
