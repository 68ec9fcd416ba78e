"""How cards turn when one is placed (digest "The duel" and "Table rules"), pure functions.

Placing card X (values after Matter) on cell c by player P, all on the owners before the move:
1. Same / Plus / Minus: *contacts* are the occupied neighbours (X's side facing them vs. their side
   facing back) and, with Wall / Mirror / Anti-wall, the board edges (value A / X's own value / 0).
   Same: the equal contacts; Plus: contacts sharing one sum; Minus: sharing one difference. A group
   of two or more such contacts turns the enemy cards in it (own cards and walls never turn).
2. Standard rule (not with Block): each enemy neighbour whose facing value is lower than X's turns.
3. Combo (not with Block): each card turned by Same/Plus/Minus applies the standard rule as if just
   placed by P; cards turned so continue the chain (breadth first: chain step 2, 3, ...).
Matter: a card placed on an icon of its own colour gets +1 on every side (A+1 = S = 11), on an
icon of another colour −1 (1−1 = 0); the changed values count for every rule.
"""

from __future__ import annotations

import attrs

from webtabletop.games.htt.rules.board import WALL
from webtabletop.games.htt.rules.options import HttOptions

EMPTY = -1
WALL_VALUES = {"wall": 10, "antiwall": 0}


@attrs.frozen
class Flip:
    """A card turned by the last move: ``step`` 1 = by the placed card, 2+ = Combo chain steps."""

    cell: int
    step: int
    cause: str  # "standard", "same", "plus", "minus", "same+plus"... or "combo"


def matter_values(values: tuple[int, ...], card_matter: str, icon: str | None) -> tuple[int, ...]:
    if icon is None:
        return values
    d = 1 if icon == card_matter else -1
    return tuple(v + d for v in values)


def resolve(sides, owners: list[int], values: list, cell: int, p: int, o: HttOptions) -> list[Flip]:
    """Turn cards for a card just placed at ``cell`` by ``p`` (changes ``owners`` in place)."""
    vals = values[cell]
    enemy = 1 - p
    flips: list[Flip] = []
    nb = sides[cell]
    special: dict[int, str] = {}
    if o.same or o.plus or o.minus:
        contacts: list[tuple[int, int, int]] = []  # (cell or WALL, mine, theirs)
        for d in range(6):
            n = nb[d]
            if n == WALL:
                if o.wall != "none":
                    theirs = vals[d] if o.wall == "mirror" else WALL_VALUES[o.wall]
                    contacts.append((WALL, vals[d], theirs))
            elif owners[n] != EMPTY:
                contacts.append((n, vals[d], values[n][(d + 3) % 6]))
        if len(contacts) >= 2:
            for rule, key in (
                ("same", None),
                ("plus", lambda a, b: a + b),
                ("minus", lambda a, b: abs(a - b)),
            ):
                if not getattr(o, rule):
                    continue
                groups: dict[int, list[int]] = {}
                for n, mine, theirs in contacts:
                    if key is None:
                        if mine == theirs:
                            groups.setdefault(0, []).append(n)
                    else:
                        groups.setdefault(key(mine, theirs), []).append(n)
                for members in groups.values():
                    if len(members) >= 2:
                        for n in members:
                            if n != WALL and owners[n] == enemy:
                                special[n] = (
                                    f"{special[n]}+{rule}"
                                    if n in special and rule not in special[n]
                                    else rule
                                )
    standard: list[int] = []
    if not o.block:
        for d in range(6):
            n = nb[d]
            if n != WALL and owners[n] == enemy and n not in special and vals[d] > values[n][(d + 3) % 6]:
                standard.append(n)
    for n in sorted(set(special) | set(standard)):
        owners[n] = p
        flips.append(Flip(n, 1, special.get(n, "standard")))
    if o.combo and not o.block:
        frontier = sorted(special)
        step = 1
        while frontier:
            step += 1
            nxt = []
            for x in frontier:
                vx = values[x]
                for d in range(6):
                    n = sides[x][d]
                    if n != WALL and owners[n] == enemy and vx[d] > values[n][(d + 3) % 6]:
                        owners[n] = p
                        flips.append(Flip(n, step, "combo"))
                        nxt.append(n)
            frontier = nxt
    return flips
