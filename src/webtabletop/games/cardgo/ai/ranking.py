"""CardGO's fast move ranking, the search's hot spot: :func:`quick_moves` scores every legal
placement by a one-pass estimate of the time swing (the AI's rollouts, its root candidates and the
analysis's threat term all call it), and :func:`analyse_groups` is the group analysis under it."""

from __future__ import annotations

import heapq
import math
from functools import lru_cache

from webtabletop.games.cardgo.rules.effects import (
    BRAVE,
    EXTRA_PLAY,
    JOY,
    KINDNESS,
    LONELINESS,
    LOVE,
    PAIN,
    SORROW,
    SUPPRESSION,
)
from webtabletop.games.cardgo.rules.state import EMPTY, CardgoState, Place, group
from webtabletop.games.cardgo.rules.terrain import CRYPT, FIRE, value_delta


def analyse_groups(state: CardgoState, me: int):
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
    """Legal placements scored by a fast estimate of the time swing (best first; equal scores in
    hand-card order within a cell, cells in board order).

    Estimates rule 1 and rule 2 (enemy groups in atari at the cell join the group) from a one-pass
    group analysis, plus card effects and a penalty for leaving the own group with one liberty or none;
    ignores rule 3's opponent view, Suppression and random outcomes (the search plays them out).
    Duplicate hand cards are listed once (the first index). With ``limit``, only the best
    ``limit`` (the same as the first ``limit`` of the whole list).

    Speed (the search's hot spot): a cell's card scores depend only on its class (value change,
    X, the values popped and left, whether it captures, its liberties 0/1/more) and the hand, so
    each class is scored once per hand (:func:`_classes_for`, kept across calls: a search plays
    the same hand in many sampled worlds), and with ``limit`` (:func:`_top`) a group of lone-stone
    cells whose best cannot enter the top is passed over whole.
    """
    me = state.player
    geo, owners, values = state.geo, state.owners, state.values
    comp, info, atari = analyse_groups(state, me)
    base = 0 if state.options.full_speed else 1
    hand = state.hands[me]
    effects_on = state.options.effects
    cards = []
    seen_cards: set = set()
    for i in state.playable_hand():
        card = hand[i]
        if card in seen_cards:
            continue
        seen_cards.add(card)
        e = card.effect if effects_on else 0
        bonus = 0.0
        if e in (PAIN, KINDNESS):
            bonus = card.value
        elif e == SORROW:
            bonus = card.value / 2
        elif e == BRAVE:
            bonus = 1.5
        elif e == LOVE or e in EXTRA_PLAY:
            bonus = 1.0
        elif e == SUPPRESSION:
            bonus = -0.5
        cards.append((i, card.value, 1 if e == JOY else 0, bonus - 0.01 * card.value))
    links, nbrs, placeable, weight = geo.links, geo.nbrs, geo.placeable, geo.weight
    classes = _classes_for(tuple(cards))
    static = _static(geo)
    near = set(atari)  # cells where the placed stone joins an own group or captures
    for _w, members, _libs in info:
        for _v, _j, t in members:
            near.update(links[t])

    def scores_at(c: int) -> tuple[list[tuple[float, int]], float]:
        """The (score, hand index) list and the best score of the cards on cell ``c``."""
        kind, delta, w = static[c]
        if kind is not None:
            key: tuple = kind
        elif c not in near:  # a lone stone: X from its cell alone
            nlibs = 0
            for b in nbrs[c]:
                if owners[b] == EMPTY and placeable[b]:
                    nlibs += 1
            key = ("plain", delta, w - base, 0, 0, False, nlibs if nlibs < 2 else 2)
        else:
            ids = {comp[b] for b in links[c] if owners[b] == me}
            own = [b for b in nbrs[c] if owners[b] == EMPTY and placeable[b]]
            nlibs = len(own)
            if ids and nlibs < 2:
                libs = set(own)
                for cid in ids:
                    libs |= info[cid][2]
                libs.discard(c)
                nlibs = len(libs)
            popped = left = 0
            for cid in ids:
                w += info[cid][0]
            conv = atari.get(c, ())
            for t in conv:
                w += weight[t]
            x = w - base
            for cid in ids:
                for v, joy, _t in info[cid][1]:
                    if v <= x + joy:
                        popped += v
                    else:
                        left += v
            for t in conv:
                if values[t] <= x:
                    popped += values[t]
            key = ("plain", delta, x, popped, left, bool(conv), min(nlibs, 2))
        return _scored(classes, key, cards)

    names = state.grid.names
    if limit:
        heap = _top(state, limit, near, scores_at, lambda key: _scored(classes, key, cards), base)
        return [(sc, Place(i, c, names[c])) for sc, _o, i, c in heap]
    out: list[tuple[float, int, int]] = []
    for c in state.legal_cells():
        out.extend([(sc, i, c) for sc, i in scores_at(c)[0]])
    out.sort(key=_first, reverse=True)
    return [(sc, Place(i, c, names[c])) for sc, i, c in out]


def _scored(classes: dict, key: tuple, cards: list) -> tuple[list[tuple[float, int]], float]:
    scored = classes.get(key)
    if scored is None:
        scored = classes[key] = _class_scores(key, cards)
    return scored


