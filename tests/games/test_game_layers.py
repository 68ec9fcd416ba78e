"""How a game package is layered, and no import cycle outside the app (grimp, import-linter's own
import graph: annotation-only and function-level imports count too).

- A split game is ``rules`` (state, moves, outcome) < ``ai`` < ``ui`` / ``learn``: its rules import
  no AI, view, lesson, lab table or command line of the game, and nothing of the app; its AI
  imports no view or lesson.
- The game-independent packages (``ai``, ``learn``, ``lab``, ``core``, ``correspondence``,
  ``fairplay``) import no game: they reach one through the registry's ``GameModule``.
- Outside ``webtabletop.app`` (whose own contract is in pyproject.toml), no module imports itself
  through others, and no package's sub-packages import each other in a circle.
"""

from __future__ import annotations

import grimp
import pytest

ROOT = "webtabletop"
GAMES = [f"{ROOT}.games.{g}" for g in ("htt", "cardgo", "dumaraj", "sht")]


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph(ROOT, include_external_packages=False)


def chain(graph: grimp.ImportGraph, importer: str, imported: str) -> list[str] | None:
    if importer not in graph.modules or imported not in graph.modules:
        return None
    found = graph.find_shortest_chains(importer=importer, imported=imported, as_packages=True)
    return [" -> ".join(c) for c in found] or None


@pytest.mark.parametrize("game", GAMES)
def test_a_games_rules_import_no_ai_view_lesson_or_app(graph, game):
    assert f"{game}.rules" in graph.modules, "a split game keeps its rules in rules/"
    for above in ("ai", "ui", "learn", "lab", "cli"):
        assert chain(graph, f"{game}.rules", f"{game}.{above}") is None
    assert chain(graph, f"{game}.rules", f"{ROOT}.app") is None


@pytest.mark.parametrize("game", GAMES)
def test_a_games_ai_imports_no_view_or_lesson(graph, game):
    for above in ("ui", "learn"):
        assert chain(graph, f"{game}.ai", f"{game}.{above}") is None


@pytest.mark.parametrize("package", ["ai", "learn", "lab", "core", "correspondence", "fairplay", "i18n"])
def test_the_shared_packages_import_no_game(graph, package):
    assert chain(graph, f"{ROOT}.{package}", f"{ROOT}.games") is None


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one node (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def _outside_app(name: str) -> bool:
    return not (name == f"{ROOT}.app" or name.startswith(f"{ROOT}.app."))


def test_no_module_imports_itself_outside_the_app(graph):
    modules = {m for m in graph.modules if _outside_app(m)}
    edges = {m: {d for d in graph.find_modules_directly_imported_by(m) if d in modules} for m in modules}
    assert _cycles(edges) == []


def test_no_packages_import_each_other_in_a_circle_outside_the_app(graph):
    found = []
    for package in sorted(m for m in graph.modules if _outside_app(m) and graph.find_children(m)):
        kids = sorted(graph.find_children(package))
        edges = {
            a: {b for b in kids if b != a and graph.direct_import_exists(importer=a, imported=b, as_packages=True)}
            for a in kids
        }
        found += _cycles(edges)
    assert found == []


def test_the_cycle_finder_finds_a_cycle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
