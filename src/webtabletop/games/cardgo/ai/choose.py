"""The CardGO opponent: determinized Monte Carlo search over preview-ranked candidates.

- Candidate pruning: every distinct (card, cell) placement is scored with the real
  :func:`~webtabletop.games.cardgo.rules.preview.preview` (hidden values and random effects stay hidden)
  plus a small safety term; only the best ``candidates`` of them are searched.
- Search (information-set Monte Carlo, successive halving at the root): each sample draws a
  determinization of the position (:meth:`CardgoState.determinize`: the opponent's hand, the
  opponent's tall-grass values and all future draws are resampled), plays a candidate, then a short
  greedy rollout in which both sides use the fast
  :func:`~webtabletop.games.cardgo.ai.ranking.quick_moves` ranking, and scores the end by
  the time difference and the threat the player to move holds. Every candidate is played out in the
  same sampled worlds (common random numbers), the worse half is dropped after each phase, and the
  best mean wins.
- Levels: easy = best preview with noise (no search), normal and hard = search with more candidates,
  iterations and deeper rollouts. ``time_limited=False`` uses the iteration caps only (reproducible).

Also exported: :data:`HOOKS`, the :class:`~webtabletop.ai.mcts.AiHooks` for the generic MCTS
(cheap move ordering and rollout policy; cut-off evaluation).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence

import attrs

from webtabletop.ai.mcts import AiHooks, Budget
from webtabletop.core.rng import Rng
from webtabletop.games.cardgo.ai.ranking import analyse_groups, quick_moves
from webtabletop.games.cardgo.rules.preview import preview
from webtabletop.games.cardgo.rules.state import EXTRA, SKIP, CardgoState, Place


@attrs.frozen
class Level:
    candidates: int
    iterations: int
    seconds: float
    depth: int  # rollout plies after the candidate move
    noise: float = 0.0  # easy: random perturbation of the preview scores
    engine: float = 0.0  # weight of the groups' promise in the evaluation (:func:`engines`)


LEVELS: dict[str, Level] = {
    "easy": Level(candidates=1, iterations=0, seconds=0.0, depth=0, noise=6.0),
    "normal": Level(candidates=8, iterations=240, seconds=1.0, depth=2),
    "hard": Level(candidates=12, iterations=900, seconds=3.0, depth=3),
}


@attrs.frozen
class AiChoice:
    move: object
    iterations: int
    seconds: float
    #: move code -> (visits, mean value for the AI)
    stats: dict[str, tuple[int, float]]



def _best_gain(state: CardgoState) -> float:
    if state.outcome() is not None or state.legal_moves()[0].code in ("pass", "skip"):
        return 0.0
    q = quick_moves(state, 1)
    return max(0.0, q[0][0]) if q else 0.0


def _lead(state: CardgoState, me: int) -> float:
    """``me``'s time lead, minus/plus the threat of the player to move."""
    diff = state.time[me] - state.time[1 - me]
    threat = 0.7 * _best_gain(state)
    return diff + (threat if state.player == me else -threat)


def evaluate(state: CardgoState, me: int, engine: float = 0.0) -> float:
    """Value in [-1, 1] for ``me`` (the AI's search): the time difference, minus/plus the threat
    of the player to move, plus ``engine`` × the difference of :func:`engines`."""
    out = state.outcome()
    if out is not None:
        return out.returns()[me]
    diff = _lead(state, me)
    if engine:
        diff += engine * (engines(state, me) - engines(state, 1 - me))
    return math.tanh(diff / 25.0)


#: the analysis's chances, ``P(win) = 1 / (1 + exp(−2·SCALE·lead / total^POWER))`` with
#: ``total`` both players' time left: fitted by maximum likelihood on 6,664 positions of 36
#: games between easy players (default options, seeds 1000–1035): a lead counts more as the
#: time runs out. Binned, predicted 0.05 / 0.25 / 0.45 / 0.55 / 0.75 / 0.95 came out 0.01 / 0.26
#: / 0.39 / 0.56 / 0.73 / 0.99 (the AI's own ``tanh(lead / 25)`` said 0.15 for positions won
#: 0% of the time and 0.85 for those won 100%: too flat, so no move ever lost 0.1 of it)
CHANCE_SCALE, CHANCE_POWER = 2.7, 0.75


def chance_value(state: CardgoState, me: int, engine: float = 0.0) -> float:
    """``me``'s expected result in [-1, 1] (``2·P(win) − 1``) from the lead and the time left,
    calibrated (:data:`CHANCE_SCALE`); the analysis's value, where :func:`evaluate` is the
    search's."""
    out = state.outcome()
    if out is not None:
        return out.returns()[me]
    return lead_value(_lead(state, me), state.time[0] + state.time[1])


def lead_value(lead: float, total: int, scale: float = CHANCE_SCALE, power: float = CHANCE_POWER) -> float:
    """The calibrated curve itself: ``2·P(win) − 1`` for a ``lead`` with ``total`` time left
    (at least 1) in both players' hands (``benchmarks/cardgo_chances.py`` fits it to games)."""
    return math.tanh(scale * lead / max(1, total) ** power)


