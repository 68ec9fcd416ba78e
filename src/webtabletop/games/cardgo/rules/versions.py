"""CardGO's rules versions: the ply cap and how links and records of older versions replay.

Version 1 (before 2026-11) skipped every draw (the turn's draw and Love's extra card) while the
hand already held ``hand_size + 1`` cards. The source caps no hand — «玩家开始时具有卡牌5张,
每回合可以使用一张,新的回合获取一张» (start with 5 cards, use one per turn, get one each new turn)
and Love «打出时,额外抽取一张卡牌» (on play, draw one extra card) — so version 2 draws always.

A skipped draw also left the random generator where it was, so after the first draw version 1
would have skipped, hands *and* every later random outcome differ. Up to that point both versions
list the same moves in the same order (a move ``"i@cell"`` names a hand card by its index, so the
same hands are needed for the same index to mean the same card). :func:`legacy_codes` therefore
answers None (the same list) until a hand has held more than ``hand_size + 1`` cards, and ``[]``
(the old rules had led elsewhere) from then on: old links and records stop there, with a message,
instead of silently playing a different card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from webtabletop.games.cardgo.rules.options import CardgoOptions

RULES_VERSION = 2


def max_plies(options: CardgoOptions) -> int:
    """The most moves a game can have: ``2 × turn_limit + 2 × hand_size``.

    Proof. Every move is a placement, a skip or a pass. In one turn the player places a card, then
    possibly follow-up cards (each offered only after an Indulgence, Pride or Excitement card, so
    every card of the chain but the last carries such an effect and draws nothing), then possibly
    skips; or passes. Only the last placement of a turn can be a Love card, which draws one card, and
    then the turn has no skip. So the moves of a turn are at most 1 + (cards placed − cards drawn by
    Love in it). The game ends after ``turn_limit`` turns (more time wins, equal: draw). Summed over
    those turns, cards placed − Love draws ≤ the other cards dealt that could be placed: 2 ×
    hand_size at the start plus the draw at the end of every turn but the last, hence moves ≤
    turn_limit + 2 × hand_size + turn_limit − 1 < the cap. So no game reaches the cap; the rules
    end a game there all the same (:meth:`CardgoState.outcome`), and decoders refuse longer records.
    """
    return 2 * options.turn_limit + 2 * options.hand_size


def legacy_codes(state: Any, version: int) -> Sequence[str] | None:
    """The codes rules version ``version`` listed in ``state`` (None: the same list as today;
    ``[]``: version 1 had skipped a draw by now, so its game had gone elsewhere)."""
    if version >= RULES_VERSION:
        return None
    cap = state.options.hand_size + 1
    if state.hand_peak > cap or any(len(hand) > cap for hand in state.hands):
        return []
    return None
