"""The pure board arithmetic of Tsifrograd, Tsifroshturm and Proximity, on plain lists.

Split from ``rules.py`` so the crossing rule (and the AI's playouts, which call these on lists in
their hot loop) stand on their own. The rules in words are in ``rules.py``'s docstring.
"""

from __future__ import annotations

from webtabletop.core.protocol import Outcome
from webtabletop.i18n import N_

EMPTY = -1
#: why a game ended (shown translated at game over)
MORE_CROSSED = N_("more enemy numbers crossed out")
HIGHER_TOTAL = N_("higher total")
EQUAL_TOTALS = N_("equal totals")
TIE_TO_SECOND = N_("a tie goes to the second player")


def crossing_targets(variant, neighbours, owners, values, crossed, cell, me) -> tuple[int, ...]:
    """Enemy cells the number at ``cell`` (just placed by ``me``) may cross out (grace aside),
    in the order of ``neighbours[cell]``.

    Tsifroshturm: the un-crossed enemy neighbours lower than N. Tsifrograd: an un-crossed enemy
    neighbour E qualifies when E touches another un-crossed number of ``me`` (M, the largest; it
    need not touch ``cell``) and N + M > E + D, D being E's owner's largest un-crossed neighbour
    of E (0 if none). Proximity has no crossing (see :func:`proximity_place`).
    """
    enemy = 1 - me
    n = values[cell]
    if variant == "tsifroshturm":
        return tuple(e for e in neighbours[cell] if owners[e] == enemy and not crossed[e] and values[e] < n)
    out = []
    for e in neighbours[cell]:
        if owners[e] != enemy or crossed[e]:
            continue
        m, d = -1, 0  # inlined attack_and_defence (the playouts' hot loop)
        for f in neighbours[e]:
            if f == cell or crossed[f]:
                continue
            owner = owners[f]
            if owner == me:
                if values[f] > m:
                    m = values[f]
            elif owner == enemy and values[f] > d:
                d = values[f]
        if m >= 0 and n + m > values[e] + d:
            out.append(e)
    return tuple(out)


def attack_and_defence(neighbours, owners, values, crossed, e, cell) -> tuple[int, int]:
    """(M, D) around the number at ``e`` once a number of the other player stands at ``cell``:
    M = the largest un-crossed number of ``cell``'s owner touching ``e``, other than ``cell``
    (-1 if there is none); D = the largest un-crossed number of ``e``'s owner touching ``e``
    (0 if there is none)."""
    me, enemy = owners[cell], owners[e]
    m, d = -1, 0
    for f in neighbours[e]:
        if f == cell or crossed[f]:
            continue
        owner = owners[f]
        if owner == me:
            if values[f] > m:
                m = values[f]
        elif owner == enemy and values[f] > d:
            d = values[f]
    return m, d


def proximity_place(neighbours, owners: list[int], values: list[int], cell: int, me: int, army: int) -> int:
    """Place ``army`` at ``cell`` in the lists; capture smaller enemies, reinforce friends. Returns captures."""
    values[cell] = army
    owners[cell] = me
    captured = 0
    for f in neighbours[cell]:
        if owners[f] == me:
            values[f] += 1
        elif owners[f] == 1 - me and values[f] < army:
            owners[f] = me
            captured += 1
    return captured


def totals(owners, values, crossed) -> tuple[int, int]:
    """Sum of each player's un-crossed numbers."""
    t = [0, 0]
    for v, o, x in zip(values, owners, crossed, strict=True):
        if o != EMPTY and not x:
            t[o] += v
    return (t[0], t[1])


def final_outcome(variant: str, crossings: tuple[int, int], sums: tuple[int, int]) -> Outcome:
    """The winner once the board is full (see the module docstring)."""
    if variant == "tsifrograd":
        scores, reason = crossings, MORE_CROSSED
    else:
        scores, reason = sums, HIGHER_TOTAL
    a, b = scores
    if a > b:
        return Outcome(0, (a, b), reason)
    if b > a:
        return Outcome(1, (a, b), reason)
    if variant == "proximity":
        return Outcome(None, (a, b), EQUAL_TOTALS)
    return Outcome(1, (a, b), TIE_TO_SECOND)
