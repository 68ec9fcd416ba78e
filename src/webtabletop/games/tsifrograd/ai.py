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
    owners, values, crossed, crossings = playout(state, rng)
    return final_outcome(state.options.variant, crossings, totals(owners, values, crossed)).returns()


def playout(state: TsifroState, rng: Rng):
    """The board at the end of a playout: (owners, values, crossed, crossings). The future dice
    come from ``rng.next_u64()`` as if it were the state's ``rng_state``; then each placement
    takes a random empty cell (``rng``), each crossing step the biggest target."""
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
    return owners, values, crossed, (crossings[0], crossings[1])


def threat_needs(state: TsifroState) -> dict[int, int]:
    """Tsifrograd: for each live enemy number E that touches a live number of the mover (M, the
    largest), the number N the mover must write next to E to cross it out is anything above
    ``E + D - M`` (see :func:`~webtabletop.games.tsifrograd.rules.crossing_targets`). Writing into
    an empty cell changes neither M nor D of its neighbours, so this holds for every empty cell."""
    me, enemy = state.player, 1 - state.player
    owners, values, crossed = state.owners, state.values, state.crossed
    nbrs = state.grid.neighbours
    needs = {}
    for e, owner in enumerate(owners):
        if owner != enemy or crossed[e]:
            continue
        m, d = -1, 0
        for f in nbrs[e]:
            if crossed[f]:
                continue
            if owners[f] == me:
                m = max(m, values[f])
            elif owners[f] == enemy:
                d = max(d, values[f])
        if m >= 0:
            needs[e] = values[e] + d - m
    return needs


def order_moves(state: TsifroState, moves):
    """Crossing before declining, bigger numbers first. Placements: in Tsifrograd those that
    would let the mover cross something out first (most and biggest targets), then cells next to
    more numbers; in the other variants, cells next to more numbers first."""
    if state.phase == CROSS:
        crosses = sorted((m for m in moves if isinstance(m, Cross)), key=lambda m: -state.values[m.cell])
        return crosses + [m for m in moves if m is DECLINE]
    owners = state.owners
    nbrs = state.grid.neighbours

    def crowd(m):
        return -sum(1 for f in nbrs[m.cell] if owners[f] >= 0)

    if state.options.variant != "tsifrograd" or state.grace_active():
        return sorted(moves, key=crowd)
    n, values = state.number, state.values
    best: dict[int, int] = {}  # empty cell -> the biggest number writing N there would cross
    for e, need in threat_needs(state).items():
        if n > need:
            v = values[e]
            for c in nbrs[e]:
                if owners[c] == EMPTY and best.get(c, 0) < v:
                    best[c] = v
    if not best:
        return sorted(moves, key=crowd)
    return sorted(moves, key=lambda m: (-best.get(m.cell, 0), crowd(m)))


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
