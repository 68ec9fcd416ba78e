"""Position analysis for every game: each player's winning chances, the best move and its line.

``analyse(state, budget="normal", seed=0) -> Analysis`` is the one entry point (game review and the
designer's lab build on it). Where the value comes from:

- **A finished game** is exact: 1 and 0 for the winner and the loser, ½ each for a draw.
- **DumaRaj**: the alpha-beta score (centipawns for the side to move; a Pixa is 100) through
  Lichess's formula, ``W = 2 / (1 + exp(-0.004 · cp)) − 1`` with cp clamped to ±1000 as Lichess
  does, and ``chances = (1 + W) / 2`` for the side to move; a found mate is exact (1 or 0).
- **The other games**: the value at the root of the game's own search, the expected result for
  the player to move (+1 win, 0 draw, −1 loss) over determinized worlds, so dice to come and hidden
  cards are averaged over what the player to move could know, never read; ``chances = (1 + v) / 2``.
  Each game's AI module may define ``analyse(state, budget, seed)`` (HTT solves small endgames
  exactly, SHT sees an immediate win, CardGO uses its sampled search); otherwise the shared MCTS
  runs with the game's hooks.

``analyse_move(state, code, budget, seed, analysis, after) -> MoveValue`` judges one move: the
mover's chances after it, from what the mover knew when it chose (game review marks moves by it).
Where dice or hidden cards matter it never reads the position actually reached: a search of that
move alone, determinized for the mover (or the game's own ``analyse_move``); a game of perfect
information with no chance (DumaRaj) takes the next position's own analysis, as Lichess does.

A draw counts half a win, so ``chances[0] + chances[1] == 1``. Budgets are the AI levels' names
(``easy``, ``normal``, ``hard``), searched by their iteration or node caps only (no clock), so the
answer is a pure function of the position and ``seed``: the same on every machine and in the page.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import attrs

from webtabletop.ai.mcts import AiHooks, SearchResult, level_budget, search
from webtabletop.core.protocol import State
from webtabletop.core.registry import game_module
from webtabletop.core.rng import Rng

BUDGETS = ("easy", "normal", "hard")
#: the longest line an analysis reports
LINE_LENGTH = 10


@attrs.frozen
class Analysis:
    """What a search thinks of a position."""

    #: each player's winning chances, 0..1 (a draw counts half; the two add up to 1)
    chances: tuple[float, float]
    #: the move the search prefers (its code), None when the game is over
    best_move: str | None
    #: the expected continuation from the position, starting with ``best_move`` (codes)
    line: tuple[str, ...]
    #: the player to move (None when the game is over)
    player: int | None
    #: True when the value is certain (the game is over, a mate or a solved endgame)
    exact: bool
    #: where the value comes from: "over", "mcts", "alphabeta", "solved", "samples"
    kind: str
    #: the raw value and search figures: ``value`` (-1..1 for the player to move), and per kind
    #: ``iterations`` / ``nodes``, ``depth``, ``cp``, ``moves`` (code -> [visits, value]) ...
    details: dict[str, Any] = attrs.field(factory=dict)


def check_budget(budget: str) -> str:
    if budget not in BUDGETS:
        raise ValueError(f"unknown analysis budget {budget!r} (budgets: {', '.join(BUDGETS)})")
    return budget


def chances_from_value(value: float, player: int) -> tuple[float, float]:
    """Chances from ``player``'s expected result ``value`` in [-1, 1] (+1 win, 0 draw, -1 loss)."""
    c = min(1.0, max(0.0, (1.0 + value) / 2.0))
    return (c, 1.0 - c) if player == 0 else (1.0 - c, c)


def winning_chances_cp(cp: float) -> float:
    """Lichess's winning chances of a centipawn score, -1..1 (cp clamped to ±1000 as Lichess does)."""
    cp = max(-1000.0, min(1000.0, cp))
    return 2.0 / (1.0 + math.exp(-0.004 * cp)) - 1.0


