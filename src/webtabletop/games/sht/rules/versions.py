"""SHT's rules versions: the ply cap and how links and records of older versions replay.

Version 1 offered a defence as one move per whole set, from a list that counted cards of equal
value and equal open/closed state as interchangeable (only the earliest played could defend) and
stopped at 200 sets. Version 2 reaches every set «場のカードを好きな枚数選んで防御することができます»
(any number of field cards) by putting cards forward one at a time, and keeps version 1's sets as
one-move quick defences at the start of a defence, with the same codes in the same order. So a
version 1 record replays unchanged, and :func:`legacy_codes` gives a version 1 link's moves back:
at the start of a defence the list version 1 offered (quick defences, then ``decline``), elsewhere
the same list as today. Nothing else in the rules changed; version 2 positions with cards put
forward never occurred under version 1 (``[]``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

RULES_VERSION = 2

#: the terms of :func:`max_plies` (cards: the 52 of the deck)
CARDS = 52


def max_plies(options: Any = None) -> int:
    """The most moves a game can have (522, whatever the options).

    Proof. No card ever leaves the discard pile, and a field card never goes back to a hand. Count
    the moves of a game by kind:

    - turns that put cards on the field or attack: each moves at least one card from a hand to the
      field or from the field to the discard pile, at most once per card each way: ≤ 2 × 52;
    - passes: a pass is followed by the other player's turn, and two passes in a row end the game,
      so there are at most 2 more passes than other turns: ≤ 2 × 52 + 2;
    - battles: every attack discards its card, every defended battle at least one more, so attacks
      plus defended battles ≤ 52 and defended battles ≤ 26; a battle ends with at most one move
      (``d:…`` or ``decline``; a publicly impossible defence takes none): ≤ 52;
    - advantage steps: at most 2 per defended battle: ≤ 2 × 26;
    - cards put forward (``+:<id>``): in a defended battle each is discarded (≤ 52 over the game);
      a declined battle breaks a shield or ends the game, so at most 3 battles are declined, each
      after at most 52 cards put forward: ≤ 52 + 3 × 52.

    Sum: 104 + 106 + 52 + 52 + 208 = 522. The rules end a game that reaches it as a draw (none
    does), and decoders refuse longer records.
    """
    turns = 2 * CARDS
    passes = turns + 2
    battle_ends = CARDS
    advantages = 2 * (CARDS // 2)
    forward = CARDS + 3 * CARDS
    return turns + passes + battle_ends + advantages + forward


def legacy_codes(state: Any, version: int) -> Sequence[str] | None:
    """The codes rules version ``version`` listed in ``state``, in its order (None: the same as
    today; ``[]``: a position version 1 never reached)."""
    if version >= RULES_VERSION or state.phase != "defend":
        return None
    if state.chosen:
        return []
    return [m.code for m in state.quick_defences()] + ["decline"]
