"""Rules of CardGO (digest: shared/rules/cardgo.md; where it is silent: :data:`DECISIONS`,
shown on the rules page).

A turn: the player to move draws a card (not on the very first turn of the game; never above
``hand_size + 1`` cards), then places one hand card on an empty placeable cell (move ``"i@cell"``,
hand index from 0, e.g. ``"3@e5"``). A player with no legal cell passes (``"pass"``); two passes in
a row end the game. After an Indulgence/Pride/Excitement placement the same player may play one
matching hand card (same ``"i@cell"`` codes) or ``"skip"``.

Placement of card k by P on cell c (:func:`resolve`, shared by the game and the preview):
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
     take effect revert;
5. times drop by the damage and never go below 0; a player at 0 loses (both at 0: draw).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import attrs

from webtabletop.core.grid import rectangle
from webtabletop.core.protocol import IllegalMove, Outcome, State
from webtabletop.core.rng import Rng
from webtabletop.games.cardgo.effects import (
    BRAVE,
    EFFECTS,
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
    RngChance,
    card_from_code,
    deal_card,
)
from webtabletop.games.cardgo.options import CardgoOptions
from webtabletop.games.cardgo.terrain import (
    CRYPT,
    FIRE,
    LETTERS,
    NONE,
    TALL_GRASS,
    Geometry,
    geometry,
    random_terrain,
    value_delta,
)

EMPTY = -1
PLAY, EXTRA = "play", "extra"
PLAYER_NAMES = ("Green", "Red")


#: what this implementation decided where the digest/source is silent (shown on the rules page)
DECISIONS: tuple[str, ...] = (
    "Both players reaching 0 time in the same turn is a draw; Green skips the draw on the very first turn.",
    "Draws (the turn draw and Love's extra card) are skipped while the hand already holds hand size + 1 cards.",
    "A player with no legal cell passes; two passes in a row end the game: more time wins, equal is a draw. "
    "As a safety net (crypts and Evil could stall a game) the game also ends this way after 4 × cells turns.",
    "Card effects and terrain are on by default; with them off every card is plain and every cell is plain.",
    "Effects read the card's printed value (Sorrow, Pain, Kindness and the extra-play matching); terrain "
    "changes only the stone's value on the board, which is what takes effect and deals damage.",
    "Extra plays (Indulgence, Pride, Excitement) are offered after the placement's rules 1–3 have resolved; the "
    "extra card is a full placement (its own effects, including further extra plays, apply) without a draw.",
    "Brave converts for good and never picks a Loneliness stone; Evil may destroy a stone of either colour.",
    "Only enemy groups touching the new stone are checked for breathlessness (as in Go). In the opponent's view "
    "the placer's breathless stones count only when they touch a real enemy stone's group.",
    "Loneliness stones are never converted: not by rule 2, not in the opponent's view of rule 3, not by Brave.",
    "Suppression is checked on the board as it stands before the removals, for stones of either colour, "
    "converted or not; a suppressed stone on fire does not burn and stays as a normal stone.",
    "A stone that takes effect in both views of rule 3 deals its damage in both (the digest's example 4).",
    "Shrub and flowers weigh 2 and ice 0 in the connectivity count X = (sum of weights) − 1 (full speed: the sum); "
    "the placed stone's own weight counts like any other.",
    "A tree is a member (weight 1) of every group touching it, of either colour, and connects them; it is not a "
    "liberty and does not link to other trees. Stone terrain is like the edge; water only cuts connections.",
    "A crypt swallows the stone and its card effect. Fire burns the stone at once (half value, rounded down, "
    "to the opponent) after its on-play effect; rules 1–3 are not evaluated for it.",
    "Swamp never lowers a value below 0; a 0 stone takes effect whenever its group is evaluated, for 0 damage.",
    "Tall grass hides a stone's value from the player who does not own it (also in the log and the preview).",
    "Time may rise above the starting time (Kindness) and never drops below 0; all damage of one placement is "
    "applied together.",
)


# --- moves ------------------------------------------------------------------------------------
@attrs.frozen
class Place:
    """Place hand card ``hand`` (index from 0) on ``cell``; ``name`` is the cell's name."""

    hand: int
    cell: int
    name: str = attrs.field(eq=False, default="")

    @property
    def code(self) -> str:
        return f"{self.hand}@{self.name}"


