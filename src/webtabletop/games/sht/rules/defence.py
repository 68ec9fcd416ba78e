"""Defences in SHT: «場のカードを好きな枚数選んで防御することができます» (the defender may choose any
number of their field cards to defend), whose values must add up to the attack or more.

Every such set is a legal defence. It is chosen card by card (rules version 2): ``+:<id>`` puts one
more field card forward, ``d:<ids>`` defends with exactly the cards put forward once they are
enough, ``decline`` gives up (also after putting cards forward: they stay on the field). This
reaches every legal set with a move list of at most (field size + 2) entries, and validates each
step instead of listing the sets.

Rules version 1 offered whole sets as one move each, from :func:`defence_sets` (cards of equal
value and equal open/closed state counted as interchangeable: only the earliest played were used;
at most 200 sets). Those sets stay offered as one-move *quick defences* at the start of a defence,
so that version 1's links and records replay unchanged; they lead to the same positions as putting
the same cards forward one by one.
"""

from __future__ import annotations

from itertools import product

from webtabletop.games.sht.rules import cards as C

#: version 1's cap on the number of whole-set defences it listed
DEFENCE_CAP = 200


def defence_sets(field: tuple, a: int, cap: int = DEFENCE_CAP) -> list[tuple[int, ...]]:
    """Canonical defending sets (card ids in field order) with total ``>= a``.

    Cards with equal value and equal open state form a group; a defence takes the first ``k`` of a
    group, for every combination of ``k``s. Sorted by (total, size, cards). Above ``cap`` sets, all
    minimal sets are kept and the others fill up to ``cap`` in that order.
    """
    groups: dict[tuple[int, bool], list[int]] = {}
    for slot in field:
        groups.setdefault((C.value(slot.card), slot.open), []).append(slot.card)
    if sum(C.value(x.card) for x in field) < a:
        return []
    keys = list(groups)
    order = {x.card: i for i, x in enumerate(field)}
    found: list[tuple[int, int, tuple[int, ...], bool]] = []
    for counts in product(*(range(len(groups[k]) + 1) for k in keys)):
        total = sum(k[0] * n for k, n in zip(keys, counts, strict=True))
        if total < a:
            continue
        chosen = [c for k, n in zip(keys, counts, strict=True) for c in groups[k][:n]]
        smallest = min(k[0] for k, n in zip(keys, counts, strict=True) if n)
        minimal = total - smallest < a
        found.append((total, len(chosen), tuple(sorted(chosen, key=order.__getitem__)), minimal))
    found.sort(key=lambda t: (t[0], t[1], t[2]))
    if len(found) > cap:
        room = max(0, cap - sum(1 for t in found if t[3]))
        kept = []
        for t in found:
            if t[3]:
                kept.append(t)
            elif room:
                kept.append(t)
                room -= 1
        found = kept
    return [t[2] for t in found]


def canonical_defence(field: tuple, chosen: tuple[int, ...]) -> tuple[int, ...]:
    """The canonical set equivalent to ``chosen`` (same count per value and open state)."""
    want: dict[tuple[int, bool], int] = {}
    on_field = {x.card: x for x in field}
    for c in chosen:
        slot = on_field[c]
        key = (C.value(c), slot.open)
        want[key] = want.get(key, 0) + 1
    out = []
    for slot in field:
        key = (C.value(slot.card), slot.open)
        if want.get(key, 0) > 0:
            out.append(slot.card)
            want[key] -= 1
    return tuple(out)


def in_field_order(field: tuple, cards) -> tuple[int, ...]:
    """``cards`` (field card ids) in the order they lie on ``field``."""
    chosen = set(cards)
    return tuple(x.card for x in field if x.card in chosen)


def total(cards) -> int:
    return sum(C.value(c) for c in cards)
