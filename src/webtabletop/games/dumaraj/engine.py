"""The fast internal engine of DumaRaj: a mutable board with make/unmake, move generation, perft.

The public :class:`~webtabletop.games.dumaraj.rules.DumaState` is immutable; it builds a
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

Legality ("a move may not leave one's own Raj under flag") uses checkers and pins along rays for
ordinary moves (only riders can pin, warp never affects riders), and make / test / unmake for the
rare special moves (flexes, piCSbumm, cuts under Warp). With "Raj capture" there is no such rule.
"""

from __future__ import annotations

import attrs

from webtabletop.core.rng import Rng
from webtabletop.games.dumaraj.geo import Geo, geo_for
from webtabletop.games.dumaraj.lines import EAST, NORTH, SOUTH, WEST, move_sides
from webtabletop.games.dumaraj.pieces import (
    LOD,
    PIXA,
    PROMOTIONS,
    RAJ,
    SLOD,
)

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


def attacked(sq: list[int], g: Geo, t: int, e: int) -> bool:
    """Can colour ``e`` frag on bit ``t`` (is ``t`` under flag by ``e``)?"""
    for pc, af in g.leapatt[e]:
        for s in af[t]:
            if sq[s] == pc:
                return True
    eride = g.eride[e]
    for d, ray in g.rays8[t]:
        for u in ray:
            p = sq[u]
            if p:
                if eride[d][p]:
                    return True
                break
    return False


def attackers(sq: list[int], g: Geo, t: int, e: int) -> list[int]:
    """All bits from which colour ``e`` attacks ``t``."""
    out = []
    for pc, af in g.leapatt[e]:
        for s in af[t]:
            if sq[s] == pc:
                out.append(s)
    eride = g.eride[e]
    for d, ray in g.rays8[t]:
        for u in ray:
            p = sq[u]
            if p:
                if eride[d][p]:
                    out.append(u)
                break
    return out


def _check_info(sq: list[int], g: Geo, k: int, c: int):
    """(number of checkers, bits that answer a single check, pinned bit -> allowed bits)."""
    e = 1 - c
    nchk = 0
    evas = None
    pinned = None
    for pc, af in g.leapatt[e]:
        for s in af[k]:
            if sq[s] == pc:
                nchk += 1
                evas = {s}
    own = OWN[c]
    eride = g.eride[e]
    for d, ray in g.rays8[k]:
        ride = eride[d]
        own_at = -1
        for i, t in enumerate(ray):
            p = sq[t]
            if p:
                if own[p]:
                    if own_at >= 0:
                        break
                    own_at = i
                else:
                    if ride[p]:
                        if own_at < 0:
                            nchk += 1
                            evas = set(ray[: i + 1])
                        else:
                            if pinned is None:
                                pinned = {}
                            pinned[ray[own_at]] = set(ray[: i + 1])
                    break
    return nchk, evas, pinned


def _piece_moves(sq: list[int], g: Geo, c: int, s: int, p: int, out: list[int]) -> None:
    """Pseudo-legal flep/frag/rursus moves of the mob ``p`` on ``s`` (no flexes, no piCSbumm)."""
    own = OWN[c]
    bo, mv, cp, rays = g.tab[c][p & 7]
    if p & 7 == PIXA:
        promo = g.promo[c]
        for t in mv[s]:
            if not sq[t]:
                if promo[t]:
                    for k in PROMOTIONS:
                        out.append(s | t << 8 | PROMO << 16 | k << 20)
                else:
                    out.append(s | t << 8)
        enemy = OWN[1 - c]
        for t in cp[s]:
            if enemy[sq[t]]:
                if promo[t]:
                    for k in PROMOTIONS:
                        out.append(s | t << 8 | PROMO << 16 | k << 20)
                else:
                    out.append(s | t << 8)
        return
    base = s
    for t in bo[s]:
        if not own[sq[t]]:
            out.append(base | t << 8)
    for ray in rays[s]:
        for t in ray:
            q = sq[t]
            if q:
                if not own[q]:
                    out.append(base | t << 8)
                break
            out.append(base | t << 8)
    if mv[s]:
        for t in mv[s]:
            if not sq[t]:
                out.append(base | t << 8)
    if cp[s]:
        enemy = OWN[1 - c]
        for t in cp[s]:
            if enemy[sq[t]]:
                out.append(base | t << 8)


