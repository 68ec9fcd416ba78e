"""Resolving one CardGO placement: on-play effects, terrain, and rules 1-3 (shared by the game, the
preview and the AI).

Placement of card k by P on cell c (:func:`resolve`):
1. the stone's value is k's value adjusted by the terrain; a crypt swallows it (nothing else happens);
2. on-play effects (Brave, Sorrow, Pain, Kindness, Love, Evil) resolve;
3. fire burns the stone (half value, rounded down, to the opponent) unless it is suppressed;
4. otherwise rules 1-3 are evaluated on the board as it is now (:func:`evaluate`):
   - enemy groups touching c with no liberty are temporarily P's (Loneliness stones excepted);
   - P's view: G = P's group containing c, X = weight(G) − 1 (full speed: weight(G)); every stone of
     G with value ≤ X (Joy: ≤ X + 1) takes effect and damages P's opponent by its value;
   - if P's own group containing c (plain colours) has no liberty, the opponent's view is evaluated
     too, on the same board: P's stones of that group count as the opponent's, and every opponent
     group they join (one with at least one real opponent stone) is evaluated the same way,
     damaging P;
   - a stone directly below a Suppression stone never takes effect; all removals happen together;
     a stone that takes effect in both views deals its damage twice; converted stones that did not
     take effect revert.
The caller applies the result: times drop by the damage (never below 0), Love's card is drawn.
"""

from __future__ import annotations

import attrs

from webtabletop.games.cardgo.rules.effects import (
    BRAVE,
    EVIL,
    EXTRA_PLAY,
    JOY,
    KINDNESS,
    LONELINESS,
    LOVE,
    PAIN,
    SORROW,
    SUPPRESSION,
    Card,
    Chance,
)
from webtabletop.games.cardgo.rules.options import CardgoOptions
from webtabletop.games.cardgo.rules.terrain import CRYPT, FIRE, Geometry, value_delta
from webtabletop.i18n import _

EMPTY = -1


@attrs.define
class Work:
    """The mutable board a placement is resolved on."""

    owners: list[int]
    values: list[int]
    effects: list[int]


@attrs.define
class Resolution:
    """The result of :func:`resolve`. With hidden values/chance, some parts are ranges or unknown."""

    player: int
    cell: int
    card: Card
    stone_value: int = 0
    vanished: bool = False
    burned: bool = False
    brave: int = EMPTY
    evil: int = EMPTY
    sorrow: int = 0
    draw: int = 0
    extra_value: int = 0  # required value of a follow-up play (0: none)
    converted: list[int] = attrs.Factory(list)
    takes: list[tuple[int, int, int, int]] = attrs.Factory(list)  # (cell, owner, value, side)
    maybe: list[tuple[int, int, int]] = attrs.Factory(list)  # (cell, side, max damage): hidden value
    suppressed: list[int] = attrs.Factory(list)
    loss_lo: list[int] = attrs.Factory(lambda: [0, 0])
    loss_hi: list[int] = attrs.Factory(lambda: [0, 0])
    gain: list[int] = attrs.Factory(lambda: [0, 0])
    unknown: list[str] = attrs.Factory(list)  # random on-play outcomes left open (preview)


# --- rules 1-3 ------------------------------------------------------------------------------
def group(geo: Geometry, owners, starts, colour: int) -> tuple[set[int], set[int]]:
    """Stones and trees of the ``colour`` group(s) containing ``starts`` (4-connected via ``links``;
    a tree joins every group touching it but does not link to other trees)."""
    links, tree = geo.links, geo.tree
    seen = set(starts)
    stack = list(starts)
    trees: set[int] = set()
    while stack:
        a = stack.pop()
        for b in links[a]:
            if b in seen:
                continue
            if owners[b] == colour:
                seen.add(b)
                stack.append(b)
            elif tree[b] and b not in trees:
                trees.add(b)
                for d in links[b]:
                    if d not in seen and owners[d] == colour:
                        seen.add(d)
                        stack.append(d)
    return seen, trees


def breathless(geo: Geometry, owners, stones) -> bool:
    """No stone of the group has an empty placeable 4-neighbour (edge, stone and tree are no liberty)."""
    nbrs, placeable = geo.nbrs, geo.placeable
    for s in stones:
        for b in nbrs[s]:
            if owners[b] == EMPTY and placeable[b]:
                return False
    return True


def weight(geo: Geometry, stones, trees) -> int:
    w = geo.weight
    return sum(w[s] for s in stones) + len(trees)


@attrs.frozen
class View:
    """One side's evaluation: stones converted to ``side`` and its groups as (stones, X)."""

    side: int
    converted: tuple[int, ...]
    groups: tuple[tuple[tuple[int, ...], int], ...]


