"""The HTT AI: the generic information-set MCTS (webtabletop.ai.mcts) on determinized states.

- The search never sees the opponent's hidden hand: each iteration plays in a world from
  :meth:`HttState.determinize`, which resamples the unseen cards (not with Open).
- It searches :meth:`HttState.for_search` states: no draw offers, the game ends when the board is
  full (the blind pick after a win is no decision: the AI takes a seeded random face-down card).
- Draw offers: the AI accepts when it is not ahead (digest) and never offers one itself.
- Rollouts are mostly greedy (the placement that turns the most cards now), partly random.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import attrs

from webtabletop.ai.mcts import AiHooks, Budget, SearchResult, level_budget, search
from webtabletop.core.rng import Rng
from webtabletop.games.htt.rules import ACCEPT, DECLINE, DRAW, PICK, HttState, Place, Take, matter_values, resolve

LEVELS = {
    "easy": Budget(iterations=60, seconds=0.3),
    "normal": Budget(iterations=500, seconds=1.0),
    "hard": Budget(iterations=2500, seconds=3.0),
}


def evaluate(state: HttState) -> tuple[float, float]:
    a, b = state.score()
    v = (a - b) / max(1, a + b)
    return (v, -v)


def gain(state: HttState, move: Place) -> int:
    """Cards the placement turns at once (Combo chains included)."""
    p = state.player
    card = state.decks[p][move.slot]
    owners = list(state.owners)
    values = list(state.values)
    owners[move.cell] = p
    values[move.cell] = matter_values(card.values, card.matter, state.icons[move.cell])
    return len(resolve(state.board.sides, owners, values, move.cell, p, state.options))


def rollout_policy(state: HttState, rng: Rng):
    """Greedy three times in four (most cards turned, ties at random), else a random placement."""
    moves = state.legal_moves()
    if rng.randbelow(4) == 0 or state.phase != "play":
        return moves[rng.randbelow(len(moves))]
    best: list = []
    top = -1
    for m in moves:
        if not isinstance(m, Place):
            continue
        g = gain(state, m)
        if g > top:
            best, top = [m], g
        elif g == top:
            best.append(m)
    return best[rng.randbelow(len(best))]


HOOKS = AiHooks(rollout_policy=rollout_policy, evaluate=evaluate, exploration=0.8, levels=LEVELS)


@attrs.frozen
class AiChoice:
    move: object
    iterations: int = 0
    seconds: float = 0.0


def choose_move(state: HttState, level: str = "normal", seed: int = 0, time_limited: bool = True, clock: Callable[[], float] = time.perf_counter):
    """The AI's move for ``state.to_move()`` at ``level`` (easy / normal / hard)."""
    if state.phase == DRAW:
        me = state.to_move()
        s = state.score()
        return AiChoice(ACCEPT if s[me] <= s[1 - me] else DECLINE)
    if state.phase == PICK:
        return AiChoice(Take(Rng(seed).randbelow(len(state.pick_order))))
    budget = level_budget(level, HOOKS, time_limited)
    result: SearchResult = search(state.for_search(), budget, seed, HOOKS, clock)
    return AiChoice(state.move_from_code(result.move.code), result.iterations, result.seconds)
