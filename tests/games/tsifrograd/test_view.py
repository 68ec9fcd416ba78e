"""Tsifrograd's board view and rules page: the highlighted crossing targets are the rules' own,
and the rules page (words and pictures) shows the corrected crossing rule (rules version 2)."""

import re

import pytest

from tests.games.tsifrograd.test_crossing import place
from webtabletop.core.view import ViewContext
from webtabletop.games.tsifrograd import SPEC, VIEW
from webtabletop.games.tsifrograd.legacy import old_crossing_targets
from webtabletop.games.tsifrograd.options import TsifrogradOptions
from webtabletop.games.tsifrograd.rules import CROSS, Place, state_from_cells
from webtabletop.games.tsifrograd.rules_page import EXAMPLES

ORANGE, BLUE = 0, 1
CELL = re.compile(r'<g class="([^"]*)"[^>]*data-key="cell-(\d+)"[^>]*aria-label="([^"]*)"')


def cells_of(svg: str) -> dict[int, tuple[set[str], str]]:
    return {int(i): (set(cls.split()), label) for cls, i, label in CELL.findall(svg)}


def test_highlighted_targets_are_exactly_the_rules_targets_with_their_sums():
    # the 7 (c3) touches Orange's 9 (b3), which does not touch d4: only the corrected reading
    # («она», the enemy digit, touches another of your numbers) offers the 7
    after = place({"c3": (BLUE, 7), "c2": (BLUE, 6), "b3": (ORANGE, 9)}, "d4", 5)
    assert after.phase == CROSS
    drawn = cells_of(VIEW.board(after, ViewContext()))
    target = after.grid.index_of("c3")
    assert {i for i, (cls, _) in drawn.items() if "target" in cls} == {target}
    assert drawn[target][1] == "c3: Blue 7, can be crossed out: 5 + 9 = 14 is more than 7 + 6 = 13"
    assert f'data-move="x{target}"' in VIEW.board(after, ViewContext())
    assert 'data-move="-"' in VIEW.panel(after, ViewContext())


def test_no_highlight_where_only_the_old_reading_would_cross():
    after = place({"c3": (BLUE, 7), "c2": (BLUE, 6), "e4": (ORANGE, 9)}, "d4", 5)
    assert after.phase != CROSS
    assert not any("target" in cls for cls, _ in cells_of(VIEW.board(after, ViewContext())).values())


def test_every_crossing_step_of_random_games_explains_its_targets():
    """In every crossing step met in random games, each highlighted number satisfies N + M > E + D
    with M a live number of the mover touching it (M ≥ 2), and the label says those numbers; the
    other enemy numbers touching the new one do not."""
    from webtabletop.core.rng import Rng

    seen = 0
    for seed in range(6):
        state, rng = SPEC.start(seed=seed), Rng(seed)
        while not state.is_over:
            if state.phase == CROSS:
                drawn = cells_of(VIEW.board(state, ViewContext()))
                for t in state.targets:
                    n, m, e, d = state.crossing_sums(t)
                    assert m >= 2 and n + m > e + d
                    assert f"{n} + {m} = {n + m} is more than {e} + {d} = {e + d}" in drawn[t][1]
                    seen += 1
                for e in state.grid.neighbours[state.last]:  # and the enemy numbers left alone fail it
                    if (
                        state.owners[e] == 1 - state.player
                        and not state.crossed[e]
                        and e not in state.targets
                    ):
                        n, m, v, d = state.crossing_sums(e)
                        assert m < 0 or n + m <= v + d
            legal = state.legal_moves()
            state = state.apply(legal[rng.randbelow(len(legal))])
    assert seen > 10


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.title)
def test_rules_page_examples_do_what_their_captions_say(example):
    after = example.after()
    assert tuple(after.grid.names[t] for t in after.targets) == example.targets
    drawn = cells_of(VIEW.draw(after, ViewContext(interactive=False), cls="board rules-example"))
    highlighted = {after.grid.names[i] for i, (cls, _) in drawn.items() if "target" in cls}
    assert highlighted == set(example.targets)
    assert "last" in drawn[after.grid.index_of(example.cell)][0]
    named = {int(x) for x in re.findall(r"\b\d+\b", example.caption)}  # cell names (b3) do not match
    assert {value for _owner, value in example.before.values()} | {example.number} <= named


def test_examples_2_and_3_are_the_ones_the_old_reading_got_wrong():
    for example in EXAMPLES[1:3]:
        after = example.after()
        grid = after.grid
        old = old_crossing_targets(
            grid.neighbours, after.owners, after.values, after.crossed, grid.index_of(example.cell), ORANGE
        )
        assert tuple(grid.names[t] for t in old) != example.targets


def test_source_example_2_holds_whichever_orange_digit_came_last():
    example = EXAMPLES[3]
    orange = {cell: v for cell, (owner, v) in example.before.items() if owner == ORANGE}
    orange[example.cell] = example.number
    for last, number in orange.items():
        before = {c: o for c, o in example.before.items() if c not in orange}
        before.update({c: (ORANGE, v) for c, v in orange.items() if c != last})
        state = state_from_cells(example.position().options, before, player=ORANGE, roll=(1, number - 1))
        assert state.apply(Place(state.grid.index_of(last))).targets == (), last


def test_rules_page_states_the_corrected_rule_and_what_it_rests_on():
    html = VIEW.rules_html()
    assert "<b>E</b> touches at least one other un-crossed number of the player besides N" in html
    assert "it need not touch the new cell" in html
    assert "the new cell touches at least one other" not in html  # the rules-version-1 wording
    history = VIEW.rules_history_html()  # the correction: under "Rules history", out of the rules
    assert "и она соприкасается как минимум еще с одним вашим числом" in history
    assert "и она соприкасается" not in html and "Games recorded before this correction" in history
    assert html.count("<figure") == len(EXAMPLES) == 4
    assert html.count('class="board rules-example"') == 4 and "data-move" not in html
    assert "the seed fixes every future dice roll" in html and "dice still to come" in html


def test_rules_page_examples_are_drawn_on_their_own_small_board():
    assert EXAMPLES[0].position().grid.size == TsifrogradOptions(radius=2).grid().size == 19
