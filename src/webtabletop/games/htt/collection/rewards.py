"""What the collection rewards: packs (:func:`draw_pack`) and achievements (the list and the
progress toward each). Every achievement grants one level-11 card of a set the player picks."""

from __future__ import annotations

import attrs

from webtabletop.core.rng import Rng
from webtabletop.games.htt.rules.sets.cardset import CardSet
from webtabletop.games.htt.rules.sets.library import get_card, get_set
from webtabletop.i18n import _, ngettext

PACK_SIZE = 5
LEVEL_WEIGHTS = {lv: 11 - lv for lv in range(1, 11)}  # level 1: 10 ... level 10: 1


@attrs.frozen
class Achievement:
    id: str
    title: str
    target: int
    kind: str  # which counter: see Collection.progress

    def display_title(self) -> str:
        return self.title


def achievement_list(set_ids: list[str], names: dict[str, str] | None = None) -> list[Achievement]:
    """All achievements (per-set ones for ``set_ids``, titled by ``names``), each granting a level-11
    card. Titles are in the player's language (the list is made when it is shown)."""
    out = []
    names = names or {}
    for sid in set_ids:
        name = _(names.get(sid, sid))
        out.append(
            Achievement(f"complete:{sid}", _("Complete set {set}").format(set=name), 1, f"complete:{sid}")
        )
        out.append(
            Achievement(
                f"complete10:{sid}",
                _("Complete set {set} without level 11").format(set=name),
                1,
                f"complete10:{sid}",
            )
        )
    for n in (10, 25, 50):
        out.append(
            Achievement(
                f"copies:{n}",
                ngettext("{n} copy of one card", "{n} copies of one card", n).format(n=n),
                n,
                "copies",
            )
        )
    for lv in range(1, 12):
        out.append(
            Achievement(f"level:{lv}", _("100 cards of level {level}").format(level=lv), 100, f"level:{lv}")
        )
    for n in (5, 10, 15):
        out.append(
            Achievement(
                f"created:{n}", ngettext("{n} set created", "{n} sets created", n).format(n=n), n, "created"
            )
        )
    for n in (10, 100, 1000):
        titles = (
            ("played", ngettext("{n} game played", "{n} games played", n)),
            ("won", ngettext("{n} game won", "{n} games won", n)),
            (
                "preset",
                ngettext("{n} win under one saved rule preset", "{n} wins under one saved rule preset", n),
            ),
            ("perfect", ngettext("{n} win by 10–0", "{n} wins by 10–0", n)),
            ("packs", ngettext("{n} pack opened", "{n} packs opened", n)),
        )
        for kind, title in titles:
            out.append(Achievement(f"{kind}:{n}", title.format(n=n), n, kind))
    order = {k: i for i, k in enumerate(("played", "won", "preset", "perfect", "packs"))}
    head = [a for a in out if a.kind not in order]
    tail = sorted((a for a in out if a.kind in order), key=lambda a: (order[a.kind], a.target))
    return head + tail


def progress(c, kind: str) -> int:
    """How far collection ``c`` is toward an achievement of this kind."""
    if kind.startswith("complete"):
        sid = kind.split(":", 1)[1]
        try:
            s = get_set(sid)
        except KeyError:
            return 0
        cards = [x for x in s.cards if kind.startswith("complete:") or x.level <= 10]
        return int(all(c.owned.get(x.id, 0) > 0 for x in cards))
    if kind.startswith("level:"):
        lv = int(kind.split(":")[1][:2])
        return sum(n for cid, n in c.owned.items() if _level_of(cid) == lv)
    return {
        "copies": max(c.owned.values(), default=0),
        "created": c.sets_created,
        "played": c.games_played,
        "won": c.games_won,
        "preset": max(c.preset_wins.values(), default=0),
        "perfect": c.perfect_wins,
        "packs": c.packs_opened,
    }[kind]


def draw_pack(
    card_set: CardSet, seed: int, size: int = PACK_SIZE, distinct_levels: bool = False
) -> list[str]:
    """``size`` card ids of ``card_set`` (levels 1..10): level by :data:`LEVEL_WEIGHTS`, then rarity
    (``distinct_levels``: each level at most once, as in the first pack)."""
    rng = Rng.from_seed(seed)
    by_level = {lv: card_set.by_level(lv) for lv in range(1, 11)}
    levels = [lv for lv in range(1, 11) if by_level[lv]]
    out = []
    for _i in range(size):
        lv = levels[rng.weighted_index([LEVEL_WEIGHTS[lv] for lv in levels])]
        if distinct_levels and len(levels) > 1:
            levels.remove(lv)
        cards = by_level[lv]
        out.append(cards[rng.weighted_index([c.rarity for c in cards])].id)
    return out


def _level_of(card_id: str) -> int:
    try:
        return get_card(card_id).level
    except ValueError:
        return 0
