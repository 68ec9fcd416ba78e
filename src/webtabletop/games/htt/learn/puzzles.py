"""Hexagonal Triple Triad's puzzle kinds (``learn/puzzle.py``): "turn N cards with one placement".

A placement turns cards by the table's rules alone (Same, Plus, Combo …), so the enemy's hidden
hand plays no part: a placement's score is the number of enemy cards it turns, exactly.
"""

from __future__ import annotations

from importlib import resources

from webtabletop.games.htt.rules.state import PLAY, HttState
from webtabletop.i18n import _, ngettext
from webtabletop.learn.puzzle import Kind, PuzzleBook, one_turn

#: the options puzzles are mined on (the default table)
MINE_OPTIONS: dict = {}


def is_turn_start(state: HttState) -> bool:
    return state.phase == PLAY


def turned(start: HttState, now: HttState) -> int:
    """The enemy cards the learner's placement turned."""
    me = start.to_move()
    return max(0, now.owners.count(me) - start.owners.count(me) - 1)


TURN = Kind(
    id="turn",
    goal=lambda n: ngettext(
        "Turn {n} enemy card with one placement.", "Turn {n} enemy cards with one placement.", n
    ).format(n=n),
    explain=lambda n, others: (
        ngettext(
            "No other placement turns more than {others} card.",
            "No other placement turns more than {others} cards.",
            others,
        ).format(others=others)
        if others
        else _("No other placement turns any card.")
    ),
    score=one_turn(turned),
    minimum=2,
    reached=turned,
)

KINDS = (TURN,)


def knowledge(state: HttState) -> str:
    if state.options.open:
        return _("Both hands are open. Only this placement counts.")
    return _("The enemy's hand is hidden, but it plays no part: only the cards on the table and yours count.")


#: what the shared puzzle screens and the miner ask of this game
BOOK = PuzzleBook(
    kinds=KINDS,
    file=resources.files(__package__ or __name__).joinpath("puzzles.json"),
    mine_options=MINE_OPTIONS,
    is_turn_start=is_turn_start,
    knowledge=knowledge,
)
