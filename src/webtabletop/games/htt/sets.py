"""Card sets: the seeded set generator, the set checker, and the versioned JSON form.

Set rules (digest "Sets"):
- the same number of cards (6..12) on each of levels 1..10, and 3..6 cards of level 11;
- at most one card with three A and at most three cards with two A per set;
- every card obeys the level table (:func:`webtabletop.games.htt.cards.card_problems`);
- within a level, card sums spread evenly over the allowed sums. Each A count has a range of three
  sums (min, middle, max); a card's *position* is its sum minus its range's minimum. With ``n``
  cards the positions are taken ``q, q, q`` times when ``n = 3q``; ``q, q+1, q`` when ``n = 3q+1``;
  ``q+1, q, q+1`` when ``n = 3q+2`` (the middle gets one more or one fewer). Level 3 has five
  sums: the counts differ by at most one;
- matter: on each level the first five cards (in set order) carry five different colours (all of
  the level's cards when it has fewer); over the whole set the colour counts differ by at most one;
- rarity weights are whole numbers 1..100 (higher = more common in packs).

Card order in a set: level 1 first; within a level the set order ("first five" above). Card ids are
``<set id>-<level><letter>`` (``emb-3a``, ``emb-3b``, ... ``emb-11f``).
"""

from __future__ import annotations

import json
import re
from typing import Any

import attrs

from webtabletop.core.rng import Rng
from webtabletop.games.htt.cards import (
    MATTERS,
    MAX_VALUE,
    SUMS,
    A,
    Card,
    card_problems,
    count_a,
    parse_value,
    sum_position,
    values_text,
)

SET_FORMAT = "htt-set"
SET_VERSION = 1
PER_LEVEL = (6, 12)
LEVEL11 = (3, 6)
MAX_THREE_A = 1
MAX_TWO_A = 3
RARITY = (1, 100)
SET_ID_RE = re.compile(r"^[a-z0-9][a-z0-9_]{0,15}$")


@attrs.frozen
class Violation:
    """One broken set rule: a short ``code``, a readable ``message``, the card (if any)."""

    code: str
    message: str
    card_id: str | None = None

    def __str__(self) -> str:
        return f"[{self.code}] {self.card_id + ': ' if self.card_id else ''}{self.message}"


