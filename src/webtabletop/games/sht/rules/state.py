"""Rules of SHT (digest: shared/rules/sht.md), a two-player duel with one 52-card deck.

Zones: the deck (face down, ``deck[-1]`` is the top), each player's hand (sorted), shield (one card
nobody may look at, or None once broken), field (cards in the order played, each open or closed) and
the shared discard pile (face up). The 52 cards are always in exactly one zone (or, during a battle,
the attacking card is "in battle").

A turn is one move of the player whose turn it is (``player``):

- ``c:<id>``      put one hand card on the field closed;
- ``o:<a>,<b>``   put two hand cards on the field open;
- ``o:<id>``      the first player's very first turn only: put exactly one card open;
- ``a:<id>``      attack with one of the player's own field cards (open or closed);
- ``pass``        only when none of the above is possible (no hand cards, no field cards).

A battle is a phase of the protocol: after ``a:<id>`` the attacking card is revealed and
``to_move()`` is the defender. «場のカードを好きな枚数選んで防御することができます» (the defender may
choose any number of their field cards to defend) whose values add up to ``d >= a``: the defender
puts cards forward one at a time (``+:<id>``), then defends with exactly those (``d:<id>,<id>…``,
in field order) once they are enough, or plays ``decline`` at any point (the cards put forward stay
on the field). At the start of a defence the whole sets rules version 1 offered are also one move
each (``d:<ids>``, see :mod:`~webtabletop.games.sht.rules.defence`). A declined or impossible defence
breaks the defender's shield (it goes to their hand); without a shield the defender loses. The
attacking card and the defending cards go to the discard pile. If the defence held, advantages
follow: ``d == a`` gives the defender 1; ``d > 2a`` gives the attacker 2; otherwise the attacker
gets 1. Each advantage step draws a card for the advantaged player automatically (an empty deck
gives nothing), then that player moves ``p:<id>`` (put one hand card open) or ``skip``. Then the
turn passes to the other player (``turn`` + 1).

Decisions where the digest is silent or that the engine adds (also on the rules page):

- The defender is asked whenever they have a closed field card or their open cards can defend; only
  when it is public that no defence exists (no closed cards, open cards summing to less than the
  attack) does the shield break at once, so being asked reveals nothing. Cards can be put forward
  only when the whole field reaches the attack (otherwise only ``decline`` is left).
- An advantage step with an empty hand (after the draw) is skipped automatically (hand sizes are
  public).
- Two passes in a row end the game as a draw. The game also ends as a draw after
  :func:`~webtabletop.games.sht.rules.versions.max_plies` moves, a bound no game reaches (proof there).
- Hidden cards stay hidden after the game too; :meth:`ShtState.view` shows hands, closed cards and
  shields only when asked to (``reveal=True``: the app's "show everything" after a game).

Invariants: ``plies`` counts the moves played; ``chosen`` (the cards put forward, in field order) is
empty outside a defence.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import attrs

from webtabletop.core.protocol import IllegalMove, Outcome, State
from webtabletop.core.rng import Rng
from webtabletop.games.sht.rules import cards as C
from webtabletop.games.sht.rules.defence import (  # noqa: F401  (DEFENCE_CAP, canonical_defence: re-exported)
    DEFENCE_CAP,
    canonical_defence,
    defence_sets,
    in_field_order,
    total,
)
from webtabletop.games.sht.rules.hidden import HiddenInformation
from webtabletop.games.sht.rules.moves import (  # noqa: F401  (re-exported: the AI, the view, tests)
    ADD,
    ADVANTAGE,
    ATTACK,
    CLOSED,
    DECLINE,
    DECLINE_KIND,
    DEFEND,
    DEFEND_KIND,
    HAND_SIZE,
    OPEN,
    OPEN_ONE,
    OVER,
    PASS,
    PASS_KIND,
    PLAYER_NAMES,
    PUT,
    SKIP,
    SKIP_KIND,
    TURN,
    Battle,
    ShtMove,
    Slot,
    advantage_of,
)
from webtabletop.games.sht.rules.options import ShtOptions
from webtabletop.games.sht.rules.turns import next_advantage_step, play_turn, resolve_battle, set_zone
from webtabletop.games.sht.rules.versions import max_plies
from webtabletop.i18n import N_, _


@attrs.frozen
class ShtState(HiddenInformation, State):
    options: ShtOptions
    deck: tuple[int, ...]
    hands: tuple[tuple[int, ...], tuple[int, ...]]
    shields: tuple[int | None, int | None]
    fields: tuple[tuple[Slot, ...], tuple[Slot, ...]]
    discard: tuple[int, ...]
    first: int  # who began
    player: int  # whose turn it is
    phase: str = TURN
    turn: int = 0  # completed turns
    attack: int | None = None  # the attacking card during DEFEND
    adv_player: int = 0
    adv_left: int = 0  # advantage steps still to come after the current one
    passes: int = 0  # consecutive passes
    winner: int | None = None
    end_reason: str = ""
    last_battle: Battle | None = None
    rng_state: int = 0
    chosen: tuple[int, ...] = ()  # DEFEND: the defender's field cards put forward (field order)
    plies: int = 0  # moves played

    # --- protocol ---------------------------------------------------------------------------
    def to_move(self) -> int:
        if self.phase == DEFEND:
            return 1 - self.player
        if self.phase == ADVANTAGE:
            return self.adv_player
        return self.player

    def legal_moves(self) -> list[ShtMove]:
        phase = self.phase
        if phase == TURN:
            return self._turn_moves()
        if phase == DEFEND:
            return self._defend_moves()
        if phase == ADVANTAGE:
            return [ShtMove(PUT, (c,)) for c in self.hands[self.adv_player]] + [SKIP]
        return []

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        reason = _(self.end_reason)
        if self.winner is None:
            return Outcome(None, (0.0, 0.0), reason)
        scores = (1.0, 0.0) if self.winner == 0 else (0.0, 1.0)
        return Outcome(self.winner, scores, reason)

    def apply(self, move: Any) -> ShtState:
        if not isinstance(move, ShtMove):
            raise IllegalMove(_("{move} is not an SHT move").format(move=repr(move)))
        phase = self.phase
        if phase == OVER:
            raise IllegalMove(_("the game is over"))
        d = self._draft()
        if phase == TURN:
            if move not in self._turn_moves():
                raise IllegalMove(self._why_not(move))
            play_turn(d, move)
        elif phase == DEFEND:
            if move == DECLINE:
                resolve_battle(d, ())
            elif move.kind == ADD and len(move.cards) == 1 and self._may_add(move.cards[0]):
                d["chosen"] = in_field_order(self.fields[1 - self.player], self.chosen + move.cards)
            elif move.kind == DEFEND_KIND and self._is_defence(move.cards):
                resolve_battle(d, move.cards)
            else:
                raise IllegalMove(self._why_not_defence(move))
        elif move == SKIP:
            next_advantage_step(d)
        else:
            q = self.adv_player
            hand = self.hands[q]
            if move.kind != PUT or len(move.cards) != 1 or move.cards[0] not in hand:
                raise IllegalMove(_("put one of your hand cards open, or skip"))
            card = move.cards[0]
            set_zone(d, "hands", q, tuple(c for c in hand if c != card))
            set_zone(d, "fields", q, self.fields[q] + (Slot(card, True),))
            next_advantage_step(d)
        d["plies"] += 1
        if d["phase"] != OVER and d["plies"] >= max_plies(self.options):
            d.update(phase=OVER, winner=None, end_reason=N_("the move limit was reached: a draw"))
        return ShtState(**d)

    def move_from_code(self, code: str) -> ShtMove:
        """The legal move with this code, or :class:`IllegalMove` saying what is allowed here."""
        for m in self.legal_moves():
            if m.code == code:
                return m
        kind = code.partition(":")[0] if isinstance(code, str) else ""
        if self.phase == DEFEND:
            why = self._why_not_defence(ShtMove(ADD if kind == ADD else DEFEND_KIND))
        elif self.phase == TURN:
            why = self._why_not(ShtMove(kind))
        elif self.phase == OVER:
            why = _("the game is over")
        else:
            why = _("put one of your hand cards open, or skip")
        raise IllegalMove(
            _("{code} is not a legal move here: {why}").format(code=repr(str(code)[:40]), why=why)
        )

    def _draft(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in _FIELD_NAMES}

    def _is_defence(self, cards: tuple[int, ...]) -> bool:
        """``d:<cards>`` is legal: exactly the cards put forward, once they are enough; or, before
        any card was put forward, one of the quick defences (checked without listing them when
        the field is small enough that version 1's cap cannot apply)."""
        if self.attack is None or not cards:
            return False
        if self.chosen:
            return cards == self.chosen and total(cards) >= C.value(self.attack)
        field = self.fields[1 - self.player]
        if len(set(cards)) != len(cards) or not set(cards) <= {x.card for x in field}:
            return False
        if total(cards) < C.value(self.attack) or any(C.is_placeholder(c) for c in cards):
            return False
        if any(C.is_placeholder(x.card) for x in field):  # a match: checked with the true cards at the end
            return in_field_order(field, cards) == cards
        if canonical_defence(field, cards) != cards:
            return False
        if len(field) <= 7:  # at most 127 sets: the cap cannot apply
            return True
        return ShtMove(DEFEND_KIND, cards) in self.quick_defences()

    def _may_add(self, card: int) -> bool:
        """``+:<card>``: one of the defender's field cards not put forward yet, while the whole
        field reaches the attack (else no set of it is a defence)."""
        field = self.fields[1 - self.player]
        if self.attack is None or card in self.chosen or card not in {x.card for x in field}:
            return False
        unknown = any(C.is_placeholder(x.card) for x in field)  # a match: checked at the end
        return unknown or total(x.card for x in field) >= C.value(self.attack)

    def _why_not_defence(self, move: ShtMove) -> str:
        if move.kind == ADD:
            return _("put forward one of your own field cards that is not forward yet")
        if self.chosen:
            return _("defend with exactly the cards you put forward, once they reach the attack")
        return _("put your defending cards forward one by one, or decline")

    # --- legal moves ------------------------------------------------------------------------
    @property
    def first_turn(self) -> bool:
        """The first player's very first turn (only one card open, if the rule is on)."""
        return self.turn == 0 and self.options.first_turn_rule

    def _turn_moves(self) -> list[ShtMove]:
        p = self.player
        hand = self.hands[p]
        if self.first_turn:
            return [ShtMove(OPEN_ONE, (c,)) for c in hand] or [PASS]
        moves = [ShtMove(CLOSED, (c,)) for c in hand]
        moves += [ShtMove(OPEN, pair) for pair in combinations(hand, 2)]
        moves += [ShtMove(ATTACK, (s.card,)) for s in self.fields[p]]
        return moves or [PASS]

    def _why_not(self, move: ShtMove) -> str:
        if self.first_turn:
            return _("the first player's very first turn may only put one hand card open")
        if move.kind == ATTACK:
            return _("attack with one of your own field cards")
        if move.kind == PASS_KIND:
            return _("you may pass only when you cannot do anything else")
        return _("put one hand card closed, two hand cards open, or attack with a field card")

    def quick_defences(self) -> list[ShtMove]:
        """Whole-set defences playable in one move before any card is put forward: the list rules
        version 1 offered (:func:`~webtabletop.games.sht.rules.defence.defence_sets`)."""
        if self.phase != DEFEND or self.attack is None or self.chosen:
            return []
        return [
            ShtMove(DEFEND_KIND, cards)
            for cards in defence_sets(self.fields[1 - self.player], C.value(self.attack))
        ]

    def defences(self) -> list[ShtMove]:
        """The moves that end the battle with a defence now (quick defences, or ``d:<chosen>``)."""
        if self.phase != DEFEND or self.attack is None:
            return []
        if not self.chosen:
            return self.quick_defences()
        if total(self.chosen) >= C.value(self.attack):
            return [ShtMove(DEFEND_KIND, self.chosen)]
        return []

    def _defend_moves(self) -> list[ShtMove]:
        """At the start of a defence: quick defences, ``decline``, then ``+:<id>`` per field card
        (the first part is version 1's list, in its order). Later: ``d:<chosen>`` once enough,
        ``+:<id>`` per card not forward yet, ``decline``."""
        field = self.fields[1 - self.player]
        adds = []
        if self.attack is not None and total(x.card for x in field) >= C.value(self.attack):
            adds = [ShtMove(ADD, (x.card,)) for x in field if x.card not in self.chosen]
        if not self.chosen:
            return self.quick_defences() + [DECLINE] + adds
        return self.defences() + adds + [DECLINE]

    # --- presentation helpers -------------------------------------------------------------
    def move_label(self, move: Any) -> str:
        """A label safe for both players (a closed card is not named)."""
        who = _(PLAYER_NAMES[self.to_move()])
        kind = getattr(move, "kind", None)
        cs = getattr(move, "cards", ())
        names = " ".join(C.symbol(c) for c in cs)
        if kind == CLOSED:
            return _("{player} puts a card closed").format(player=who)
        if kind in (OPEN, OPEN_ONE):
            return _("{player} puts {cards} open").format(player=who, cards=names)
        if kind == ATTACK:
            return _("{player} attacks with {card}").format(player=who, card=names)
        if kind == DEFEND_KIND:
            return _("{player} defends with {cards} = {defence}").format(
                player=who, cards=" + ".join(C.symbol(c) for c in cs), defence=sum(C.value(c) for c in cs)
            )
        if kind == ADD:
            slot = next((x for x in self.fields[1 - self.player] if x.card in cs), None)
            if slot is not None and not slot.open:
                return _("{player} puts a closed card forward to defend").format(player=who)
            return _("{player} puts {card} forward to defend").format(player=who, card=names)
        if kind == DECLINE_KIND:
            return _("{player} does not defend").format(player=who)
        if kind == PUT:
            return _("{player} puts {card} open (advantage)").format(player=who, card=names)
        if kind == SKIP_KIND:
            return _("{player} puts no card (advantage)").format(player=who)
        if kind == PASS_KIND:
            return _("{player} passes").format(player=who)
        return getattr(move, "code", str(move))

    def all_zones(self) -> list[int]:
        """Every card in every zone (52 ids, each once: the invariant the tests check)."""
        out = list(self.deck) + list(self.discard)
        for p in (0, 1):
            out += list(self.hands[p]) + [x.card for x in self.fields[p]]
            shield = self.shields[p]
            if shield is not None:
                out.append(shield)
        if self.attack is not None:
            out.append(self.attack)
        return out

    def turn_index(self) -> int:
        """A defence, a decline and the advantage's steps belong to the attacker's turn."""
        return self.turn

    def snapshot(self) -> dict[str, Any]:
        return {
            "options": attrs.asdict(self.options),
            "deck": list(self.deck),
            "hands": [list(h) for h in self.hands],
            "shields": list(self.shields),
            "fields": [[[x.card, x.open] for x in f] for f in self.fields],
            "discard": list(self.discard),
            "first": self.first,
            "player": self.player,
            "phase": self.phase,
            "turn": self.turn,
            "attack": self.attack,
            "adv_player": self.adv_player,
            "adv_left": self.adv_left,
            "passes": self.passes,
            "winner": self.winner,
            "end_reason": self.end_reason,
            "last_battle": None if self.last_battle is None else attrs.asdict(self.last_battle),
            "rng_state": self.rng_state,
            "chosen": list(self.chosen),
            "plies": self.plies,
        }

    def text(self) -> str:
        def cs(xs):
            return " ".join(C.symbol(c) for c in xs) or "-"

        lines = []
        for p in (0, 1):
            field = " ".join(C.symbol(x.card) + ("" if x.open else "*") for x in self.fields[p]) or "-"
            card = self.shields[p]
            shield = C.symbol(card) if card is not None else "none"
            lines.append(f"{PLAYER_NAMES[p]}: hand {cs(self.hands[p])} | field {field} | shield {shield}")
        battle = f", attack {C.symbol(self.attack)}" if self.attack is not None else ""
        lines.append(
            f"deck {len(self.deck)}, discard {len(self.discard)}; turn {self.turn}, {self.phase}{battle}; to move: {PLAYER_NAMES[self.to_move()]}"
        )
        return "\n".join(lines)


_FIELD_NAMES = tuple(f.name for f in attrs.fields(ShtState))


def new_game(options: ShtOptions, seed: int) -> ShtState:
    """Shuffle, deal 5 hand cards and 1 shield to each player, choose the first player."""
    rng = Rng.from_seed(seed)
    deck = list(C.ALL_CARDS)
    rng.shuffle(deck)
    if options.first_player == "random":
        first = rng.randbelow(2)
    else:
        first = 0 if options.first_player == "first" else 1
    hands = (C.sorted_cards(deck[-5:]), C.sorted_cards(deck[-10:-5]))
    shields = (deck[-11], deck[-12])
    rest = tuple(deck[:-12])
    return ShtState(
        options=options,
        deck=rest,
        hands=hands,
        shields=shields,
        fields=((), ()),
        discard=(),
        first=first,
        player=first,
        rng_state=rng.state,
    )

