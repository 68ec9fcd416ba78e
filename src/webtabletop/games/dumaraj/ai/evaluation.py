"""The DumaRaj AI's static evaluation: material (Trigon' by degree), piece-square bonuses made per
location (centre for leapers, advance for Pixas, a sheltered Raj), and a mop-up term when far
ahead (drive the enemy Raj to the border and bring one's own Raj near), so the AI mates instead of
wandering into the 100-move draw. Scores are centipawns for the side to move.
"""

from __future__ import annotations

from webtabletop.games.dumaraj.rules import engine as E
from webtabletop.games.dumaraj.rules.pieces import GON, PIXA, RAJ, TRIGON, value_of

_PST_CACHE: dict = {}


def tables(b: E.Board):
    """Per-kind, per-colour square bonuses for this location (cached per geometry)."""
    g = b.geo
    key = (id(g), b.rules.degree)
    t = _PST_CACHE.get(key)
    if t is not None and t[0] is g:
        return t[1]
    w = b.W
    x0, y0, x1, y1 = b.rect
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    span = max(x1 - x0, y1 - y0) / 2 or 1
    vals = [0] * 16
    for kind in range(1, 8):
        v = value_of(kind, b.rules.degree) if kind != RAJ else 0
        vals[kind] = v
        vals[kind | 8] = v
    pst = [[0] * (w * b.H) for _ in range(16)]
    for s in g.cells:
        x, y = s % w, s // w
        centre = 1 - max(abs(x - cx), abs(y - cy)) / span  # 1 centre .. 0 border
        for c in (0, 1):
            adv = (y - y0) if c == 0 else (y1 - y)
            depth = adv / max(1, y1 - y0)
            for kind in range(1, 8):
                if kind in (GON, TRIGON):
                    bonus = 30 * centre
                elif kind == PIXA:
                    bonus = 70 * depth * depth + 8 * centre
                elif kind == RAJ:
                    bonus = -25 * depth
                else:
                    bonus = 10 * centre
                pst[kind | c << 3][s] = int(vals[kind] + bonus)
    centre_dist = [0] * (w * b.H)
    for s in g.cells:
        x, y = s % w, s // w
        centre_dist[s] = int(abs(x - cx) + abs(y - cy))
    res = (pst, centre_dist, vals)
    if len(_PST_CACHE) > 64:
        _PST_CACHE.clear()
    _PST_CACHE[key] = (g, res)
    return res


def evaluate(b: E.Board) -> int:
    """Static score in centipawns for the side to move."""
    pst, cdist, vals = tables(b)
    sq = b.sq
    score = [0, 0]
    mat = [0, 0]
    for c in (0, 1):
        sc = 0
        m = 0
        for s in b.pcs[c]:
            p = sq[s]
            sc += pst[p][s]
            m += vals[p]
        score[c] = sc
        mat[c] = m
    total = score[0] - score[1]
    # mop-up: the stronger side drives the weaker Raj to the border and brings its own Raj
    diff = mat[0] - mat[1]
    if abs(diff) >= 300 and min(mat) <= 1300:
        strong = 0 if diff > 0 else 1
        k_s, k_w = b.kings[strong], b.kings[1 - strong]
        if k_s >= 0 and k_w >= 0:
            w = b.W
            dist = abs(k_s % w - k_w % w) + abs(k_s // w - k_w // w)
            bonus = 12 * cdist[k_w] + 6 * (14 - dist)
            total += bonus if strong == 0 else -bonus
    return total if b.side == 0 else -total
