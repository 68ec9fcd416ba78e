"""Rules of CardGO (digest: shared/rules/cardgo.md; where it is silent: the decisions listed in
:data:`~webtabletop.games.cardgo.ui.rules_page.DECISIONS`, shown on the rules page). Rules version 2 (see :mod:`webtabletop.games.cardgo.rules.versions`).

A turn: the player to move draws a card (not Green on the very first turn of the game), then places
one hand card on an empty placeable cell (move ``"i@cell"``, hand index from 0, e.g. ``"3@e5"``).
The source caps no hand: «玩家开始时具有卡牌5张,每回合可以使用一张,新的回合获取一张» (start with 5
cards, use one per turn, get one each new turn), so every turn draws, also after a pass, and Love
(«打出时,额外抽取一张卡牌»: on play, draw one extra card) leaves its player one card richer. A player
with no legal cell passes (``"pass"``); two passes in a row end the game. After an
Indulgence/Pride/Excitement placement the same player may play one matching hand card (same
``"i@cell"`` codes) or ``"skip"``. A placement is resolved by :func:`resolve` (module
:mod:`~webtabletop.games.cardgo.rules.resolve`); times drop by the damage and never go below 0; a player
at 0 loses (both at 0: draw).

Length: the game also ends (more time wins, equal: draw) after ``turn_limit`` = 4 × cells turns,
which bounds it by :func:`~webtabletop.games.cardgo.rules.versions.max_plies` moves; the rules end it at
that many moves too (never reached: see the proof there).

Link mode (``linked``; a game by link, docs/fair-play.md "Private draws: CardGO"; off on
one device, where nothing below applies): a card whose outcome is drawn when it is played
(:data:`~webtabletop.games.cardgo.rules.effects.AFTER_THE_CHOICE`: Brave, Evil, Sorrow, Love) is
placed, leaves the hand and ends the turn, and waits in ``pending`` until :meth:`settle`
resolves it with the next link's seed, which its player could not know when choosing. The
follow-up step is entered whenever a hand card and a legal cell exist (whether a card of the
value is in hand is hidden from the other browser), so a player with no such card skips by hand;
a card this browser cannot see (``UNSEEN``) may be any value, so it is listed there too. Settled with the generator the game on one
device would use, a linked game reaches the same positions.

Invariants: every move appends one :class:`Report` to ``log`` (so ``len(log)`` is the number of
moves played; a pending placement's report is completed when it is settled); ``hand_peak`` is the
most cards any hand has held.
"""

from __future__ import annotations

from typing import Any

import attrs

from webtabletop.core.protocol import IllegalMove, Outcome, State
from webtabletop.core.rng import Rng
from webtabletop.games.cardgo.rules.effects import (
    AFTER_THE_CHOICE,
    EFFECTS,
    UNSEEN,
    Card,
    RngChance,
    card_text,
    deal_card,
)
from webtabletop.games.cardgo.rules.ending import PLAYER_NAMES, outcome_of  # noqa: F401  (re-exported)
from webtabletop.games.cardgo.rules.hidden import HiddenInformation
from webtabletop.games.cardgo.rules.moves import PASS, SKIP, Pass, Place, Skip, _place_row, place_table
from webtabletop.games.cardgo.rules.options import CardgoOptions
from webtabletop.games.cardgo.rules.report import Report
from webtabletop.games.cardgo.rules.resolve import (  # noqa: F401  (re-exported: preview, AI, tests)
    EMPTY,
    Resolution,
    View,
    Work,
    breathless,
    evaluate,
    group,
    resolve,
    suppressed,
    weight,
)
from webtabletop.games.cardgo.rules.terrain import LETTERS_BY_ID, NONE, Geometry, geometry, random_terrain
from webtabletop.i18n import _, language

PLAY, EXTRA = "play", "extra"


