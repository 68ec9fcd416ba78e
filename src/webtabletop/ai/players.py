"""Players for self-play and tests: random, and the AI at a level."""

from __future__ import annotations

from collections.abc import Callable

from webtabletop.core.protocol import Move, State
from webtabletop.core.rng import Rng

Player = Callable[[State, Rng], Move]


def random_move(state: State, rng: Rng) -> Move:
    legal = state.legal_moves()
    return legal[rng.randbelow(len(legal))]


def make_player(kind: str) -> Player:
    """``random``, ``ai`` (normal level) or ``ai:<level>``; AI players use iteration budgets only,
    so self-play results are reproducible from the seed."""
    if kind == "random":
        return random_move
    if kind == "ai" or kind.startswith("ai:"):
        level = kind.partition(":")[2] or "normal"
        from webtabletop.ai.mcts import game_ai

        def ai(state: State, rng: Rng) -> Move:
            return game_ai(state.spec.id)(state, level, seed=rng.next_u64(), time_limited=False).move

        return ai
    raise ValueError(f"unknown player kind {kind!r} (use random, ai or ai:easy|normal|hard)")