def chances_from_cp(cp: float, player: int) -> tuple[float, float]:
    """Chances of both players from ``player``'s centipawn score."""
    return chances_from_value(winning_chances_cp(cp), player)


def over(state: State) -> Analysis | None:
    """The exact analysis of a finished game (None while it goes on)."""
    outcome = state.outcome()
    if outcome is None:
        return None
    value = 0.0 if outcome.winner is None else 1.0
    chances = chances_from_value(value, 0 if outcome.winner is None else outcome.winner)
    return Analysis(chances, None, (), None, True, "over", {"value": None, "winner": outcome.winner})


def mcts_line(
    state: State, result: SearchResult, observer: int, seed: int, limit: int = LINE_LENGTH
) -> tuple[str, ...]:
    """The most visited path of a search tree, as move codes, played in one world ``observer``
    may imagine (hidden cards are never read). It stops where the tree is thin (a node visited
    once), at a branch that names no move (an opponent's hidden choice), or at the game's end."""
    node = result.root
    if node is None:
        return (result.move.code,)
    world = state.determinize(observer, Rng.from_seed(seed).next_u64() ^ 0x5F3759DF)
    line: list[str] = []
    while node.children and len(line) < limit and world.outcome() is None:
        if line:
            key, child = max(node.children.items(), key=lambda kv: (kv[1].visits, kv[0]))
            if child.visits < 2:
                break
        else:  # the search's own choice first (ties broken as the search breaks them)
            key = result.move.code
            child = node.children.get(key)
            if child is None:
                break
        moves = {m.code: m for m in world.legal_moves()}
        if key not in moves:
            break
        line.append(key)
        world = world.apply(moves[key])
        node = child
    return tuple(line) or (result.move.code,)


def mcts_analysis(
    state: State,
    budget: str = "normal",
    seed: int = 0,
    hooks: AiHooks | None = None,
    search_state: State | None = None,
) -> Analysis:
    """The shared MCTS's view: the most visited root move, its mean result as the value.

    ``search_state``: the state actually searched when a game searches a variant of its state
    (HTT searches without draw offers); the line and chances are the same player's."""
    check_budget(budget)
    done = over(state)
    if done is not None:
        return done
    hooks = hooks if hooks is not None else getattr(state.spec, "ai_hooks", None)
    s = search_state if search_state is not None else state
    me = s.to_move()
    result = search(s, level_budget(budget, hooks, time_limited=False), seed, hooks, always_search=True)
    visits, value = result.stats.get(result.move.code, (0, 0.0))
    moves = {
        code: [n, round(v, 4)] for code, (n, v) in sorted(result.stats.items(), key=lambda kv: -kv[1][0])
    }
    return Analysis(
        chances_from_value(value, me),
        result.move.code,
        mcts_line(s, result, me, seed),
        me,
        False,
        "mcts",
        {"value": round(value, 4), "iterations": result.iterations, "visits": visits, "moves": moves},
    )


def game_analyser(game_id: str) -> Callable[..., Analysis] | None:
    """The game's own ``analyse(state, budget, seed)`` (``GameModule.analyse``), if it has one."""
    return game_module(game_id).analyse


def analyse(state: State, budget: str = "normal", seed: int = 0, memo: dict | None = None) -> Analysis:
    """Each player's winning chances in ``state``, the best move and its line, from the game's
    own search at ``budget`` (easy, normal or hard). Deterministic for a state and seed.

    ``memo``: a dict a caller that analyses one game's positions in order keeps between them
    (game review); a game whose analyser says ``takes_memo`` keeps its search tables there
    (DumaRaj's transposition table), so the answer is then a function of the positions analysed
    before with the same memo, in order, as well."""
    check_budget(budget)
    done = over(state)
    if done is not None:
        return done
    fn = game_analyser(state.spec.id)
    if fn is not None and memo is not None and getattr(fn, "takes_memo", False):
        return fn(state, budget, seed, memo=memo)
    if fn is not None:
        return fn(state, budget, seed)
    return mcts_analysis(state, budget, seed)


