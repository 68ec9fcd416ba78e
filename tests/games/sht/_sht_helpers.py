"""Shared helpers of the SHT tests: random games and what a player may see."""

from __future__ import annotations

import webtabletop.games.sht as sht
from webtabletop.core.rng import Rng
from webtabletop.games.sht.rules import cards as C
from webtabletop.games.sht.rules.options import ShtOptions
from webtabletop.games.sht.rules.state import ShtState, new_game

SPEC = sht.SPEC


def random_game(seed: int, options: ShtOptions | None = None, max_plies: int = 600) -> list[ShtState]:
    """Every state of a game played with uniformly random legal moves (every game ends within
    ``SPEC.ply_cap``, 522 moves: the loop's own limit is only a guard)."""
    state = new_game(options or ShtOptions(), seed)
    rng = Rng.from_seed(seed ^ 0x5EED)
    states = [state]
    while not state.is_over and len(states) < max_plies:
        legal = state.legal_moves()
        state = state.apply(legal[rng.randbelow(len(legal))])
        states.append(state)
    return states


def random_codes(seed: int) -> list[str]:
    states = random_game(seed)
    codes = []
    for a, b in zip(states, states[1:], strict=False):
        codes.append(next(m.code for m in a.legal_moves() if a.apply(m) == b))
    return codes


def may_see(state: ShtState, player: int | None, reveal: bool = False) -> set[int]:
    """Computed here independently of the engine: the cards ``player`` may look at now (with
    ``reveal``: everything but the deck, as after a game when a player asks to see everything)."""
    seen = set(state.discard)
    if state.attack is not None:
        seen.add(state.attack)
    for p in (0, 1):
        for slot in state.fields[p]:
            if slot.open or p == player or reveal:
                seen.add(slot.card)
        if p == player or reveal:
            seen.update(state.hands[p])
        if reveal and state.shields[p] is not None:
            seen.add(state.shields[p])
    return seen


def hidden_names(state: ShtState, player: int | None) -> list[str]:
    return [C.name(c) for c in C.ALL_CARDS if c not in may_see(state, player)]