@attrs.frozen
class Pass:
    @property
    def code(self) -> str:
        return "pass"


@attrs.frozen
class Skip:
    @property
    def code(self) -> str:
        return "skip"


PASS = Pass()
SKIP = Skip()


def _place_row(side: int, hand: int) -> tuple[Place, ...]:
    names = rectangle(side, side, 4).names
    return tuple(Place(hand, c, names[c]) for c in range(side * side))


@lru_cache(maxsize=8)
def place_table(side: int) -> tuple[tuple[Place, ...], ...]:
    """Shared immutable Place moves [hand index][cell] (legal_moves only picks from them)."""
    return tuple(_place_row(side, i) for i in range(12))


# --- what happened ----------------------------------------------------------------------------
@attrs.frozen
class Report:
    """What one move did (kept in the state's log; the view marks it, the event log lists it).

    ``took_effect`` lists (cell, original owner, value, view side) per take (a stone taking effect in
    both views appears twice); ``damage``/``heal`` are the time each player lost/gained.
    """

    kind: str  # "place", "pass" or "skip"
    turn: int
    player: int
    cell: int = EMPTY
    card: Card | None = None
    stone_value: int = 0
    extra: bool = False  # a follow-up play (Indulgence, Pride, Excitement)
    vanished: bool = False  # crypt
    burned: bool = False  # fire
    brave: int = EMPTY  # enemy stone converted for good by Brave
    evil: int = EMPTY  # stone destroyed by Evil
    sorrow: int = 0
    converted: tuple[int, ...] = ()
    took_effect: tuple[tuple[int, int, int, int], ...] = ()
    suppressed: tuple[int, ...] = ()
    damage: tuple[int, int] = (0, 0)
    heal: tuple[int, int] = (0, 0)
    drew: int = 0

    @property
    def removed(self) -> tuple[int, ...]:
        return tuple(sorted({t[0] for t in self.took_effect}))


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
            stones, _ = group(geo, owners, [n], enemy)
            seen |= stones
            if breathless(geo, owners, stones):
                to_me.extend(s for s in stones if effects[s] != LONELINESS)
    own, _ = group(geo, owners, [cell], player)
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
            res.unknown.append("a random enemy stone becomes yours")
    elif effect == EVIL:
        candidates = [s for s in geo.nbrs[res.cell] if owners[s] != EMPTY]
        pick = chance.pick(candidates)
        if pick is not None:
            owners[pick], values[pick], effects[pick] = EMPTY, 0, 0
            res.evil = pick
        elif candidates:
            res.unknown.append(f"a random neighbouring stone (1 of {len(candidates)}) is destroyed")
    elif effect == SORROW:
        amount = chance.amount(0, card.value)
        if amount is None:
            res.loss_hi[enemy] += card.value
            res.unknown.append(f"the opponent loses a random 0–{card.value} time")
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