def gen_moves(b: Board) -> list[int]:
    """All legal moves of the side to move (empty when the game is over by mate/stalemate, or when
    a Raj is gone under "Raj capture")."""
    if b.editor is not None:
        return _gen_editor(b)
    c = b.side
    e = 1 - c
    k = b.kings[c]
    if k < 0 or b.kings[e] < 0:
        return []
    sq = b.sq
    g = b.geo
    rules = b.rules
    own = OWN[c]
    out: list[int] = []
    legal = not rules.raj_capture
    if legal:
        nchk, evas, pinned = _check_info(sq, g, k, c)
    else:
        nchk, evas, pinned = 0, None, None
    if nchk < 2:
        tab = g.tab[c]
        if evas is None and pinned is None:
            for s in b.pcs[c]:
                if s == k:
                    continue
                p = sq[s]
                kind = p & 7
                if kind == PIXA:
                    _piece_moves(sq, g, c, s, p, out)
                    continue
                bo, mv, cp, rays = tab[kind]
                for t in bo[s]:
                    if not own[sq[t]]:
                        out.append(s | t << 8)
                for ray in rays[s]:
                    for t in ray:
                        q = sq[t]
                        if q:
                            if not own[q]:
                                out.append(s | t << 8)
                            break
                        out.append(s | t << 8)
                if mv[s] or cp[s]:
                    enemy = OWN[e]
                    for t in mv[s]:
                        if not sq[t]:
                            out.append(s | t << 8)
                    for t in cp[s]:
                        if enemy[sq[t]]:
                            out.append(s | t << 8)
        else:
            tmp: list[int] = []
            for s in b.pcs[c]:
                if s == k:
                    continue
                allowed = evas
                if pinned is not None and s in pinned:
                    allowed = pinned[s] if evas is None else pinned[s] & evas
                if allowed is None:
                    _piece_moves(sq, g, c, s, sq[s], out)
                elif allowed:
                    tmp.clear()
                    _piece_moves(sq, g, c, s, sq[s], tmp)
                    for m in tmp:
                        if (m >> 8) & 255 in allowed:
                            out.append(m)
    # the Raj
    kp = sq[k]
    sq[k] = 0
    for t in g.adj[k]:
        if own[sq[t]]:
            continue
        if legal and attacked(sq, g, t, e):
            continue
        out.append(k | t << 8)
    sq[k] = kp
    # arbitrary moves, checked by make / test / unmake
    special: list[int] = []
    if b.bumm is not None and rules.picsbumm:
        over = b.bumm[0]
        mine = PIXA | c << 3
        for s in g.attfrom[c][PIXA][over]:
            if sq[s] == mine:
                special.append(s | over << 8 | BUMM << 16)
    ctr = b.ctr
    if rules.raj_flex and ctr[c] != 3 and g.half[c][k] and not attacked(sq, g, k, e):
        rbd = g.rays_by_dir[k]
        for bit, partner, dirs in ((1, LOD | c << 3, range(4)), (2, SLOD | c << 3, range(4, 8))):
            if ctr[c] & bit:
                continue
            for d in dirs:
                for t in rbd[d]:
                    q = sq[t]
                    if q:
                        if q == partner and g.half[c][t]:
                            special.append(k | t << 8 | RAJFLEX << 16)
                        break
    if rules.pair_flex and ctr[2 + c] < PAIR_FLEX_MAX and ctr[4 + c] >= PAIR_FLEX_GAP:
        lod, slod = LOD | c << 3, SLOD | c << 3
        for s in b.pcs[c]:
            if sq[s] == lod:
                for t in g.adj[s]:
                    if sq[t] == slod:
                        special.append(s | t << 8 | PAIRFLEX << 16)
    if special:
        for m in special:
            kind = (m >> 16) & 15
            make(b, m)
            if kind == RAJFLEX:
                ok = not attacked(b.sq, b.geo, b.kings[c], e)
            else:
                ok = not legal or not attacked(b.sq, b.geo, b.kings[c], e)
            unmake(b)
            if ok:
                out.append(m)
    return out


