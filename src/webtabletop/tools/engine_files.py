"""The engine's files: what it fetches before its first answer, and what it fetches on first use.

A bare Pyodide page fetches Pyodide's whole standard library (2.5 MB, 614 files, as sources) and
its 9.6 MB of WebAssembly (3.5 MB when the host gzips it, all of it when it does not). The engine
needs fewer bytes, and less work once they are in, so the build writes ``dist/engine/``:

- ``stdlib.zip.zst``: the standard library's modules that the first screens import, measured
  (``build-steps/trace_imports.mjs`` runs them in Pyodide under Node), as bytecode for Python
  3.14 (``build-steps/compile_pyc.mjs``): Pyodide's start and the imports skip compiling;
- ``lib.zip.zst``: the same for our package and the pinned wheels (the modules the first screens
  import, and every data file, which ``importlib.resources`` reads beside its package);
- ``stdlib-later.zip.zst``, ``lib-later.zip.zst``: every other module, fetched the first time one
  of them is imported (``web/worker.py``: ``Later``), and precached by the service worker;
- ``pyodide.asm.wasm.zst``, ``pyodide.asm.mjs.zst``: Pyodide's WebAssembly and its JavaScript.

Each is a zip of stored (uncompressed) members, compressed whole with Zstandard at level 19: one
stream finds what files have in common, which a zip's per-file deflate cannot (our package: 1.60
MB as a deflated zip, 1.04 MB so). Browsers decompress only gzip and deflate natively, so the
engine decodes with ``fzstd`` (npm, pinned; 24 kB of JavaScript), as the bytes arrive, and the
host's own compression, or none, does not matter: a host that compresses nothing sends 2.9 MB of
WebAssembly, not 9.6. The split is computed from what was imported, never from a list kept by
hand, so it follows the code when modules move.
"""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import zstandard

LEVEL = 19
#: where the zips sit in Pyodide's file system (web/engine.mjs and make_snapshot.mjs write them there)
LIB = "/lib/wtt"
STDLIB = "/lib/python314.zip/"  # where Pyodide installs its standard library


def trace(root: Path, dist: Path, libs: list[str]) -> tuple[dict[str, str | None], dict[str, list[str]]]:
    """(module name -> the file it was imported from, game -> the modules its screens import
    beyond worker.py's; "": the home page's), measured by running the first screens in Pyodide."""
    out = subprocess.run(
        ["node", str(root / "build-steps" / "trace_imports.mjs"), str(dist), *libs],
        cwd=root,
        check=True,
        capture_output=True,
        text=True,
    )
    found = json.loads(out.stdout.strip().splitlines()[-1])
    return found["modules"], found["games"]


def module_of(name: str) -> str | None:
    """The module a zip member holds (``a/b/__init__.pyc`` -> ``a.b``), or None for data."""
    for suffix in (".pyc", ".py"):
        if name.endswith(suffix):
            parts = name[: -len(suffix)].split("/")
            return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
    return None


def split(archives: dict[str, bytes], parts: dict[str, str]) -> dict[str, dict[str, bytes]]:
    """The members of ``archives`` (prefix -> zip bytes) by part: a module's file (prefix + member
    name) in ``parts`` goes to that part, any other module to ``"later"``; data goes ``"first"``,
    and so does the ``__init__`` of every package above it: ``importlib.resources`` reads a
    package's data from where the package itself was imported, which must be there from the start
    (worker.py's Later fetches what is imported, not what is read)."""
    out: dict[str, dict[str, bytes]] = {}
    for prefix, data in archives.items():
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            members = [i for i in zf.infolist() if not i.is_dir()]
            with_data: set[str] = set()  # every folder above a data file (its package is one of them)
            for info in members:
                if module_of(info.filename) is None:
                    folders = info.filename.split("/")[:-1]
                    with_data.update("/".join(folders[:k]) for k in range(1, len(folders) + 1))
            for info in members:
                folder, _, leaf = info.filename.rpartition("/")
                first = module_of(info.filename) is None or (
                    folder in with_data and leaf.startswith("__init__.")
                )
                part = "first" if first else parts.get(prefix + info.filename, "later")
                out.setdefault(part, {}).setdefault(info.filename, zf.read(info))
    return out


def assign(modules: dict[str, str | None], games: dict[str, list[str]]) -> dict[str, str]:
    """file -> part of every module the trace imported: a module only one game's screens import
    goes with that game (``game:<id>``), every other one first."""
    users: dict[str, list[str]] = {}
    for game, names in games.items():
        for name in names:
            if game:  # "": the home page, which imports every game: it fetches every game's part
                users.setdefault(name, []).append(game)
    out = {}
    for name, file in modules.items():
        if file:
            own = users.get(name, [])
            out[file] = f"game:{own[0]}" if len(own) == 1 else "first"
    return out


