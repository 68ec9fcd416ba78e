"""Attack tests of DumaRaj's engine: which pieces of a colour frag a square (the Raj's flag).

Pure functions of the board's squares and its :class:`~webtabletop.games.dumaraj.rules.geo.Geo` tables
(leaps and their reverse lists, rays): :mod:`~webtabletop.games.dumaraj.rules.engine` (``in_check``) and
:mod:`~webtabletop.games.dumaraj.rules.movegen` (legality) both use them.
"""

from __future__ import annotations

from webtabletop.games.dumaraj.rules.geo import Geo


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
