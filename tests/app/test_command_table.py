"""One command table: every ``data-cmd`` a screen's HTML emits (and every command the page sends
by itself there: keys, the running clock, a closed window, an answer's ``then``) is answered by a
handler of that screen in the shell's table (:data:`webtabletop.app.shell.table.SCREENS`) or of
every screen; and every handler of the table is emitted by some screen.

:func:`tests.app.screens.crawl` opens every screen of every game and presses every button it
finds. A handler whose button shows only in a state the crawl does not build (a friend's
deadline passed, a draw offered by link, a set being imported) must still be named by the HTML
code: its name appears as a ``data-cmd`` literal in the source that draws the screens.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.app.screens import crawl
from webtabletop.app.game import ownpages
from webtabletop.app.model.extensions import game_pages
from webtabletop.app.model.state import AppState
from webtabletop.app.shell.table import EVERY_SCREEN, SCREENS
from webtabletop.core.registry import PLAYABLE

SRC = Path(__file__).resolve().parents[2] / "src" / "webtabletop"


@pytest.fixture(scope="module")
def emitted() -> dict[str, set[str]]:
    return crawl()


def screen_commands(route: str) -> set[str]:
    """The names the table answers on ``route`` (a game's own pages: every game's)."""
    screen = SCREENS[route]
    if screen.commands is ownpages.commands:
        names: set[str] = set()
        for game in PLAYABLE:
            st = AppState(route=("page", game, "", {}))
            names |= set(ownpages.commands(st)) if game_pages(game) is not None else set()
        return names
    return set(screen.commands_for(AppState()))


def named_in_html_code() -> set[str]:
    """Every command name the code that draws screens writes as a button's ``data-cmd`` (a literal
    in ``data-cmd='…'``, or the command argument of ``btn(label, "…")``), or asks the page to
    send next (an answer's ``then``), or the page sends by itself (a clock at zero)."""
    names: set[str] = set()
    for path in SRC.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        names |= set(re.findall(r"data-cmd=[\\]?['\"]([a-z][a-z0-9-]*)", text))
        names |= set(re.findall(r"\bbtn\(\s*[^,]+,\s*['\"]([a-z][a-z0-9-]*)['\"]", text))
        names |= set(re.findall(r"then = \{\"type\": \"cmd\", \"name\": \"([a-z][a-z0-9-]*)\"", text))
    # the page's own sends (web/main.py: a running clock that reaches zero asks "clock-check")
    page = (SRC.parents[1] / "web" / "main.py").read_text(encoding="utf-8")
    names |= set(re.findall(r"\{\"type\": \"cmd\", \"name\": \"([a-z][a-z0-9-]*)\"\}", page))
    return names


def test_the_crawl_reaches_every_kind_of_screen(emitted):
    assert set(SCREENS) - {"parts", "error"} <= set(emitted), sorted(set(SCREENS) - set(emitted))


def test_every_command_a_screen_emits_has_one_handler(emitted):
    missing = {
        route: sorted(names - screen_commands(route) - set(EVERY_SCREEN)) for route, names in emitted.items()
    }
    assert not {r: n for r, n in missing.items() if n}, missing


def test_every_handler_is_emitted_by_some_screen(emitted):
    code = named_in_html_code()
    unused = {}
    for route in SCREENS:
        names = screen_commands(route) - emitted.get(route, set()) - code
        if names:
            unused[route] = sorted(names)
    every = set(EVERY_SCREEN) - set().union(*emitted.values()) - code
    assert not unused and not every, (unused, every)


def test_each_package_exports_its_own_screens_and_no_route_is_in_two():
    from webtabletop.app import data, game, history, lab, learn, match, review

    packages = (data, game, history, lab, learn, match, review)
    routes = [route for package in packages for route in package.SCREENS]
    assert len(routes) == len(set(routes))
    assert set(SCREENS) == set(routes) | {"home", "friends", "rules", "error"}  # and the shell's own
    assert all(SCREENS[route] is package.SCREENS[route] for package in packages for route in package.SCREENS)


def test_a_command_of_another_screen_is_refused_with_a_message():
    from tests.app.harness import Page

    page = Page(hash_="#/")
    answer = page.send({"type": "cmd", "name": "export-all-secrets"})  # "Your data"'s, not home's
    assert "download" not in answer and "export-all-secrets" in answer["toast"]


def test_the_notices_export_works_on_every_screen():
    """A notice's "Export all data" (every screen shows notices) downloads the file wherever it is
    pressed, not only on "Your data"."""
    from tests.app.harness import Page

    page = Page(storage={"webtabletop:game:tsifrograd:x": "{"}, hash_="#/tsifrograd")
    assert page.state.notices and "export-all" in page.last["html"]
    answer = page.send({"type": "cmd", "name": "export-all"})
    assert answer["download"]["name"] == "webtabletop-data.json"
    assert "webtabletop:aside:game:tsifrograd:x:1" in answer["download"]["text"]