# --- the state ------------------------------------------------------------------------------
@attrs.frozen
class CardgoState(HiddenInformation, State):
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
    #: the most cards any hand has held (rules version 1 capped hands at hand_size + 1; see versions)
    hand_peak: int = 0
    #: link mode, for a game by link (see "Link mode" in the module text); off on one device
    linked: bool = False
    #: link mode: a placement waiting for the next link's seed: (player, card, cell, was a follow-up)
    pending: tuple[int, Card, int, bool] | None = None
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
        if self.phase == EXTRA:  # a card this browser cannot see (link mode) may be the one
            return tuple(i for i, c in enumerate(hand) if c.value == self.extra_value or c == UNSEEN)
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
                raise IllegalMove(
                    _("{code!r}: there is no cell {cell!r}").format(code=code, cell=name)
                ) from None
            move = Place(int(head), cell, name)
            if move in self.legal_moves():
                return move
            why = self.why_illegal(int(head), cell)
            raise IllegalMove(why or _("{code!r} is not a legal move here").format(code=code))
        return super().move_from_code(code)

    def why_illegal(self, hand: int, cell: int) -> str | None:
        """Why placing hand card ``hand`` on ``cell`` is not legal, as a sentence in the reader's
        language ("Cannot place there: …"), or None when it is legal."""
        if self.outcome() is not None:
            return _("Cannot place there: the game is over.")
        cards = self.hands[self.player]
        if not 0 <= hand < len(cards):
            return _("Cannot place there: there is no hand card {n}.").format(n=hand + 1)
        if cards[hand] == UNSEEN:
            return _("Cannot place there: this card is hidden from this browser.")
        if hand not in self.playable_hand():
            return _("Cannot place there: the follow-up play needs a card of value {value}.").format(
                value=self.extra_value
            )
        if not 0 <= cell < len(self.owners):
            return _("Cannot place there: there is no such cell.")
        if self.owners[cell] != EMPTY:
            return _("Cannot place there: the cell is occupied.")
        if not self.geo.placeable[cell]:
            return _("Cannot place there: nothing can be placed on stone or tree terrain.")
        if cell not in self.legal_cells():
            return _(
                "Cannot place there: with adjacent placement a card must go next to a stone already on the board."
            )
        return None

    def apply(self, move) -> CardgoState:
        if self.outcome() is not None:
            raise IllegalMove(_("the game is over"))
        if isinstance(move, Place):
            reason = self.why_illegal(move.hand, move.cell)
            if reason is not None:
                raise IllegalMove(reason)
            return self._place(move.hand, move.cell)
        if isinstance(move, Skip) and self.phase == EXTRA:
            report = Report("skip", self.turn, self.player)
            return attrs.evolve(self, log=self.log + (report,))._end_turn()
        if isinstance(move, Pass) and move in self.legal_moves():
            report = Report("pass", self.turn, self.player)
            return attrs.evolve(self, log=self.log + (report,), passes=self.passes + 1)._end_turn()
        raise IllegalMove(_("{code!r} is not a legal move here").format(code=getattr(move, "code", move)))

    def outcome(self) -> Outcome | None:
        key = ("outcome", language())  # its reason is a sentence in the reader's language
        if key in self._cache:
            return self._cache[key]
        out = outcome_of(self.time, self.passes, self.turn, len(self.log), self.options)
        self._cache[key] = out
        return out

    # --- turn mechanics -------------------------------------------------------------------------
    def _place(self, index: int, cell: int) -> CardgoState:
        player = self.player
        hand = list(self.hands[player])
        card = hand.pop(index)
        extra = self.phase == EXTRA
        if self.linked and self.options.effects and card.effect in AFTER_THE_CHOICE:
            return self._defer(tuple(hand), card, cell, extra)
        return self._resolve(tuple(hand), card, cell, extra)

    def _defer(self, hand: tuple[Card, ...], card: Card, cell: int, extra: bool) -> CardgoState:
        """Link mode: the card leaves the hand and the turn passes; :meth:`settle` resolves it."""
        player = self.player
        hands = (hand, self.hands[1]) if player == 0 else (self.hands[0], hand)
        report = Report("place", self.turn, player, cell=cell, card=card, extra=extra)  # until settled
        return attrs.evolve(
            self,
            hands=hands,
            player=1 - player,
            phase=PLAY,
            extra_value=0,
            passes=0,
            pending=(player, card, cell, extra),
            log=self.log + (report,),
        )

    def settle(self, rng: Rng) -> CardgoState:
        """Link mode, at the start of a link: the state's randomness comes from the link's seed
        (``rng``), and a placement waiting for it is resolved with it, which ends that turn. The
        result is what the game on one device reaches with that generator."""
        if self.pending is None:
            return attrs.evolve(self, rng_state=rng.state)
        player, card, cell, extra = self.pending
        waiting = attrs.evolve(self, player=player, pending=None, rng_state=rng.state, log=self.log[:-1])
        return waiting._resolve(waiting.hands[player], card, cell, extra)

    def _resolve(self, hand_left: tuple[Card, ...], card: Card, cell: int, extra: bool) -> CardgoState:
        """Place ``card`` (already out of the hand, which is ``hand_left``) and resolve it."""
        player = self.player
        hand = list(hand_left)
        work = Work(list(self.owners), list(self.values), list(self.effects))
        rng = Rng(self.rng_state)
        res = resolve(self.geo, self.options, work, player, cell, card, RngChance(rng))
        for _draw in range(res.draw):  # Love: «打出时,额外抽取一张卡牌», never capped
            hand.append(self._deal(rng))
        time = (
            max(0, self.time[0] + res.gain[0] - res.loss_lo[0]),
            max(0, self.time[1] + res.gain[1] - res.loss_lo[1]),
        )
        report = Report(
            "place",
            self.turn,
            player,
            cell=cell,
            card=card,
            stone_value=res.stone_value,
            extra=extra,
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
            hand_peak=max(self.hand_peak, len(hand)),
        )
        if placed.outcome() is not None:
            return placed
        if res.extra_value:
            follow = attrs.evolve(placed, phase=EXTRA, extra_value=res.extra_value)
            # link mode: whether a card of the value is in hand must not decide it (hidden cards)
            if len(follow.legal_moves()) > 1 or (self.linked and hand and follow.legal_cells()):
                return follow
        return placed._end_turn()

    def _deal(self, rng: Rng) -> Card:
        o = self.options
        return deal_card(rng, o.min_value, o.max_value, o.effects)

    def _end_turn(self) -> CardgoState:
        nxt = 1 - self.player
        rng = Rng(self.rng_state)
        hand = self.hands[nxt] + (self._deal(rng),)  # every new turn draws, also after a pass
        hands = (hand, self.hands[1]) if nxt == 0 else (self.hands[0], hand)
        return attrs.evolve(
            self,
            player=nxt,
            hands=hands,
            rng_state=rng.state,
            phase=PLAY,
            extra_value=0,
            turn=self.turn + 1,
            hand_peak=max(self.hand_peak, len(hand)),
        )

    # --- presentation helpers ------------------------------------------------------------------
    def move_label(self, move) -> str:
        if isinstance(move, Place):
            card = card_text(self.hands[self.player][move.hand])
            return _("{card} → {cell}").format(card=card, cell=self.grid.names[move.cell])
        return _("pass") if isinstance(move, Pass) else _("skip the extra play")

    def turn_index(self) -> int:
        """An extra play (and its skip) belongs to the turn of the card that gave it."""
        return self.turn

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
            "hand_peak": self.hand_peak,
            "rng_state": self.rng_state,
        }

    def diagram(self) -> str:
        """The board as a text diagram, one row per line, that ``rules.diagram.position`` reads back."""
        side = self.options.size
        return "\n".join(" ".join(self.cell_token(y * side + x).rjust(7) for x in range(side)) for y in range(side))

    def cell_token(self, i: int) -> str:
        """The diagram token of a cell (see ``rules.diagram.position``)."""
        o = self.owners[i]
        tok = "." if o == EMPTY else f"{'GR'[o]}{self.values[i]}"
        if o != EMPTY and self.effects[i]:
            tok += ":" + EFFECTS[self.effects[i]].letter
        t = self.terrain[i]
        if t != NONE:
            tok += "/" + LETTERS_BY_ID[t]
        return tok

    def text(self) -> str:
        """The diagram, then the turn, the player to move and both times and hands (English, for the CLI)."""
        hands = " | ".join(
            f"{PLAYER_NAMES[p]} {self.time[p]}: " + " ".join(c.code for c in self.hands[p]) for p in (0, 1)
        )
        turn = f"turn {self.turn}, {PLAYER_NAMES[self.player]} to move ({self.phase}); {hands}"
        return self.diagram() + "\n" + turn


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
        hand_peak=options.hand_size,
    )

