"""The CardGO opponent: determinized Monte Carlo search over preview-ranked candidates.

- Candidate pruning: every distinct (card, cell) placement is scored with the real
  :func:`~webtabletop.games.cardgo.preview.preview` (hidden values and random effects stay hidden)
  plus a small safety term; only the best ``candidates`` of them are searched.
- Search (information-set, flat UCB1 at the root): each iteration samples a determinization of the
  position (:meth:`CardgoState.determinize`: the opponent's hand, the opponent's tall-grass values
  and all future draws are resampled), plays a candidate, then a short greedy rollout in which both
  sides use the fast :func:`quick_moves` ranking, and scores the end by the time difference and the
  threat the player to move holds. The most visited candidate is played.
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
from webtabletop.games.cardgo.effects import BRAVE, EXTRA_PLAY, JOY, KINDNESS, LONELINESS, LOVE, PAIN, SORROW, SUPPRESSION
from webtabletop.games.cardgo.preview import preview
from webtabletop.games.cardgo.rules import EMPTY, EXTRA, SKIP, CardgoState, Place, group
from webtabletop.games.cardgo.terrain import CRYPT, FIRE, value_delta


@attrs.frozen
class Level:
    candidates: int
    iterations: int
    seconds: float
    depth: int  # rollout plies after the candidate move
    noise: float = 0.0  # easy: random perturbation of the preview scores


LEVELS: dict[str, Level] = {
    "easy": Level(candidates=1, iterations=0, seconds=0.0, depth=0, noise=6.0),
    "normal": Level(candidates=8, iterations=160, seconds=1.0, depth=3),
    "hard": Level(candidates=14, iterations=600, seconds=3.0, depth=4),
}


@attrs.frozen
class AiChoice:
    move: object
    iterations: int
    seconds: float
    #: move code -> (visits, mean value for the AI)
    stats: dict[str, tuple[int, float]]


# --- fast static analysis -------------------------------------------------------------------
def _analyse(state: CardgoState, me: int):
    """Own groups (id per stone, weight, (value, joy) list, liberties) and enemy groups in atari."""
    geo, owners, values, effects = state.geo, state.owners, state.values, state.effects
    n = len(owners)
    comp = [-1] * n
    info = []  # (weight, stones, liberties)
    atari: dict[int, list[int]] = {}
    placeable, nbrs = geo.placeable, geo.nbrs
    seen = [False] * n
    for s in range(n):
        o = owners[s]
        if o == EMPTY or seen[s]:
            continue
        stones, trees = group(geo, owners, [s], o)
        libs = set()
        for t in stones:
            seen[t] = True
            for b in nbrs[t]:
                if owners[b] == EMPTY and placeable[b]:
                    libs.add(b)
        if o == me:
            cid = len(info)
            w = sum(geo.weight[t] for t in stones) + len(trees)
            info.append((w, [(values[t], effects[t] == JOY, t) for t in stones], libs))
            for t in stones:
                comp[t] = cid
        elif len(libs) == 1:
            atari.setdefault(next(iter(libs)), []).extend(t for t in stones if effects[t] != LONELINESS)
    return comp, info, atari


def quick_moves(state: CardgoState, limit: int | None = None) -> list[tuple[float, Place]]:
    """Legal placements scored by a fast estimate of the time swing (best first).

    Estimates rule 1 and rule 2 (enemy groups in atari at the cell join the group) from a one-pass
    group analysis, plus card effects and a penalty for leaving the own group with one liberty or none;
    ignores rule 3's opponent view, Suppression and random outcomes (the search plays them out).
    """
    me = state.player
    geo, owners, values = state.geo, state.owners, state.values
    comp, info, atari = _analyse(state, me)
    base = 0 if state.options.full_speed else 1
    hand = state.hands[me]
    playable = state.playable_hand()
    seen_cards = {}
    for i in playable:
        seen_cards.setdefault(hand[i], i)
    cards = list(seen_cards.items())
    names = state.grid.names
    links, nbrs, placeable, weight, terrain = geo.links, geo.nbrs, geo.placeable, geo.weight, geo.terrain
    effects_on = state.options.effects
    out: list[tuple[float, Place]] = []
    for c in state.legal_cells():
        ter = terrain[c]
        ids = {comp[b] for b in links[c] if owners[b] == me}
        w = weight[c] + sum(info[i][0] for i in ids) + sum(1 for b in links[c] if geo.tree[b])
        members: list[tuple[int, bool, int]] = []
        libs = {b for b in nbrs[c] if owners[b] == EMPTY and placeable[b]}
        for i in ids:
            members.extend(info[i][1])
            libs |= info[i][2]
        libs.discard(c)
        conv = atari.get(c, ())
        for t in conv:
            members.append((values[t], False, t))
            w += geo.weight[t]
        x = w - base
        popped = 0
        left = 0
        for v, joy, _t in members:
            if v <= x + joy:
                popped += v
            else:
                left += v
        for card, i in cards:
            if ter == CRYPT:
                score = -1.0
            else:
                v = max(0, card.value + value_delta(ter))
                if ter == FIRE:
                    score = v // 2
                else:
                    joy = card.effect == JOY and effects_on
                    score = popped + (v if v <= x + joy else 0)
                    rest = left + (0 if v <= x + joy else v)
                    if rest and not conv:
                        if not libs:
                            score -= 0.8 * rest
                        elif len(libs) == 1:
                            score -= 0.4 * rest
                if effects_on:
                    e = card.effect
                    if e in (PAIN, KINDNESS):
                        score += card.value
                    elif e == SORROW:
                        score += card.value / 2
                    elif e == BRAVE:
                        score += 1.5
                    elif e == LOVE or e in EXTRA_PLAY:
                        score += 1.0
                    elif e == SUPPRESSION:
                        score -= 0.5
            out.append((score - 0.01 * card.value, Place(i, c, names[c])))
    out.sort(key=lambda sm: -sm[0])
    return out[:limit] if limit else out


def _best_gain(state: CardgoState) -> float:
    if state.outcome() is not None or state.legal_moves()[0].code in ("pass", "skip"):
        return 0.0
    q = quick_moves(state, 1)
    return max(0.0, q[0][0]) if q else 0.0


def evaluate(state: CardgoState, me: int) -> float:
    """Value in [-1, 1] for ``me``: the time difference, minus/plus the threat of the player to move."""
    out = state.outcome()
    if out is not None:
        return out.returns()[me]
    diff = state.time[me] - state.time[1 - me]
    threat = 0.7 * _best_gain(state)
    diff += threat if state.player == me else -threat
    return math.tanh(diff / 25.0)


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
    """The best ``count`` legal moves by preview (distinct cards only), best first, with scores."""
    legal = state.legal_moves()
    if legal[0].code == "pass":
        return [(0.0, legal[0])]
    quick = {(m.hand, m.cell): s for s, m in quick_moves(state)}
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
    rng = Rng.from_seed(seed)
    if len(legal) == 1:
        return AiChoice(legal[0], 0, 0.0, {legal[0].code: (0, 0.0)})
    cands = root_candidates(state, max(lv.candidates, 1), rng, lv.noise)
    if state.phase == EXTRA and all(m is not SKIP for _, m in cands):
        cands.append((0.0, SKIP))
    if len(cands) == 1 or lv.iterations == 0:
        return AiChoice(cands[0][1], 0, clock() - start, {m.code: (0, s) for s, m in cands})
    me = state.player
    k = len(cands)
    visits = [0] * k
    total = [0.0] * k
    prior = [s for s, _ in cands]
    top = max(prior)
    deadline = start + lv.seconds if time_limited else None
    it = 0
    while it < lv.iterations:
        if deadline is not None and it >= k and clock() >= deadline:
            break
        it += 1
        if it <= k:
            j = it - 1
        else:
            logn = math.log(it)
            j = max(
                range(k),
                key=lambda i: total[i] / visits[i] + 0.6 * math.sqrt(logn / visits[i]) + 0.02 * (prior[i] - top) / (1 + visits[i]),
            )
        s = state.determinize(me, rng.next_u64())
        s = s.apply(cands[j][1])
        for _ in range(lv.depth):
            if s.outcome() is not None:
                break
            s = s.apply(rollout_policy(s, rng))
        value = evaluate(s, me)
        visits[j] += 1
        total[j] += value
    best = max(range(k), key=lambda i: (visits[i], total[i] / max(visits[i], 1)))
    stats = {cands[i][1].code: (visits[i], total[i] / visits[i] if visits[i] else 0.0) for i in range(k)}
    return AiChoice(cands[best][1], it, clock() - start, stats)


def ai_choose(state: CardgoState, level: str = "normal", seed: int = 0, time_limited: bool = True, clock=time.perf_counter):
    """Alias used by the app shell."""
    return choose_move(state, level, seed, time_limited, clock)


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
