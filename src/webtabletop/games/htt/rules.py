"""The HTT duel (digest: shared/rules/htt.md, "The duel" and "Table rules").

Flow: a seeded coin flip picks who starts; players alternate placing one hand card on an empty
cell until the board is full. Then the higher score wins (score = own-coloured cards on the board +
cards still in hand; the two scores always sum to the number of cards, 10 on the default board).
Unless the table is friendly, the winner then takes one of the loser's hand cards, picking blind
among them face down in a seeded random order (the *pick*, the last move of the game).

Moves and codes:
- place: ``<slot><cell>`` (``2b3`` = hand slot 2 onto cell b3). Slots keep their numbers when cards
  leave the hand;
- ``draw``: offer a draw (once per own turn, instead of thinking further); the opponent answers
  ``accept`` (the game ends level: hand size each, e.g. 5–5) or ``decline`` (the offerer goes on);
- ``t<i>``: the winner takes the ``i``-th face-down card.

Placing card X (values after Matter) on cell c by player P, all on the owners before the move:
1. Same / Plus / Minus: *contacts* are the occupied neighbours (X's side facing them vs. their side
   facing back) and, with Wall / Mirror / Anti-wall, the board edges (value A / X's own value / 0).
   Same: the equal contacts; Plus: contacts sharing one sum; Minus: sharing one difference. A group
   of two or more such contacts turns the enemy cards in it (own cards and walls never turn).
2. Standard rule (not with Block): each enemy neighbour whose facing value is lower than X's turns.
3. Combo (not with Block): each card turned by Same/Plus/Minus applies the standard rule as if just
   placed by P; cards turned so continue the chain (breadth first: chain step 2, 3, ...).
The flips of the last move are kept (cell, chain step, cause) so the view can number them.
Matter: at the start 1..cells//3 icons (1..3 on the default board; seeded count, cells, colours)
lie on distinct cells. A card placed on an icon of its own colour gets +1 on every side
(A+1 = S = 11), on an icon of another colour −1 (1−1 = 0); the changed values count for every rule.
"""

from __future__ import annotations

from typing import Any

import attrs

from webtabletop.core.protocol import IllegalMove, Outcome, State
from webtabletop.core.rng import Rng
from webtabletop.games.htt.board import WALL, Board, get_board
from webtabletop.games.htt.cards import MATTERS, Card
from webtabletop.games.htt.options import HttOptions

EMPTY = -1
PLAY, DRAW, PICK, OVER = "play", "draw", "pick", "over"
PLAYER_NAMES = ("Blue", "Red")
WALL_VALUES = {"wall": 10, "antiwall": 0}


@attrs.frozen
class Place:
    slot: int
    cell: int
    code: str

    @property
    def label(self) -> str:
        return self.code


@attrs.frozen
class Offer:
    code: str  # "draw", "accept" or "decline"


@attrs.frozen
class Take:
    index: int

    @property
    def code(self) -> str:
        return f"t{self.index}"


OFFER, ACCEPT, DECLINE = Offer("draw"), Offer("accept"), Offer("decline")


@attrs.frozen
class Flip:
    """A card turned by the last move: ``step`` 1 = by the placed card, 2+ = Combo chain steps."""

    cell: int
    step: int
    cause: str  # "standard", "same", "plus", "minus", "same+plus"... or "combo"


def matter_values(values: tuple[int, ...], card_matter: str, icon: str | None) -> tuple[int, ...]:
    if icon is None:
        return values
    d = 1 if icon == card_matter else -1
    return tuple(v + d for v in values)


@attrs.frozen
class SearchOutcome(Outcome):
    """The outcome inside the AI's search: a win by more cards is worth a little more."""

    def returns(self) -> tuple[float, float]:
        a, b = self.scores
        v = 0.0 if self.winner is None else 0.7 + 0.3 * abs(a - b) / (a + b)
        return (v, -v) if self.winner == 0 else (-v, v)


