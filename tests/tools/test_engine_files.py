"""How the build splits the engine's modules (src/webtabletop/tools/engine_files.py): by what the
first screens imported, each game's apart, data with the packages that read it."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest

from webtabletop.tools.engine_files import assign, module_of, split, stored

DIST = Path(__file__).resolve().parents[2] / "dist"


def archive(names: list[str]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        for name in names:
            zf.writestr(name, name.encode())
    return out.getvalue()


def test_a_member_names_its_module():
    assert module_of("a/b/__init__.pyc") == "a.b"
    assert module_of("a/b/c.pyc") == "a.b.c"
    assert module_of("six.py") == "six"
    assert module_of("a/b/data/x.json") is None


def test_modules_go_where_the_trace_imported_them_and_the_rest_later():
    prefix = "/lib/wtt/p.zip/"
    zipped = archive(["pkg/__init__.pyc", "pkg/core.pyc", "pkg/game.pyc", "pkg/lab.pyc"])
    parts = {
        prefix + "pkg/__init__.pyc": "first",
        prefix + "pkg/core.pyc": "first",
        prefix + "pkg/game.pyc": "game:g",
    }
    got = split({prefix: zipped}, parts)
    assert set(got["first"]) == {"pkg/__init__.pyc", "pkg/core.pyc"}
    assert set(got["game:g"]) == {"pkg/game.pyc"}
    assert set(got["later"]) == {"pkg/lab.pyc"}


def test_data_goes_first_with_every_package_above_it():
    """importlib.resources reads a package's data from where the package was imported: the data
    and its packages must be there from the start, though the package's modules were a game's."""
    prefix = "/lib/wtt/p.zip/"
    names = ["pkg/__init__.pyc", "pkg/sets/__init__.pyc", "pkg/sets/library.pyc", "pkg/sets/data/a.json"]
    parts = {prefix + n: "game:g" for n in names if n.endswith(".pyc")}
    got = split({prefix: archive(names)}, parts)
    assert set(got["first"]) == {"pkg/__init__.pyc", "pkg/sets/__init__.pyc", "pkg/sets/data/a.json"}
    assert set(got["game:g"]) == {"pkg/sets/library.pyc"}


def test_a_module_of_one_game_goes_with_it_and_a_shared_one_first():
    modules = {
        "w": "/w.py",
        "g1.rules": "/g1.pyc",
        "g2.rules": "/g2.pyc",
        "grid": "/grid.pyc",
        "frozen": None,
    }
    games = {"g1": ["g1.rules", "grid"], "g2": ["g2.rules", "grid"], "": ["g1.rules", "g2.rules", "grid"]}
    assert assign(modules, games) == {
        "/w.py": "first",  # worker.py's own imports: in no game's run
        "/g1.pyc": "game:g1",  # the home page imports every game: it does not make a module shared
        "/g2.pyc": "game:g2",
        "/grid.pyc": "first",  # two games import it
    }


def test_a_stored_zip_reads_back_in_a_stable_order():
    data = stored({"b.pyc": b"2", "a.pyc": b"1"})
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        assert zf.namelist() == ["a.pyc", "b.pyc"]
        assert all(i.compress_type == zipfile.ZIP_STORED for i in zf.infolist())
    assert stored({"a.pyc": b"1", "b.pyc": b"2"}) == data


@pytest.mark.skipif(not (DIST / "engine" / "later.json").exists(), reason="dist/ is not built")
def test_the_built_parts_hold_each_module_once():
    later = json.loads((DIST / "engine" / "later.json").read_text())
    names = [m for part in later for m in part["modules"]]
    assert len(names) == len(set(names)), "a module in two parts"
    assert "webtabletop.games.tsifrograd.rules" in names  # a game's modules are in its own part
    assert "webtabletop.app.shell" not in names  # worker.py imports it: it comes first
    assert {p["path"].rsplit("/", 1)[1] for p in later} >= {
        "stdlib-later.zip",
        "lib-later.zip",
        "lib-htt.zip",
    }
