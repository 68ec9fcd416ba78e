"""The card library: the built-in sets (package JSON) plus any sets the app registers.

Card references used by game options are either a card id (``emb-3b``) of a known set or an inline
code (``~12345Ar3``, see :func:`webtabletop.games.htt.rules.cards.inline_code`) that carries the card's
values, matter and level, so records of games with player-made cards replay anywhere.
"""

from __future__ import annotations

from functools import cache, lru_cache
from importlib import resources

from webtabletop.core.inputs import load_json
from webtabletop.games.htt.rules.cards import Card, card_from_inline
from webtabletop.games.htt.rules.sets.cardset import CardSet
from webtabletop.games.htt.rules.sets.names import BUILTIN_SPECS
from webtabletop.games.htt.rules.sets.rules import V1_SUMS, correct_level3, generate_set
from webtabletop.i18n import _

BUILTIN_IDS = tuple(spec[0] for spec in BUILTIN_SPECS)
DEFAULT_SET = BUILTIN_IDS[0]
_EXTRA: dict[str, CardSet] = {}


def build_builtin(set_id: str) -> CardSet:
    """Regenerate a built-in set (what ``data/<id>.json`` holds): the set rules version 1 made
    from its fixed seed, with the old level-3 cards corrected (:func:`correct_level3`), so every
    other card keeps the values players have known since the first release."""
    for sid, name, theme, seed, names in BUILTIN_SPECS:
        if sid == set_id:
            made = generate_set(seed, 8, 6, name, theme, set_id=sid, names=list(names), table=V1_SUMS)
            return correct_level3(made)
    raise KeyError(f"no built-in set {set_id!r}")


@cache
def builtin_set(set_id: str) -> CardSet:
    if set_id not in BUILTIN_IDS:
        raise KeyError(f"no built-in set {set_id!r} (built-in: {', '.join(BUILTIN_IDS)})")
    text = (
        resources.files("webtabletop.games.htt.rules.sets")
        .joinpath("data")
        .joinpath(f"{set_id}.json")
        .read_text("utf-8")
    )
    return CardSet.from_json(load_json(text, _("built-in set {id}").format(id=set_id)))


def builtin_sets() -> list[CardSet]:
    return [builtin_set(s) for s in BUILTIN_IDS]


def register_set(card_set: CardSet) -> None:
    """Make a player's set known (for names and art); its cards are found by id afterwards."""
    if card_set.id in BUILTIN_IDS:
        raise ValueError(_("set id {id} belongs to a built-in set").format(id=repr(card_set.id)))
    _EXTRA[card_set.id] = card_set
    _card_index.cache_clear()
    pool_by_level.cache_clear()


def use_player_sets(sets: list[CardSet]) -> None:
    """Make exactly these player's sets known (a deleted or replaced set is forgotten)."""
    if list(_EXTRA.values()) == list(sets):
        return
    _EXTRA.clear()
    for s in sets:
        register_set(s)
    _card_index.cache_clear()
    pool_by_level.cache_clear()


def get_set(set_id: str) -> CardSet:
    if set_id in _EXTRA:
        return _EXTRA[set_id]
    return builtin_set(set_id)


def all_sets() -> list[CardSet]:
    return builtin_sets() + list(_EXTRA.values())


@lru_cache(maxsize=1)
def _card_index() -> dict[str, Card]:
    return {c.id: c for s in all_sets() for c in s.cards}


def get_card(ref: str) -> Card:
    """The card a reference names; raises ValueError (clear message) when unknown."""
    if not isinstance(ref, str):
        raise ValueError(_("a card reference must be text, not {value}").format(value=repr(ref)[:40]))
    if ref.startswith("~"):
        return card_from_inline(ref)
    card = _card_index().get(ref)
    if card is None:
        raise ValueError(_("unknown card {card}").format(card=repr(ref)[:40]))
    return card


@lru_cache(maxsize=64)
def pool_by_level(deal_set: str, min_level: int, max_level: int) -> dict[int, list[Card]]:
    """Cards of ``deal_set`` ("all" = every built-in set) by level, within the level range."""
    sets = builtin_sets() if deal_set == "all" else [get_set(deal_set)]
    pool: dict[int, list[Card]] = {}
    for s in sets:
        for c in s.cards:
            if min_level <= c.level <= max_level:
                pool.setdefault(c.level, []).append(c)
    return pool
