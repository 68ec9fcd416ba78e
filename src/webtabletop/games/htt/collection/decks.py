"""The saved Own deck and hands drawn from a collection (mixed into
:class:`~webtabletop.games.htt.collection.model.Collection`; it uses ``deck``, ``copies`` and
``owned_cards``).

Own deck: at most one card per level (the digest), the player's order kept (``move_in_deck``:
"A hand keeps its order: the deck order the player arranged"). Random: one owned card of each of
``size`` different levels, in the order drawn.
"""

from __future__ import annotations

from webtabletop.core.rng import Rng
from webtabletop.games.htt.collection.reading import CollectionError
from webtabletop.games.htt.rules.sets.library import get_card
from webtabletop.games.htt.rules.sets.names import card_name
from webtabletop.i18n import _, ngettext


class Decks:
    """Deck and hand choices of a collection."""

    deck: list[str]

    def check_deck(
        self, card_ids: list[str] | tuple[str, ...], size: int = 5, min_level: int = 1, max_level: int = 11
    ) -> list[str]:
        """Problems with an Own deck choice (empty list = fine): owned, one per level, level range."""
        problems = []
        if len(card_ids) != size:
            problems.append(
                ngettext("choose {size} card, not {n}", "choose {size} cards, not {n}", size).format(size=size, n=len(card_ids))
            )
        need: dict[str, int] = {}
        for cid in card_ids:
            need[cid] = need.get(cid, 0) + 1
        for cid, n in need.items():
            if self.copies(cid) < n:
                problems.append(
                    ngettext(
                        "you own {have} copy of {card}, the deck uses {n}",
                        "you own {have} copies of {card}, the deck uses {n}",
                        self.copies(cid),
                    ).format(
                        have=self.copies(cid), card=cid, n=n
                    )
                )
        levels = []
        for cid in card_ids:
            try:
                c = get_card(cid)
            except ValueError as exc:
                problems.append(str(exc))
                continue
            levels.append(c.level)
            if not min_level <= c.level <= max_level:
                problems.append(
                    _("{card} is level {level}, outside {min}..{max}").format(
                        card=card_name(c), level=c.level, min=min_level, max=max_level
                    )
                )
        if len(set(levels)) != len(levels):
            problems.append(_("Own deck allows at most one card per level"))
        return problems

    def put_in_deck(self, card_id: str, size: int = 10) -> None:
        """Add an owned card to the saved deck: it replaces the deck's card of the same level (at
        its place), else it goes last (at most ``size`` cards)."""
        card = get_card(card_id)
        if self.copies(card_id) <= 0:
            raise CollectionError(_("you do not own {card}").format(card=card_name(card)))
        for i, x in enumerate(self.deck):
            if _level_of(x) == card.level:
                self.deck[i] = card_id
                return
        if len(self.deck) >= size:
            raise CollectionError(ngettext("a deck holds at most {n} card", "a deck holds at most {n} cards", size).format(n=size))
        self.deck.append(card_id)

    def move_in_deck(self, card_id: str, step: int) -> None:
        """Move a card of the saved deck ``step`` places (−1 = up, +1 = down), within the deck."""
        if card_id not in self.deck:
            raise CollectionError(_("that card is not in your deck"))
        i = self.deck.index(card_id)
        j = max(0, min(len(self.deck) - 1, i + step))
        self.deck.insert(j, self.deck.pop(i))

    def remove_from_deck(self, card_id: str) -> None:
        if card_id in self.deck:
            self.deck.remove(card_id)

    def random_hand(
        self, seed: int, size: int = 5, min_level: int = 1, max_level: int = 11
    ) -> tuple[str, ...]:
        """The Random rule: ``size`` random owned cards of different levels (seeded), in the order
        drawn: that is the hand's order (In order plays it first card first)."""
        rng = Rng.from_seed(seed)
        by_level: dict[int, list[str]] = {}
        for c in self.owned_cards():
            if min_level <= c.level <= max_level:
                by_level.setdefault(c.level, []).append(c.id)
        if len(by_level) < size:
            raise ValueError(
                ngettext(
                    "Random needs owned cards of {size} different level; you have {n} in levels {min}..{max}",
                    "Random needs owned cards of {size} different levels; you have {n} in levels {min}..{max}",
                    size,
                ).format(size=size, n=len(by_level), min=min_level, max=max_level)
            )
        levels = rng.sample(sorted(by_level), size)
        return tuple(rng.choice(by_level[lv]) for lv in levels)  # in the order drawn (the hand order)

    @staticmethod
    def deck_strength(card_ids) -> int:
        """Sum of the cards' levels (shown in the table properties under Own deck)."""
        return sum(get_card(c).level for c in card_ids)


def _level_of(card_id: str) -> int:
    try:
        return get_card(card_id).level
    except ValueError:
        return 0
