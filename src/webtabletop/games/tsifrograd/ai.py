"""Tsifrograd knowledge for the generic MCTS: greedy crossings in rollouts, good moves first."""

from __future__ import annotations

from webtabletop.ai.mcts import AiHooks, Budget
from webtabletop.core.rng import Rng
from webtabletop.games.tsifrograd.rules import CROSS, DECLINE, Cross, TsifroState


def rollout_policy(state: TsifroState, rng: Rng):
    """Always cross out when allowed (the biggest number); place at random."""
    if state.phase == CROSS:
        return Cross(max(state.targets, key=lambda c: state.values[c]))
    legal = state.legal_moves()
    return legal[rng.randbelow(len(legal))]


def order_moves(state: TsifroState, moves):
    """Crossing before declining, bigger numbers first; placements next to more numbers first."""
    if state.phase == CROSS:
        crosses = sorted((m for m in moves if isinstance(m, Cross)), key=lambda m: -state.values[m.cell])
        return crosses + [m for m in moves if m is DECLINE]
    owners = state.owners
    nbrs = state.grid.neighbours
    return sorted(moves, key=lambda m: -sum(1 for f in nbrs[m.cell] if owners[f] >= 0))


HOOKS = AiHooks(
    rollout_policy=rollout_policy,
    order_moves=order_moves,
    exploration=0.8,
    levels={
        "easy": Budget(iterations=30, seconds=0.25),
        "normal": Budget(iterations=300, seconds=0.8),
        "hard": Budget(iterations=2000, seconds=2.5),
    },
)
