"""How every DumaRaj game ends: progress, the 100-move rule, and the hard move cap.

*Progress* is a change no sequence of moves can undo (see :func:`engine.make`):
- a frag (a piCSbumm strike too): the number of mobs goes down;
- a rursus: the number of Pixas goes down;
- a forward Pixa move when Warp is not agreed: the Pixas' advance goes up, and a Pixa never moves
  back (under Warp a Pixa may leave over the front border and come round, so there a Pixa move is
  not progress);
- a removed line (Editor): the location never grows back.

Everything else is reversible (fleps of the other mobs, sideways Pixa moves, Warp moves) or
limited in number (Raj flexes: 2 per player; pair flexes: 3 per player), and keeps both the move
counter and the repetition history running. A cycle of any moves, arbitrary moves included,
therefore ends by threefold repetition or after :data:`DRAW_MOVES` moves without progress.

**Bound** (:func:`rules_bound`): with M mobs, P Pixas, an active area of A files and R ranks, a
game has at most ``K = M + P * (R - 1) + (A - 4) + (R - 4)`` progress moves (only ``P`` rursus
moves count for Pixas under Warp; the cuts only with the Editor), at most ``DRAW_MOVES`` moves
between two of them, so at most ``K + DRAW_MOVES * (K + 1)`` moves, each followed by at most
one Editor choice. For the Grand start with the Editor that is 47,064 plies.

**Decision** (the cap, :func:`max_plies`): a game also ends in a draw when its record reaches
:data:`PLY_CAP` plies (Editor choices count), or the rules bound if that is lower. The rules bound
of a full location is far above any game people play and far above what a share link can replay
quickly in the page; the cap keeps every link and saved game small and fast to open.
"""

from __future__ import annotations

from functools import lru_cache

from webtabletop.games.dumaraj.rules.pieces import PIXA

#: moves (turns; an Editor choice is not one) without progress that end the game in a draw
DRAW_MOVES = 100
#: the hard cap on the plies of a game record (a draw when reached)
PLY_CAP = 1000


def progress_bound(mobs: int, pixas: int, files: int, ranks: int, editor: bool, warp: bool) -> int:
    """The most progress moves a game from such a position can have."""
    advances = pixas if warp else pixas * (ranks - 1)
    cuts = (files - 4) + (ranks - 4) if editor else 0
    return mobs + advances + cuts


def bound_from(mobs: int, pixas: int, files: int, ranks: int, editor: bool, warp: bool) -> int:
    """The most plies a game from such a position can last under the rules alone."""
    k = progress_bound(mobs, pixas, files, ranks, editor, warp)
    moves = k + DRAW_MOVES * (k + 1)
    return moves * (2 if editor else 1)


@lru_cache(maxsize=128)
def rules_bound(options) -> int:
    """The rules' own bound on the plies of a game with these options (from its start position)."""
    from webtabletop.games.dumaraj.rules import fen

    pos = fen.parse_fen(options.start_fen())
    w, h = pos.width, pos.height
    x0, y0, x1, y1 = pos.rect or (0, 0, w - 1, h - 1)
    mobs = sum(1 for p in pos.cells if p)
    pixas = sum(1 for p in pos.cells if p & 7 == PIXA)
    return bound_from(mobs, pixas, x1 - x0 + 1, y1 - y0 + 1, options.editor, options.warp)


def max_plies(options) -> int:
    """The hard cap of a game record with these options: the game is a draw when it is reached."""
    return min(PLY_CAP, rules_bound(options))