@attrs.frozen(eq=True)
class HttState(State):
    options: HttOptions
    board: Board = attrs.field(eq=False, repr=False)
    decks: tuple[tuple[Card, ...], tuple[Card, ...]]  # the hands as dealt; slots never move
    used: tuple[int, int]  # bit i set = slot i has been played
    cards: tuple[Card | None, ...]  # per cell
    owners: tuple[int, ...]  # per cell: EMPTY, 0 or 1
    values: tuple[tuple[int, ...] | None, ...]  # per cell: values after Matter
    icons: tuple[str | None, ...]  # per cell: matter icon colour (Matter rule)
    player: int
    first: int
    phase: str
    turn: int  # cards placed so far
    offer_turn: int  # turn of the last draw offer (-1: none)
    last: int  # cell of the last placement (EMPTY before the first)
    flips: tuple[Flip, ...]
    dealt: tuple[bool, bool]  # hand dealt by the rules (levels mirror the other hand's)
    rng_state: int
    winner: int | None = None
    scores: tuple[int, int] = (0, 0)
    reason: str = ""
    pick_order: tuple[int, ...] = ()  # loser's slots, face down, in the shuffled order
    taken: int = -1  # loser's slot the winner took (-1: none)
    search: bool = False  # inside the AI's search: no draw offers, no pick

    # --- protocol ---------------------------------------------------------------------------
    def to_move(self) -> int:
        return self.player

    def hand_slots(self, player: int) -> list[int]:
        used = self.used[player]
        return [i for i in range(len(self.decks[player])) if not used >> i & 1]

    def hand(self, player: int) -> list[Card]:
        deck = self.decks[player]
        return [deck[i] for i in self.hand_slots(player)]

    def empty_cells(self) -> list[int]:
        return [i for i, o in enumerate(self.owners) if o == EMPTY]

    def legal_moves(self):
        phase = self.phase
        if phase == PLAY:
            slots = self.hand_slots(self.player)
            if self.options.in_order:
                slots = slots[:1]
            table = _place_table(self.board.name)
            moves: list[Any] = [table[s][c] for s in slots for c in self.empty_cells()]
            if not self.search and self.offer_turn != self.turn:
                moves.append(OFFER)
            return moves
        if phase == DRAW:
            return [ACCEPT, DECLINE]
        if phase == PICK:
            return [Take(i) for i in range(len(self.pick_order))]
        return []

    def apply(self, move) -> HttState:
        phase = self.phase
        if phase == PLAY:
            if isinstance(move, Place):
                return self._place(move)
            if move == OFFER and not self.search and self.offer_turn != self.turn:
                return attrs.evolve(self, phase=DRAW, player=1 - self.player, offer_turn=self.turn)
            raise IllegalMove("place a card from your hand on an empty cell (or offer a draw once per turn)")
        if phase == DRAW:
            if move == ACCEPT:
                n = len(self.decks[0])
                return attrs.evolve(
                    self, phase=OVER, winner=None, scores=(n, n), reason="draw agreed", flips=()
                )
            if move == DECLINE:
                return attrs.evolve(self, phase=PLAY, player=1 - self.player)
            raise IllegalMove("accept or decline the draw offer")
        if phase == PICK:
            if isinstance(move, Take) and 0 <= move.index < len(self.pick_order):
                return attrs.evolve(
                    self, phase=OVER, taken=self.pick_order[move.index], player=1 - self.player
                )
            raise IllegalMove(f"take one of the {len(self.pick_order)} face-down cards")
        raise IllegalMove("the game is over")

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        a, b = self.scores
        cls = SearchOutcome if self.search else Outcome
        return cls(self.winner, (float(a), float(b)), self.reason)

    # --- rules ------------------------------------------------------------------------------
    def score(self) -> tuple[int, int]:
        """Own-coloured board cards + cards in hand, per player."""
        s = [
            len(self.decks[0]) - bin(self.used[0]).count("1"),
            len(self.decks[1]) - bin(self.used[1]).count("1"),
        ]
        for o in self.owners:
            if o >= 0:
                s[o] += 1
        return (s[0], s[1])

    def _place(self, move: Place) -> HttState:
        p = self.player
        slot, cell = move.slot, move.cell
        deck = self.decks[p]
        if not 0 <= slot < len(deck) or self.used[p] >> slot & 1:
            raise IllegalMove(f"slot {slot} holds no card of yours")
        if self.options.in_order and slot != self.hand_slots(p)[0]:
            raise IllegalMove("In order: play the first card of your hand")
        if not 0 <= cell < len(self.owners) or self.owners[cell] != EMPTY:
            raise IllegalMove("that cell is not empty")
        card = deck[slot]
        vals = matter_values(card.values, card.matter, self.icons[cell])
        owners = list(self.owners)
        values = list(self.values)
        cards = list(self.cards)
        owners[cell], values[cell], cards[cell] = p, vals, card
        flips = resolve(self.board.sides, owners, values, cell, p, self.options)
        used = list(self.used)
        used[p] |= 1 << slot
        nxt = attrs.evolve(
            self,
            used=(used[0], used[1]),
            cards=tuple(cards),
            owners=tuple(owners),
            values=tuple(values),
            player=1 - p,
            turn=self.turn + 1,
            last=cell,
            flips=tuple(flips),
        )
        if EMPTY in owners:
            return nxt
        return nxt._finish()

    def _finish(self) -> HttState:
        a, b = self.score()
        if a == b:
            return attrs.evolve(self, phase=OVER, winner=None, scores=(a, b), reason="equal scores")
        winner = 0 if a > b else 1
        reason = f"{PLAYER_NAMES[winner]} has more cards ({max(a, b)}–{min(a, b)})"
        if self.options.friendly or self.search:
            return attrs.evolve(self, phase=OVER, winner=winner, scores=(a, b), reason=reason)
        rng = Rng(self.rng_state)
        order = list(range(len(self.decks[1 - winner])))
        rng.shuffle(order)
        return attrs.evolve(
            self,
            phase=PICK,
            player=winner,
            winner=winner,
            scores=(a, b),
            reason=reason,
            pick_order=tuple(order),
            rng_state=rng.state,
        )

    # --- hidden information -------------------------------------------------------------------
    def hidden(self, viewer: int | None) -> set[int]:
        """Players whose unplayed hand cards ``viewer`` may not see."""
        if self.options.open or self.phase == OVER:
            return set()
        return {0, 1} if viewer is None else {1 - viewer}

    def determinize(self, player: int, seed: int) -> HttState:
        """Resample the opponent's unplayed cards (unless Open): same level when the hand was dealt
        (dealt hands mirror known levels), otherwise any card of the deal pool in the level range,
        at most one per level under Own deck / Random. The future random draws are resampled too."""
        rng = Rng(seed)
        opp = 1 - player
        if self.options.open or self.phase == OVER:
            return attrs.evolve(self, rng_state=rng.next_u64())
        deck = list(self.decks[opp])
        slots = self.hand_slots(opp)
        if not slots:
            return attrs.evolve(self, rng_state=rng.next_u64())
        pool = deal_pool(self.options)
        o = self.options
        if self.dealt[opp]:
            for s in slots:
                deck[s] = rng.choice(pool[deck[s].level])
        else:
            distinct = o.own_deck or o.random_hands
            taken_levels = {deck[i].level for i in range(len(deck)) if i not in slots}
            levels = [lv for lv in range(o.min_level, o.max_level + 1) if pool.get(lv)]
            for s in slots:
                choices = [lv for lv in levels if lv not in taken_levels] if distinct else levels
                lv = rng.choice(choices)
                taken_levels.add(lv)
                deck[s] = rng.choice(pool[lv])
        decks = (tuple(deck), self.decks[1]) if opp == 0 else (self.decks[0], tuple(deck))
        options = attrs.evolve(o, **{f"hand{opp}": ()})
        return attrs.evolve(self, options=options, decks=decks, rng_state=rng.next_u64())

    def for_search(self) -> HttState:
        """This state as the AI searches it: no draw offers, the game ends at the full board."""
        return attrs.evolve(self, search=True)

    def view(self, player: int | None) -> dict[str, Any]:
        snap = self.snapshot()
        del snap["rng_state"]  # it fixes the face-down order of the winner's pick
        for p in self.hidden(player):
            snap["hands"][p] = [None if ref is None else "?" for ref in snap["hands"][p]]
            snap["decks"][p] = [c.id if self.used[p] >> i & 1 else "?" for i, c in enumerate(self.decks[p])]
            snap["options"][f"hand{p}"] = []
        return snap

    # --- presentation -------------------------------------------------------------------------
    def move_label(self, move) -> str:
        if isinstance(move, Place):
            card = self.decks[self.player][move.slot]
            who = PLAYER_NAMES[self.player]
            return f"{who}: {card.name} ({card.text}) → {self.board.grid.names[move.cell]}"
        if isinstance(move, Take):
            return f"{PLAYER_NAMES[self.player]} takes face-down card {move.index + 1}"
        return {"draw": "offers a draw", "accept": "accepts the draw", "decline": "declines the draw"}[
            move.code
        ]

    def snapshot(self) -> dict[str, Any]:
        hands: list[list[str | None]] = []
        for p in (0, 1):
            hands.append([None if self.used[p] >> i & 1 else c.id for i, c in enumerate(self.decks[p])])
        return {
            "options": attrs.asdict(self.options),
            "board": self.board.name,
            "decks": [[c.id for c in d] for d in self.decks],
            "hands": hands,
            "cells": [c.id if c else None for c in self.cards],
            "owners": list(self.owners),
            "values": [list(v) if v else None for v in self.values],
            "icons": list(self.icons),
            "player": self.player,
            "first": self.first,
            "phase": self.phase,
            "turn": self.turn,
            "score": list(self.score()),
            "flips": [[f.cell, f.step, f.cause] for f in self.flips],
            "winner": self.winner,
            "pick_count": len(self.pick_order),
            "taken": self.decks[1 - self.winner][self.taken].id
            if self.taken >= 0 and self.winner is not None
            else None,
            "rng_state": self.rng_state,
        }

    @property
    def taken_card(self) -> Card | None:
        """The card the winner took from the loser (None when none was taken)."""
        if self.taken < 0 or self.winner is None:
            return None
        return self.decks[1 - self.winner][self.taken]

    def text(self) -> str:
        names = self.board.grid.names
        rows: dict[str, list[str]] = {}
        for i, name in enumerate(names):
            o = self.owners[i]
            if o == EMPTY:
                cell = "." + (self.icons[i][0] if self.icons[i] else "")
            else:
                cell = f"{'BR'[o]}:{''.join('0123456789AS'[v] for v in self.values[i])}"
            rows.setdefault(name[0], []).append(cell.rjust(9))
        lines = [f"{k} {''.join(v)}" for k, v in rows.items()]
        for p in (0, 1):
            lines.append(
                f"{PLAYER_NAMES[p]} hand: "
                + " ".join(f"{i}:{c.text}" for i, c in zip(self.hand_slots(p), self.hand(p), strict=True))
            )
        lines.append(f"to move: {PLAYER_NAMES[self.player]} ({self.phase}); score {self.score()}")
        return "\n".join(lines)


