"""The home page's pictures: a real mid-game position of each game, from a fixed
seed and a short list of moves played through the rules, drawn by the game's own view at build
time; the home page itself holds only a named, empty place for each (web/boot.js fills it)."""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from tests.app.harness import Page
from webtabletop.core.registry import PLAYABLE
from webtabletop.i18n import catalogs
from webtabletop.tools import prerender
from webtabletop.tools.pictures import STYLESHEET, board_css, picture, positions, state_of

PLACE = re.compile(r'<div class="card-pic" data-pic="([a-z]+)" role="img" aria-label="([^"]+)"></div>')


@pytest.mark.parametrize("game", PLAYABLE)
def test_each_picture_is_a_real_position_in_the_middle_of_a_game(game):
    state, before = state_of(game)  # every move replayed through the rules (an illegal one raises)
    assert len(positions()[game].moves) >= 5 and before is not None
    assert not state.is_over and state.legal_moves()


@pytest.mark.parametrize("game", PLAYABLE)
def test_a_picture_is_the_views_own_svg_drawn_by_itself_with_nothing_to_click_or_read_out(game):
    svg = picture(game)
    root = ET.fromstring(svg)  # one well-formed element (HTT's second, tall board is left out)
    assert root.tag == "{http://www.w3.org/2000/svg}svg" and root.get("viewBox")
    for mark in (
        "data-move=",
        "data-pick=",
        "data-drag=",
        "data-drop=",
        "tabindex=",
        "role=",
        "aria-label=",
        "<title>",
    ):
        assert mark not in svg, mark
    # an image does not see the page's stylesheet: it carries the colours and board rules it uses
    style = root.find("{http://www.w3.org/2000/svg}style").text
    assert "--cell:" in style and ".cell.p0 polygon" in style and "font-family" in style
    assert len(svg) < 45_000


def test_the_pictures_board_rules_are_the_pages_own():
    css = board_css()
    page = STYLESHEET.read_text(encoding="utf-8")
    assert all(line in page for line in css.splitlines()[:-1])


def test_a_pictures_words_are_in_the_readers_language():
    catalogs.use_language("ru")
    try:
        svg = picture("sht")
    finally:
        catalogs.use_language("en")
    assert ">closed<" not in svg and ">shield<" not in svg and ">deck " not in svg
    assert ">closed<" in picture("sht")


def test_the_build_writes_one_picture_per_game_and_language(tmp_path):
    total = prerender.write_pictures(tmp_path, ("en", "ja"))
    files = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.svg"))
    assert files == sorted(f"pre/{tag}/{game}-picture.svg" for tag in ("en", "ja") for game in PLAYABLE)
    assert total == sum(p.stat().st_size for p in tmp_path.rglob("*.svg"))


def test_the_home_page_holds_a_named_empty_place_for_each_picture():
    html = Page(hash_="#/").last["html"]
    places = PLACE.findall(html)
    assert [g for g, _label in places] == list(PLAYABLE)
    assert ("cardgo", "CardGO: a board in the middle of a game") in places
    catalogs.use_language("ja")
    try:
        html = Page(hash_="#/").last["html"]
    finally:
        catalogs.use_language("en")
    assert all("middle" not in label for _g, label in PLACE.findall(html))


def test_drawing_the_home_page_draws_no_picture():
    """The engine's home page carries only the empty places (PLACE matches an empty element; web/
    boot.js puts the image in): it does not load the picture code (build-time only; tools/ is not
    in the page)."""
    code = (
        "import sys; from webtabletop.app.shell.app import App; "
        "App().handle({'type': 'start', 'hash': '#/', 'storage': {}, 'entropy': 1, 'base': '', 'now': 1}); "
        "print('webtabletop.tools.pictures' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
    assert len(PLACE.findall(Page(hash_="#/").last["html"])) == len(PLAYABLE)
