"""Tsifrograd's side of the board contract (docs/board.md) and its moves in words.

Positions are built with ``state_from_cells`` and played with ``apply``; the board is drawn with
``ctx.previous``/``ctx.last_move`` as the shell passes them after a move. The source's verbs:
«пишут получившееся число ... в любой свободной клетке» (write the number into a free cell) and
«вы можете зачеркнуть ее» (you may cross it out).
"""

import re

import pytest

from tests.games.tsifrograd.test_crossing import BLUE, ORANGE, TSIFRO, at, place
from webtabletop.core.view import ViewContext
from webtabletop.games.tsifrograd import VIEW
from webtabletop.games.tsifrograd.options import TsifrogradOptions
from webtabletop.games.tsifrograd.rules import CROSS, DECLINE, Cross, Place, state_from_cells
from webtabletop.i18n.catalogs import use_language

GROUP = re.compile(r"<g ([^>]*data-key=\"cell-(\d+)\"[^>]*)>(.*?)</g>")


def cells(svg: str) -> dict[int, tuple[str, str]]:
    """cell index -> (the cell group's attributes, its inner SVG)."""
    return {int(i): (attrs, inner) for attrs, i, inner in GROUP.findall(svg)}


def crossing_position():
    # source example 1 (see test_crossing): Orange writes 5 into d4 next to the Blue 7 (c3),
    # which touches Orange's 9 (c4): 5 + 9 > 7 + 6, so the 7 may be crossed out
    cells_ = {"c3": (BLUE, 7), "c2": (BLUE, 6), "c4": (ORANGE, 9)}
    before = state_from_cells(TSIFRO, cells_, player=ORANGE, roll=(2, 3))
    return before, before.apply(Place(at("d4")))


def test_placed_number_flies_from_the_dice_and_only_its_cell_changed():
    before, after = crossing_position()
    svg = VIEW.board(after, ViewContext(previous=before, last_move=str(at("d4"))))
    drawn = cells(svg)
    attrs, inner = drawn[at("d4")]
    assert 'data-anim="place"' in attrs and "data-changed" in attrs
    assert f'data-piece="n{at("d4")}"' in inner and 'data-from="dice"' in inner
    assert [i for i, (a, _) in drawn.items() if "data-changed" in a] == [at("d4")]
    # every number has its cell as its key; only the new one says where it came from
    assert svg.count("data-piece=") == 4 and svg.count("data-from=") == 1


def test_no_animation_without_a_move():
    _, after = crossing_position()
    svg = VIEW.board(after, ViewContext())
    assert "data-anim" not in svg and "data-changed" not in svg and "data-from" not in svg


def test_crossing_targets_are_legal_and_the_cross_is_animated():
    before, after = crossing_position()
    assert after.phase == CROSS and after.targets == (at("c3"),)
    drawn = cells(VIEW.board(after, ViewContext()))
    legal = {i for i, (a, _) in drawn.items() if re.search(r'class="[^"]*\blegal\b', a)}
    assert legal == {at("c3")}  # crossing step: the free cells are not targets now
    crossed = after.apply(Cross(at("c3")))
    drawn = cells(VIEW.board(crossed, ViewContext(previous=after, last_move=f"x{at('c3')}")))
    assert 'data-anim="cross"' in drawn[at("c3")][0]
    assert VIEW.move_sound(after, crossed, f"x{at('c3')}") == "capture"
    assert VIEW.move_sound(before, after, str(at("d4"))) == "move"


def test_free_cells_are_legal_drop_targets_and_the_dice_drag_onto_them():
    state = state_from_cells(TSIFRO, {"d4": (BLUE, 7)}, player=ORANGE, roll=(1, 2))
    drawn = cells(VIEW.board(state, ViewContext()))
    free = {i for i, o in enumerate(state.owners) if o == -1}
    drops = {i for i, (a, _) in drawn.items() if f'data-drop="{i}"' in a}
    legal = {i for i, (a, _) in drawn.items() if re.search(r'class="[^"]*\blegal\b', a)}
    assert drops == legal == free
    panel = VIEW.panel(state, ViewContext())
    assert 'data-drag="dice"' in panel and 'data-piece="dice"' in panel
    # a drop is pick(drag) then pick(drop): the dice select nothing, the cell is the move
    assert VIEW.pick(state, ViewContext(), "dice").move is None
    assert VIEW.pick(state, ViewContext(), str(at("e5"))).move == str(at("e5"))
    assert "data-drag" not in VIEW.panel(state, ViewContext(interactive=False))