def resolve(sides, owners: list[int], values: list, cell: int, p: int, o: HttOptions) -> list[Flip]:
    """Turn cards for a card just placed at ``cell`` by ``p`` (changes ``owners`` in place)."""
    vals = values[cell]
    enemy = 1 - p
    flips: list[Flip] = []
    nb = sides[cell]
    special: dict[int, str] = {}
    if o.same or o.plus or o.minus:
        contacts: list[tuple[int, int, int]] = []  # (cell or WALL, mine, theirs)
        for d in range(6):
            n = nb[d]
            if n == WALL:
                if o.wall != "none":
                    theirs = vals[d] if o.wall == "mirror" else WALL_VALUES[o.wall]
                    contacts.append((WALL, vals[d], theirs))
            elif owners[n] != EMPTY:
                contacts.append((n, vals[d], values[n][(d + 3) % 6]))
        if len(contacts) >= 2:
            for rule, key in (
                ("same", None),
                ("plus", lambda a, b: a + b),
                ("minus", lambda a, b: abs(a - b)),
            ):
                if not getattr(o, rule):
                    continue
                groups: dict[int, list[int]] = {}
                for n, mine, theirs in contacts:
                    if key is None:
                        if mine == theirs:
                            groups.setdefault(0, []).append(n)
                    else:
                        groups.setdefault(key(mine, theirs), []).append(n)
                for members in groups.values():
                    if len(members) >= 2:
                        for n in members:
                            if n != WALL and owners[n] == enemy:
                                special[n] = (
                                    f"{special[n]}+{rule}"
                                    if n in special and rule not in special[n]
                                    else rule
                                )
    standard: list[int] = []
    if not o.block:
        for d in range(6):
            n = nb[d]
            if n != WALL and owners[n] == enemy and n not in special and vals[d] > values[n][(d + 3) % 6]:
                standard.append(n)
    for n in sorted(set(special) | set(standard)):
        owners[n] = p
        flips.append(Flip(n, 1, special.get(n, "standard")))
    if o.combo and not o.block:
        frontier = sorted(special)
        step = 1
        while frontier:
            step += 1
            nxt = []
            for x in frontier:
                vx = values[x]
                for d in range(6):
                    n = sides[x][d]
                    if n != WALL and owners[n] == enemy and vx[d] > values[n][(d + 3) % 6]:
                        owners[n] = p
                        flips.append(Flip(n, step, "combo"))
                        nxt.append(n)
            frontier = nxt
    return flips


