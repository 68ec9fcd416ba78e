"""The fast internal engine of DumaRaj: a mutable board with make/unmake (move generation and
perft: :mod:`~webtabletop.games.dumaraj.rules.movegen`; attack tests: :mod:`~webtabletop.games.dumaraj.rules.attacks`).

The public :class:`~webtabletop.games.dumaraj.rules.state.DumaState` is immutable; it builds a
:class:`Board` when it needs moves and reads the result back. Search (perft, the AI) works on one
Board with :func:`make` / :func:`unmake`.

Representation
- ``sq``: flat list of ``W*H`` piece codes (index ``y*W + x``, y = 0 is the first player's back
  rank). Code 0 = empty; ``kind | colour << 3`` with kinds Raj=1 .. Pixa=7, colour 0 or 1.
- Movement comes only from the Betza descriptions in :mod:`pieces`: :class:`Geo` turns them into
  per-square tables (leaps, rays, reverse attack lists) for one board size, active area (the
  Editor removes outer lines), Trigon' degree and Warp. Tables are cached per key.
- Moves are ints: ``from | to << 8 | kind << 16 | promo << 20``; an Editor cut stores the line
  id (rank y -> y, file x -> 16 + x) in the ``from`` field.
"""

from __future__ import annotations

import attrs

from webtabletop.core.rng import Rng
from webtabletop.games.dumaraj.rules.attacks import attacked
from webtabletop.games.dumaraj.rules.geo import geo_for
from webtabletop.games.dumaraj.rules.lines import EAST, NORTH, SOUTH, WEST, move_sides
from webtabletop.games.dumaraj.rules.pieces import LOD, PIXA, RAJ

# move kinds
NORMAL, PROMO, RAJFLEX, PAIRFLEX, BUMM, CUT, SKIP = range(7)
FILE_LINE = 16  # line id of file x is FILE_LINE + x

#: pair flexes per player and game («не более 3 раз за партию»)
PAIR_FLEX_MAX = 3
#: own moves that must pass between two pair flexes: «Флекс возможно повторить только через 3
#: хода» = a pair flex on own move n allows the next one on own move n + 3 (n+1, n+2 pass)
PAIR_FLEX_GAP = 2
#: the "own moves since the last pair flex" counter stops here (3 = three or more, or none yet)
PAIR_FLEX_SINCE_MAX = 3
#: the counters of a position no flex has touched
START_CTR = (0, 0, 0, 0, PAIR_FLEX_SINCE_MAX, PAIR_FLEX_SINCE_MAX)


#: OWN[c][p]: piece code p belongs to colour c (False for empty)
OWN = (
    [0 < p < 8 for p in range(16)],
    [p > 8 for p in range(16)],
)


def mk(frm: int, to: int, kind: int = NORMAL, promo: int = 0) -> int:
    return frm | (to << 8) | (kind << 16) | (promo << 20)


def m_from(m: int) -> int:
    return m & 255


def m_to(m: int) -> int:
    return (m >> 8) & 255


def m_kind(m: int) -> int:
    return (m >> 16) & 15


def m_promo(m: int) -> int:
    return (m >> 20) & 7


@attrs.frozen
class Rules:
    """The agreed rule options the engine needs (built from the game options)."""

    degree: int = 2
    raj_capture: bool = False
    raj_flex: bool = False
    pair_flex: bool = False
    editor: bool = False
    warp: bool = False
    picsbumm: bool = False


# --- Zobrist keys (deterministic everywhere: our own generator) ---------------------------------
_zr = Rng.from_seed("dumaraj-zobrist")
ZOB = [[_zr.next_u64() for _ in range(144)] for _ in range(16)]
ZSIDE = _zr.next_u64()
del _zr