#: a root move searched at least this often by the position's own analysis is judged by it
TRUSTED_VISITS = 60
#: a move judged this much worse than the best by its own search is searched a second time (the
#: smallest gap a review marks: the second look halves the noise where a mark depends on it)
CONFIRM_GAP = 0.1


@attrs.frozen
class MoveValue:
    """What one move is worth to its mover, judged from the mover's knowledge when it chose."""

    #: the mover's chances (0..1) after the move, before anything the mover could not know
    chances: float
    #: where it comes from: "best" (the analysis's own choice), "stats" (the analysis's root
    #: statistics), "search" (a search of this move alone), "next" (the next position's analysis:
    #: nothing hidden, nothing random), "exact"
    kind: str
    #: nothing random or hidden separates the move from the position reached (no luck to measure)
    certain: bool = False
    #: the analysis's best move judged the same way (same search, same seed), when the move was
    #: judged by a search of its own: the loss compares like with like (None: the analysis's chances)
    best: float | None = None


def analyse_move(
    state: State,
    code: str,
    budget: str = "normal",
    seed: int = 0,
    analysis: Analysis | None = None,
    after: Analysis | None = None,
) -> MoveValue:
    """The mover's chances after playing ``code`` in ``state``, judged with only what the mover
    knew (hidden cards and dice to come are sampled for the mover, never read). ``analysis``: the
    position's own (computed when missing); ``after``: the next position's, which a game of
    perfect information without chance uses as it is."""
    check_budget(budget)
    state.move_from_code(code)  # IllegalMove for a move that is not legal here
    analysis = analysis if analysis is not None else analyse(state, budget, seed)
    fn = game_move_judge(state.spec.id)
    if fn is not None:
        return fn(state, code, budget, seed, analysis, after)
    return mcts_move_value(state, code, budget, seed, analysis)


def mcts_move_value(
    state: State,
    code: str,
    budget: str,
    seed: int,
    analysis: Analysis,
    hooks: AiHooks | None = None,
    search_state: State | None = None,
) -> MoveValue:
    """A move judged by the shared MCTS: the analysis's own choice and well-searched root moves by
    its statistics, any other move by a search of that move alone at half the budget (its one
    root child then gets as many visits as the best move did), determinized for the mover; the
    best move is then searched alone the same way, from the same seed (common random numbers),
    so that the best move's value is not the maximum of noisy estimates while the move's is not.
    A gap of :data:`CONFIRM_GAP` or more is measured again from another seed, and averaged."""
    me = state.to_move()
    if code == analysis.best_move:
        return MoveValue(analysis.chances[me], "best")
    stats = analysis.details.get("moves") or {}
    if code in stats and stats[code][0] >= TRUSTED_VISITS:
        return MoveValue(chances_from_value(stats[code][1], me)[me], "stats")
    hooks = hooks if hooks is not None else getattr(state.spec, "ai_hooks", None)
    full = level_budget(budget, hooks, time_limited=False)
    half = attrs.evolve(full, iterations=max(1, (full.iterations or 100) // 2))
    s = search_state if search_state is not None else state

    def alone(move: str, run: int) -> float:
        seeded = (seed ^ 0x6A09E667) + run * 0x9E3779B97F4A7C15 & 0xFFFFFFFFFFFFFFFF
        result = search(s, half, seeded, hooks, always_search=True, root_moves=frozenset((move,)))
        return chances_from_value(result.stats.get(move, (0, 0.0))[1], me)[me]

    best, played = alone(analysis.best_move, 0), alone(code, 0)
    if best - played >= CONFIRM_GAP:  # a gap a review would mark: measured again, then averaged
        best, played = (best + alone(analysis.best_move, 1)) / 2, (played + alone(code, 1)) / 2
    return MoveValue(played, "search", best=best)


def game_move_judge(game_id: str) -> Callable[..., MoveValue] | None:
    """The game's own ``analyse_move(state, code, budget, seed, analysis, after)``, if any."""
    return game_module(game_id).analyse_move
