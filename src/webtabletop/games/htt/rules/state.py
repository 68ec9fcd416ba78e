"""The HTT duel (digest: shared/rules/htt.md, "The duel" and "Table rules"): the state and moves.

Flow: a seeded coin flip picks who starts; players alternate placing one hand card on an empty
cell until the board is full (how cards turn: ``turning``; dealing: ``deal``). Then the higher
score wins (score = own-coloured cards on the board + cards still in hand; the two scores always
sum to the number of cards: 10 with 5 + 5 cards, also on the 7-cell board where 3 cards stay in
hand; 20 on the 19-cell board). Unless the table is friendly, the winner then takes one of the
loser's hand cards, picking blind among them face down in a seeded random order (the *pick*, the
last move of the game).

Hands (rules version 2): a hand keeps its order, the deck order the player arranged (a given hand,
in ``hand0``/``hand1`` order) or the order the cards were dealt in. ``orders[p]`` lists player
``p``'s slots in hand order; legal moves list the hand in that order, and In order ("свои карты на
поле можно класть только последовательно, т.е. начиная с левой верхней") means the first card of
that order. A slot is a card's fixed number in its hand: for a dealt hand the slots are numbered by
level (the order rules version 1 showed the hand in), so move codes name the same cards under
both versions.

Moves and codes:
- place: ``<slot><cell>`` (``2b3`` = hand slot 2 onto cell b3). Slots keep their numbers when cards
  leave the hand, and name cards, not places in the hand order;
- ``draw``: offer a draw (once per own turn, instead of thinking further); the opponent answers
  ``accept`` (the game ends level: hand size each, e.g. 5–5) or ``decline`` (the offerer goes on);
- ``t<i>``: the winner takes the ``i``-th face-down card.

The flips of the last move are kept (cell, chain step, cause) so the view can number them.
Matter: at the start 1..cells//3 icons (1..3 on the default board; seeded count, cells, colours)
lie on distinct cells.
"""

from __future__ import annotations

from typing import Any

import attrs

from webtabletop.core.ending import ending_of, resigner
from webtabletop.core.protocol import IllegalMove, Outcome, State
from webtabletop.core.rng import Rng
from webtabletop.games.htt.rules.board import Board, get_board
from webtabletop.games.htt.rules.cards import Card
from webtabletop.games.htt.rules.options import HttOptions
from webtabletop.games.htt.rules.sets.names import card_name
from webtabletop.games.htt.rules.turning import EMPTY, Flip, matter_values, resolve
from webtabletop.i18n import N_, _, ngettext

__all__ = ["EMPTY", "Flip", "matter_values", "resolve", "HttState", "Place", "Take", "Offer"]