class Board:
    """A mutable position. ``ctr`` = (Raj flexes used by 0, by 1 (bit 1 Lod', bit 2 Slod'),
    pair flexes used by 0, by 1, own moves of 0, of 1 since their last pair flex (capped at 3; 3
    also when there was none)); ``bumm`` = (leaped-over bit, leaper bit) or None; ``editor`` =
    offered line ids while the mover may cut a line, else None; ``half`` = moves since the last
    progress (see :func:`make`)."""

    __slots__ = (
        "W",
        "H",
        "sq",
        "side",
        "rect",
        "ctr",
        "bumm",
        "editor",
        "half",
        "full",
        "rules",
        "geo",
        "pcs",
        "kings",
        "h",
        "stack",
    )

    def __init__(
        self,
        w: int,
        h: int,
        sq: list[int],
        side: int,
        rules: Rules,
        rect: tuple[int, int, int, int] | None = None,
        ctr: tuple[int, int, int, int, int, int] = START_CTR,
        bumm: tuple[int, int] | None = None,
        editor: tuple[int, ...] | None = None,
        half: int = 0,
        full: int = 1,
    ) -> None:
        self.W, self.H = w, h
        self.sq = list(sq)
        self.side = side
        self.rules = rules
        self.rect = rect if rect is not None else (0, 0, w - 1, h - 1)
        self.ctr = ctr
        self.bumm = bumm
        self.editor = editor
        self.half = half
        self.full = full
        self.geo = geo_for(w, h, self.rect, rules.degree, rules.warp)
        self.pcs: list[set[int]] = [set(), set()]
        self.kings = [-1, -1]
        hh = ZSIDE if side else 0
        for s, p in enumerate(self.sq):
            if p:
                self.pcs[p >> 3].add(s)
                hh ^= ZOB[p][s]
                if p & 7 == RAJ:
                    self.kings[p >> 3] = s
        self.h = hh
        self.stack: list = []

    def copy(self) -> Board:
        return Board(
            self.W,
            self.H,
            self.sq,
            self.side,
            self.rules,
            self.rect,
            self.ctr,
            self.bumm,
            self.editor,
            self.half,
            self.full,
        )

    def clone(self) -> Board:
        """The same position (without the move stack), faster than :meth:`copy`."""
        b = Board.__new__(Board)
        b.W, b.H, b.side, b.rules, b.rect, b.ctr = self.W, self.H, self.side, self.rules, self.rect, self.ctr
        b.bumm, b.editor, b.half, b.full, b.geo, b.h = (
            self.bumm,
            self.editor,
            self.half,
            self.full,
            self.geo,
            self.h,
        )
        b.sq = list(self.sq)
        b.pcs = [set(self.pcs[0]), set(self.pcs[1])]
        b.kings = list(self.kings)
        b.stack = []
        return b

    def key(self) -> tuple:
        """Everything that makes two positions the same (for repetition and the AI's table)."""
        return (self.h, self.rect, self.ctr, self.bumm, self.editor)

    def in_check(self, c: int | None = None) -> bool:
        c = self.side if c is None else c
        k = self.kings[c]
        return k >= 0 and attacked(self.sq, self.geo, k, 1 - c)


def _put(b: Board, s: int, p: int, changes: list) -> None:
    sq = b.sq
    old = sq[s]
    changes.append((s, old))
    if old:
        b.pcs[old >> 3].discard(s)
        b.h ^= ZOB[old][s]
        if old & 7 == RAJ and b.kings[old >> 3] == s:
            b.kings[old >> 3] = -1
    sq[s] = p
    if p:
        b.pcs[p >> 3].add(s)
        b.h ^= ZOB[p][s]
        if p & 7 == RAJ:
            b.kings[p >> 3] = s


def mover_kind(b: Board, m: int) -> int:
    """The kind of the mob that made move ``m`` (already made on ``b``): a rursus and a piCSbumm
    strike were made by a Pixa; after a flex the mob of the ``from`` field stands on ``to``."""
    if (m >> 16) & 15 in (BUMM, PROMO):
        return PIXA
    return b.sq[(m >> 8) & 255] & 7


def offered_lines(b: Board, m: int) -> tuple[int, ...]:
    """Lines the Editor may cut after move ``m`` (already made): outer lines behind the moved mob
    (:mod:`lines`: the union over the segments of its path), completely empty, the area stays at
    least 4x4, and no Pixa would stand on its finist line. In line-id order."""
    frm, to = m & 255, (m >> 8) & 255
    c = b.side
    rules = b.rules
    x0, y0, x1, y1 = b.rect
    mask = move_sides(mover_kind(b, m), c, frm, to, b.W, b.rect, rules.degree, rules.warp)
    w = b.W
    sq = b.sq
    out = []
    if y1 - y0 + 1 > 4:
        # the southern rank goes: the second player's finist moves up to y0 + 1, and back
        for side, y, ny, bad in ((SOUTH, y0, y0 + 1, PIXA | 8), (NORTH, y1, y1 - 1, PIXA)):
            row = range(x0, x1 + 1)
            if (
                mask & side
                and not any(sq[y * w + x] for x in row)
                and not any(sq[ny * w + x] == bad for x in row)
            ):
                out.append(y)
    if x1 - x0 + 1 > 4:
        for side, x in ((WEST, x0), (EAST, x1)):
            if mask & side and not any(sq[y * w + x] for y in range(y0, y1 + 1)):
                out.append(FILE_LINE + x)
    return tuple(out)