_PLACES: dict[str, tuple[tuple[Place, ...], ...]] = {}


def _place_table(board_name: str) -> tuple[tuple[Place, ...], ...]:
    table = _PLACES.get(board_name)
    if table is None:
        b = get_board(board_name)
        names = b.grid.names
        table = tuple(tuple(Place(s, c, f"{s}{names[c]}") for c in range(b.size)) for s in range(b.hand_size))
        _PLACES[board_name] = table
    return table


def deal_pool(options: HttOptions) -> dict[int, list[Card]]:
    """Cards the rules deal from (and the AI imagines hidden hands from), by level."""
    from webtabletop.games.htt.library import pool_by_level

    return pool_by_level(options.deal_set, options.min_level, options.max_level)


def _deal_levels(options: HttOptions, rng: Rng, size: int) -> list[int]:
    pool = deal_pool(options)
    levels = [lv for lv in range(options.min_level, options.max_level + 1) if pool.get(lv)]
    if not levels:
        raise ValueError("no cards to deal in the allowed level range")
    if len(levels) >= size:
        return sorted(rng.sample(levels, size))
    return sorted(rng.choice(levels) for _ in range(size))


def new_game(options: HttOptions, seed: int) -> HttState:
    board = get_board(options.board)
    rng = Rng.from_seed(seed)
    first = rng.randbelow(2)
    from webtabletop.games.htt.library import get_card

    given = [tuple(get_card(r) for r in options.hand(p)) for p in (0, 1)]
    size = board.hand_size
    pool = deal_pool(options)
    decks: list[tuple[Card, ...]] = []
    shared_levels: list[int] | None = None
    for p in (0, 1):
        if given[p]:
            decks.append(given[p])
            continue
        if given[1 - p]:
            levels = [c.level for c in given[1 - p]]
            levels = [lv if pool.get(lv) else rng.choice(sorted(pool)) for lv in levels]
        else:
            if shared_levels is None:
                shared_levels = _deal_levels(options, rng, size)
            levels = shared_levels
        decks.append(tuple(rng.choice(pool[lv]) for lv in levels))
    icons: list[str | None] = [None] * board.size
    if options.matter:
        count = rng.randint(1, max(1, board.size // 3))
        for c in rng.sample(range(board.size), count):
            icons[c] = rng.choice(MATTERS)
    return HttState(
        options=options,
        board=board,
        decks=(decks[0], decks[1]),
        used=(0, 0),
        cards=(None,) * board.size,
        owners=(EMPTY,) * board.size,
        values=(None,) * board.size,
        icons=tuple(icons),
        player=first,
        first=first,
        phase=PLAY,
        turn=0,
        offer_turn=-1,
        last=EMPTY,
        flips=(),
        dealt=(not given[0], not given[1]),
        rng_state=rng.state,
    )


def position(
    options: HttOptions,
    cells: dict[str, tuple[int, str]],
    hands=None,
    player: int = 0,
    icons: dict[str, str] | None = None,
) -> HttState:
    """A test position: ``cells`` maps cell names to (owner, values text such as "5A3121");
    ``hands`` optionally gives each player's cards as values texts (level 1 placeholder cards)."""
    state = new_game(options, 0)
    names = state.board.grid.names
    owners = list(state.owners)
    values: list = list(state.values)
    cards: list = list(state.cards)
    from webtabletop.games.htt.cards import parse_value

    def mk(text: str, i: int, matter: str = "red") -> Card:
        return Card(f"t-{i}", f"T{text}", 1, tuple(parse_value(ch) for ch in text), matter, 1, "t")

    for k, (name, (owner, text)) in enumerate(cells.items()):
        i = names.index(name)
        owners[i] = owner
        cards[i] = mk(text, 100 + k)
        values[i] = cards[i].values
    decks = state.decks
    if hands is not None:
        decks = tuple(
            tuple(
                mk(t, 10 * p + j, m)
                for j, (t, m) in enumerate((x, "red") if isinstance(x, str) else x for x in hand)
            )
            for p, hand in enumerate(hands)
        )
    icon_t: list = [None] * len(state.icons)
    for name, colour in (icons or {}).items():
        icon_t[names.index(name)] = colour
    return attrs.evolve(
        state,
        owners=tuple(owners),
        values=tuple(values),
        cards=tuple(cards),
        decks=decks,
        player=player,
        icons=tuple(icon_t),
        turn=sum(1 for o in owners if o >= 0),
    )
