"""The set rules: the seeded set generator and the level-3 correction (digest "Sets"); the checker
of these rules is :mod:`webtabletop.games.htt.rules.sets.check`.

- the same number of cards (6..12) on each of levels 1..10, and 3..6 cards of level 11;
- at most one card with three A and at most three cards with two A per set;
- every card obeys the level table (:func:`webtabletop.games.htt.rules.cards.card_problems`);
- within a level, card sums spread evenly over the allowed sums. Each A count has a range of three
  sums (min, middle, max); a card's *position* is its sum minus its range's minimum. With ``n``
  cards the positions are taken ``q, q, q`` times when ``n = 3q``; ``q, q+1, q`` when ``n = 3q+1``;
  ``q+1, q, q+1`` when ``n = 3q+2`` (the middle gets one more or one fewer);
- matter: on each level the first five cards (in set order) carry five different colours (all of
  the level's cards when it has fewer); over the whole set the colour counts differ by at most one;
- rarity weights are whole numbers 1..100 (higher = more common in packs).

Old level-3 cards (sum 18 or 19, allowed by rules version 1) are *warnings*, not errors: a set
holding them still loads and plays, and the level-3 spread is not checked while it holds them.
"""

from __future__ import annotations

import attrs

from webtabletop.core.rng import Rng
from webtabletop.games.htt.rules.cards import (
    MATTERS,
    MAX_VALUE,
    SUMS,
    A,
    Card,
    count_a,
    sum_position,
)
from webtabletop.games.htt.rules.sets.cardset import (
    LEVEL11,
    MAX_NAME,
    MAX_TWO_A,
    PER_LEVEL,
    SET_ID_RE,
    CardSet,
    card_id,
)
from webtabletop.i18n import _

#: the table of rules version 1 (level 3: 18..22), used only to rebuild the built-in sets as shipped
V1_SUMS = {**SUMS, 3: {0: (18, 22)}}


def position_counts(n: int, width: int) -> list[int]:
    """How many of ``n`` cards take each of ``width`` sums (3: middle ±1 rule; 5, only for rules
    version 1's level 3: as even as possible)."""
    if width == 3:
        q, r = divmod(n, 3)
        return [q, q + 1, q] if r == 1 else [q + 1, q, q + 1] if r == 2 else [q, q, q]
    q, r = divmod(n, width)
    counts = [q] * width
    extra = {0: [], 1: [2], 2: [0, 4], 3: [0, 2, 4], 4: [0, 1, 3, 4]}[r] if width == 5 else list(range(r))
    for i in extra:
        counts[i] += 1
    return counts


def level_width(level: int, table: dict = SUMS) -> int:
    lo, hi = next(iter(table[level].values()))
    return hi - lo + 1


def rarity_for(level: int, values: tuple[int, ...]) -> int:
    """Generator's weight: the higher the sum within the level, the rarer; two/three A rarer still."""
    width = level_width(level)
    pos = sum_position(level, values) or 0
    w = 2 + (width - 1 - pos)
    n_a = count_a(values)
    if n_a == 3:
        return 1
    if n_a == 2:
        return max(1, w - 1)
    return w


def _random_values(rng: Rng, level: int, n_a: int, total: int) -> tuple[int, ...]:
    """Six values with ``n_a`` A (three A never neighbouring), the rest 1..max summing to ``total``."""
    limit = MAX_VALUE[level]
    k = 6 - n_a
    rest = total - A * n_a
    vals = [1] * k
    spare = rest - k
    if spare < 0 or spare > k * (limit - 1):
        raise ValueError(f"no card of level {level} with {n_a} A sums to {total}")
    while spare:
        i = rng.randbelow(k)
        if vals[i] < limit:
            vals[i] += 1
            spare -= 1
    if n_a == 3:
        a_sides = [0, 2, 4] if rng.randbelow(2) == 0 else [1, 3, 5]
    else:
        a_sides = sorted(rng.sample(range(6), n_a))
    out = []
    it = iter(vals)
    for side in range(6):
        out.append(A if side in a_sides else next(it))
    return tuple(out)


