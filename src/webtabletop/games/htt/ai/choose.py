"""The HTT AI: the generic information-set MCTS (webtabletop.ai.mcts) on determinized states.

- The search never sees the opponent's hidden hand: each iteration plays in a world from
  :meth:`HttState.determinize`, which resamples the unseen cards (not with Open).
- It searches :meth:`HttState.for_search` states: no draw offers, the game ends when the board is
  full (the blind pick after a win is no decision: the AI takes a seeded random face-down card).
- Draw offers: the AI accepts only when its search judges it not ahead (:data:`ACCEPT_AT`; the
  digest: "it accepts when it is not ahead"), never in the first moves (:data:`OPENING_CARDS`),
  and never offers one itself. It judges with its own knowledge only.
- Levels: easy (60 iterations, a careless random placement in about one move of seven), normal (500),
  hard (2500); normal and hard also solve the endgame exactly.
- Rollouts are random; inside the search a win by more cards scores a little more
  (:class:`webtabletop.games.htt.rules.state.SearchOutcome`), which steers the AI away from near-draws.
- Endgame (normal and hard): once the rest of the game is small (:data:`ENDGAME`), the AI
  solves it exactly with alpha-beta in several determinized worlds (one world with Open, or when
  the opponent has no hidden card left) and plays the move with the best average result.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import attrs

from webtabletop.ai.mcts import AiHooks, Budget, SearchResult, level_budget, search
from webtabletop.core.rng import Rng
from webtabletop.games.htt.rules.state import (
    ACCEPT,
    DECLINE,
    DRAW,
    OFFER,
    PICK,
    HttState,
    Place,
    Take,
    matter_values,
    resolve,
)

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


#: random rollouts: measured as strong as the greedy policy (GREEDY_HOOKS) and cheaper
HOOKS = AiHooks(evaluate=evaluate, exploration=0.8, levels=LEVELS)
GREEDY_HOOKS = attrs.evolve(HOOKS, rollout_policy=rollout_policy)


#: the AI accepts a draw offer when its value after declining (-1..1) is at most this: not
#: ahead, i.e. winning chances of a half or less (the digest)
ACCEPT_AT = 0.0
#: nor before this many cards are on the board (two each): an open game is no reason to stop
OPENING_CARDS = 4

#: per level: chance of a careless move (a seeded random placement), so "easy" can be beaten
CARELESS = {"easy": 0.15}

#: per level: (largest estimated number of lines to solve exactly, determinized worlds)
ENDGAME = {"easy": (0, 0), "normal": (5000, 4), "hard": (40000, 12)}
#: per budget: the worlds an analysis solves (more than the level plays with: each world's result
#: is a whole win or loss, so 4 worlds judge in steps of 0.125 of the chances, and a review marked
#: one world in four as ``?!``; 16 worlds take at most about 0.4 s at the normal level's limit)
ANALYSIS_WORLDS = {"easy": 4, "normal": 16, "hard": 24}


def _leaves(state: HttState) -> int:
    """Rough size of the rest of the game: product of (cards in hand × empty cells) per ply."""
    empty = len(state.empty_cells())
    p = state.player
    total = 1
    counts = [len(state.hand_slots(0)), len(state.hand_slots(1))]
    for k in range(empty):
        c = counts[p] if not state.options.in_order else min(1, counts[p])
        total *= max(1, c) * (empty - k)
        counts[p] -= 1
        p = 1 - p
        if total > 10**7:
            break
    return total


def _negamax(ctx, owners: list, values: list, hands: list, p: int, alpha: int, beta: int) -> int:
    """Exact value for ``p`` (to move) of the rest of the game: 32 × sign + card difference."""
    sides, icons, opts, empties = ctx
    free = [c for c in empties if owners[c] == -1]
    if not free:
        mine = sum(1 for o in owners if o == p) + len(hands[p])
        theirs = sum(1 for o in owners if o == 1 - p) + len(hands[1 - p])
        d = mine - theirs
        return 32 * ((d > 0) - (d < 0)) + d
    hand = hands[p]
    seen = set()
    order = range(min(1, len(hand))) if opts.in_order else range(len(hand))
    best = -(10**6)
    for i in order:
        card = hand[i]
        key = (card.values, card.matter)
        if key in seen:
            continue
        seen.add(key)
        rest = hand[:i] + hand[i + 1 :]
        for cell in free:
            owners[cell] = p
            values[cell] = matter_values(card.values, card.matter, icons[cell])
            flips = resolve(sides, owners, values, cell, p, opts)
            hands[p] = rest
            v = -_negamax(ctx, owners, values, hands, 1 - p, -beta, -alpha)
            hands[p] = hand
            for f in flips:
                owners[f.cell] = 1 - p
            owners[cell] = -1
            values[cell] = None
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        return best
    return best


def solve_endgame(
    state: HttState,
    worlds: int,
    seed: int,
    deadline: float | None = None,
    clock: Callable[[], float] = time.perf_counter,
):
    """The placement with the best average exact value over ``worlds`` determinizations (fewer
    when one more would end after ``deadline``, at the mean time per world so far; at least one)."""
    moves, values = endgame_values(state, worlds, seed, deadline, clock)
    return max(moves, key=lambda m: sum(values[m.code]))


def endgame_values(state: HttState, worlds: int, seed: int, deadline=None, clock=time.perf_counter):
    """(placements, code -> exact value in each world solved): 32 × result sign + card difference."""
    me = state.player
    rng = Rng.from_seed(seed)
    moves = [m for m in state.legal_moves() if isinstance(m, Place)]
    totals: dict[str, list[int]] = {m.code: [] for m in moves}
    hidden = not state.options.open and state.hand_slots(1 - me)
    started = clock()
    for k in range(worlds if hidden else 1):
        # another world only if one more (at the mean time of those solved) ends by the deadline
        if k and deadline is not None and clock() + (clock() - started) / k > deadline:
            break
        world = state.for_search().determinize(me, rng.next_u64()) if hidden else state
        ctx = (world.board.sides, world.icons, world.options, world.empty_cells())
        hands = [world.hand(0), world.hand(1)]
        owners, values = list(world.owners), list(world.values)
        for m in moves:
            card = world.decks[me][m.slot]
            owners[m.cell] = me
            values[m.cell] = matter_values(card.values, card.matter, world.icons[m.cell])
            flips = resolve(world.board.sides, owners, values, m.cell, me, world.options)
            saved = hands[me]
            hands[me] = [c for i, c in zip(world.hand_slots(me), saved, strict=True) if i != m.slot]
            totals[m.code].append(-_negamax(ctx, owners, values, hands, 1 - me, -(10**6), 10**6))
            hands[me] = saved
            for f in flips:
                owners[f.cell] = 1 - me
            owners[m.cell] = -1
            values[m.cell] = None
    return moves, totals


#: :func:`exact_choose` solves positions from this many placements on (the second placement's
#: full solve takes about 1-5 s in CPython; the first one's about 50 s)
EXACT_FROM = 1


def exact_choose(state: HttState, seed: int = 0):
    """The best placement by an exact solve in one world (``state.determinize`` for the mover,
    which a clairvoyant state answers with itself), or None before :data:`EXACT_FROM` placements or outside the placing phase. On a clairvoyant
    state (:func:`webtabletop.ai.arena.clairvoyant`) this is perfect play with perfect
    information: the ``oracle:exact`` yardstick of the level benchmark, never a player's AI."""
    if state.phase != "play" or state.turn < EXACT_FROM:
        return None
    moves, values = endgame_values(state, 1, seed)
    return max(moves, key=lambda m: values[m.code][0])