def stored(members: dict[str, bytes]) -> bytes:
    """A zip of ``members`` without compression (it is compressed whole), in a stable order."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as zf:
        for name in sorted(members):
            zf.writestr(zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0)), members[name])
    return out.getvalue()


def pack(data: bytes, dest: Path, cache: Path) -> dict[str, int]:
    """Write ``data`` compressed to ``dest`` (level 19 takes seconds for Pyodide's WebAssembly:
    kept in ``cache`` by content); -> its sizes."""
    cache.mkdir(parents=True, exist_ok=True)
    kept = cache / (hashlib.sha256(data).hexdigest()[:24] + f".{LEVEL}.zst")
    if not kept.exists():
        kept.write_bytes(zstandard.ZstdCompressor(level=LEVEL, write_content_size=True).compress(data))
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_bytes(kept.read_bytes())
    return {"bytes": len(data), "wire": dest.stat().st_size}


def bytecode(root: Path, members: dict[str, bytes], work: Path) -> dict[str, bytes]:
    """``members`` with every source replaced by its bytecode for Pyodide's Python (kept in
    ``work`` by content: the standard library's parts change only when the imports do)."""
    work.mkdir(parents=True, exist_ok=True)
    source = stored(members)
    kept = work / (hashlib.sha256(source).hexdigest()[:24] + ".pyc.zip")
    if not kept.exists():
        part = work / "part" / "part.zip"
        part.parent.mkdir(exist_ok=True)
        part.write_bytes(source)
        subprocess.run(
            ["node", str(root / "build-steps" / "compile_pyc.mjs"), str(part.parent)],
            cwd=root,
            check=True,
            capture_output=True,
        )
        part.replace(kept)
    with zipfile.ZipFile(kept) as zf:
        return {i.filename: zf.read(i) for i in zf.infolist() if not i.is_dir()}


def write(root: Path, dist: Path, libs: list[str], version: str, node: Path, cache: Path) -> dict:
    """Write ``dist/engine/`` (see the module's doc; ``node``: the npm packages) and, in
    ``cache/unpacked/``, the zips as the engine writes them into Pyodide's file system (for the
    snapshot); -> the page's config for the engine: ``files`` (key -> file), ``later`` (the
    file that lists what loads on first use) and their sizes."""
    modules, games = trace(root, dist, libs)
    parts = assign(modules, games)
    pyodide = node / "pyodide"
    out = dist / "engine"
    if out.exists():
        shutil.rmtree(out)
    unpacked = cache / "unpacked"
    if unpacked.exists():
        shutil.rmtree(unpacked)
    unpacked.mkdir(parents=True)
    everything = {f: "first" for f in parts}  # the standard library is not split by game
    stdlib = split({STDLIB: (pyodide / "python_stdlib.zip").read_bytes()}, everything)
    lib = split({f"{LIB}/{n}/": (dist / "lib" / n).read_bytes() for n in libs}, parts)
    zips = {
        "stdlib.zip": stored(bytecode(root, stdlib["first"], cache / "pyc")),
        "lib.zip": stored(lib.pop("first")),
        "stdlib-later.zip": stored(bytecode(root, stdlib.get("later", {}), cache / "pyc")),
    }
    members = {"stdlib-later.zip": stdlib.get("later", {})}
    for part, found in sorted(lib.items()):
        name = f"lib-{part.removeprefix('game:')}.zip"
        zips[name] = stored(found)
        members[name] = found
    for name, data in zips.items():
        (unpacked / name).write_bytes(data)
    sizes = {}
    files = {}
    for key, name, data, raw in (
        ("wasm", "pyodide.asm.wasm", (pyodide / "pyodide.asm.wasm").read_bytes(), "pyodide/pyodide.asm.wasm"),
        ("asm", "pyodide.asm.mjs", (pyodide / "pyodide.asm.mjs").read_bytes(), "pyodide/pyodide.asm.mjs"),
        ("stdlib", "stdlib.zip", zips["stdlib.zip"], "engine/stdlib.zip"),
        ("lib", "lib.zip", zips["lib.zip"], "engine/lib.zip"),
    ):
        files[key] = {"packed": f"engine/{name}.zst", "raw": raw}
        sizes[files[key]["packed"]] = pack(data, out / f"{name}.zst", cache)
        if raw.startswith("engine/"):  # the same, unpacked: for a server on the same machine
            (dist / raw).write_bytes(data)
    later = []
    games_files = {}
    for name, found in members.items():
        sizes[f"engine/{name}.zst"] = pack(zips[name], out / f"{name}.zst", cache)
        names = sorted({m for m in map(module_of, found) if m})
        later.append({"url": f"./engine/{name}.zst?v={version}", "path": f"{LIB}/{name}", "modules": names})
        game = name.removeprefix("lib-").removesuffix(".zip")
        if game in games:  # the engine fetches it with the rest when the page opens on that game
            games_files[game] = {
                "packed": f"engine/{name}.zst",
                "raw": f"engine/{name}",
                "path": f"{LIB}/{name}",
            }
            (out / name).write_bytes(zips[name])
    (out / "later.json").write_text(json.dumps(later, separators=(",", ":")))
    shutil.copy2(node / "fzstd" / "esm" / "index.mjs", out / "fzstd.mjs")
    return {"files": files, "games": games_files, "later": "engine/later.json", "sizes": sizes}
