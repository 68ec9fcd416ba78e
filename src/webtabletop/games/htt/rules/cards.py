"""HTT cards: six side values, a level 1..11, a matter colour and a rarity weight.

Side order = the hex neighbour directions of :mod:`webtabletop.core.grid`: east, north-east,
north-west, west, south-west, south-east. Side ``d`` faces the neighbour in direction ``d``;
that neighbour faces back with its side ``(d + 3) % 6``. Cards are never rotated.

Printed values are 1..10 (10 is shown "A"). In play, Matter may change them by one: 11 ("S")
and 0 appear only on a board cell, never on a card.

Level table (digest): per level and per number of A on the card, the allowed sum of the six
values, and the largest non-A value. Levels 9..11 always carry at least one A, levels 1..8 none;
three A only on levels 10..11 and never on neighbouring sides.

Level 3 allows the sums 20..22 (rules version 2). The source's table prints "LV03 – Мин. – 18 /
Макс. – 22", but the same source says every level has "интервал из трёх допустимых сумм" (a range
of three allowed sums), and 18 would overlap level 2's 17..19: 18 is a misprint. Cards made under
rules version 1 (level 3 with a sum of 18 or 19, otherwise valid) are *old level-3 cards*: they
are never dropped and still play with their printed values (:func:`is_old_level3`), and the set
checker reports them as warnings.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import attrs

from webtabletop.i18n import _, ngettext

A = 10
MATTERS = ("red", "blue", "yellow", "green", "purple")
MATTER_LETTERS = {"red": "r", "blue": "b", "yellow": "y", "green": "g", "purple": "p"}
LETTER_MATTERS = {v: k for k, v in MATTER_LETTERS.items()}
MATTER_COLOURS = {
    "red": "#d8433a",
    "blue": "#2f74d0",
    "yellow": "#e0b21c",
    "green": "#3a9e4f",
    "purple": "#8a4fc0",
}
LEVELS = tuple(range(1, 12))
SIDE_NAMES = ("east", "north-east", "north-west", "west", "south-west", "south-east")

#: level -> {number of A: (smallest sum, largest sum)}
SUMS: dict[int, dict[int, tuple[int, int]]] = {
    11: {1: (44, 46), 2: (42, 44), 3: (40, 42)},
    10: {1: (41, 43), 2: (39, 41), 3: (37, 39)},
    9: {1: (38, 40), 2: (36, 38)},
    8: {0: (35, 37)},
    7: {0: (32, 34)},
    6: {0: (29, 31)},
    5: {0: (26, 28)},
    4: {0: (23, 25)},
    3: {0: (20, 22)},
    2: {0: (17, 19)},
    1: {0: (14, 16)},
}
#: sums of level-3 cards that rules version 1 allowed and version 2 does not (old level-3 cards)
OLD_LEVEL3_SUMS = (18, 19)
#: level -> largest value that is not an A
MAX_VALUE = {11: 9, 10: 9, 9: 9, 8: 9, 7: 8, 6: 8, 5: 7, 4: 7, 3: 7, 2: 7, 1: 6}


def value_text(v: int) -> str:
    """A value as printed: 0..9, A (10), S (11)."""
    return {10: "A", 11: "S"}.get(v, str(v))


def parse_value(ch: str) -> int:
    if ch in "Aa":
        return 10
    if ch in "Ss":
        return 11
    if ch.isdigit():
        return int(ch)
    raise ValueError(_("{value} is not a card value (0-9, A or S)").format(value=repr(ch)))


def values_text(values: tuple[int, ...]) -> str:
    return "".join(value_text(v) for v in values)


def count_a(values: tuple[int, ...]) -> int:
    return sum(1 for v in values if v == A)


def a_touch(values: tuple[int, ...]) -> bool:
    """True when two A lie on neighbouring sides (side 5 neighbours side 0)."""
    return any(values[i] == A and values[(i + 1) % 6] == A for i in range(6))


def sum_position(level: int, values: tuple[int, ...]) -> int | None:
    """Where the card's sum lies in its level's range (0 = smallest), None if outside."""
    rng = SUMS.get(level, {}).get(count_a(values))
    if rng is None:
        return None
    s = sum(values)
    return s - rng[0] if rng[0] <= s <= rng[1] else None


def card_problems(level: int, values: tuple[int, ...]) -> list[str]:
    """Every way ``values`` break the level table (empty list = a valid card)."""
    out: list[str] = []
    if level not in SUMS:
        return [_("level {level} is not 1..11").format(level=level)]
    if len(values) != 6:
        return [_("a card has six values, not {n}").format(n=len(values))]
    if any(not isinstance(v, int) or v < 1 or v > A for v in values):
        out.append(_("values must be 1..A, got {values}").format(values=values_text(values)))
        return out
    n_a = count_a(values)
    limit = MAX_VALUE[level]
    big = [v for v in values if v != A and v > limit]
    if big:
        out.append(
            _("level {level} allows values other than A up to {limit}, got {value}").format(
                level=level, limit=limit, value=max(big)
            )
        )
    ranges = SUMS[level]
    if n_a not in ranges:
        allowed = "/".join(str(k) for k in sorted(ranges))
        out.append(
            ngettext(
                "level {level} cards carry {allowed} A, this one has {n}",
                "level {level} cards carry {allowed} A, this one has {n}",
                n_a,
            ).format(level=level, allowed=allowed, n=n_a)
        )
    else:
        lo, hi = ranges[n_a]
        s = sum(values)
        if not lo <= s <= hi:
            out.append(
                _("a level {level} card with {n} A needs a sum of {lo}..{hi}, got {sum}").format(
                    level=level, n=n_a, lo=lo, hi=hi, sum=s
                )
            )
    if n_a == 3 and a_touch(values):
        out.append(_("three A may not lie on neighbouring sides"))
    return out


def is_old_level3(level: int, values: tuple[int, ...]) -> bool:
    """A level-3 card valid under rules version 1 (sum 18..19) that version 2 no longer allows."""
    return (
        level == 3
        and len(values) == 6
        and all(isinstance(v, int) and 1 <= v <= MAX_VALUE[3] for v in values)
        and OLD_LEVEL3_SUMS[0] <= sum(values) <= OLD_LEVEL3_SUMS[1]
    )


def playable_problems(level: int, values: tuple[int, ...]) -> list[str]:
    """:func:`card_problems`, except that an old level-3 card plays (it is never dropped)."""
    return [] if is_old_level3(level, values) else card_problems(level, values)


def int_tuple(values: Iterable[int]) -> tuple[int, ...]:
    """A card's six values as a tuple (the converter of :attr:`Card.values`)."""
    return tuple(values)


