"""DumaRaj AI: the levels, the move chooser, the analysis (:func:`analyse`) and the plug-ins for
the generic MCTS. The alpha-beta searcher itself is :mod:`webtabletop.games.dumaraj.ai.search`.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import attrs

from webtabletop.games.dumaraj.ai.evaluation import evaluate
from webtabletop.games.dumaraj.ai.search import MATE, Level, Searcher, search_board
from webtabletop.games.dumaraj.rules import engine as E

__all__ = ["LEVELS", "MATE", "Level", "Searcher", "SearchResult", "analyse", "analyse_move", "choose_move", "mcts_hooks", "search_board"]

#: node caps sized for the page (Pyodide searches about 50-70k nodes/s): normal about 0.6 s, hard
#: about 2 s, so the time caps are only a safety net and a game is the same in the page as in
#: the reproducible, node-capped benchmark (hard had 400k nodes before, which the page's 3 s cap
#: always cut short)
LEVELS = {
    "easy": Level(2, 3_000, 0.3, noise=60),
    "normal": Level(5, 30_000, 1.0),
    "hard": Level(64, 120_000, 3.0),
}


@attrs.frozen
class SearchResult:
    move: object  # a legal DumaMove of the state
    depth: int
    nodes: int
    seconds: float
    score: int
    pv: tuple[str, ...] = ()


def choose_move(
    state,
    level: str = "normal",
    seed: int = 0,
    time_limited: bool = True,
    clock: Callable[[], float] = time.perf_counter,
    max_depth: int | None = None,
    nodes: int | None = None,
    seconds: float | None = None,
) -> SearchResult:
    """The AI's move for ``state`` (a DumaState) at ``level`` (easy, normal, hard).

    ``nodes`` / ``seconds`` override the level's node and time budgets; the time budget applies
    only with ``time_limited`` (without it the search is reproducible from ``seed``)."""
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r} (levels: {', '.join(LEVELS)})")
    if state.is_over:
        raise ValueError("no legal move: the game is over")
    lv = LEVELS[level]
    if nodes is not None or seconds is not None:
        lv = attrs.evolve(
            lv,
            nodes=nodes if nodes is not None else lv.nodes,
            seconds=seconds if seconds is not None else lv.seconds,
        )
    b = state.board()
    m, depth, nodes, seconds, score, pv = search_board(
        b, lv, seed, time_limited, clock, tuple(state.history), max_depth, state.cap - state.ply
    )
    from webtabletop.games.dumaraj.rules import notation as N

    move = state.move_from_code(N.move_code(m, state.width))
    return SearchResult(move, depth, nodes, seconds, score, _codes(state, pv))


def _codes(state, pv) -> tuple[str, ...]:
    from webtabletop.games.dumaraj.rules import notation as N

    codes = []
    bb = state.board()
    for x in pv:
        codes.append(N.move_code(x, state.width))
        E.make(bb, x)
    return tuple(codes)


#: the share of the level's nodes a search gets when it starts from the transposition table of
#: the position analysed before it (a review steps through a game in order): measured on a
#: 60-ply game between normal players (benchmarks/review.py), half the nodes from a warm table
#: reach about the same depth as the full budget from an empty one (mean 3.0 against 3.2 plies),
#: choosing the same best move in 51 of 59 positions, in half the time
WARM_NODES = 0.5


def analyse(state, budget: str = "normal", seed: int = 0, memo: dict | None = None):
    """Winning chances from the alpha-beta score (:mod:`webtabletop.ai.analysis`): the score is
    already in centipawns (a Pixa is 100, :mod:`evaluation`), so it goes through Lichess's
    formula as it is; a mate found is exact. The level's node cap, no clock, no noise.

    ``memo`` (a review's, kept between the positions of one game analysed in order): the
    search starts from the transposition table the previous one left there and gets
    :data:`WARM_NODES` of the level's nodes."""
    from webtabletop.ai.analysis import Analysis, chances_from_cp, chances_from_value, check_budget, over

    check_budget(budget)
    done = over(state)
    if done is not None:
        return done
    legal = state.legal_moves()
    me = state.to_move()
    if len(legal) == 1:  # the search would not look: the value is the next position's
        after = analyse(state.apply(legal[0]), budget, seed, memo)
        return attrs.evolve(after, best_move=legal[0].code, line=(legal[0].code, *after.line)[:10], player=me)
    lv = attrs.evolve(LEVELS[budget], noise=0)
    tt = None
    if memo is not None:
        tt = memo.setdefault("dumaraj-tt", {})
        lv = attrs.evolve(lv, nodes=int(lv.nodes * WARM_NODES))
    b = state.board()
    m, depth, nodes, _s, score, pv = search_board(
        b, lv, seed, False, time.perf_counter, tuple(state.history), None, state.cap - state.ply, tt
    )
    mate = abs(score) >= MATE - 1000
    chances = chances_from_value(1.0 if score > 0 else -1.0, me) if mate else chances_from_cp(score, me)
    best = _codes(state, [m])[0]
    line = _codes(state, pv) if pv and pv[0] == m else (best,)
    details = {"value": round(2 * chances[me] - 1, 4), "cp": score, "depth": depth, "nodes": nodes}
    if mate:
        details["mate_in_plies"] = MATE - abs(score)
    return Analysis(chances, best, line[:10], me, mate, "alphabeta", details)


analyse.takes_memo = True


def analyse_move(state, code: str, budget: str = "normal", seed: int = 0, analysis=None, after=None):
    """A move's value to its mover (:func:`webtabletop.ai.analysis.analyse_move`): DumaRaj has
    no dice and nothing hidden, so it is the next position's own analysis (``after`` when the
    caller has it), as Lichess judges a move: the chances before against the chances after."""
    from webtabletop.ai.analysis import MoveValue

    me = state.to_move()
    if after is None:
        after = analyse(state.apply_code(code), budget, seed)
    return MoveValue(after.chances[me], "exact" if after.exact else "next", certain=True)


#: judging a move takes no search of its own once the next position is analysed (a review
#: judges it in the same step)
analyse_move.searches = False


# --- plug-ins for the generic MCTS (webtabletop.ai.mcts), used by game-agnostic tools ----------


def _mcts_evaluate(state) -> tuple[float, float]:
    import math

    v = math.tanh(evaluate(state.board()) / 400.0)
    return (v, -v) if state.to_move() == 0 else (-v, v)


def _mcts_order(state, moves):
    cells = state.cells
    return sorted(moves, key=lambda m: (not cells[m.to] or m.kind >= E.CUT, m.kind != E.PROMO))


def mcts_hooks():
    """AiHooks for the generic MCTS: short rollouts cut by the evaluation, frags first."""
    from webtabletop.ai.mcts import AiHooks

    return AiHooks(evaluate=_mcts_evaluate, rollout_depth=2, order_moves=_mcts_order)
