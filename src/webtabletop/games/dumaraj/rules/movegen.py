"""Move generation of DumaRaj's engine: every legal move of a :class:`~webtabletop.games.dumaraj.rules.engine.Board`,
the tactical subset the AI's quiescence search uses, and perft.

Legality ("a move may not leave one's own Raj under flag") uses checkers and pins along rays for
ordinary moves (only riders can pin, warp never affects riders), and make / test / unmake for the
rare special moves (flexes, piCSbumm, cuts under Warp). With "Raj capture" there is no such rule.
"""

from __future__ import annotations

from webtabletop.games.dumaraj.rules.attacks import attacked
from webtabletop.games.dumaraj.rules.engine import (
    BUMM,
    CUT,
    OWN,
    PAIR_FLEX_GAP,
    PAIR_FLEX_MAX,
    PAIRFLEX,
    PROMO,
    RAJFLEX,
    SKIP,
    Board,
    make,
    unmake,
)
from webtabletop.games.dumaraj.rules.geo import Geo
from webtabletop.games.dumaraj.rules.pieces import LOD, PIXA, PROMOTIONS, SLOD


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