@attrs.frozen
class AiChoice:
    move: object
    iterations: int = 0
    seconds: float = 0.0


def choose_move(
    state: HttState,
    level: str = "normal",
    seed: int = 0,
    time_limited: bool = True,
    clock: Callable[[], float] = time.perf_counter,
):
    """The AI's move for ``state.to_move()`` at ``level`` (easy / normal / hard)."""
    if state.phase == DRAW:  # accept only when the search judges us not ahead (easy judges as normal)
        if state.turn < OPENING_CARDS:
            return AiChoice(DECLINE)
        judge = "normal" if level == "easy" else level
        value, _result = declined_value(state, level_budget(judge, HOOKS, time_limited), seed, clock)
        return AiChoice(ACCEPT if value <= ACCEPT_AT else DECLINE)
    if state.phase == PICK:
        return AiChoice(Take(Rng(seed).randbelow(len(state.pick_order))))
    budget = level_budget(level, HOOKS, time_limited)
    careless = CARELESS.get(level, 0.0)
    if careless:
        rng = Rng.from_seed(seed ^ 0x5EED)
        if rng.random() < careless:
            moves = [m for m in state.legal_moves() if isinstance(m, Place)]
            return AiChoice(moves[rng.randbelow(len(moves))])
    limit, worlds = ENDGAME.get(level, (0, 0))
    if limit and _leaves(state) <= limit:
        start = clock()
        deadline = start + budget.seconds if budget.seconds is not None else None
        return AiChoice(solve_endgame(state, worlds, seed, deadline, clock), 0, clock() - start)
    result: SearchResult = search(state.for_search(), budget, seed, HOOKS, clock)
    return AiChoice(state.move_from_code(result.move.code), result.iterations, result.seconds)