# --- the state ------------------------------------------------------------------------------
@attrs.frozen
class CardgoState(State):
    options: CardgoOptions
    terrain: tuple[int, ...]
    owners: tuple[int, ...]  # EMPTY, 0 (green) or 1 (red)
    values: tuple[int, ...]  # stone values (after terrain); 0 on empty cells
    effects: tuple[int, ...]  # stone effects; 0 on empty cells
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    time: tuple[int, int]
    player: int
    rng_state: int
    phase: str = PLAY
    extra_value: int = 0  # required card value in the EXTRA phase
    passes: int = 0  # passes in a row
    turn: int = 1  # number of the current turn (from 1)
    log: tuple[Report, ...] = ()
    geo: Geometry = attrs.field(init=False, eq=False, repr=False)
    _cache: dict = attrs.field(init=False, eq=False, repr=False, factory=dict)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "geo", geometry(self.options.size, self.terrain))

    # --- protocol -----------------------------------------------------------------------------
    def to_move(self) -> int:
        return self.player

    @property
    def grid(self):
        return self.geo.grid

    @property
    def last(self) -> Report | None:
        return self.log[-1] if self.log else None

    def legal_cells(self) -> tuple[int, ...]:
        """Empty placeable cells (adjacent mode: 8-next to a stone, unless the board is empty)."""
        cells = self._cache.get("cells")
        if cells is None:
            owners, placeable = self.owners, self.geo.placeable
            cells = [i for i, o in enumerate(owners) if o == EMPTY and placeable[i]]
            if self.options.adjacent and any(o != EMPTY for o in owners):
                nbr8 = self.geo.nbr8
                cells = [i for i in cells if any(owners[j] != EMPTY for j in nbr8[i])]
            cells = tuple(cells)
            self._cache["cells"] = cells
        return cells

    def playable_hand(self) -> tuple[int, ...]:
        """Hand indexes that may be played now."""
        hand = self.hands[self.player]
        if self.phase == EXTRA:
            return tuple(i for i, c in enumerate(hand) if c.value == self.extra_value)
        return tuple(range(len(hand)))

    def legal_moves(self):
        moves = self._cache.get("moves")
        if moves is not None:
            return moves
        if self.outcome() is not None:
            moves = []
        else:
            cells = self.legal_cells()
            table = place_table(self.options.size)
            moves = []
            for i in self.playable_hand():
                row = table[i] if i < len(table) else _place_row(self.options.size, i)
                moves.extend([row[c] for c in cells])
            if self.phase == EXTRA:
                moves.append(SKIP)
            elif not moves:
                moves = [PASS]
        self._cache["moves"] = moves
        return moves

    def move_from_code(self, code: str):
        head, at, name = code.partition("@")
        if at and head.isdigit():
            try:
                cell = self.grid.index_of(name)
            except KeyError:
                raise IllegalMove(f"{code!r}: there is no cell {name!r}") from None
            move = Place(int(head), cell, name)
            if move in self.legal_moves():
                return move
            raise IllegalMove(f"{code!r} is not a legal move here: {self.why_illegal(int(head), cell)}")
        return super().move_from_code(code)

    def why_illegal(self, hand: int, cell: int) -> str:
        """A short reason why placing hand card ``hand`` on ``cell`` is not legal (or "legal")."""
        if self.outcome() is not None:
            return "the game is over"
        cards = self.hands[self.player]
        if not 0 <= hand < len(cards):
            return f"there is no hand card {hand}"
        if hand not in self.playable_hand():
            return f"the follow-up play needs a card of value {self.extra_value}"
        if not 0 <= cell < len(self.owners):
            return "no such cell"
        if self.owners[cell] != EMPTY:
            return "the cell is occupied"
        if not self.geo.placeable[cell]:
            return "nothing can be placed on stone or tree terrain"
        if cell not in self.legal_cells():
            return "with adjacent placement a card must go next to a stone already on the board"
        return "legal"

    def apply(self, move) -> CardgoState:
        if self.outcome() is not None:
            raise IllegalMove("the game is over")
        if isinstance(move, Place):
            if self.why_illegal(move.hand, move.cell) != "legal":
                raise IllegalMove(self.why_illegal(move.hand, move.cell))
            return self._place(move.hand, move.cell)
        if isinstance(move, Skip) and self.phase == EXTRA:
            report = Report("skip", self.turn, self.player)
            return attrs.evolve(self, log=self.log + (report,))._end_turn()
        if isinstance(move, Pass) and move in self.legal_moves():
            report = Report("pass", self.turn, self.player)
            return attrs.evolve(self, log=self.log + (report,), passes=self.passes + 1)._end_turn()
        raise IllegalMove(f"{getattr(move, 'code', move)!r} is not a legal move here")

    def outcome(self) -> Outcome | None:
        if "outcome" in self._cache:
            return self._cache["outcome"]
        out = self._outcome()
        self._cache["outcome"] = out
        return out

    def _outcome(self) -> Outcome | None:
        a, b = self.time
        scores = (float(a), float(b))
        if a <= 0 or b <= 0:
            if a <= 0 and b <= 0:
                return Outcome(None, scores, "both players ran out of time")
            return Outcome(1 if a <= 0 else 0, scores, f"{PLAYER_NAMES[0 if a <= 0 else 1]} ran out of time")
        if self.passes >= 2 or self.turn > self.options.turn_limit:
            why = (
                "two passes in a row"
                if self.passes >= 2
                else f"the turn limit ({self.options.turn_limit}) was reached"
            )
            if a == b:
                return Outcome(None, scores, f"{why}; equal time")
            return Outcome(0 if a > b else 1, scores, f"{why}; more time left")
        return None

    # --- turn mechanics -------------------------------------------------------------------------
    def _place(self, index: int, cell: int) -> CardgoState:
        player = self.player
        hand = list(self.hands[player])
        card = hand.pop(index)
        work = Work(list(self.owners), list(self.values), list(self.effects))
        rng = Rng(self.rng_state)
        res = resolve(self.geo, self.options, work, player, cell, card, RngChance(rng))
        for _ in range(res.draw):
            if len(hand) < self.hand_cap:
                hand.append(self._deal(rng))
        time = tuple(max(0, self.time[p] + res.gain[p] - res.loss_lo[p]) for p in (0, 1))
        report = Report(
            "place",
            self.turn,
            player,
            cell=cell,
            card=card,
            stone_value=res.stone_value,
            extra=self.phase == EXTRA,
            vanished=res.vanished,
            burned=res.burned,
            brave=res.brave,
            evil=res.evil,
            sorrow=res.sorrow,
            converted=tuple(sorted(set(res.converted))),
            took_effect=tuple(res.takes),
            suppressed=tuple(res.suppressed),
            damage=(res.loss_lo[0], res.loss_lo[1]),
            heal=(res.gain[0], res.gain[1]),
            drew=res.draw,
        )
        hands = (tuple(hand), self.hands[1]) if player == 0 else (self.hands[0], tuple(hand))
        placed = attrs.evolve(
            self,
            owners=tuple(work.owners),
            values=tuple(work.values),
            effects=tuple(work.effects),
            hands=hands,
            time=time,
            rng_state=rng.state,
            passes=0,
            phase=PLAY,
            extra_value=0,
            log=self.log + (report,),
        )
        if placed.outcome() is not None:
            return placed
        if res.extra_value:
            follow = attrs.evolve(placed, phase=EXTRA, extra_value=res.extra_value)
            if len(follow.legal_moves()) > 1:
                return follow
        return placed._end_turn()

    @property
    def hand_cap(self) -> int:
        """Draws are skipped while a hand holds this many cards."""
        return self.options.hand_size + 1

    def _deal(self, rng: Rng) -> Card:
        o = self.options
        return deal_card(rng, o.min_value, o.max_value, o.effects)

    def _end_turn(self) -> CardgoState:
        nxt = 1 - self.player
        hand = self.hands[nxt]
        rng = Rng(self.rng_state)
        if len(hand) < self.hand_cap:
            hand = hand + (self._deal(rng),)
        hands = (hand, self.hands[1]) if nxt == 0 else (self.hands[0], hand)
        return attrs.evolve(
            self, player=nxt, hands=hands, rng_state=rng.state, phase=PLAY, extra_value=0, turn=self.turn + 1
        )

    # --- hidden information -----------------------------------------------------------------
    def hidden_cells(self, viewer: int | None) -> tuple[int, ...]:
        """Stones whose value ``viewer`` cannot see: on tall grass and owned by someone else."""
        terrain = self.terrain
        return tuple(
            i for i, o in enumerate(self.owners) if o != EMPTY and o != viewer and terrain[i] == TALL_GRASS
        )

    def view(self, player: int | None) -> dict[str, Any]:
        snap = self.snapshot()
        for i in self.hidden_cells(player):
            snap["values"][i] = None
        for p in (0, 1):
            if p != player:
                snap["hands"][p] = [None] * len(self.hands[p])
        del snap["rng_state"]
        return snap

    def determinize(self, player: int, seed: int) -> CardgoState:
        """Resample what ``player`` cannot see: the opponent's hand, the values of the opponent's
        tall-grass stones and all future random outcomes (draws and random effects)."""
        rng = Rng.from_seed(seed)
        o = self.options
        other = 1 - player
        hand = tuple(self._deal(rng) for _ in self.hands[other])
        values = list(self.values)
        for i in self.hidden_cells(player):
            values[i] = rng.randint(o.min_value, o.max_value)
        hands = (self.hands[0], hand) if other == 1 else (hand, self.hands[1])
        return attrs.evolve(self, hands=hands, values=tuple(values), rng_state=rng.next_u64())

    # --- presentation helpers ------------------------------------------------------------------
    def move_label(self, move) -> str:
        if isinstance(move, Place):
            card = self.hands[self.player][move.hand]
            return f"{card.label} → {self.grid.names[move.cell]}"
        return "pass" if isinstance(move, Pass) else "skip the extra play"

    def snapshot(self) -> dict[str, Any]:
        return {
            "options": attrs.asdict(self.options),
            "terrain": list(self.terrain),
            "owners": list(self.owners),
            "values": list(self.values),
            "effects": list(self.effects),
            "hands": [[c.code for c in h] for h in self.hands],
            "time": list(self.time),
            "player": self.player,
            "phase": self.phase,
            "extra_value": self.extra_value,
            "passes": self.passes,
            "turn": self.turn,
            "rng_state": self.rng_state,
        }

    def diagram(self) -> str:
        """The board as a text diagram that :func:`position` reads back."""
        side = self.options.size
        return "\n".join(
            " ".join(cell_token(self, y * side + x).rjust(7) for x in range(side)) for y in range(side)
        )

    def text(self) -> str:
        lines = [self.diagram()]
        hands = " | ".join(
            f"{PLAYER_NAMES[p]} {self.time[p]}: " + " ".join(c.code for c in self.hands[p]) for p in (0, 1)
        )
        lines.append(f"turn {self.turn}, {PLAYER_NAMES[self.player]} to move ({self.phase}); {hands}")
        return "\n".join(lines)