def evaluate(geo: Geometry, owners, effects, player: int, cell: int, full_speed: bool) -> list[View]:
    """Rules 1-3 for a stone of ``player`` just placed on ``cell``: the views to evaluate."""
    enemy = 1 - player
    base = 0 if full_speed else 1
    to_me: list[int] = []
    seen: set[int] = set()
    for n in geo.nbrs[cell]:
        if owners[n] == enemy and n not in seen:
            stones, _x = group(geo, owners, [n], enemy)
            seen |= stones
            if breathless(geo, owners, stones):
                to_me.extend(s for s in stones if effects[s] != LONELINESS)
    own, _x = group(geo, owners, [cell], player)
    mutual = breathless(geo, owners, own)
    ow = list(owners)
    for s in to_me:
        ow[s] = player
    stones, trees = group(geo, ow, [cell], player)
    views = [
        View(
            player,
            tuple(sorted(s for s in to_me if s in stones)),  # only those that joined G (water may cut)
            ((tuple(sorted(stones)), weight(geo, stones, trees) - base),),
        )
    ]
    if mutual:
        to_them = [s for s in own if effects[s] != LONELINESS]
        ow = list(owners)
        for s in to_them:
            ow[s] = enemy
        groups = []
        covered: set[int] = set()
        converted: list[int] = []
        for s in sorted(to_them):
            if s in covered:
                continue
            stones, trees = group(geo, ow, [s], enemy)
            covered |= stones
            if any(owners[t] == enemy for t in stones):
                groups.append((tuple(sorted(stones)), weight(geo, stones, trees) - base))
                converted.extend(t for t in stones if owners[t] == player)
        if groups:
            views.append(View(enemy, tuple(sorted(converted)), tuple(groups)))
    return views


def suppressed(geo: Geometry, owners, effects, cell: int) -> bool:
    """A stone directly below a Suppression stone (either colour) cannot take effect."""
    up = geo.north[cell]
    return up >= 0 and owners[up] != EMPTY and effects[up] == SUPPRESSION


def resolve(
    geo: Geometry,
    options: CardgoOptions,
    work: Work,
    player: int,
    cell: int,
    card: Card,
    chance: Chance,
    hidden: dict[int, tuple[int, int]] | None = None,
) -> Resolution:
    """Place ``card`` for ``player`` on ``cell`` of ``work`` (changed in place) and resolve it.

    ``hidden`` maps cells whose value the deciding player cannot see to their possible (lo, hi)
    range: such stones are never assumed to take effect, they are listed in ``maybe``. A chance
    answer of None (preview) leaves that random outcome unapplied and names it in ``unknown``.
    """
    hidden = hidden or {}
    enemy = 1 - player
    owners, values, effects = work.owners, work.values, work.effects
    terrain = geo.terrain[cell]
    res = Resolution(player, cell, card)
    value = max(0, card.value + value_delta(terrain))
    res.stone_value = value
    if terrain == CRYPT:
        res.vanished = True
        return res
    owners[cell], values[cell], effects[cell] = player, value, card.effect
    if options.effects:
        _on_play(geo, work, res, chance)
    if terrain == FIRE and not suppressed(geo, owners, effects, cell):
        res.burned = True
        res.takes.append((cell, player, value // 2, player))
        res.loss_lo[enemy] += value // 2
        res.loss_hi[enemy] += value // 2
        owners[cell], values[cell], effects[cell] = EMPTY, 0, 0
        return res
    views = evaluate(geo, owners, effects, player, cell, options.full_speed)
    removed: set[int] = set()
    for view in views:
        res.converted.extend(view.converted)
        victim = 1 - view.side
        for stones, x in view.groups:
            for t in stones:
                threshold = x + (1 if effects[t] == JOY else 0)
                if t in hidden:
                    lo, hi = hidden[t]
                    if lo > threshold:
                        continue
                    if suppressed(geo, owners, effects, t):
                        res.suppressed.append(t)
                        continue
                    if hi > threshold:
                        res.maybe.append((t, view.side, threshold))
                        res.loss_hi[victim] += threshold
                        continue
                    res.takes.append((t, owners[t], -1, view.side))
                    res.loss_lo[victim] += lo
                    res.loss_hi[victim] += hi
                    removed.add(t)
                    continue
                if values[t] > threshold:
                    continue
                if suppressed(geo, owners, effects, t):
                    res.suppressed.append(t)
                    continue
                res.takes.append((t, owners[t], values[t], view.side))
                res.loss_lo[victim] += values[t]
                res.loss_hi[victim] += values[t]
                removed.add(t)
    for t in removed:
        owners[t], values[t], effects[t] = EMPTY, 0, 0
    res.suppressed = sorted(set(res.suppressed))
    return res


def _on_play(geo: Geometry, work: Work, res: Resolution, chance: Chance) -> None:
    owners, values, effects = work.owners, work.values, work.effects
    player, card = res.player, res.card
    enemy = 1 - player
    effect = card.effect
    if effect == BRAVE:
        candidates = [s for s, o in enumerate(owners) if o == enemy and effects[s] != LONELINESS]
        pick = chance.pick(candidates)
        if pick is not None:
            owners[pick] = player
            res.brave = pick
        elif candidates:
            res.unknown.append(_("a random enemy stone becomes yours"))
    elif effect == EVIL:
        candidates = [s for s in geo.nbrs[res.cell] if owners[s] != EMPTY]
        pick = chance.pick(candidates)
        if pick is not None:
            owners[pick], values[pick], effects[pick] = EMPTY, 0, 0
            res.evil = pick
        elif candidates:
            res.unknown.append(
                _("a random neighbouring stone (1 of {n}) is destroyed").format(n=len(candidates))
            )
    elif effect == SORROW:
        amount = chance.amount(0, card.value)
        if amount is None:
            res.loss_hi[enemy] += card.value
            res.unknown.append(_("the opponent loses a random 0–{n} time").format(n=card.value))
        else:
            res.sorrow = amount
            res.loss_lo[enemy] += amount
            res.loss_hi[enemy] += amount
    elif effect == PAIN:
        res.loss_lo[enemy] += card.value
        res.loss_hi[enemy] += card.value
    elif effect == KINDNESS:
        res.gain[player] += card.value
    elif effect == LOVE:
        res.draw = 1
    elif effect in EXTRA_PLAY:
        res.extra_value = card.value + EXTRA_PLAY[effect]