def test_dice_roll_is_animated_after_the_turn_ends_only():
    before, after = crossing_position()  # same player, crossing step: no new roll yet
    assert "data-anim" not in VIEW.panel(after, ViewContext(previous=before, last_move="x"))
    declined = after.apply(DECLINE)
    panel = VIEW.panel(declined, ViewContext(previous=after, last_move="-"))
    assert 'data-anim="roll"' in panel


def test_hint_marks_cell_and_dice():
    state = state_from_cells(TSIFRO, {}, player=ORANGE, roll=(1, 2))
    ctx = ViewContext(hint=str(at("e5")))
    drawn = cells(VIEW.board(state, ctx))
    assert [i for i, (a, _) in drawn.items() if "data-hint" in a] == [at("e5")]
    assert "data-hint" in VIEW.panel(state, ctx)


def test_describe_move_in_words():
    before, after = crossing_position()
    assert (
        VIEW.describe_move(before, after, str(at("d4")))
        == "Orange writes 5 on d4; 1 enemy number may be crossed out."
    )
    crossed = after.apply(Cross(at("c3")))
    assert VIEW.describe_move(after, crossed, f"x{at('c3')}") == "Orange crosses out the enemy 7 on c3."
    assert VIEW.describe_move(after, after.apply(DECLINE), "-") == "Orange crosses nothing out."
    quiet = place({"a1": (BLUE, 7)}, "d4", 8, player=BLUE)
    start = state_from_cells(TSIFRO, {"a1": (BLUE, 7)}, player=BLUE, roll=(2, 6))
    assert VIEW.describe_move(start, quiet, str(at("d4"))) == "Blue writes 8 on d4."


def test_proximity_captures_are_counted_in_words():
    # Proximity: the army captures every touching enemy cell of smaller value
    options = TsifrogradOptions(variant="proximity")
    before = state_from_cells(options, {"c3": (BLUE, 3), "d3": (BLUE, 4), "e4": (BLUE, 19)}, roll=(9, 0))
    after = before.apply(Place(at("d4")))
    assert VIEW.describe_move(before, after, str(at("d4"))) == (
        "Orange places an army of 9 on d4 and captures 2 cells."
    )
    assert VIEW.move_sound(before, after, str(at("d4"))) == "capture"
    drawn = cells(VIEW.board(after, ViewContext(previous=before, last_move=str(at("d4")))))
    assert {i for i, (a, _) in drawn.items() if 'data-anim="capture"' in a} == {at("c3"), at("d3")}


@pytest.fixture
def language():
    """Switch the running Python to a language for one test, and back to English after it."""
    yield use_language
    use_language("en")


def test_russian_uses_the_designers_words(language):
    # the source's words: «зачеркнуть» (cross out), «Цифроград», «Цифроштурм»
    language("ru")
    before, after = crossing_position()
    crossed = after.apply(Cross(at("c3")))
    assert VIEW.describe_move(after, crossed, f"x{at('c3')}") == "Оранжевый зачёркивает вражеское число 7 на c3."
    assert VIEW.describe_move(before, after, str(at("d4"))).endswith("можно зачеркнуть 1 число врага.")
    assert TsifrogradOptions(variant="tsifroshturm").describe().startswith("Цифроштурм · ")
    assert "Цифроград" in VIEW.rules_html()


def test_no_english_left_on_any_screen_in_the_pseudo_locale(language):
    """Every word of the board, panel, prompt, status, options help and rules page is translated:
    in the pseudo-locale no run of three plain ASCII letters is left outside markup, names of
    cells and the source's Latin name Proximity aside."""
    language("pseudo")
    before, after = crossing_position()
    ctx = ViewContext(previous=before, last_move=str(at("d4")))
    texts = [
        VIEW.board(after, ctx),
        VIEW.panel(after, ctx),
        VIEW.panel(before, ctx),
        VIEW.prompt(after, ctx),
        VIEW.prompt(before, ctx),
        " ".join(k + v for k, v in VIEW.status(after)),
        " ".join(VIEW.options_help().values()),
        VIEW.rules_html(),
    ]
    for variant in ("tsifroshturm", "proximity"):
        state = state_from_cells(TsifrogradOptions(variant=variant), {"c3": (BLUE, 2)}, roll=(4, 3))
        texts += [
            VIEW.board(state, ViewContext()),
            VIEW.panel(state, ViewContext()),
            VIEW.prompt(state, ViewContext()),
        ]
    for text in texts:
        visible = re.sub(r"<[^>]*>", " ", text)
        visible += " ".join(re.findall(r'aria-label="([^"]*)"', text))
        words = set(re.findall(r"\b[A-Za-z]{3,}\b", visible)) - {"Proximity"}
        assert not words, words
