"""The set checker: every rule of :mod:`webtabletop.games.htt.rules.sets.rules` a card set breaks, as
:class:`Violation` s (errors make a set unusable; old level-3 cards are warnings: the set still
loads and plays, and the level-3 spread is not checked while it holds them).
"""

from __future__ import annotations

import attrs

from webtabletop.games.htt.rules.cards import (
    MATTERS,
    SUMS,
    Card,
    card_problems,
    count_a,
    sum_position,
)
from webtabletop.games.htt.rules.sets.cardset import (
    CARD_SUFFIX_RE,
    LEVEL11,
    MAX_THREE_A,
    MAX_TWO_A,
    PER_LEVEL,
    RARITY,
    SET_ID_RE,
    CardSet,
)
from webtabletop.games.htt.rules.sets.names import matter_name
from webtabletop.games.htt.rules.sets.rules import level_width, position_counts
from webtabletop.i18n import _, ngettext
from webtabletop.i18n.text import join_list


@attrs.frozen
class Violation:
    """One broken set rule: a short ``code``, a readable ``message``, the card (if any)."""

    code: str
    message: str
    card_id: str | None = None
    #: "error" (the set breaks a rule) or "warning" (it loads and plays: old level-3 cards)
    severity: str = "error"

    def __str__(self) -> str:
        head = "warning " if self.severity == "warning" else ""
        return f"{head}[{self.code}] {self.card_id + ': ' if self.card_id else ''}{self.message}"


def errors(violations: list[Violation]) -> list[Violation]:
    """The violations that make a set unusable (warnings left out)."""
    return [v for v in violations if v.severity == "error"]


def check_set(card_set: CardSet) -> list[Violation]:
    """Every broken set rule (empty list = a valid set)."""
    out: list[Violation] = []
    add = out.append
    if not SET_ID_RE.match(card_set.id or ""):
        add(
            Violation(
                "set-id",
                _("set id {id} must be 1..16 lower-case letters, digits or _").format(id=repr(card_set.id)),
            )
        )
    if not card_set.name.strip():
        add(Violation("set-name", _("the set has no name")))
    ids = [c.id for c in card_set.cards]
    for cid in sorted({i for i in ids if ids.count(i) > 1}):
        add(
            Violation(
                "duplicate-id",
                ngettext("card id {id} is used {n} time", "card id {id} is used {n} times", ids.count(cid)).format(
                    id=repr(cid), n=ids.count(cid)
                ),
                cid,
            )
        )
    for c in card_set.cards:
        if not c.id.startswith(card_set.id + "-") or not CARD_SUFFIX_RE.match(c.id[len(card_set.id) + 1 :]):
            add(
                Violation(
                    "card-id", _("card ids must be the set id, '-' and up to 12 letters or digits"), c.id
                )
            )
    levels: dict[int, list[Card]] = {}
    for c in card_set.cards:
        if c.level not in SUMS:
            add(Violation("level", _("level {level} is not 1..11").format(level=c.level), c.id))
            continue
        levels.setdefault(c.level, []).append(c)
        if not c.name.strip():
            add(Violation("card-name", _("the card has no name"), c.id))
        if c.matter not in MATTERS:
            add(
                Violation(
                    "matter",
                    _("matter {matter} is not one of {matters}").format(
                        matter=repr(c.matter), matters=join_list(MATTERS)
                    ),
                    c.id,
                )
            )
        if not isinstance(c.rarity, int) or not RARITY[0] <= c.rarity <= RARITY[1]:
            add(
                Violation(
                    "rarity",
                    _("rarity weight must be a whole number {lo}..{hi}, not {value}").format(
                        lo=RARITY[0], hi=RARITY[1], value=repr(c.rarity)
                    ),
                    c.id,
                )
            )
        if c.old_level3:
            add(
                Violation(
                    "old-level3",
                    _(
                        "{card} ({values}) sums to {sum}: level 3 needs 20..22 since the rules "
                        "correction (the source's 18 was a misprint); the card still plays with its values"
                    ).format(card=c.name, values=c.text, sum=c.strength),
                    c.id,
                    "warning",
                )
            )
            continue
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
                    ngettext(
                        "level {level} has {n} card; each of levels 1..10 needs {lo}..{hi}",
                        "level {level} has {n} cards; each of levels 1..10 needs {lo}..{hi}",
                        n,
                    ).format(level=lv, n=n, lo=PER_LEVEL[0], hi=PER_LEVEL[1]),
                )
            )
        elif n != n1:
            add(
                Violation(
                    "count",
                    ngettext(
                        "level {level} has {n} card but level 1 has {n1}: levels 1..10 need equal counts",
                        "level {level} has {n} cards but level 1 has {n1}: levels 1..10 need equal counts",
                        n,
                    ).format(level=lv, n=n, n1=n1),
                )
            )
    n11 = len(levels.get(11, []))
    if not LEVEL11[0] <= n11 <= LEVEL11[1]:
        add(
            Violation(
                "count",
                ngettext(
                    "level 11 has {n} card; it needs {lo}..{hi}",
                    "level 11 has {n} cards; it needs {lo}..{hi}",
                    n11,
                ).format(n=n11, lo=LEVEL11[0], hi=LEVEL11[1]),
            )
        )

    # A limits per set.
    three = [c.id for c in card_set.cards if count_a(c.values) == 3]
    two = [c.id for c in card_set.cards if count_a(c.values) == 2]
    if len(three) > MAX_THREE_A:
        add(
            Violation(
                "three-a",
                ngettext(
                    "{n} card carries three A ({cards}); a set may have at most {max}",
                    "{n} cards carry three A ({cards}); a set may have at most {max}",
                    len(three),
                ).format(
                    n=len(three), cards=join_list(three), max=MAX_THREE_A
                ),
            )
        )
    if len(two) > MAX_TWO_A:
        add(
            Violation(
                "two-a",
                ngettext(
                    "{n} card carries two A ({cards}); a set may have at most {max}",
                    "{n} cards carry two A ({cards}); a set may have at most {max}",
                    len(two),
                ).format(
                    n=len(two), cards=join_list(two), max=MAX_TWO_A
                ),
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
            continue  # the broken (or old level-3) cards are reported above
        expected = position_counts(len(cards), 3)
        if counts != expected:
            add(
                Violation(
                    "spread",
                    ngettext(
                        "level {level}: {n} card must take the smallest/middle/largest sums {expected} times, "
                        "not {counts}",
                        "level {level}: {n} cards must take the smallest/middle/largest sums {expected} times, "
                        "not {counts}",
                        len(cards),
                    ).format(
                        level=lv,
                        n=len(cards),
                        expected="/".join(map(str, expected)),
                        counts="/".join(map(str, counts)),
                    ),
                )
            )

    # Matter spread.
    for lv, cards in sorted(levels.items()):
        first = [c.matter for c in cards[:5]]
        if len(set(first)) != len(first):
            add(
                Violation(
                    "matter-level",
                    ngettext(
                        "level {level}: the first {n} card must have different matter colours, got {matters}",
                        "level {level}: the first {n} cards must have different matter colours, got {matters}",
                        len(first),
                    ).format(level=lv, n=len(first), matters=join_list(matter_name(m) for m in first)),
                )
            )
    tally = {m: sum(1 for c in card_set.cards if c.matter == m) for m in MATTERS}
    if max(tally.values()) - min(tally.values()) > 1:
        add(
            Violation(
                "matter-spread",
                _("matter colour counts over the set must differ by at most 1: {counts}").format(
                    counts=join_list(f"{matter_name(m)} {n}" for m, n in tally.items())
                ),
            )
        )
    return out
