"""The CardGO view: SVG board, hand tokens, preview, marks, pick, accessibility."""

from __future__ import annotations

import re

from webtabletop.core.view import ViewContext
from webtabletop.games.cardgo import SPEC, VIEW
from webtabletop.games.cardgo.rules import state as rules
from webtabletop.games.cardgo.rules.diagram import position
from webtabletop.games.cardgo.rules.options import CardgoOptions
from webtabletop.games.cardgo.ui.events import damage_per_turn, event_lines
from webtabletop.games.cardgo.ui.rules_page import rules_html

from .helpers import pos

EX4 = """
. . . . .
. . G4 . .
. G5 . G6 .
. R1 G3 R5 .
. . R3 . .
"""


def _interactive_elements(html: str) -> list[str]:
    return re.findall(r"<[^>]*data-(?:pick|drop|drag|move)=[^>]*>", html)


def test_every_interactive_element_is_accessible():
    s = SPEC.start(seed=3)
    ctx = ViewContext(viewer=0, selection="h0", hover="e5")
    html = VIEW.board(s, ctx) + VIEW.panel(s, ctx)
    elements = _interactive_elements(html)
    assert len(elements) > 50
    for el in elements:
        assert 'tabindex="0"' in el and 'role="button"' in el and "aria-label=" in el, el


def test_empty_legal_cells_are_drop_and_pick_targets_and_cards_drag():
    s = SPEC.start(CardgoOptions(terrain=False), seed=3)
    ctx = ViewContext(viewer=0)
    board = VIEW.board(s, ctx)
    assert board.count("data-drop=") == 100 and board.count("data-pick=") == 100
    panel = VIEW.panel(s, ctx)
    assert panel.count('data-drag="h') == 5 and panel.count('data-pick="h') == 5
    # not the viewer's turn: nothing to do
    assert "data-drop" not in VIEW.board(s, ViewContext(viewer=1))
    assert "data-drag" not in VIEW.panel(s, ViewContext(viewer=1))


def test_click_card_then_cell_and_drag_drop():
    s = pos(EX4, player=1, hands=("", "6 2"))
    ctx = ViewContext(viewer=1)
    r = VIEW.pick(s, ctx, "h0")
    assert r.selection == "h0" and r.move is None
    r = VIEW.pick(s, ViewContext(viewer=1, selection="h0"), "c3")
    assert r.move == "0@c3"
    r = VIEW.pick(s, ViewContext(viewer=1, selection="h0"), "b3")
    assert r.move is None and "occupied" in r.message
    r = VIEW.pick(s, ctx, "c3")
    assert r.move is None and "Choose a hand card" in r.message
    assert VIEW.pick(s, ctx, "h1@a1").move == "1@a1"


def test_preview_drawn_translucently_with_damage():
    s = pos(EX4, player=1, hands=("", "6"))
    board = VIEW.board(s, ViewContext(viewer=1, selection="h0", hover="c3"))
    assert 'class="preview"' in board and board.count('class="pv-take"') == 4
    assert "Green −7 · Red −7" in board
    assert 'class="pv-revert"' in board
    off = VIEW.board(s, ViewContext(viewer=1, selection="h0", hover="c3", prefs={"preview": False}))
    assert 'class="preview"' not in off
    # the other player never sees the mover's preview
    assert 'class="preview"' not in VIEW.board(s, ViewContext(viewer=0, selection="h0", hover="c3"))
    panel = VIEW.panel(s, ViewContext(viewer=1, selection="h0", hover="h0@c3"))
    assert "takes effect" in panel


def test_last_move_marks_and_damage():
    s = pos(EX4, player=1, hands=("", "6")).apply_code("0@c3")
    board = VIEW.board(s, ViewContext(viewer=0))
    assert board.count('class="took-effect"') == 4 and "last-cell" in board
    assert "Green −7 · Red −7" in board
    lines = event_lines(s)
    assert lines[-1].startswith("Turn 10 · Red 6 → c3") and "Green −7" in lines[-1]
    assert damage_per_turn(s) == [(10, 1, 7, 7)]


def test_tall_grass_hidden_from_the_other_viewer():
    s = position(
        "R4/t . . .\n. . . .\n. . . .\n. . . .", CardgoOptions(terrain=False), hands=("1", "2")
    )
    assert ">?</text>" in VIEW.board(s, ViewContext(viewer=0))
    assert ">4</text>" in VIEW.board(s, ViewContext(viewer=1))
    assert ">?</text>" in VIEW.board(s, ViewContext(viewer=None))


def test_extra_play_offers_skip_and_only_matching_cards():
    s = pos("\n".join([". . . . ."] * 5), hands=("3I 4 5", "")).apply_code("0@a1")
    assert s.phase == rules.EXTRA
    ctx = ViewContext(viewer=0)
    panel = VIEW.panel(s, ctx)
    assert 'data-move="skip"' in panel and panel.count("data-drag=") == 1
    assert "value 4" in VIEW.prompt(s, ctx)
    assert VIEW.pick(s, ctx, "h1").message
    assert VIEW.pick(s, ctx, "e5").move == "0@e5"  # the only matching card is implied