def engines(state: CardgoState, p: int) -> float:
    """What ``p``'s groups promise: the next stone joining a group of weight w makes X = w, so it
    and every stone of value ≤ w take effect. A group of two or more is worth its weight (up to
    6, the largest default value); one with a single liberty or none, which the opponent can
    enclose, 0.3 of that."""
    total = 0.0
    for w, members, libs in analyse_groups(state, p)[1]:
        if len(members) >= 2:
            total += min(w, 6) * (1.0 if len(libs) >= 2 else 0.3)
    return total


def rollout_policy(state: CardgoState, rng: Rng):
    """Greedy on :func:`quick_moves` (random among near-equal best moves); skips never, passes when forced."""
    if state.phase == EXTRA:
        q = quick_moves(state, 3)
        return q[0][1] if q and q[0][0] > 0 else SKIP
    q = quick_moves(state, 4)
    if not q:
        return state.legal_moves()[0]
    top = [m for s, m in q if s >= q[0][0] - 0.5]
    return top[rng.randbelow(len(top))]


# --- root candidates --------------------------------------------------------------------------
def root_candidates(state: CardgoState, count: int, rng: Rng | None = None, noise: float = 0.0):
    """The best ``count`` legal moves by preview (distinct cards only), best first, with scores.

    Reads only what the player to move may know: the preview hides the opponent's tall-grass values
    and random outcomes, and the quick score runs on a determinization (when ``rng`` is given)."""
    legal = state.legal_moves()
    if legal[0].code == "pass":
        return [(0.0, legal[0])]
    # the quick analysis reads stone values: run it on a world where hidden values are resampled
    world = state.determinize(state.player, rng.next_u64()) if rng is not None else state
    quick = {(m.hand, m.cell): s for s, m in quick_moves(world)}
    scored = []
    for m in legal:
        if not isinstance(m, Place):
            scored.append((0.0, m))
            continue
        key = (m.hand, m.cell)
        if key not in quick:  # a duplicate card
            continue
        p = preview(state, m.hand, m.cell)
        # the preview is exact on what happens now; the quick score adds safety and effect terms
        s = p.expected_gain() + 0.3 * quick[key]
        if noise and rng is not None:
            s += noise * (rng.random() - 0.5)
        scored.append((s, m))
    scored.sort(key=lambda sm: -sm[0])
    return scored[:count]


# --- search ------------------------------------------------------------------------------
def choose_move(
    state: CardgoState,
    level: str = "normal",
    seed: int = 0,
    time_limited: bool = True,
    clock: Callable[[], float] = time.perf_counter,
) -> AiChoice:
    """The AI's move for the player to move. Reads only what that player may know."""
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r} (levels: {', '.join(LEVELS)})")
    lv = LEVELS[level]
    start = clock()
    legal = state.legal_moves()
    if not legal:
        raise ValueError("no legal move: the game is over")
    if len(legal) == 1:
        return AiChoice(legal[0], 0, 0.0, {legal[0].code: (0, 0.0)})
    return _search(state, lv, seed, time_limited, clock, start)