def make(b: Board, m: int) -> None:
    """Play ``m`` (assumed legal) on ``b``; :func:`unmake` takes it back.

    ``half`` counts moves (Editor choices aside) since the last *progress*, a change that can
    never be undone: a frag (and piCSbumm), a rursus, a forward Pixa move without Warp, a removed
    line. Flexes, sideways Pixa moves, Pixa moves under Warp (a Pixa may come round over the
    front border) and every other move are reversible or bounded and leave it running."""
    c = b.side
    e = 1 - c
    kind = (m >> 16) & 15
    saved = (b.bumm, b.half, b.full, b.editor, b.geo, b.rect, b.ctr, b.h, c, (b.kings[0], b.kings[1]))
    changes: list = []
    b.stack.append((saved, changes))
    if kind >= CUT:
        if kind == CUT:
            line = m & 255
            x0, y0, x1, y1 = b.rect
            if line >= FILE_LINE:
                x = line - FILE_LINE
                rect = (x0 + 1, y0, x1, y1) if x == x0 else (x0, y0, x1 - 1, y1)
            else:
                rect = (x0, y0 + 1, x1, y1) if line == y0 else (x0, y0, x1, y1 - 1)
            b.rect = rect
            b.geo = geo_for(b.W, b.H, rect, b.rules.degree, b.rules.warp)
            if b.bumm is not None and not (b.geo.active[b.bumm[0]] and b.geo.active[b.bumm[1]]):
                b.bumm = None
            b.half = 0  # a removed line never comes back: progress
        b.editor = None
        b.side = e
        b.h ^= ZSIDE
        if c:
            b.full += 1
        return
    sq = b.sq
    frm, to = m & 255, (m >> 8) & 255
    rules = b.rules
    old_bumm = b.bumm
    b.bumm = None
    reset = False
    if kind in (NORMAL, PROMO):
        p = sq[frm]
        if sq[to]:
            reset = True
        np = p if kind == NORMAL else ((m >> 20) & 7) | c << 3
        _put(b, frm, 0, changes)
        _put(b, to, np, changes)
        if p & 7 == PIXA:
            # progress: rursus, or (without Warp, which lets a Pixa come round) a step forward
            if kind == PROMO or (not rules.warp and (to // b.W - frm // b.W) * (1 - 2 * c) > 0):
                reset = True
            if rules.picsbumm and kind == NORMAL:  # a leap ending in rursus cannot be struck
                over = b.geo.pix_over[c][frm].get(to)
                if over is not None:
                    ep = PIXA | e << 3
                    for s in b.geo.attfrom[e][PIXA][over]:
                        if sq[s] == ep:
                            b.bumm = (over, to)
                            break
    elif kind in (RAJFLEX, PAIRFLEX):
        p, q = sq[frm], sq[to]
        _put(b, frm, q, changes)
        _put(b, to, p, changes)
        if kind == RAJFLEX:
            ctr = list(b.ctr)
            ctr[c] |= 1 if q & 7 == LOD else 2
            b.ctr = tuple(ctr)  # type: ignore[assignment]
    else:  # BUMM
        over, leaper = old_bumm  # type: ignore[misc]
        _put(b, frm, 0, changes)
        _put(b, leaper, 0, changes)
        if sq[over] == PIXA | e << 3:
            _put(b, over, 0, changes)
        reset = True
    if rules.pair_flex and (kind == PAIRFLEX or b.ctr[4 + c] < PAIR_FLEX_SINCE_MAX):
        ctr = list(b.ctr)
        if kind == PAIRFLEX:
            ctr[2 + c] += 1
            ctr[4 + c] = 0
        else:
            ctr[4 + c] += 1
        b.ctr = tuple(ctr)  # type: ignore[assignment]
    b.half = 0 if reset else b.half + 1
    if rules.editor and b.kings[e] >= 0:
        lines = offered_lines(b, m)
        if lines:
            b.editor = lines
            return
    b.side = e
    b.h ^= ZSIDE
    if c:
        b.full += 1


def unmake(b: Board) -> None:
    saved, changes = b.stack.pop()
    b.bumm, b.half, b.full, b.editor, b.geo, b.rect, b.ctr, b.h, b.side, kings = saved
    b.kings[0], b.kings[1] = kings
    sq = b.sq
    pcs = b.pcs
    for s, old in reversed(changes):
        cur = sq[s]
        if cur:
            pcs[cur >> 3].discard(s)
        if old:
            pcs[old >> 3].add(s)
        sq[s] = old
