"""Tsifrograd knowledge for the generic MCTS: fast greedy playouts and good moves first.

Playouts run on plain lists (no state objects) but call the very same rule functions as
:class:`~webtabletop.games.tsifrograd.rules.TsifroState`, so they cannot drift from the rules.
The playout policy: place at random, always cross out when allowed (the biggest number).
"""

from __future__ import annotations

from webtabletop.ai.mcts import AiHooks, Budget
from webtabletop.core.rng import Rng
from webtabletop.games.tsifrograd.rules import (
    CROSS,
    DECLINE,
    EMPTY,
    Cross,
    TsifroState,
    crossing_targets,
    final_outcome,
    proximity_place,
    roll_dice,
    totals,
)


def simulate(state: TsifroState, rng: Rng) -> tuple[float, float]:
    """Play ``state`` out to the end with the playout policy; returns (value 0, value 1)."""
    variant = state.options.variant
    nbrs = state.grid.neighbours
    owners = list(state.owners)
    values = list(state.values)
    crossed = list(state.crossed)
    crossings = list(state.crossings)
    turns = list(state.turns)
    grace = state.options.grace_turns
    player = state.player
    dice = Rng(rng.next_u64())  # the future dice of this world
    if state.phase == CROSS:
        best = max(state.targets, key=lambda c: values[c])
        crossed[best] = True
        crossings[player] += 1
        turns[player] += 1
        player = 1 - player
        number = sum(roll_dice(dice, variant))
    else:
        number = state.number
    empty = [i for i, o in enumerate(owners) if o == EMPTY]
    while empty:
        k = rng.randbelow(len(empty))
        cell = empty[k]
        empty[k] = empty[-1]
        empty.pop()
        if variant == "proximity":
            crossings[player] += proximity_place(nbrs, owners, values, cell, player, number)
        else:
            owners[cell] = player
            values[cell] = number
            if turns[player] >= grace:
                targets = crossing_targets(variant, nbrs, owners, values, crossed, cell, player)
                if targets:
                    best = max(targets, key=lambda c: values[c])
                    crossed[best] = True
                    crossings[player] += 1
        turns[player] += 1
        player = 1 - player
        number = sum(roll_dice(dice, variant))
    return final_outcome(variant, (crossings[0], crossings[1]), totals(owners, values, crossed)).returns()


def order_moves(state: TsifroState, moves):
    """Crossing before declining, bigger numbers first; placements next to more numbers first."""
    if state.phase == CROSS:
        crosses = sorted((m for m in moves if isinstance(m, Cross)), key=lambda m: -state.values[m.cell])
        return crosses + [m for m in moves if m is DECLINE]
    owners = state.owners
    nbrs = state.grid.neighbours
    return sorted(moves, key=lambda m: -sum(1 for f in nbrs[m.cell] if owners[f] >= 0))


HOOKS = AiHooks(
    simulate=simulate,
    order_moves=order_moves,
    exploration=0.8,
    levels={
        "easy": Budget(iterations=30, seconds=0.25),
        "normal": Budget(iterations=400, seconds=0.8),
        "hard": Budget(iterations=3000, seconds=2.5),
    },
)