def cell_token(state: CardgoState, i: int) -> str:
    """The diagram token of a cell (see :func:`position`)."""
    o = state.owners[i]
    tok = "." if o == EMPTY else f"{'GR'[o]}{state.values[i]}"
    if o != EMPTY and state.effects[i]:
        tok += ":" + EFFECTS[state.effects[i]].letter
    t = state.terrain[i]
    if t != NONE:
        tok += "/" + LETTERS_BY_ID[t]
    return tok


LETTERS_BY_ID = {v: k for k, v in LETTERS.items()}


def new_game(options: CardgoOptions, seed: int) -> CardgoState:
    rng = Rng.from_seed(seed)
    n = options.cells
    terrain = random_terrain(rng, n) if options.terrain else (NONE,) * n
    hands = tuple(
        tuple(
            deal_card(rng, options.min_value, options.max_value, options.effects)
            for _ in range(options.hand_size)
        )
        for _ in (0, 1)
    )
    return CardgoState(
        options=options,
        terrain=terrain,
        owners=(EMPTY,) * n,
        values=(0,) * n,
        effects=(0,) * n,
        hands=(hands[0], hands[1]),
        time=(options.start_time, options.start_time),
        player=0,
        rng_state=rng.state,
    )


def position(
    diagram: str,
    options: CardgoOptions | None = None,
    player: int = 0,
    hands: tuple[str, str] = ("", ""),
    time: tuple[int, int] | None = None,
    turn: int = 10,
    seed: int = 0,
) -> CardgoState:
    """A position from a text diagram, for tests, examples and the CLI.

    One line per row, tokens separated by spaces: ``.`` empty, ``G3`` green stone of value 3,
    ``R5`` red 5; an optional ``:X`` adds effect letter X (``G3:J`` = Joy) and ``/t`` a terrain
    letter (``./s`` = stone terrain, ``R4/t`` = red 4 on tall grass). The board side comes from
    the diagram. ``hands`` are card codes separated by spaces (``"4 2J"``).
    """
    rows = [line.split() for line in diagram.strip().splitlines() if line.strip()]
    side = len(rows)
    if any(len(r) != side for r in rows):
        raise ValueError("the diagram must be square")
    options = attrs.evolve(options or CardgoOptions(terrain=False), size=side)
    terrain, owners, values, effects = [], [], [], []
    for row in rows:
        for tok in row:
            stone, _, ter = tok.partition("/")
            stone, _, eff = stone.partition(":")
            terrain.append(LETTERS[ter] if ter else NONE)
            if stone == ".":
                owners.append(EMPTY)
                values.append(0)
                effects.append(0)
            else:
                owners.append("GR".index(stone[0]))
                values.append(int(stone[1:]))
                effects.append(card_from_code("1" + eff).effect)
    return CardgoState(
        options=options,
        terrain=tuple(terrain),
        owners=tuple(owners),
        values=tuple(values),
        effects=tuple(effects),
        hands=(
            tuple(card_from_code(c) for c in hands[0].split()),
            tuple(card_from_code(c) for c in hands[1].split()),
        ),
        time=time or (options.start_time, options.start_time),
        player=player,
        rng_state=Rng.from_seed(seed).state,
        turn=turn,
    )