def test_pass_button_when_no_cell_is_free():
    full = "\n".join(" ".join("G9" if (x + y) % 2 else "R9" for x in range(4)) for y in range(4))
    s = pos(full, hands=("1", "1"))
    assert 'data-move="pass"' in VIEW.panel(s, ViewContext(viewer=0))


def test_time_bars_status_and_rules_page():
    s = SPEC.start(seed=1)
    panel = VIEW.panel(s, ViewContext(viewer=0))
    assert panel.count('role="meter"') == 2
    assert VIEW.status(s)[0] == ("Time", "100 · 100")
    html = rules_html()
    for word in ("Indulgence", "Evil", "Tall grass", "Fire", "Decisions", "full-speed"):
        assert word.lower() in html.lower()
    # the draw rule, what it rests on, what a record reveals, and the correction
    assert "no hand limit" in html and "one card richer" in html
    # the correction and the words it rests on: under "Rules history", out of the rules
    history = VIEW.rules_history_html()
    assert "新的回合获取一张" in history and "打出时,额外抽取一张卡牌" in history
    assert "Rules version 2" in history
    assert "新的回合获取一张" not in html and "Rules version 2" not in html
    assert "seed" in html and "future draws" in html
    assert VIEW.rules_html() == html
    assert set(VIEW.options_help()) == {
        "start_time",
        "size",
        "hand_size",
        "min_value",
        "max_value",
        "effects",
        "terrain",
        "full_speed",
        "adjacent",
    }


def test_terrain_drawn_with_legend():
    s = SPEC.start(seed=4)
    board = VIEW.board(s, ViewContext(viewer=0))
    assert "cg-pat-4" in board and "terrain-12" in board or "terrain-" in board
    assert "Terrain legend" in VIEW.panel(s, ViewContext(viewer=0))


def test_spectator_sees_no_hand():
    s = SPEC.start(seed=1)
    panel = VIEW.panel(s, ViewContext(viewer=None, interactive=False))
    assert "cg-card" not in panel and panel.count("holds 5 cards") == 2


def test_damage_per_turn_adds_up_extra_plays():
    s = pos("\n".join([". . . . ."] * 5), hands=("3I 4A", "")).apply_code("0@a1")
    s = s.apply_code("0@e5")  # the extra play: Pain 4
    assert damage_per_turn(s) == [(10, 0, 0, 4)]
    assert event_lines(s)[-1].startswith("Turn 10 · Green (extra) 4 Pain → e5: Red −4")


def test_a_hand_is_shown_to_its_owner_only_and_to_everyone_on_request():
    s = SPEC.start(CardgoOptions(effects=False), seed=1)
    s = s.apply(s.legal_moves()[0])  # Red to move: Green holds 4 cards, Red 6
    own = VIEW.panel(s, ViewContext(viewer=1))
    assert own.count('class="cg-card') == 6 and "Green holds 4 cards." in own
    other = VIEW.panel(s, ViewContext(viewer=0, interactive=False))
    assert other.count('class="cg-card') == 4 and "Red holds 6 cards." in other
    # nobody at the device (hot-seat before "I am …"): no hand, even if the screen were interactive
    nobody = VIEW.panel(s, ViewContext(viewer=None, interactive=True))
    assert "cg-card" not in nobody and "Green holds 4 cards." in nobody and "Red holds 6 cards." in nobody
    everything = VIEW.panel(s, ViewContext(viewer=None, interactive=False, reveal_all=True))
    assert everything.count('class="cg-card') == 10 and "holds" not in everything
    for card in s.hands[0] + s.hands[1]:
        assert f"{card.value}" in everything


def test_tall_grass_values_shown_on_request():
    s = position(
        "R4/t . . .\n. . . .\n. . . .\n. . . .", CardgoOptions(terrain=False), hands=("1", "2")
    )
    assert ">?</text>" in VIEW.board(s, ViewContext(viewer=None))
    shown = VIEW.board(s, ViewContext(viewer=None, reveal_all=True))
    assert ">?</text>" not in shown and ">4</text>" in shown
    t = s.apply_code("0@d4").apply_code("0@b2")  # Green, then Red's 2 on open ground
    red_grass = position(
        "R4/t . . .\n. . . .\n. . . .\n. . . .", CardgoOptions(terrain=False), player=1, hands=("1", "3")
    ).apply_code("0@b1")
    assert ">?</text>" in VIEW.board(t, ViewContext(viewer=0))
    assert event_lines(red_grass, viewer=0)[-1] == "Turn 10 · Red 3 → b1"
    assert "Red 3" in event_lines(red_grass, viewer=0, reveal=True)[-1]


def test_love_draw_is_in_the_event_log():
    s = pos("\n".join([". . . . ."] * 5), hands=("3V 1", "")).apply_code("0@c3")
    assert "drew 1 extra card" in event_lines(s)[-1]
