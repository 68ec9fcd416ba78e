"""CardGO in a correspondence match (``GameSpec.cards`` with ``scheme = "drawn"``; docs/fair-play.md,
"Private draws"): every card is a private draw of its owner, and the rules run in link mode.

The opening comes from link 3's seed (the terrain, as :func:`~webtabletop.games.cardgo.rules.state.new_game`
draws it); every hand card starts as :data:`~webtabletop.games.cardgo.rules.effects.UNSEEN` and a browser
fills in the ones it may see (:meth:`CardgoDraws.deal`). A card's value and effect come from its
draw's generator exactly as the rules deal one (:func:`~webtabletop.games.cardgo.rules.effects.deal_card`).
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from webtabletop.core.rng import Rng
from webtabletop.games.cardgo.rules.effects import EFFECTS, UNSEEN, Card, card_from_code, deal_card
from webtabletop.games.cardgo.rules.options import VALUE_RANGE, CardgoOptions
from webtabletop.games.cardgo.rules.state import CardgoState, Place, new_game


class CardgoDraws:
    """The ``GameSpec.cards`` adapter of CardGO (scheme ``"drawn"``)."""

    scheme = "drawn"
    size = 0  # no shared deck
    unseen = UNSEEN  # a hand card this browser may not see
    first_fixed = True  # Green (side 0) always begins: the new-game dialog says so

    def hand_size(self, options: CardgoOptions) -> int:
        return options.hand_size

    def start(self, options: CardgoOptions, seed: int) -> CardgoState:
        """The opening from link 3's seed, in link mode, every hand card unseen."""
        state = new_game(options, seed)
        hands = tuple((UNSEEN,) * len(h) for h in state.hands)
        return attrs.evolve(state, hands=(hands[0], hands[1]), linked=True)

    def card(self, options: CardgoOptions, rng: Rng) -> Card:
        """The card a draw's generator deals (as the rules deal one)."""
        return deal_card(rng, options.min_value, options.max_value, options.effects)

    def deal(self, state: CardgoState, side: int, slots: Mapping[int, Card]) -> CardgoState:
        """``state`` with hand cards of ``side`` replaced (slot -> card)."""
        if not slots:
            return state
        hand = list(state.hands[side])
        for slot, card in slots.items():
            hand[slot] = card
        hands = (tuple(hand), state.hands[1]) if side == 0 else (state.hands[0], tuple(hand))
        return attrs.evolve(state, hands=hands)

    def placed(self, state: CardgoState, move) -> int | None:
        """The hand slot ``move`` plays, or None (pass, skip)."""
        return move.hand if isinstance(move, Place) else None

    def code(self, card: Card) -> str:
        return card.code

    def from_code(self, code: str) -> Card:
        return card_from_code(code)

    def to_byte(self, card: Card) -> int:
        """A card as one byte in a link: value 1..10 and effect 0..12."""
        return (card.value - 1) * len(EFFECTS) + card.effect

    def from_byte(self, b: int) -> Card:
        value, effect = divmod(b, len(EFFECTS))
        if value >= VALUE_RANGE[1]:
            raise ValueError(f"not a card byte: {b}")
        return Card(value + 1, effect)


DRAWS = CardgoDraws()