@attrs.frozen
class CardSet:
    id: str
    name: str
    theme: str
    cards: tuple[Card, ...] = attrs.field(converter=tuple)
    seed: int | None = None

    def by_level(self, level: int) -> list[Card]:
        return [c for c in self.cards if c.level == level]

    @property
    def per_level(self) -> int:
        return len(self.by_level(1))

    @property
    def level11(self) -> int:
        return len(self.by_level(11))

    def card(self, card_id: str) -> Card:
        for c in self.cards:
            if c.id == card_id:
                return c
        raise KeyError(f"no card {card_id!r} in set {self.id!r}")

    # --- JSON ----------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        cards = []
        for c in self.cards:
            d: dict[str, Any] = {
                "id": c.id,
                "name": c.name,
                "level": c.level,
                "values": c.text,
                "matter": c.matter,
                "rarity": c.rarity,
            }
            if c.image:
                d["image"] = c.image
            cards.append(d)
        out: dict[str, Any] = {
            "format": SET_FORMAT,
            "version": SET_VERSION,
            "id": self.id,
            "name": self.name,
            "theme": self.theme,
        }
        if self.seed is not None:
            out["seed"] = self.seed
        out["cards"] = cards
        return out

    def dumps(self, indent: int | None = None) -> str:
        return json.dumps(self.to_json(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_json(cls, data: Any) -> CardSet:
        """Read a set; raises ValueError naming what is wrong. Rules are checked by :func:`check_set`."""
        if not isinstance(data, dict) or data.get("format") != SET_FORMAT:
            raise ValueError("this is not an HTT card set (format 'htt-set' expected)")
        if data.get("version") != SET_VERSION:
            raise ValueError(
                f"card set version {data.get('version')!r} is not supported (this app reads version {SET_VERSION})"
            )
        for key in ("id", "name", "theme"):
            if not isinstance(data.get(key), str):
                raise ValueError(f"the set's {key!r} must be text")
        raw = data.get("cards")
        if not isinstance(raw, list) or not raw:
            raise ValueError("the set's 'cards' must be a non-empty list")
        seed = data.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise ValueError("the set's 'seed' must be a whole number")
        cards = []
        for i, c in enumerate(raw):
            where = f"card {i + 1}"
            if not isinstance(c, dict):
                raise ValueError(f"{where} is not an object")
            for key, typ in (
                ("id", str),
                ("name", str),
                ("level", int),
                ("values", str),
                ("matter", str),
                ("rarity", int),
            ):
                if not isinstance(c.get(key), typ) or isinstance(c.get(key), bool):
                    raise ValueError(f"{where}: {key!r} must be {'text' if typ is str else 'a whole number'}")
            if len(c["values"]) != 6:
                raise ValueError(f"{where}: 'values' must be six characters (1-9 or A), got {c['values']!r}")
            try:
                values = tuple(parse_value(ch) for ch in c["values"])
            except ValueError as exc:
                raise ValueError(f"{where}: {exc}") from None
            image = c.get("image")
            if image is not None and not isinstance(image, str):
                raise ValueError(f"{where}: 'image' must be text (a data: URL)")
            cards.append(
                Card(c["id"], c["name"], c["level"], values, c["matter"], c["rarity"], data["id"], image)
            )
        return cls(data["id"], data["name"], data["theme"], tuple(cards), seed)

    @classmethod
    def loads(cls, text: str) -> CardSet:
        try:
            data = json.loads(text)
        except (ValueError, TypeError):
            raise ValueError("the file is not valid JSON") from None
        return cls.from_json(data)


def card_id(set_id: str, level: int, index: int) -> str:
    return f"{set_id}-{level}{chr(97 + index)}"


def position_counts(n: int, width: int) -> list[int]:
    """How many of ``n`` cards take each of ``width`` sums (3: middle ±1 rule; 5: as even as possible)."""
    if width == 3:
        q, r = divmod(n, 3)
        return [q, q + 1, q] if r == 1 else [q + 1, q, q + 1] if r == 2 else [q, q, q]
    q, r = divmod(n, width)
    counts = [q] * width
    extra = {0: [], 1: [2], 2: [0, 4], 3: [0, 2, 4], 4: [0, 1, 3, 4]}[r] if width == 5 else list(range(r))
    for i in extra:
        counts[i] += 1
    return counts


def level_width(level: int) -> int:
    lo, hi = next(iter(SUMS[level].values()))
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
) -> CardSet:
    """A set obeying every set rule, from ``seed`` (same arguments → same set).

    ``names`` (optional) gives card names in set order (levels 1..11); missing names are made up.
    """
    if not PER_LEVEL[0] <= per_level <= PER_LEVEL[1]:
        raise ValueError(f"cards per level must be {PER_LEVEL[0]}..{PER_LEVEL[1]}, not {per_level}")
    if not LEVEL11[0] <= level11 <= LEVEL11[1]:
        raise ValueError(f"level-11 cards must be {LEVEL11[0]}..{LEVEL11[1]}, not {level11}")
    rng = Rng.from_seed(seed)
    set_id = set_id or f"s{seed & 0xFFFFFFFF:x}"
    if not SET_ID_RE.match(set_id):
        raise ValueError(f"set id {set_id!r} must be 1..16 lower-case letters, digits or _")
    name = name or f"Set {set_id}"
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
        width = level_width(lv)
        positions = [p for p, c in enumerate(position_counts(counts[lv], width)) for _ in range(c)]
        rng.shuffle(positions)
        row = []
        for i, pos in enumerate(positions):
            n_a = slots[lv][i]
            lo, _hi = SUMS[lv][n_a]
            for _ in range(60):
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
            cname = names[k] if names and k < len(names) else f"{theme or name} {lv}{chr(97 + i)}".strip()
            v = values[lv][i]
            cards.append(Card(cid, cname, lv, v, matters[lv][i], rarity_for(lv, v), set_id))
            k += 1
    return CardSet(set_id, name, theme, tuple(cards), seed)


def check_set(card_set: CardSet) -> list[Violation]:
    """Every broken set rule (empty list = a valid set)."""
    out: list[Violation] = []
    add = out.append
    if not SET_ID_RE.match(card_set.id or ""):
        add(Violation("set-id", f"set id {card_set.id!r} must be 1..16 lower-case letters, digits or _"))
    if not card_set.name.strip():
        add(Violation("set-name", "the set has no name"))
    ids = [c.id for c in card_set.cards]
    for cid in sorted({i for i in ids if ids.count(i) > 1}):
        add(Violation("duplicate-id", f"card id {cid!r} is used {ids.count(cid)} times", cid))
    levels: dict[int, list[Card]] = {}
    for c in card_set.cards:
        if c.level not in SUMS:
            add(Violation("level", f"level {c.level} is not 1..11", c.id))
            continue
        levels.setdefault(c.level, []).append(c)
        if not c.name.strip():
            add(Violation("card-name", "the card has no name", c.id))
        if c.matter not in MATTERS:
            add(Violation("matter", f"matter {c.matter!r} is not one of {', '.join(MATTERS)}", c.id))
        if not isinstance(c.rarity, int) or not RARITY[0] <= c.rarity <= RARITY[1]:
            add(
                Violation(
                    "rarity",
                    f"rarity weight must be a whole number {RARITY[0]}..{RARITY[1]}, not {c.rarity!r}",
                    c.id,
                )
            )
        for p in card_problems(c.level, c.values):
            add(Violation("card", p, c.id))

    # Counts per level.
    n1 = len(levels.get(1, []))
    for lv in range(1, 11):
        n = len(levels.get(lv, []))
        if not PER_LEVEL[0] <= n <= PER_LEVEL[1]:
            add(
                Violation(
                    "count",
                    f"level {lv} has {n} cards; each of levels 1..10 needs {PER_LEVEL[0]}..{PER_LEVEL[1]}",
                )
            )
        elif n != n1:
            add(
                Violation(
                    "count", f"level {lv} has {n} cards but level 1 has {n1}: levels 1..10 need equal counts"
                )
            )
    n11 = len(levels.get(11, []))
    if not LEVEL11[0] <= n11 <= LEVEL11[1]:
        add(Violation("count", f"level 11 has {n11} cards; it needs {LEVEL11[0]}..{LEVEL11[1]}"))

    # A limits per set.
    three = [c.id for c in card_set.cards if count_a(c.values) == 3]
    two = [c.id for c in card_set.cards if count_a(c.values) == 2]
    if len(three) > MAX_THREE_A:
        add(
            Violation(
                "three-a",
                f"{len(three)} cards carry three A ({', '.join(three)}); a set may have at most {MAX_THREE_A}",
            )
        )
    if len(two) > MAX_TWO_A:
        add(
            Violation(
                "two-a",
                f"{len(two)} cards carry two A ({', '.join(two)}); a set may have at most {MAX_TWO_A}",
            )
        )

    # Sum spread per level (only over the cards whose sums are valid).
    for lv, cards in sorted(levels.items()):
        width = level_width(lv)
        counts = [0] * width
        valid = 0
        for c in cards:
            pos = sum_position(lv, c.values) if not card_problems(lv, c.values) else None
            if pos is not None:
                counts[pos] += 1
                valid += 1
        if valid != len(cards):
            continue  # the broken cards are reported above
        if width == 3:
            expected = position_counts(len(cards), 3)
            if counts != expected:
                add(
                    Violation(
                        "spread",
                        f"level {lv}: {len(cards)} cards must take the smallest/middle/largest sums {expected[0]}/{expected[1]}/{expected[2]} times, not {counts[0]}/{counts[1]}/{counts[2]}",
                    )
                )
        elif max(counts) - min(counts) > 1:
            add(
                Violation(
                    "spread",
                    f"level {lv}: the {width} allowed sums must be used as evenly as possible, counts are {'/'.join(map(str, counts))}",
                )
            )

    # Matter spread.
    for lv, cards in sorted(levels.items()):
        first = [c.matter for c in cards[:5]]
        if len(set(first)) != len(first):
            add(
                Violation(
                    "matter-level",
                    f"level {lv}: the first {len(first)} cards must have different matter colours, got {', '.join(first)}",
                )
            )
    tally = {m: sum(1 for c in card_set.cards if c.matter == m) for m in MATTERS}
    if max(tally.values()) - min(tally.values()) > 1:
        add(
            Violation(
                "matter-spread",
                "matter colour counts over the set must differ by at most 1: "
                + ", ".join(f"{m} {n}" for m, n in tally.items()),
            )
        )
    return out


def describe_card(c: Card) -> str:
    return f"{c.id} L{c.level} {values_text(c.values)} {c.matter} w{c.rarity} {c.name}"
