"""CardGO play feel: terrain legible on the board and explained, the board contract's attributes
(docs/board.md), and the status-line sentence of every move (describe_move, move_sound)."""

from __future__ import annotations

import re

from webtabletop.core.view import ViewContext
from webtabletop.games.cardgo import VIEW
from webtabletop.games.cardgo.rules.diagram import position
from webtabletop.games.cardgo.rules.options import CardgoOptions
from webtabletop.games.cardgo.ui.events import value_explanation

from .test_cardgo_view import EX4, pos

HIGH = """
. . . . .
. . ./h . .
. . ./m . .
. . ./t . .
. . . . .
"""


def highland(hands=("5 2", "3 4")):
    return position(HIGH, CardgoOptions(), player=0, hands=hands)


def _cell_group(board: str, name: str) -> str:
    return re.search(
        rf'<g [^>]*data-key="cell-{name}"[^>]*>.*?</g>(?=<g [^>]*data-key="cell-|<g class="last|</svg>)',
        board,
    ).group(0)


def test_highland_adds_one_and_the_board_says_why():
    # source: «8 高地 N 放置的棋子时间值+1» (a stone placed on highland: time value +1)
    s = highland().apply_code("0@b3")
    cell = s.grid.index_of("b3")
    assert s.values[cell] == 6
    assert value_explanation(s, cell, 0) == "5 +1 Highland = 6"
    board = VIEW.board(s, ViewContext(viewer=0, last_move="0@b3"))
    assert "5 +1 Highland = 6" in _cell_group(board, "b3")  # in the cell's accessible name
    # and its explanation card (the cell's description) says what highland does
    assert 'data-info aria-describedby="cg-info-t8"' in _cell_group(board, "b3")
    assert '<p id="cg-info-t8" class="info-text" data-mark="⌃"><b>Highland</b>: A stone here is worth 1 more.</p>' in board
    # a tap on the stone explains it in the message line
    assert VIEW.pick(s, ViewContext(viewer=0), "ib3").message == "b3: 5 +1 Highland = 6"


def test_swamp_takes_one_and_tall_grass_hides_the_reason_too():
    # source: «7 沼泽 N 放置的棋子时间值-1»; «11 草丛 N 放置的棋子会被隐藏»
    s = highland(hands=("5 2", "3 4")).apply_code("0@c3").apply_code("0@d3")
    assert value_explanation(s, s.grid.index_of("c3"), 0) == "5 −1 Swamp = 4"
    hidden = value_explanation(s, s.grid.index_of("d3"), 0)
    assert hidden == "Red's value is hidden in Tall grass" and "3" not in hidden
    assert value_explanation(s, s.grid.index_of("d3"), 1) == "value 3"


def test_terrain_colours_are_inline_and_cells_avoid_the_generic_cell_class():
    board = VIEW.board(highland(), ViewContext(viewer=0))
    assert 'class="cell' not in board  # app.css's generic .cell rules would repaint the ground
    b3 = _cell_group(board, "b3")
    assert "fill:#c9a46b" in b3 and "⌃" in b3 and "url(#cg-pat-8)" in b3  # colour, symbol, pattern
    assert 'class="cg-cell terrain-8 legal"' in b3 and 'class="cg-dot"' in b3  # legal mark drawn on top


def test_contract_attributes_after_a_move():
    before = highland()
    s = before.apply_code("0@b3")
    board = VIEW.board(s, ViewContext(viewer=0, last_move="0@b3"))
    assert re.search(r'data-piece="b3" data-from="hand0-0" data-anim="place"', board)
    assert "data-changed" in _cell_group(board, "b3")
    assert board.count("data-changed") == 1
    # no animation without a move (hover, preview, reload)
    still = VIEW.board(s, ViewContext(viewer=0))
    assert "data-anim" not in still and "data-changed" not in still
    # every stone has a stable key, every hand card its own
    panel = VIEW.panel(s, ViewContext(viewer=1))
    assert panel.count('data-piece="hand1-') == len(s.hands[1])


def test_capture_and_fire_animations_and_sound():
    # digest example 4 / source «红方将给绿方造成3+3+1的伤害,绿方将给红方造成3+4点伤害»
    before = pos(EX4, player=1, hands=("", "6"))
    after = before.apply_code("0@c3")
    board = VIEW.board(after, ViewContext(viewer=0, last_move="0@c3"))
    assert board.count('data-anim="fire"') == 3 and board.count('data-anim="capture"') == 1
    assert VIEW.move_sound(before, after, "0@c3") == "capture"
    text = VIEW.describe_move(before, after, "0@c3")
    assert text == (
        "Red plays 6 on c3. 3 stones take effect: b3, d2, e3. Green's 3 on d3 is captured. "
        "Green loses 7 time. Red loses 7 time."
    )


def test_plain_move_sentence_names_terrain_and_sounds_like_a_move():
    before = highland()
    after = before.apply_code("0@b3")
    assert VIEW.describe_move(before, after, "0@b3") == "Green plays 5 on b3. Highland makes it 6."
    assert VIEW.move_sound(before, after, "0@b3") == "move"


def test_hidden_card_is_not_named_and_hint_marks_card_and_cell():
    before = highland().apply_code("0@b3")
    after = before.apply_code("0@d3")  # Red's 3 into tall grass
    assert VIEW.describe_move(before, after, "0@d3") == "Red plays a hidden card on d3."
    ctx = ViewContext(viewer=0, hint="1@a1")
    nxt = after.apply_code("pass") if after.player != 0 else after
    board = VIEW.board(nxt, ctx)
    assert "data-hint" in _cell_group(board, "a1")
    # the ring is drawn after every cell, so no neighbour's terrain covers half of it
    ring = board.index('class="hint-ring"')
    assert ring > max(board.index(f'data-key="cell-{n}"') for n in ("a1", "b2", "e5"))
    assert VIEW.board(nxt, ViewContext(viewer=0)).count("hint-ring") == 0
    assert re.search(r'data-piece="hand0-1" data-hint', VIEW.panel(nxt, ctx))


def test_pass_is_described():
    # digest: a player with no legal cell passes
    full = "\n".join(" ".join(["G5", "R5"] * 2) for _ in range(4))
    s = pos(full, hands=("1", "1"))
    assert s.legal_moves()[0].code == "pass"
    after = s.apply_code("pass")
    assert VIEW.describe_move(s, after, "pass") == "Green cannot place and passes."
    assert VIEW.move_sound(s, after, "pass") == "move"


def test_a_stone_explains_its_effect_in_words():
    # source: «3 高兴 N 该卡棋生效所需的连通数-1»: the badge shows a letter, the explanation says what it is
    s = highland(hands=("5J 2", "3 4")).apply_code("0@b3")
    board = VIEW.board(s, ViewContext(viewer=0))
    assert 'aria-describedby="cg-info-t8 cg-info-e3"' in _cell_group(board, "b3")
    assert "<b>Joy</b>: This stone needs one less connectivity" in board