def declined_value(state: HttState, budget: Budget, seed: int, clock=time.perf_counter):
    """(value for the player deciding on a draw offer if it declines, the search): the offerer
    moves next, searched with the decider's knowledge only (its hidden hand is never read)."""
    me = state.to_move()
    result = search(
        state.apply(DECLINE).for_search(), budget, seed, HOOKS, clock, observer=me, always_search=True
    )
    return -result.stats.get(result.move.code, (0, 0.0))[1], result


def analyse(state: HttState, budget: str = "normal", seed: int = 0):
    """Winning chances (:mod:`webtabletop.ai.analysis`): exact after the last card (the pick
    changes no result), the exact endgame solver's mean result over determinized worlds
    (:data:`ANALYSIS_WORLDS`) where the level solves it, the best move the one with the best mean
    (then the best margin), else the MCTS root value (a win by more cards counts 0.7–1.0 there, so these
    chances lean slightly towards ½). A draw offer is worth the better of ½ and declining."""
    from webtabletop.ai.analysis import Analysis, chances_from_value, check_budget, mcts_analysis, over

    check_budget(budget)
    done = over(state)
    if done is not None:
        return done
    me = state.to_move()
    if state.phase == PICK:
        won = 1.0 if state.winner == me else -1.0
        pick = Take(0).code
        return Analysis(chances_from_value(won, me), pick, (pick,), me, True, "over", {"value": won})
    if state.phase == DRAW:
        value, result = declined_value(state, level_budget(budget, HOOKS, False), seed)
        best = DECLINE if value > 0 else ACCEPT
        details = {
            "value": round(max(value, 0.0), 4),
            "declined": round(value, 4),
            "iterations": result.iterations,
        }
        return Analysis(
            chances_from_value(max(value, 0.0), me), best.code, (best.code,), me, False, "mcts", details
        )
    limit = ENDGAME.get(budget, (0, 0))[0]
    if limit and _leaves(state) <= limit:
        moves, values = endgame_values(state, ANALYSIS_WORLDS[budget], seed)
        signs = {m.code: sum((v > 0) - (v < 0) for v in values[m.code]) / len(values[m.code]) for m in moves}
        # the best chances first (the mean result), then the best margin
        best = max(moves, key=lambda m: (signs[m.code], sum(values[m.code]))).code
        n = len(values[best])
        details = {"value": signs[best], "worlds": n, "margin": sum(values[best]) / n, "signs": signs}
        return Analysis(chances_from_value(signs[best], me), best, (best,), me, n == 1, "solved", details)
    return mcts_analysis(state, budget, seed, HOOKS, search_state=state.for_search())


def analyse_move(
    state: HttState, code: str, budget: str = "normal", seed: int = 0, analysis=None, after=None
):
    """A move's value to its mover (:func:`webtabletop.ai.analysis.analyse_move`), from the
    mover's knowledge: the blind pick changes no result; accepting a draw is worth ½; declining
    is the searched value; where the analysis solved the endgame, the solver's average over the
    same determinized worlds; else the shared MCTS judge on the searched state."""
    from webtabletop.ai.analysis import MoveValue, chances_from_value, mcts_move_value

    me = state.to_move()
    analysis = analysis if analysis is not None else analyse(state, budget, seed)
    if code == analysis.best_move or state.phase == PICK or code == OFFER.code:
        # offering a draw is no mistake by itself: the position stays, or the game ends at ½
        # by the other player's choice
        return MoveValue(analysis.chances[me], "best")
    if state.phase == DRAW:
        if code == ACCEPT.code:
            return MoveValue(0.5, "exact")
        declined = analysis.details.get("declined", 0.0)
        return MoveValue(chances_from_value(declined, me)[me], "search")
    if analysis.kind == "solved":  # the same worlds, solved for every placement
        kind = "exact" if analysis.exact else "search"
        return MoveValue(chances_from_value(analysis.details["signs"][code], me)[me], kind)
    return mcts_move_value(state, code, budget, seed, analysis, HOOKS, state.for_search())