def _search(
    state: CardgoState,
    lv: Level,
    seed: int,
    time_limited: bool,
    clock,
    start: float,
    force: bool = False,
    value=evaluate,
):
    """Successive halving over the root candidates; ``force``: sample even a single candidate
    (analysis wants its value); ``value``: what a playout's end is worth (the analysis's chances)."""
    rng = Rng.from_seed(seed)
    cands = root_candidates(state, max(lv.candidates, 1), rng, lv.noise)
    if state.phase == EXTRA and all(m is not SKIP for _, m in cands):
        cands.append((0.0, SKIP))
    if (len(cands) == 1 and not force) or lv.iterations == 0:
        return AiChoice(cands[0][1], 0, clock() - start, {m.code: (0, s) for s, m in cands})
    me = state.player
    k = len(cands)
    # successive halving with common random numbers: sample t uses the same determinization and
    # the same rollout generator for every candidate, so candidates are compared on equal worlds
    worlds = [rng.next_u64() for _ in range(lv.iterations)]
    values: list[list[float]] = [[] for _ in range(k)]
    alive = list(range(k))
    phases = max(1, math.ceil(math.log2(k)))
    deadline = start + lv.seconds if time_limited else None
    used = 0
    out_of_time = False
    for phase in range(phases):
        per = max(1, (lv.iterations // phases) // len(alive))
        target = len(values[alive[0]]) + per
        for t in range(len(values[alive[0]]), target):
            if t >= len(worlds) or used >= lv.iterations:
                break
            if deadline is not None and used >= k and clock() >= deadline:
                out_of_time = True
                break
            for j in alive:
                values[j].append(_sample(state, cands[j][1], me, worlds[t], lv.depth, lv.engine, value))
                used += 1
        n = min(len(values[j]) for j in alive)
        alive.sort(key=lambda j: (-sum(values[j][:n]) / max(n, 1), j))
        if out_of_time or len(alive) == 1:
            break
        if phase < phases - 1:
            alive = alive[: max(1, (len(alive) + 1) // 2)]
    best = alive[0]
    stats = {
        cands[j][1].code: (len(values[j]), sum(values[j]) / len(values[j]) if values[j] else 0.0)
        for j in range(k)
    }
    return AiChoice(cands[best][1], used, clock() - start, stats)


def _sample(
    state: CardgoState, move, me: int, world: int, depth: int, engine: float = 0.0, value=evaluate
) -> float:
    """One determinized playout: ``move``, then ``depth`` greedy plies, then ``value`` (the
    search's :func:`evaluate`). An end reached sooner counts a little more (a win now beats a
    win two plies later)."""
    s = state.determinize(me, world).apply(move)
    rng = Rng(world ^ 0x9E3779B97F4A7C15)
    plies = 0
    while plies < depth and s.outcome() is None:
        s = s.apply(rollout_policy(s, rng))
        plies += 1
    v = value(s, me, engine)
    return v * (1.0 - 0.01 * plies) if s.outcome() is not None else v


#: analysis budgets: the search levels, with a small search for "easy" (easy play does not search)
ANALYSIS_LEVELS = {
    "easy": Level(candidates=4, iterations=60, seconds=0.0, depth=1),
    "normal": LEVELS["normal"],
    "hard": LEVELS["hard"],
}


def analyse(state: CardgoState, budget: str = "normal", seed: int = 0):
    """Winning chances (:mod:`webtabletop.ai.analysis`) from the sampled search: the best
    candidate's mean :func:`evaluate` over determinized worlds (the opponent's hand, tall-grass
    values and future draws resampled) of :func:`chance_value`: the time lead with the threat of
    the player to move, through a logistic curve fitted to games (:data:`CHANCE_SCALE`), in which
    a lead counts more as the time runs out."""
    from webtabletop.ai.analysis import Analysis, chances_from_value, check_budget, over

    check_budget(budget)
    done = over(state)
    if done is not None:
        return done
    me = state.player
    choice = _search(
        state, ANALYSIS_LEVELS[budget], seed, False, time.perf_counter, 0.0, force=True, value=chance_value
    )
    samples, value = choice.stats.get(choice.move.code, (0, 0.0))
    moves = {code: [n, round(v, 4)] for code, (n, v) in choice.stats.items()}
    details = {"value": round(value, 4), "iterations": choice.iterations, "samples": samples, "moves": moves}
    return Analysis(
        chances_from_value(value, me), choice.move.code, (choice.move.code,), me, False, "samples", details
    )


def analyse_move(
    state: CardgoState, code: str, budget: str = "normal", seed: int = 0, analysis=None, after=None
):
    """A move's value to its mover (:func:`webtabletop.ai.analysis.analyse_move`): a candidate
    the analysis sampled as often as its best is judged by those samples; any other move by as
    many samples of its own, on the same determinized worlds the search drew (common random
    numbers: hand, tall grass and draws resampled for the mover, never read)."""
    from webtabletop.ai.analysis import MoveValue, chances_from_value
    from webtabletop.ai.analysis import analyse as analyse_position

    me = state.player
    analysis = analysis if analysis is not None else analyse_position(state, budget, seed)
    if code == analysis.best_move:
        return MoveValue(analysis.chances[me], "best")
    stats = analysis.details.get("moves") or {}
    wanted = max(1, analysis.details.get("samples") or 1)
    if code in stats and stats[code][0] >= wanted:
        return MoveValue(chances_from_value(stats[code][1], me)[me], "stats")
    lv = ANALYSIS_LEVELS[budget]
    rng = Rng.from_seed(seed)
    rng.next_u64()  # root_candidates' world (its noise draws none at analysis levels)
    worlds = [rng.next_u64() for _ in range(wanted)]
    move = state.move_from_code(code)
    values = [_sample(state, move, me, w, lv.depth, lv.engine, chance_value) for w in worlds]
    return MoveValue(chances_from_value(sum(values) / len(values), me)[me], "search")


# --- hooks for the generic MCTS ----------------------------------------------------------------
def _order(state: CardgoState, moves: Sequence):
    if state.phase != EXTRA and moves and isinstance(moves[0], Place):
        rank = {m.code: i for i, (_, m) in enumerate(quick_moves(state))}
        return sorted(moves, key=lambda m: rank.get(m.code, 1 << 20))
    return moves


HOOKS = AiHooks(
    rollout_policy=rollout_policy,
    evaluate=lambda s: (evaluate(s, 0), evaluate(s, 1)),
    rollout_depth=4,
    order_moves=_order,
    exploration=0.7,
    levels={
        "easy": Budget(iterations=20, seconds=0.3),
        "normal": Budget(iterations=120, seconds=1.0),
        "hard": Budget(iterations=500, seconds=3.0),
    },
)
