"""The guided first game's tips point where the cards really turn.

A tip names each card the marked move turns by where it touches the placed card ("on its left",
"at its bottom right") and by the two values that meet ("7 against 6"). These tests replay the
lesson's line through the rules and read both from the board's geometry, so a tip that points
the wrong way ("top left and on the right", where the cards that turn are on the left and at the
bottom right) fails here.
"""

from __future__ import annotations

from webtabletop.core.grid import HEX_DIRECTIONS
from webtabletop.games.htt.learn.lessons import FIRST_GAME
from webtabletop.games.htt.rules.cards import values_text

#: where a neighbour touches a card, in the order of HEX_DIRECTIONS (E, NE, NW, W, SW, SE)
WHERE = (
    "on its right",
    "at its top right",
    "at its top left",
    "on its left",
    "at its bottom left",
    "at its bottom right",
)


def learner_moves():
    """(tip shown before the move, {side: (placed card's value, turned card's value)} of the
    cards it turned) for each of the learner's moves of the lesson's line."""
    state = FIRST_GAME.start()
    grid = state.board.grid
    learner = state.to_move()
    solution, replies = list(FIRST_GAME.solution), list(FIRST_GAME.replies)
    played = 0
    while solution:
        if state.to_move() != learner:
            state = state.apply_code(replies.pop(0))
            continue
        tip = FIRST_GAME.tip(played)
        after = state.apply_code(solution.pop(0))
        played += 1
        q, r = grid.coords[after.last]
        sides = {}
        for flip in after.flips:
            fq, fr = grid.coords[flip.cell]
            side = HEX_DIRECTIONS.index((fq - q, fr - r))
            sides[side] = (
                values_text((after.values[after.last][side],)),
                values_text((after.values[flip.cell][(side + 3) % 6],)),
            )
        yield tip, sides
        state = after


def test_every_tip_names_the_side_and_the_values_of_each_card_its_move_turns():
    checked = 0
    for n, (tip, sides) in enumerate(learner_moves(), 1):
        for side, (mine, theirs) in sides.items():
            said = f"{WHERE[side]}, {mine} against {theirs}"
            assert said in tip, f"move {n}: the tip should say “{said}”: {tip}"
            checked += 1
    assert checked == 4  # the third move turns two cards, the fourth two more


def test_no_tip_names_a_side_where_nothing_turns():
    for n, (tip, sides) in enumerate(learner_moves(), 1):
        for side, words in enumerate(WHERE):
            if side not in sides:
                assert words not in tip, f"move {n}: nothing turns {words}: {tip}"
