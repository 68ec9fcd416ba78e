"""Monte Carlo tree search for every game of the protocol.

Open-loop information-set MCTS (Cowling, Powley & Whitehouse 2012, "SO-ISMCTS"): each iteration
draws a *determinization* of the root — a state consistent with what the searching player knows,
with unseen cards and future dice resampled (``State.determinize``) — and walks the tree by move
codes. Children are shared across determinizations; UCB uses *availability* counts (how often a
move was legal when its parent was visited), so moves that exist only in some worlds are judged
fairly. Chance (dice) and hidden information are handled by the same mechanism, and the search
never reads anything the player could not see, provided ``determinize`` hides it.

Per-game knowledge plugs in through :class:`AiHooks` (a rollout policy, an evaluation for
cut-off rollouts, and a move ordering for expansion). The budget is an iteration count and/or a
time limit; the clock is a parameter (the rules themselves never read a clock).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from webtabletop.core.protocol import Move, State
from webtabletop.core.registry import game_module
from webtabletop.core.rng import Rng


@attrs.frozen
class Budget:
    iterations: int | None = None
    seconds: float | None = None
    #: independent trees sharing the budget, their root statistics summed (root parallelisation).
    #: With hidden information a deep tree compounds the errors of its determinizations; several
    #: shallower trees over more worlds judge the root moves more steadily
    trees: int = 1


#: difficulty levels: iteration cap (deterministic in tests) and time cap (responsive in the page)
LEVELS: dict[str, Budget] = {
    "easy": Budget(iterations=40, seconds=0.25),
    "normal": Budget(iterations=400, seconds=1.0),
    "hard": Budget(iterations=3000, seconds=3.0),
}


@attrs.frozen
class AiHooks:
    """Per-game plug-ins; every field is optional."""

    #: (state, rng) -> move; default: uniform random legal move
    rollout_policy: Callable[[State, Rng], Move] | None = None
    #: (state, rng) -> (value 0, value 1): a whole playout done by the game itself (fast path);
    #: when given it replaces the generic rollout loop below
    simulate: Callable[[State, Rng], tuple[float, float]] | None = None
    #: (state) -> (value for player 0, value for player 1) in [-1, 1], used when a rollout is cut
    evaluate: Callable[[State], tuple[float, float]] | None = None
    #: plies after which a rollout stops and ``evaluate`` scores it (None: play to the end)
    rollout_depth: int | None = None
    #: (state, moves) -> moves, most promising first; expansion tries them in this order
    order_moves: Callable[[State, Sequence[Move]], Sequence[Move]] | None = None
    exploration: float = 0.9
    #: (state, move, me) -> key: how the searching player ``me`` tells moves apart. Moves with the
    #: same key share one tree branch (e.g. "the opponent put *some* card face down"); within a
    #: branch the concrete move of the current determinization is drawn at random. Default: the
    #: move code, i.e. every move is its own branch.
    observe: Callable[[State, Move, int], str] | None = None
    #: per-level budget overrides for this game
    levels: dict[str, Budget] | None = None
    #: one tree per player (MO-ISMCTS, see :func:`_search_mo`); needs ``observe``
    multi_observer: bool = False


class Node:
    __slots__ = ("children", "visits", "total", "avail", "player")

    def __init__(self, player: int) -> None:
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 1
        self.player = player  # who made the move leading here (-1 for the root)


@attrs.frozen
class SearchResult:
    move: Move
    iterations: int
    seconds: float
    #: move code -> (visits, mean value for the mover)
    stats: dict[str, tuple[int, float]]
    #: the search tree's root (children by move code or observation key), for analysis
    root: Node | None = attrs.field(default=None, eq=False, repr=False)


def _rollout(state: State, hooks: AiHooks, rng: Rng) -> tuple[float, float]:
    if hooks.simulate is not None:
        outcome = state.outcome()
        return outcome.returns() if outcome is not None else hooks.simulate(state, rng)
    policy = hooks.rollout_policy
    depth = 0
    limit = hooks.rollout_depth
    while True:
        outcome = state.outcome()
        if outcome is not None:
            return outcome.returns()
        if limit is not None and depth >= limit and hooks.evaluate is not None:
            return hooks.evaluate(state)
        if policy is not None:
            move = policy(state, rng)
        else:
            legal = state.legal_moves()
            move = legal[rng.randbelow(len(legal))]
        state = state.apply(move)
        depth += 1


def search(
    state: State,
    budget: Budget,
    seed: int = 0,
    hooks: AiHooks | None = None,
    clock: Callable[[], float] = time.perf_counter,
    observer: int | None = None,
    always_search: bool = False,
    root_moves: frozenset[str] | None = None,
) -> SearchResult:
    """Best move for ``state.to_move()`` within ``budget`` (at least one iteration).

    ``observer``: whose knowledge the search uses (default: the player to move); every
    determinization is drawn for that player. ``always_search``: search even a single legal move
    (analysis wants its value; a player does not). ``root_moves``: search only these codes at the
    root (game review judges a played move by a search of that move alone)."""
    if budget.trees > 1:
        return _forest(state, budget, seed, hooks, clock, observer, always_search, root_moves)
    hooks = hooks or AiHooks()
    rng = Rng.from_seed(seed)
    me = state.to_move() if observer is None else observer
    legal = list(state.legal_moves())
    if root_moves is not None:
        legal = [m for m in legal if m.code in root_moves]
    if not legal:
        raise ValueError("no legal move: the game is over")
    start = clock()
    if len(legal) == 1 and not always_search:
        return SearchResult(legal[0], 0, 0.0, {legal[0].code: (0, 0.0)})
    if hooks.multi_observer and hooks.observe is not None and me == state.to_move():
        return _search_mo(state, budget, rng, hooks, clock, me, legal, start, root_moves)
    root = Node(-1)
    c = hooks.exploration
    order = hooks.order_moves
    observe = hooks.observe
    iterations = 0
    while _go_on(budget, start, clock, iterations):
        iterations += 1
        s = state.determinize(me, rng.next_u64())
        node = root
        path = [root]
        while s.outcome() is None:
            moves = s.legal_moves()
            if root_moves is not None and node is root:
                moves = [m for m in moves if m.code in root_moves] or moves
            if observe is None:
                groups = {m.code: (m,) for m in moves}
            else:
                groups = {}
                for m in moves:
                    groups.setdefault(observe(s, m, me), []).append(m)
            children = node.children
            untried = [k for k in groups if k not in children]
            if untried:
                if order is not None:
                    reps = {groups[k][0]: k for k in untried}
                    key = reps[order(s, list(reps))[0]]
                else:
                    key = untried[rng.randbelow(len(untried))]
                child = Node(s.to_move())
                children[key] = child
                for k in groups:
                    ch = children.get(k)
                    if ch is not None and ch is not child:
                        ch.avail += 1
                options = groups[key]
                s = s.apply(options[0] if len(options) == 1 else options[rng.randbelow(len(options))])
                path.append(child)
                break
            best_key = ""
            best_value = -math.inf
            for k in groups:
                ch = children[k]
                ch.avail += 1
                value = ch.total / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                if value > best_value:
                    best_key, best_value = k, value
            node = children[best_key]
            options = groups[best_key]
            s = s.apply(options[0] if len(options) == 1 else options[rng.randbelow(len(options))])
            path.append(node)
        returns = _rollout(s, hooks, rng)
        for n in path:
            n.visits += 1
            if n.player >= 0:
                n.total += returns[n.player]
    stats = {
        code: (ch.visits, ch.total / ch.visits if ch.visits else 0.0) for code, ch in root.children.items()
    }
    best_move = max(legal, key=lambda m: (stats.get(m.code, (0, 0.0))[0], stats.get(m.code, (0, -2.0))[1]))
    return SearchResult(best_move, iterations, clock() - start, stats, root)


def _go_on(budget, start: float, clock, iterations: int) -> bool:
    """Whether a search may run another iteration: under its iteration cap, and (checked every
    8 iterations) before its deadline."""
    if budget.iterations is not None and iterations >= budget.iterations:
        return False
    if budget.seconds is None or not iterations or iterations & 7:
        return True
    return clock() < start + budget.seconds


def _search_mo(state, budget, rng, hooks, clock, me, legal, start, root_moves=None) -> SearchResult:
    """Multiple-observer ISMCTS (Cowling, Powley & Whitehouse 2012): one tree per player, each
    keyed by what its player observes of every move (``hooks.observe``). The player to move
    chooses in its own tree, by the moves it can tell apart, so an opponent inside the search
    plays its own (determinized) cards by what they earned, instead of a card drawn at random
    among those the searcher cannot tell apart, as one tree has to. Worlds are still drawn for
    ``me`` only, so nothing hidden from ``me`` is read."""
    observe = hooks.observe
    roots = (Node(-1), Node(-1))
    c = hooks.exploration
    order = hooks.order_moves
    iterations = 0
    while _go_on(budget, start, clock, iterations):
        iterations += 1
        s = state.determinize(me, rng.next_u64())
        nodes = [roots[0], roots[1]]
        paths = ([roots[0]], [roots[1]])
        while s.outcome() is None:
            p = s.to_move()
            moves = s.legal_moves()
            if root_moves is not None and nodes[p] is roots[p] and p == me:
                moves = [m for m in moves if m.code in root_moves] or moves
            own = {observe(s, m, p): m for m in moves}
            children = nodes[p].children
            untried = [k for k in own if k not in children]
            for k in own:
                ch = children.get(k)
                if ch is not None:
                    ch.avail += 1
            if untried:
                if order is not None:
                    reps = {own[k]: k for k in untried}
                    key = reps[order(s, list(reps))[0]]
                else:
                    key = untried[rng.randbelow(len(untried))]
            else:
                key = ""
                best_value = -math.inf
                for k in own:
                    ch = children[k]
                    value = ch.total / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                    if value > best_value:
                        key, best_value = k, value
            move = own[key]
            for q in (0, 1):
                kq = key if q == p else observe(s, move, q)
                ch = nodes[q].children.get(kq)
                if ch is None:
                    ch = nodes[q].children[kq] = Node(p)
                nodes[q] = ch
                paths[q].append(ch)
            s = s.apply(move)
            if untried:
                break
        returns = _rollout(s, hooks, rng)
        for path in paths:
            for n in path:
                n.visits += 1
                if n.player >= 0:
                    n.total += returns[n.player]
    root = roots[me]
    stats = {
        code: (ch.visits, ch.total / ch.visits if ch.visits else 0.0) for code, ch in root.children.items()
    }
    best_move = max(legal, key=lambda m: (stats.get(m.code, (0, 0.0))[0], stats.get(m.code, (0, -2.0))[1]))
    return SearchResult(best_move, iterations, clock() - start, stats, root)


def _forest(state, budget, seed, hooks, clock, observer, always_search, root_moves=None) -> SearchResult:
    """``budget.trees`` searches, each with its share of the iterations and of the time left,
    seeded apart; a move's visits add up and its value is the visit-weighted mean."""
    start = clock()
    trees = budget.trees
    visits: dict[str, int] = {}
    totals: dict[str, float] = {}
    results = []
    iterations = 0
    for k in range(trees):
        share = None if budget.iterations is None else max(1, budget.iterations // trees)
        seconds = None
        if budget.seconds is not None:
            seconds = max(0.0, budget.seconds - (clock() - start)) / (trees - k)
            if k and seconds <= 0:
                break
        one = Budget(share, seconds)
        k_seed = seed if k == 0 else (seed * 0x9E3779B1 + k) & 0xFFFFFFFFFFFFFFFF
        r = search(state, one, k_seed, hooks, clock, observer, always_search, root_moves)
        results.append(r)
        iterations += r.iterations
        for code, (n, v) in r.stats.items():
            visits[code] = visits.get(code, 0) + n
            totals[code] = totals.get(code, 0.0) + n * v
    stats = {code: (n, totals[code] / n if n else 0.0) for code, n in visits.items()}
    legal = [m for m in state.legal_moves() if root_moves is None or m.code in root_moves]
    best = max(legal, key=lambda m: (stats.get(m.code, (0, 0.0))[0], stats.get(m.code, (0, -2.0))[1]))
    # the line of the tree that was surest of that move
    lead = max(results, key=lambda r: r.stats.get(best.code, (0, 0.0))[0])
    return SearchResult(best, iterations, clock() - start, stats, lead.root)


def level_budget(level: str, hooks: AiHooks | None, time_limited: bool = True) -> Budget:
    levels = dict(LEVELS)
    if hooks is not None and hooks.levels:
        levels.update(hooks.levels)
    if level not in levels:
        raise ValueError(f"unknown AI level {level!r} (levels: {', '.join(levels)})")
    b = levels[level]
    return b if time_limited else Budget(iterations=b.iterations, trees=b.trees)


def game_ai(game_id: str) -> Callable[..., Any]:
    """The move chooser of a game: its own ``GameModule.ai_choose`` if it has one, else
    :func:`choose_move`. The app, self-play and the tests all ask here, so a game's AI is the same
    everywhere."""
    return game_module(game_id).ai_choose or choose_move


def choose_move(
    state: State,
    level: str = "normal",
    seed: int = 0,
    time_limited: bool = True,
    clock: Callable[[], float] = time.perf_counter,
) -> SearchResult:
    """The AI's move at ``level``, using the game's own hooks."""
    hooks: Any = getattr(state.spec, "ai_hooks", None)
    return search(state, level_budget(level, hooks, time_limited), seed, hooks, clock)
