"""Tsifrograd's puzzle kinds (``learn/puzzle.py``): "cross out N numbers this turn".

The dice of the turn are rolled and shown; a turn is the placement and its cross-outs, so the
dice still to come play no part. A placement's score is the most enemy numbers its cross-outs
can take, every order of crossing searched.
"""

from __future__ import annotations

from importlib import resources

from webtabletop.games.tsifrograd.rules import TsifroState
from webtabletop.i18n import _, ngettext
from webtabletop.learn.puzzle import Kind, PuzzleBook, one_turn

#: the options puzzles are mined on (the normal board; Tsifrograd itself)
MINE_OPTIONS: dict = {}


def is_turn_start(state: TsifroState) -> bool:
    return state.phase == "place"


def crossed(start: TsifroState, now: TsifroState) -> int:
    me = start.to_move()
    return now.crossings[me] - start.crossings[me]


CROSS = Kind(
    id="cross",
    goal=lambda n: ngettext(
        "Cross out {n} enemy number this turn.", "Cross out {n} enemy numbers this turn.", n
    ).format(n=n),
    explain=lambda n, others: (
        ngettext(
            "No other placement lets you cross out more than {others} number.",
            "No other placement lets you cross out more than {others} numbers.",
            others,
        ).format(others=others)
        if others
        else _(
            "To cross out, your number must touch the enemy's, and your total around it must beat "
            "theirs; no other placement lets you cross any out."
        )
    ),
    score=one_turn(crossed),
    minimum=1,
    reached=crossed,
)

KINDS = (CROSS,)


def knowledge(state: TsifroState) -> str:
    return _("The dice are rolled: you write {number}. Only this turn counts, so the dice to come do not matter.").format(
        number=state.number
    )


#: what the shared puzzle screens and the miner ask of this game
BOOK = PuzzleBook(
    kinds=KINDS,
    file=resources.files(__package__ or __name__).joinpath("puzzles.json"),
    mine_options=MINE_OPTIONS,
    is_turn_start=is_turn_start,
    knowledge=knowledge,
)