def gen_tactical(b: Board) -> list[int]:
    """Legal frags, rursus moves and piCSbumm strikes, for a side *not* under flag (the AI's
    quiescence search). Outside the Editor phase only."""
    c = b.side
    e = 1 - c
    k = b.kings[c]
    if k < 0 or b.kings[e] < 0 or b.editor is not None:
        return []
    sq = b.sq
    g = b.geo
    enemy = OWN[e]
    legal = not b.rules.raj_capture
    pinned = _check_info(sq, g, k, c)[2] if legal else None
    tab = g.tab[c]
    out: list[int] = []
    for s in b.pcs[c]:
        if s == k:
            continue
        p = sq[s]
        kind = p & 7
        bo, mv, cp, rays = tab[kind]
        start = len(out)
        if kind == PIXA:
            promo = g.promo[c]
            for t in mv[s]:
                if promo[t] and not sq[t]:
                    for pk in PROMOTIONS:
                        out.append(s | t << 8 | PROMO << 16 | pk << 20)
            for t in cp[s]:
                if enemy[sq[t]]:
                    if promo[t]:
                        for pk in PROMOTIONS:
                            out.append(s | t << 8 | PROMO << 16 | pk << 20)
                    else:
                        out.append(s | t << 8)
        else:
            for t in bo[s]:
                if enemy[sq[t]]:
                    out.append(s | t << 8)
            for ray in rays[s]:
                for t in ray:
                    q = sq[t]
                    if q:
                        if enemy[q]:
                            out.append(s | t << 8)
                        break
            for t in cp[s]:
                if enemy[sq[t]]:
                    out.append(s | t << 8)
        if pinned is not None and s in pinned and len(out) > start:
            allowed = pinned[s]
            keep = [m for m in out[start:] if (m >> 8) & 255 in allowed]
            del out[start:]
            out.extend(keep)
    kp = sq[k]
    sq[k] = 0
    for t in g.adj[k]:
        if enemy[sq[t]] and not (legal and attacked(sq, g, t, e)):
            out.append(k | t << 8)
    sq[k] = kp
    if b.bumm is not None and b.rules.picsbumm:
        over = b.bumm[0]
        mine = PIXA | c << 3
        for s in g.attfrom[c][PIXA][over]:
            if sq[s] == mine:
                m = s | over << 8 | BUMM << 16
                make(b, m)
                ok = not legal or not attacked(b.sq, b.geo, b.kings[c], e)
                unmake(b)
                if ok:
                    out.append(m)
    return out


def _gen_editor(b: Board) -> list[int]:
    out = []
    c = b.side
    for line in b.editor or ():
        m = line | CUT << 16
        if b.rules.warp and not b.rules.raj_capture:
            make(b, m)
            ok = not attacked(b.sq, b.geo, b.kings[c], 1 - c)
            unmake(b)
            if not ok:
                continue
        out.append(m)
    out.append(SKIP << 16)
    return out


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


def perft(b: Board, depth: int) -> int:
    """Leaf count of the move tree (an Editor cut or skip is a ply of its own)."""
    if depth <= 0:
        return 1
    moves = gen_moves(b)
    if depth == 1:
        return len(moves)
    n = 0
    for m in moves:
        make(b, m)
        n += perft(b, depth - 1)
        unmake(b)
    return n