@attrs.frozen
class Card:
    """One card. ``id`` is unique over all sets ("<set>-<level><letter>", e.g. ``emb-3b``)."""

    id: str
    name: str
    level: int
    values: tuple[int, ...] = attrs.field(converter=int_tuple)
    matter: str
    rarity: int = 1
    set_id: str = ""
    image: str | None = None  # a data: URL uploaded by a set's creator (None = generated art)

    @property
    def text(self) -> str:
        return values_text(self.values)

    @property
    def old_level3(self) -> bool:
        """Made under rules version 1 with a level-3 sum the corrected table no longer allows."""
        return is_old_level3(self.level, self.values)

    @property
    def strength(self) -> int:
        return sum(self.values)


INLINE_RE = re.compile(r"^~([0-9A]{6})([rbygp])(\d{1,2})$")


def inline_code(card: Card) -> str:
    """A self-contained reference ``~<values><matter letter><level>`` (e.g. ``~12345Ar3``) for a card
    outside the built-in sets, so a game record replays without the player's own set files."""
    return f"~{card.text}{MATTER_LETTERS[card.matter]}{card.level}"


def card_from_inline(code: str) -> Card:
    m = INLINE_RE.match(code)
    if not m:
        raise ValueError(
            _("{code} is not an inline card code (~, six values, a matter letter, the level)").format(code=repr(code))
        )
    values = tuple(parse_value(c) for c in m.group(1))
    level = int(m.group(3))
    problems = playable_problems(level, values)
    if problems:
        raise ValueError(_("inline card {code}: {problem}").format(code=repr(code), problem=problems[0]))
    return Card(code, f"Card {m.group(1)}", level, values, LETTER_MATTERS[m.group(2)], 1, "")
