"""DumaRaj's puzzle kinds (``learn/puzzle.py``): "win with one move" (a flag the Raj cannot
escape, or any other end the rules score as your win). Open information and no dice: a move's
score is exact.
"""

from __future__ import annotations

from webtabletop.i18n import _
from webtabletop.learn.puzzle import Kind, one_turn, win_gauge

#: the options puzzles are mined on (the standard board and moves)
MINE_OPTIONS: dict = {}


WIN = Kind(
    id="win",
    goal=lambda n: _("Win the game with one move."),
    explain=lambda move, n, others: _("{move} wins at once; no other move does.").format(move=move),
    score=one_turn(win_gauge),
    minimum=1,
    reached=win_gauge,
)

KINDS = (WIN,)
