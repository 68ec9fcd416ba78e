"""SHT AI: multiple-observer information-set MCTS with SHT knowledge in the rollouts.

The search never reads a hidden card: every iteration starts from ``state.determinize(me, seed)``,
which deals everything ``me`` cannot see (opponent's hand and closed cards, both shields, the deck)
again at random, and the result depends only on ``state.view(me)`` and the seed. The rollout policy
and move ordering below look at the determinized state only. :func:`ismcts` is the generic
``webtabletop.ai.mcts.search`` with the ``observe`` hook and one tree per player (MO-ISMCTS): in
the searcher's tree the opponent's moves are keyed by what ``me`` observes (see
:func:`observed_key`), so "the opponent puts some card closed" is one branch, while the opponent
chooses in its own tree among the cards it holds in each sampled world.

Defences: the search sees rules version 2's moves (one-move quick defences, putting single cards
forward, decline); the rollouts and the move order prefer the quick defences, the pruned list of
whole sets, and :func:`quick_defence` finishes a defence once cards are forward.

Levels (iterations / seconds): easy 25 / 0.2, normal 300 / 1.0, hard 2000 / 3.0. Measured in
CPython against uniformly random play, 200 games each, seats alternating (rules version 2): easy
won 198, normal 199 (version 1's code, measured the same way: easy 198). Levels against each
other: ``benchmarks/ai_levels.py`` (docs/measurements.md's table).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from webtabletop.ai.mcts import AiHooks, Budget, SearchResult, level_budget, search
from webtabletop.core.rng import Rng
from webtabletop.games.sht.rules import cards as C
from webtabletop.games.sht.rules.state import (
    ADD,
    ADVANTAGE,
    ATTACK,
    CLOSED,
    DECLINE,
    DEFEND,
    DEFEND_KIND,
    OPEN,
    PASS,
    PUT,
    SKIP,
    TURN,
    ShtMove,
    ShtState,
    canonical_defence,
)


def _defence_score(state: ShtState, move: ShtMove) -> float:
    """Higher is better for the defender: an exact defence (advantage to me) first, then the
    cheapest; declining is fine while the shield stands (the shield card comes to hand). Putting
    a card forward (``+:<id>``) is scored by the quick plan it belongs to, below whole sets."""
    a = C.value(state.attack) if state.attack is not None else 0
    me = state.to_move()
    if move == DECLINE:
        return 0.5 if state.shields[me] is not None else -100.0
    if move.kind == ADD:
        plan = quick_defence(state)
        return (
            -50.0 + (10.0 if plan.kind == ADD and plan.cards == move.cards else 0.0) - C.value(move.cards[0])
        )
    d = sum(C.value(c) for c in move.cards)
    score = 10.0 if d == a else (2.0 if d <= 2 * a else 0.0)
    return score - d * 0.3 - len(move.cards)


def rollout_policy(state: ShtState, rng: Rng) -> ShtMove:
    """A cheap sensible player: defends cheaply, attacks a shieldless opponent, builds a field."""
    phase = state.phase
    if phase == TURN and not state.first_turn:
        return _rollout_turn(state, rng)
    if phase == DEFEND:
        if not state.chosen and state.shields[state.to_move()] is not None and rng.random() < 0.3:
            return DECLINE
        return quick_defence(state)
    legal = state.legal_moves()
    if len(legal) == 1:
        return legal[0]
    if phase == ADVANTAGE:
        puts = [m for m in legal if m.kind == PUT]
        return max(puts, key=lambda m: C.value(m.cards[0])) if puts else SKIP
    attacks = [m for m in legal if m.kind == ATTACK]
    if attacks and (state.shields[1 - state.player] is None or rng.random() < 0.4):
        best = max(attacks, key=lambda m: C.value(m.cards[0]))
        return best if rng.random() < 0.7 else attacks[rng.randbelow(len(attacks))]
    plays = [m for m in legal if m.kind != ATTACK]
    if not plays:
        return legal[rng.randbelow(len(legal))]
    return plays[rng.randbelow(len(plays))]


def quick_defence(state: ShtState) -> ShtMove:
    """A good minimal defence found without listing them all (exact single or pair first, then the
    cheapest of "smallest card that is enough" and "largest cards until enough"); DECLINE if none.

    Before any card is put forward it is a one-move quick defence (the canonical set, which is
    always among them: it is minimal). Once cards are forward it continues them: defend when they
    are enough, else put forward the first card of the quick plan for what is still missing."""
    assert state.attack is not None
    field = state.fields[state.to_move()]
    if state.chosen:
        need = C.value(state.attack) - sum(C.value(c) for c in state.chosen)
        if need <= 0:
            return ShtMove(DEFEND_KIND, state.chosen)
        rest = tuple(x for x in field if x.card not in state.chosen)
        plan = _plan(rest, need)
        return DECLINE if plan is None else ShtMove(ADD, (plan[0],))
    plan = _plan(field, C.value(state.attack))
    if plan is None:
        return DECLINE
    return ShtMove(DEFEND_KIND, canonical_defence(field, plan))


def _plan(field, a: int) -> tuple[int, ...] | None:
    """The cards of a good minimal set of ``field`` reaching ``a`` (None: the field cannot)."""
    cards = sorted((x.card for x in field), key=C.value)
    vals = [C.value(c) for c in cards]
    if sum(vals) < a:
        return None
    chosen: tuple[int, ...] | None = None
    for i, v in enumerate(vals):
        if v == a:
            chosen = (cards[i],)
            break
    if chosen is None:
        for i in range(len(cards)):
            for j in range(i + 1, len(cards)):
                if vals[i] + vals[j] == a:
                    chosen = (cards[i], cards[j])
                    break
            if chosen:
                break
    if chosen is None:
        single = next((c for c, v in zip(cards, vals, strict=True) if v >= a), None)
        greedy: list[int] = []
        total = 0
        for c, v in zip(reversed(cards), reversed(vals), strict=True):
            greedy.append(c)
            total += v
            if total >= a:
                break
        for c in sorted(greedy, key=C.value):  # drop cards that are not needed
            if total - C.value(c) >= a:
                greedy.remove(c)
                total -= C.value(c)
        chosen = (single,) if single is not None and C.value(single) <= total else tuple(greedy)
    return chosen


def _rollout_turn(state: ShtState, rng: Rng) -> ShtMove:
    """The turn part of :func:`rollout_policy`, built without listing every legal move."""
    p = state.player
    hand = state.hands[p]
    field = state.fields[p]
    if field and (not hand or state.shields[1 - p] is None or rng.random() < 0.4):
        if rng.random() < 0.7:
            card = max(field, key=lambda x: C.value(x.card)).card
        else:
            card = field[rng.randbelow(len(field))].card
        return ShtMove(ATTACK, (card,))
    if not hand:
        return PASS
    if len(hand) >= 2 and rng.random() < 0.5:
        i, j = rng.sample(range(len(hand)), 2)
        return ShtMove(OPEN, (hand[min(i, j)], hand[max(i, j)]))
    return ShtMove(CLOSED, (hand[rng.randbelow(len(hand))],))


def order_moves(state: ShtState, moves: Sequence[ShtMove]) -> Sequence[ShtMove]:
    """Expansion order: best-looking defences, then attacks with big cards, then plays."""
    if state.phase == DEFEND:
        return sorted(moves, key=lambda m: -_defence_score(state, m))
    if state.phase == ADVANTAGE:
        return sorted(moves, key=lambda m: -(C.value(m.cards[0]) if m.cards else 0))

    def key(m: ShtMove) -> tuple[int, int]:
        if m.kind == ATTACK:
            return (0, -C.value(m.cards[0]))
        if m.kind == CLOSED:
            return (1, -C.value(m.cards[0]))
        if m.kind == OPEN:
            return (2, -sum(C.value(c) for c in m.cards))
        return (3, 0)

    return sorted(moves, key=key)


LEVELS = {
    "easy": Budget(iterations=25, seconds=0.2),
    "normal": Budget(iterations=300, seconds=1.0),
    "hard": Budget(iterations=2000, seconds=3.0),
}


def observed_key(state: ShtState, move: ShtMove, me: int) -> str:
    """How ``me`` tells ``move`` apart: own moves by code; an opponent's move by what ``me`` observes
    (a closed play is "c:?", an attack or defence with closed cards names their field positions)."""
    if state.to_move() == me:
        return move.code
    kind = move.kind
    if kind == CLOSED:
        return "c:?"
    if kind in (ATTACK, DEFEND_KIND, ADD):
        owner = state.player if kind == ATTACK else 1 - state.player
        pos = {x.card: (i, x.open) for i, x in enumerate(state.fields[owner])}
        parts = []
        for c in move.cards:
            i, is_open = pos[c]
            parts.append(str(c) if is_open else f"@{i}")
        return f"{kind}:{','.join(parts)}"
    return move.code


#: one search tree per player (multiple-observer ISMCTS): inside the search the opponent plays
#: its own closed cards by what they earned, not one drawn at random among those the AI cannot
#: tell apart. Measured (seats alternating, iteration budgets): hard with one tree beat normal
#: 4 of 10 and, as a forest of five trees, 8 of 20; with a tree per player, 21 of 30 against the
#: one-tree normal (normal with a tree per player against normal with one: 23 of 40)
HOOKS = AiHooks(
    rollout_policy=rollout_policy,
    order_moves=order_moves,
    exploration=0.8,
    levels=LEVELS,
    observe=observed_key,
    multi_observer=True,
)


def choose_move(
    state: ShtState,
    level: str = "normal",
    seed: int = 0,
    time_limited: bool = True,
    clock: Callable[[], float] = time.perf_counter,
) -> SearchResult:
    """The AI's move for ``state.to_move()`` at ``level`` (``easy``/``normal``/``hard``).

    With ``time_limited=False`` only the iteration budget counts, so the move is a pure function
    of ``state.view(state.to_move())`` and ``seed``.
    """
    start = clock()
    move = winning_attack(state, seed)
    if move is not None:
        return SearchResult(move, 0, clock() - start, {move.code: (0, 1.0)})
    return search(state, level_budget(level, HOOKS, time_limited), seed, HOOKS, clock)


def winning_attack(state: ShtState, seed: int) -> ShtMove | None:
    """An attack that wins at once, if there is one (a public fact; checked blind anyway, in a
    world drawn for the player to move)."""
    me = state.to_move()
    world = state.determinize(me, seed)
    for move in state.legal_moves():
        if move.kind == ATTACK and world.apply(move).winner == me:
            return move
    return None


def analyse(state: ShtState, budget: str = "normal", seed: int = 0):
    """Winning chances (:mod:`webtabletop.ai.analysis`): exact for an attack that wins at once,
    else the root value of the information-set MCTS (hidden cards resampled, never read)."""
    from webtabletop.ai.analysis import Analysis, check_budget, mcts_analysis, over

    check_budget(budget)
    done = over(state)
    if done is not None:
        return done
    move = winning_attack(state, seed)
    if move is None:
        return mcts_analysis(state, budget, seed, HOOKS)
    me = state.to_move()
    chances = (1.0, 0.0) if me == 0 else (0.0, 1.0)
    return Analysis(chances, move.code, (move.code,), me, True, "solved", {"value": 1.0})


__all__ = [
    "HOOKS",
    "LEVELS",
    "analyse",
    "choose_move",
    "observed_key",
    "order_moves",
    "quick_defence",
    "rollout_policy",
    "winning_attack",
]