PLAY, DRAW, PICK, OVER = "play", "draw", "pick", "over"
PLAYER_NAMES = (N_("Blue"), N_("Red"))


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
    decks: tuple[tuple[Card, ...], tuple[Card, ...]]  # the hands by slot; slots never move
    orders: tuple[tuple[int, ...], tuple[int, ...]]  # per player: the slots in hand order
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
        """The slots of ``player``'s unplayed cards, in hand order."""
        used = self.used[player]
        return [i for i in self.orders[player] if not used >> i & 1]

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

    def move_from_code(self, code: str):
        """The legal move with this code; an In order placement of a later card says why not."""
        try:
            return super().move_from_code(code)
        except IllegalMove:
            slots = self.hand_slots(self.player)
            slot = code[0] if self.phase == PLAY and isinstance(code, str) and code[:1].isdigit() else ""
            if self.options.in_order and slot and int(slot) in slots[1:]:
                first = self.decks[self.player][slots[0]]
                raise IllegalMove(
                    _("In order: {player} must play the first card of the hand ({card}) first").format(
                        player=_(PLAYER_NAMES[self.player]), card=card_name(first)
                    )
                ) from None
            raise

    def apply(self, move) -> HttState:
        phase = self.phase
        if phase == PLAY:
            if isinstance(move, Place):
                return self._place(move)
            if move == OFFER and not self.search and self.offer_turn != self.turn:
                return attrs.evolve(self, phase=DRAW, player=1 - self.player, offer_turn=self.turn)
            raise IllegalMove(
                _("place a card from your hand on an empty cell (or offer a draw once per turn)")
            )
        if phase == DRAW:
            if move == ACCEPT:
                n = len(self.decks[0])
                return attrs.evolve(
                    self, phase=OVER, winner=None, scores=(n, n), reason=N_("draw agreed"), flips=()
                )
            if move == DECLINE:
                return attrs.evolve(self, phase=PLAY, player=1 - self.player)
            raise IllegalMove(_("accept or decline the draw offer"))
        if phase == PICK:
            if isinstance(move, Take) and 0 <= move.index < len(self.pick_order):
                return attrs.evolve(
                    self, phase=OVER, taken=self.pick_order[move.index], player=1 - self.player
                )
            n = len(self.pick_order)
            raise IllegalMove(
                ngettext("take the face-down card", "take one of the {n} face-down cards", n).format(n=n)
            )
        raise IllegalMove(_("the game is over"))

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
            raise IllegalMove(_("slot {slot} holds no card of yours").format(slot=slot))
        if self.options.in_order and slot != self.hand_slots(p)[0]:
            raise IllegalMove(_("In order: play the first card of your hand"))
        if not 0 <= cell < len(self.owners) or self.owners[cell] != EMPTY:
            raise IllegalMove(_("that cell is not empty"))
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
            return attrs.evolve(self, phase=OVER, winner=None, scores=(a, b), reason=N_("equal scores"))
        winner = 0 if a > b else 1
        reason = N_("more cards on the board")  # the score is shown beside it
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
    def hidden(self, viewer: int | None, reveal_all: bool = False) -> set[int]:
        """Players whose unplayed hand cards ``viewer`` may not see: the opponent's (both for a
        spectator), also after the game, unless the table is Open or the player asked to see
        everything after the game (``reveal_all``); and a hand nobody knows yet (a game by link
        whose hand is drawn when the friend's next link arrives: its cards are placeholders)."""
        unknown = {p for p in (0, 1) if any(c.id.startswith("?") for c in self.decks[p])}
        if self.options.open or reveal_all:
            return unknown
        return ({0, 1} if viewer is None else {1 - viewer}) | unknown

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
        options = attrs.evolve(o, hand0=()) if opp == 0 else attrs.evolve(o, hand1=())
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
        """The move as the move log shows it, in the player's language ("Blue: Ifrit → c3"; the
        card's values are an engine detail: the log shows the move's code beside it on request)."""
        who = _(PLAYER_NAMES[self.player])
        if isinstance(move, Place):
            card = self.decks[self.player][move.slot]
            return _("{player}: {card} → {cell}").format(
                player=who, card=card_name(card), cell=self.board.grid.names[move.cell]
            )
        if isinstance(move, Take):
            return _("{player} picks face-down card {n}").format(player=who, n=move.index + 1)
        return {
            "draw": _("{player} offers a draw"),
            "accept": _("{player} accepts the draw"),
            "decline": _("{player} declines the draw"),
        }[move.code].format(player=who)

    def turn_index(self) -> int:
        """A turn is one card placed: a draw offer and its answer belong to the turn of the card
        that follows; the winner's card pick after the last card is a turn of its own."""
        return sum(1 for card in self.cards if card is not None)

    def snapshot(self) -> dict[str, Any]:
        hands: list[list[str | None]] = []
        for p in (0, 1):
            hands.append([None if self.used[p] >> i & 1 else c.id for i, c in enumerate(self.decks[p])])
        return {
            "options": attrs.asdict(self.options),
            "board": self.board.name,
            "decks": [[c.id for c in d] for d in self.decks],
            "orders": [list(o) for o in self.orders],
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
        """The card the winner took from the loser (None when none was taken). A player who
        resigned (core/ending.py) at a table with stakes gives up a card as the loser of a
        finished game does: the first of its cards in a seeded face-down order, the same order
        the pick would have shuffled."""
        if self.taken >= 0 and self.winner is not None:
            return self.decks[1 - self.winner][self.taken]
        loser = resigner(ending_of(self) or "")
        if loser is None or self.options.friendly:
            return None
        order = list(range(len(self.decks[loser])))
        Rng(self.rng_state).shuffle(order)
        return self.decks[loser][order[0]]

    def can_resign(self) -> bool:
        """Not once the board is full: the result is decided, only the winner's pick is left."""
        return self.phase in (PLAY, DRAW)

    def text(self) -> str:
        names = self.board.grid.names
        rows: dict[str, list[str]] = {}
        for i, name in enumerate(names):
            o = self.owners[i]
            if o == EMPTY:
                icon = self.icons[i]
                cell = "." + (icon[0] if icon else "")
            else:
                cell = f"{'BR'[o]}:{''.join('0123456789AS'[v] for v in self.values[i] or ())}"
            rows.setdefault(name[0], []).append(cell.rjust(9))
        lines = [f"{k} {''.join(v)}" for k, v in rows.items()]
        for p in (0, 1):
            lines.append(
                f"{PLAYER_NAMES[p]} hand: "
                + " ".join(f"{i}:{c.text}" for i, c in zip(self.hand_slots(p), self.hand(p), strict=True))
            )
        lines.append(f"to move: {PLAYER_NAMES[self.player]} ({self.phase}); score {self.score()}")
        return "\n".join(lines)


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
    from webtabletop.games.htt.rules.sets.library import pool_by_level

    return pool_by_level(options.deal_set, options.min_level, options.max_level)
