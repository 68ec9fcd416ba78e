"""DumaRaj's puzzle kinds (``learn/puzzle.py``): "win with one move" (a flag the Raj cannot
escape, or any other end the rules score as your win). Open information and no dice: a move's
score is exact.
"""

from __future__ import annotations

from importlib import resources

from webtabletop.i18n import _
from webtabletop.learn.puzzle import Kind, PuzzleBook, one_turn, wins

#: the options puzzles are mined on (the standard board and moves)
MINE_OPTIONS: dict = {}


WIN = Kind(
    id="win",
    goal=lambda n: _("Win the game with one move."),
    explain=lambda n, others: _("That move wins at once; no other move does."),
    score=one_turn(wins),
    minimum=1,
    reached=wins,
)

KINDS = (WIN,)


#: what the shared puzzle screens and the miner ask of this game
BOOK = PuzzleBook(
    kinds=KINDS,
    file=resources.files(__package__ or __name__).joinpath("puzzles.json"),
    mine_options=MINE_OPTIONS,
)