#: a cell's rank among equal scores: earlier cells first, then hand order within a cell (far more
#: than a hand can hold: 10 cards at most, :data:`~webtabletop.games.cardgo.rules.options.HAND_RANGE`, and
#: what effects draw)
_PER_CELL = 1024


def _top(state: CardgoState, limit: int, near: set, scores_at, scored_for, base: int) -> list[tuple]:
    """The best ``limit`` placements as ``(score, rank, hand index, cell)``, best first: the same
    as the first ``limit`` of the whole ranking (ties: board order, then hand order).

    Cells where a stone joins a group or captures, and crypt and fire, are scored one by one. The
    other cells (a lone stone) fall into a few groups by value change and weight (:func:`_lone`),
    whose best score with two or more liberties bounds every cell of the group (liberties only
    lower a score): a group that cannot enter the top is passed over whole, unread."""
    legal = state._cache.get("cellset")
    if legal is None:
        legal = state._cache["cellset"] = frozenset(state.legal_cells())
    heap: list[tuple[float, int, int, int]] = []

    def offer(c: int, scored: tuple[list[tuple[float, int]], float]) -> None:
        rank = -_PER_CELL * c
        if len(heap) >= limit and (scored[1], rank) < heap[0][:2]:
            return  # not even the cell's best enters
        for sc, i in scored[0]:
            entry = (sc, rank, i, c)
            rank -= 1
            if len(heap) < limit:
                heapq.heappush(heap, entry)
            elif entry > heap[0]:
                heapq.heapreplace(heap, entry)

    special, groups = _lone(state.geo, base)
    for c in near:
        if c in legal:
            offer(c, scores_at(c))
    for c in special:
        if c in legal and c not in near:
            offer(c, scores_at(c))
    bounds = []
    for key, cells in groups:
        best = scored_for(key)[1]
        bounds.append((best, -_PER_CELL * cells[0], cells))
    bounds.sort(reverse=True)
    for best, first, cells in bounds:
        if len(heap) >= limit and (best, first) < heap[0][:2]:
            continue  # no cell of the group can enter (the top only rises)
        for c in cells:
            if c not in legal or c in near:
                continue
            offer(c, scores_at(c))
    heap.sort(reverse=True)
    return heap


@lru_cache(maxsize=64)
def _lone(geo, base: int) -> tuple[tuple[int, ...], tuple[tuple[tuple, tuple[int, ...]], ...]]:
    """Crypt and fire cells, and the other cells grouped by a lone stone's class key with two or
    more liberties (each group's cells in board order)."""
    special: list[int] = []
    groups: dict[tuple, list[int]] = {}
    for c, (kind, delta, w) in enumerate(_static(geo)):
        if kind is not None:
            special.append(c)
        else:
            groups.setdefault(("plain", delta, w - base, 0, 0, False, 2), []).append(c)
    return tuple(special), tuple((key, tuple(cells)) for key, cells in groups.items())


#: hand (the ``cards`` of :func:`quick_moves`) -> class key -> its scores; emptied when it holds
#: :data:`HANDS_KEPT` hands (a pure cache: the scores depend only on the key and the hand)
_CLASSES: dict[tuple, dict[tuple, tuple[list[tuple[float, int]], float]]] = {}
HANDS_KEPT = 512


def _classes_for(cards: tuple) -> dict[tuple, tuple[list[tuple[float, int]], float]]:
    classes = _CLASSES.get(cards)
    if classes is None:
        if len(_CLASSES) >= HANDS_KEPT:
            _CLASSES.clear()
        classes = _CLASSES[cards] = {}
    return classes


@lru_cache(maxsize=32)
def _static(geo) -> tuple[tuple, ...]:
    """Per cell of a board: (class key for crypt and fire, else None; value change; the stone's
    weight plus the trees it touches)."""
    out = []
    for c, ter in enumerate(geo.terrain):
        kind = ("crypt",) if ter == CRYPT else ("fire", DELTA[ter]) if ter == FIRE else None
        out.append((kind, DELTA[ter], geo.weight[c] + sum(1 for b in geo.links[c] if geo.tree[b])))
    return tuple(out)


def _class_scores(key: tuple, cards: list) -> tuple[list[tuple[float, int]], float]:
    """(score, hand index) per card on a cell of class ``key`` (see :func:`quick_moves`), and the best."""
    if key[0] == "crypt":  # the card is lost
        scored = [(-1.0 - bonus, i) for i, _v, _j, bonus in cards]
    elif key[0] == "fire":  # half the value at once
        delta = key[1]
        scored = [(max(0, v + delta) // 2 + bonus, i) for i, v, _j, bonus in cards]
    else:
        _plain, delta, x, popped, left, conv, nlibs = key
        scored = []
        for i, v, joy, bonus in cards:
            v = v + delta
            if v < 0:
                v = 0
            if v <= x + joy:
                score = popped + v
                rest = left
            else:
                score = popped
                rest = left + v
            if rest and not conv:
                if not nlibs:
                    score -= 0.8 * rest
                elif nlibs == 1:
                    score -= 0.4 * rest
            scored.append((score + bonus, i))
    best = -math.inf
    for sc, _i in scored:
        if sc > best:
            best = sc
    return scored, best


def _first(t):
    return t[0]


DELTA = tuple(value_delta(t) for t in range(15))