def generate_set(
    seed: int,
    per_level: int = 8,
    level11: int = 6,
    name: str = "",
    theme: str = "",
    set_id: str | None = None,
    names: list[str] | None = None,
    table: dict = SUMS,
) -> CardSet:
    """A set obeying every set rule, from ``seed`` (same arguments → same set).

    ``names`` (optional) gives card names in set order (levels 1..11); missing names are made up
    from the set's name ("<set name> 3b"). ``table`` = :data:`V1_SUMS` makes the set rules version
    1 made (only to rebuild the built-in sets as shipped, see :func:`correct_level3`).
    """
    if not PER_LEVEL[0] <= per_level <= PER_LEVEL[1]:
        raise ValueError(
            _("cards per level must be {min}..{max}, not {value}").format(min=PER_LEVEL[0], max=PER_LEVEL[1], value=per_level)
        )
    if not LEVEL11[0] <= level11 <= LEVEL11[1]:
        raise ValueError(
            _("level-11 cards must be {min}..{max}, not {value}").format(min=LEVEL11[0], max=LEVEL11[1], value=level11)
        )
    rng = Rng.from_seed(seed)
    set_id = set_id or f"s{seed & 0xFFFFFFFF:x}"
    if not SET_ID_RE.match(set_id):
        raise ValueError(
            _("set id {id} must be 1..16 lower-case letters, digits or _").format(id=repr(set_id)[:40])
        )
    name = name or _("Set {id}").format(id=set_id)
    counts = {lv: (level11 if lv == 11 else per_level) for lv in range(1, 12)}

    # Number of A per card: 1 on levels 9..11; then at most one 3-A card (level 10/11) and up to
    # three 2-A cards (levels 9..11), chosen at random.
    slots = {lv: [0 if lv <= 8 else 1] * counts[lv] for lv in counts}
    high = [(lv, i) for lv in (9, 10, 11) for i in range(counts[lv])]
    if rng.randbelow(2):
        lv, i = rng.choice([s for s in high if s[0] >= 10])
        slots[lv][i] = 3
    free = [s for s in high if slots[s[0]][s[1]] == 1]
    for lv, i in rng.sample(free, rng.randint(0, MAX_TWO_A)):
        slots[lv][i] = 2

    # Values: sum positions spread per the rule, shuffled within the level; no duplicate cards.
    seen: set[tuple[int, ...]] = set()
    values: dict[int, list[tuple[int, ...]]] = {}
    for lv in range(1, 12):
        width = level_width(lv, table)
        positions = [p for p, c in enumerate(position_counts(counts[lv], width)) for _ in range(c)]
        rng.shuffle(positions)
        row = []
        for i, pos in enumerate(positions):
            n_a = slots[lv][i]
            lo, _hi = table[lv][n_a]
            for _attempt in range(60):
                v = _random_values(rng, lv, n_a, lo + pos)
                if v not in seen:
                    break
            seen.add(v)
            row.append(v)
        values[lv] = row

    # Matter: first five cards of each level get five different colours; the rest are handed out
    # level by level (1 up), always to a colour with the fewest cards so far (ties at random).
    tally = dict.fromkeys(MATTERS, 0)
    matters: dict[int, list[str | None]] = {}
    for lv in range(1, 12):
        first = min(5, counts[lv])
        low = sorted(MATTERS, key=lambda m: tally[m])
        least = [m for m in MATTERS if tally[m] == tally[low[0]]]
        rest = [m for m in MATTERS if m not in least]
        pick = rng.sample(least, min(first, len(least)))
        if len(pick) < first:
            pick += rng.sample(rest, first - len(pick))
        rng.shuffle(pick)
        for m in pick:
            tally[m] += 1
        matters[lv] = [*pick, *([None] * (counts[lv] - first))]
    for lv in range(1, 12):
        for i in range(5, counts[lv]):
            fewest = min(tally.values())
            m = rng.choice([c for c in MATTERS if tally[c] == fewest])
            tally[m] += 1
            matters[lv][i] = m

    cards = []
    k = 0
    for lv in range(1, 12):
        for i in range(counts[lv]):
            cid = card_id(set_id, lv, i)
            cname = names[k] if names and k < len(names) else made_name(name, lv, i)
            v = values[lv][i]
            matter = matters[lv][i]
            assert matter is not None, "every card's matter is chosen above"
            cards.append(Card(cid, cname, lv, v, matter, rarity_for(lv, v), set_id))
            k += 1
    return CardSet(set_id, name, theme, tuple(cards), seed)


def made_name(set_name: str, level: int, index: int) -> str:
    """The name a card gets when none is given: the set's name, the level and a letter."""
    return f"{set_name[: MAX_NAME - 4].strip()} {level}{chr(97 + index)}".strip()


def correct_level3(card_set: CardSet) -> CardSet:
    """The set with its old level-3 cards (sums 18..19) raised into the corrected range 20..22.

    Each old card takes one of the sums the level still lacks for an even spread (lowest old sum
    to the lowest missing sum, in set order); the missing amount goes, one at a time, onto the
    card's smallest value below the level's maximum (ties: the first side), trying later starting
    sides when that would repeat another card's values. Ids, names, matter and pictures stay;
    the changed cards' rarity follows their new sum. Deterministic, no random numbers.
    """
    cards = list(card_set.cards)
    level3 = [i for i, c in enumerate(cards) if c.level == 3]
    old = [i for i in level3 if cards[i].old_level3]
    if not old:
        return card_set
    lo = SUMS[3][0][0]
    have = [0, 0, 0]
    for i in level3:
        pos = sum_position(3, cards[i].values)
        if pos is not None:
            have[pos] += 1
    want = position_counts(len(level3), 3)
    missing = [lo + p for p in range(3) for _ in range(max(0, want[p] - have[p]))]
    missing += [lo + 1] * (len(old) - len(missing))
    seen = {c.values for c in cards}
    for i, target in zip(sorted(old, key=lambda i: (sum(cards[i].values), i)), sorted(missing), strict=False):
        card = cards[i]
        seen.discard(card.values)
        for start in range(6):
            vals = list(card.values)
            for _step in range(target - sum(vals)):
                side = min(
                    (d for d in range(6) if vals[d] < MAX_VALUE[3]),
                    key=lambda d: (vals[d], (d - start) % 6),
                )
                vals[side] += 1
            if tuple(vals) not in seen:
                break
        new = tuple(vals)
        seen.add(new)
        cards[i] = attrs.evolve(card, values=new, rarity=rarity_for(3, new))
    return attrs.evolve(card_set, cards=tuple(cards))
