"""DumaRaj view: SVG board, click-click and drag moves, choosers, Editor prompt, accessibility."""

from __future__ import annotations

import re

from _dumaraj_helpers import st

from webtabletop.core.view import ViewContext
from webtabletop.games.dumaraj import SPEC, VIEW
from webtabletop.games.dumaraj.rules.options import DumaRajOptions
from webtabletop.games.dumaraj.ui.glyphs import mob_diagram


def sq(state, name: str) -> int:
    from webtabletop.games.dumaraj.rules.notation import parse_square

    return parse_square(name, state.width, state.height)


def interactive_elements_are_accessible(html: str) -> None:
    for tag in re.findall(r"<[^>]*data-(?:pick|move)=[^>]*>", html):
        assert 'tabindex="0"' in tag and 'role="button"' in tag and "aria-label=" in tag, tag


def test_board_renders_and_is_accessible():
    s = SPEC.start()
    svg = VIEW.board(s, ViewContext())
    # the board, then the hidden texts of its mobs' explanation cards (ui/explain.py)
    assert svg.startswith("<svg") and svg.endswith("</p></div>") and '</svg><div class="info-texts" hidden>' in svg
    assert svg.count('data-pick="s') == 10 + 2 + 2  # Pixas, Gon's, Trigon's with a move
    interactive_elements_are_accessible(svg)
    assert "Trigon&#x27;" in svg
    flipped = VIEW.board(s, ViewContext(flipped=True))
    assert flipped != svg
    rh = SPEC.start(DumaRajOptions(rhombus=True))
    assert "rotate(-45)" in VIEW.board(rh, ViewContext())


def test_click_click_move():
    s = SPEC.start()
    b1 = f"s{sq(s, 'b1')}"
    r = VIEW.pick(s, ViewContext(), b1)
    assert r.selection == b1 and r.move is None
    svg = VIEW.board(s, ViewContext(selection=b1))
    assert f'data-drop="t{sq(s, "c3")}"' in svg and f'data-drop="t{sq(s, "a3")}"' in svg
    interactive_elements_are_accessible(svg)
    r2 = VIEW.pick(s, ViewContext(selection=b1), f"s{sq(s, 'c3')}")
    assert r2.move == "b1c3"
    # clicking the same mob again cancels, an empty bit explains
    assert VIEW.pick(s, ViewContext(selection=b1), b1).selection is None
    assert VIEW.pick(s, ViewContext(), f"s{sq(s, 'e5')}").message
    # an enemy mob cannot be selected
    assert VIEW.pick(s, ViewContext(), f"s{sq(s, 'b10')}").selection is None


def test_promotion_chooser_in_panel():
    s = st("4k3/P7/8/8/8/8/8/4K3 w")
    a7, a8 = sq(s, "a7"), sq(s, "a8")
    r = VIEW.pick(s, ViewContext(selection=f"s{a7}"), f"s{a8}")
    assert r.move is None and r.selection == f"{a7}-{a8}"
    panel = VIEW.panel(s, ViewContext(selection=r.selection))
    for code in ("a7a8q", "a7a8r", "a7a8b", "a7a8n", "a7a8t"):
        assert f'data-move="{code}"' in panel
    interactive_elements_are_accessible(panel)
    assert "choose" in VIEW.prompt(s, ViewContext(selection=r.selection)).lower()


def test_editor_prompt_and_buttons():
    s = st("8/4k3/8/8/8/8/R3K3/8 w", editor=True).apply_code("e2d3")
    panel = VIEW.panel(s, ViewContext())
    assert "Editor" in panel
    for code in ("-1", "-h", "-"):
        assert f'data-move="{code}"' in panel
    interactive_elements_are_accessible(panel)
    board = VIEW.board(s, ViewContext())
    assert 'data-move="-1"' in board and 'data-move="-h"' in board
    interactive_elements_are_accessible(board)
    assert "remove" in VIEW.prompt(s, ViewContext()).lower()
    assert VIEW.pick(s, ViewContext(), "s3").message


def test_flex_marked_and_offered():
    s = st("4k3/8/8/8/8/8/8/R3K2R w", raj_flex=True)
    e1 = f"s{sq(s, 'e1')}"
    svg = VIEW.board(s, ViewContext(selection=e1))
    assert "flex with this mob" in svg
    assert VIEW.pick(s, ViewContext(selection=e1), f"s{sq(s, 'h1')}").move == "e1h1"
    assert 'data-move="e1h1"' in VIEW.panel(s, ViewContext())
    # pair flex from either mob
    p = st("4k3/8/8/8/8/8/8/2RBK3 w", pair_flex=True)
    d1 = f"s{sq(p, 'd1')}"
    assert VIEW.pick(p, ViewContext(selection=d1), f"s{sq(p, 'c1')}").move == "c1d1"


def test_last_move_flag_status_and_game_over():
    s = st("4k3/P7/8/8/8/8/8/4K3 w").apply_code("a7a8q")
    svg = VIEW.board(s, ViewContext())
    assert "under flag" in svg and 'class="bit last' in svg
    assert "flag" in VIEW.prompt(s, ViewContext()).lower()
    rows = dict(VIEW.status(s))
    assert rows["Material"] == "10 · 0"
    mate = st("k7/1Q6/1K6/8/8/8/8/8 b")
    assert "White wins" in VIEW.panel(mate, ViewContext()) and "mate" in VIEW.prompt(mate, ViewContext())
    assert "data-pick" not in VIEW.board(mate, ViewContext()).split("</style>")[1]


def test_rules_page_and_help():
    html = VIEW.rules_html()
    for word in (
        "Raj",
        "Fej",
        "Lod'",
        "Slod'",
        "Gon'",
        "Trigon'",
        "Pixa",
        "Not implemented",
        "2.5D",
        "Dive",
        "piCSbumm",
    ):
        assert word.lower() in html.lower()
    assert html.count("<svg") >= 9
    assert mob_diagram(7).startswith("<svg")
    assert set(VIEW.options_help()) == {f.name for f in __import__("attrs").fields(DumaRajOptions)}


def test_drag_preview_and_flipped_board():
    s = SPEC.start()
    b1, c3 = f"s{sq(s, 'b1')}", f"t{sq(s, 'c3')}"
    assert 'class="hover"' in VIEW.board(s, ViewContext(selection=b1, hover=c3))
    # during a drag ("<drag>@<drop>"), with nothing selected yet
    assert 'class="hover"' in VIEW.board(s, ViewContext(hover=f"d{sq(s, 'b1')}@{c3}"))
    assert 'class="hover"' not in VIEW.board(s, ViewContext(selection=b1))
    # flipped: Black's side at the bottom, so a1 is drawn top right
    flipped = VIEW.board(s, ViewContext(flipped=True))
    a1 = re.search(
        r'data-key="bit-0"[^>]*><rect class="sq" x="([\d.]+)" y="([\d.]+)"', flipped
    )
    assert a1 and float(a1.group(1)) > 400 and float(a1.group(2)) < 10
