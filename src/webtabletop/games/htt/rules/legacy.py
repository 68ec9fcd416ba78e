"""Games made under HTT rules version 1, replayed under version 2 (share links, records, saves).

What version 2 changed, and what it means for an old game (``legacy_codes(state, 1)``):

- **Hand order.** Version 1 listed a hand by slot, and dealt hands had their slots in level order;
  version 2 lists it in hand order (the order dealt or arranged). Slots, and so move codes, still
  name the same cards (the seeded generator deals exactly the cards version 1 dealt on the 9- and
  19-cell boards), so an old link's move indexes map through version 1's order: the available
  slots ascending, then the empty cells, then the draw offer. With In order, version 1 allowed the
  lowest free slot; when version 2's first card differs, that move is not legal any more and the
  game stops there with the reason.
- **7-cell board.** Version 1 dealt 4 cards each there, version 2 deals 5: the game is a different
  one from its first move on (``[]``).
- **Level 3 is 20..22** (the source's 18 is a misprint). Three level-3 cards of each built-in set
  changed values (:data:`V1_LEVEL3`). As long as no such card is in a hand or on the board, or
  their old values would turn the same cards as the new ones for every move listed, the game is
  the same game; otherwise the old rules had led to a different position (``[]``).
  Player-made cards keep their printed values (inline codes carry them), so they change nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from webtabletop.games.htt.rules.cards import parse_value
from webtabletop.games.htt.rules.state import PLAY, HttState, Place, matter_values

#: values the changed built-in level-3 cards had under rules version 1
V1_LEVEL3 = {
    cid: tuple(parse_value(ch) for ch in text)
    for cid, text in {
        "emb-3a": "234351",
        "emb-3d": "252252",
        "emb-3g": "733123",
        "tid-3a": "342135",
        "tid-3c": "134344",
        "tid-3f": "153522",
        "grv-3e": "333172",
        "grv-3g": "222147",
        "grv-3h": "132273",
    }.items()
}


def legacy_codes(state: HttState, version: int) -> Sequence[str] | None:
    """The move codes rules ``version`` listed in ``state`` (in its order), None when it listed
    today's, ``[]`` when the old rules had led to a different position by now."""
    if version >= 2:
        return None
    if state.options.board == "hex7":
        return []
    if state.phase != PLAY:
        return None  # draw answers and the pick (over slots, which name the same cards) are unchanged
    p = state.player
    slots = sorted(state.hand_slots(p))
    if state.options.in_order:
        slots = slots[:1]
    names = state.board.grid.names
    empty = state.empty_cells()
    codes = [f"{s}{names[c]}" for s in slots for c in empty]
    if not state.search and state.offer_turn != state.turn:
        codes.append("draw")
    if _old_values_matter(state, codes):
        return []
    return codes


def v1_state(state: HttState) -> HttState | None:
    """``state`` with the changed built-in level-3 cards at their version-1 values (None when it
    holds none of them)."""
    if not any(c.id in V1_LEVEL3 for deck in state.decks for c in deck):
        return None

    def old(card):
        return attrs.evolve(card, values=V1_LEVEL3[card.id]) if card.id in V1_LEVEL3 else card

    decks = tuple(tuple(old(c) for c in deck) for deck in state.decks)
    cards = tuple(None if c is None else old(c) for c in state.cards)
    values = tuple(
        v if c is None or c.id not in V1_LEVEL3 else matter_values(V1_LEVEL3[c.id], c.matter, icon)
        for v, c, icon in zip(state.values, state.cards, state.icons, strict=True)
    )
    return attrs.evolve(state, decks=(decks[0], decks[1]), cards=cards, values=values)


def _old_values_matter(state: HttState, codes: list[str]) -> bool:
    """Would a listed placement turn other cards with the version-1 values than with today's?"""
    old = v1_state(state)
    if old is None:
        return False
    for code in codes:
        if code == "draw":
            continue
        try:
            move = state.move_from_code(code)
        except ValueError:
            continue  # In order's first card changed: the decoder reports that move
        if isinstance(move, Place) and state.apply(move).owners != old.apply(move).owners:
            return True
    return False
