"""The import contracts of pyproject.toml (``[tool.importlinter]``, checked by import-linter):
the packages in layers, each importing only those below it (the app's shell, its features, the
games, the app's widgets and model, the lab and lessons, the AI and matches by link, fair play,
core, i18n), and no import cycle between the siblings of any package (annotation-only imports
included). Every package has its place in the layers: a new one fails here until it is given
one, so the contracts cover the whole code without a list of modules to keep.

A cycle is found even when one of its imports only serves type annotations (the second test
proves the checker finds one in a package made for it, so the first cannot pass by accident).
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINT = "import sys; from importlinter.cli import lint_imports; sys.exit(lint_imports(config_filename=sys.argv[1], no_cache=True, no_logo=True))"


def lint(config: Path, cwd: Path, path: str | None = None) -> subprocess.CompletedProcess:
    env = None if path is None else {**os.environ, "PYTHONPATH": path}
    return subprocess.run(
        [sys.executable, "-c", LINT, str(config)], cwd=cwd, capture_output=True, text=True, env=env, timeout=300
    )


def test_the_projects_import_contracts_are_kept():
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    acyclic = next(c for c in contracts if c["type"] == "acyclic_siblings")
    assert acyclic["ancestors"] == ["webtabletop"]
    result = lint(ROOT / "pyproject.toml", ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"Contracts: {len(contracts)} kept, 0 broken." in result.stdout


def test_every_package_has_its_place_in_the_layers():
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    layers = next(c for c in contracts if c["type"] == "layers")["layers"]
    named = {m.strip() for layer in layers for m in layer.replace(":", "|").split("|")}
    src = ROOT / "src" / "webtabletop"
    packages = {f"webtabletop.{p.stem}" for p in src.iterdir() if p.suffix == ".py" and p.stem != "__init__"}
    packages |= {f"webtabletop.{p.name}" for p in src.iterdir() if (p / "__init__.py").exists()}
    packages.discard("webtabletop.app")  # its packages take their places one by one
    packages |= {f"webtabletop.app.{p.name}" for p in (src / "app").iterdir() if (p / "__init__.py").exists()}
    assert packages == named, (sorted(packages - named), sorted(named - packages))


def test_the_checker_finds_a_cycle_made_of_an_annotation_only_import(tmp_path):
    package = tmp_path / "cyc"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "shell.py").write_text("from cyc import handlers\n")
    (package / "handlers.py").write_text("from cyc import extensions\n")
    (package / "extensions.py").write_text(
        textwrap.dedent(
            """\
            from typing import TYPE_CHECKING

            if TYPE_CHECKING:
                from cyc.shell import App
            """
        )
    )
    config = tmp_path / "contracts.toml"
    config.write_text(
        textwrap.dedent(
            """\
            [tool.importlinter]
            root_packages = ["cyc"]

            [[tool.importlinter.contracts]]
            name = "cyc has no import cycle"
            type = "acyclic_siblings"
            ancestors = ["cyc"]
            """
        )
    )
    result = lint(config, tmp_path, path=str(tmp_path))
    assert result.returncode == 1, result.stdout + result.stderr
    assert "cyc has no import cycle BROKEN" in result.stdout
    # the report names an import that would break the circle
    links = (("shell", "handlers"), ("handlers", "extensions"), ("extensions", "shell"))
    assert any(f".{a} -> .{b}" in result.stdout for a, b in links)
