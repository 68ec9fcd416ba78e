"""SHT in a correspondence match: the deal by deck positions, placeholders, and the public move codec.

**Positions.** The dealt deck (``fairplay.deck``'s final message) has 52 positions; position ``p``
holds a card nobody knows until keys open it. The deal mirrors :func:`~webtabletop.games.sht.rules.state.new_game`:
positions 0–4 are game side 0's hand, 5–9 side 1's hand, 10 and 11 the shields of side 0 and 1,
12–51 the draw pile with 12 on top (drawn first).

**Placeholders.** In a browser's state a card it cannot see is the id ``52 + p``
(:func:`~webtabletop.games.sht.rules.cards.is_placeholder`): the rules move it between zones like any card,
no view shows it, and the two checks that need the value of a card the mover's opponent cannot see
(putting a closed card forward; a quick defence beside closed cards) accept it, because the end of
the match replays every move with the true cards (:meth:`ShtCards.true_start`). :meth:`ShtCards.deal`
fills in the cards a browser may see (the brief's ``deal(state, table)`` hook, with the table's
opened cards as a mapping).

**Who must see what** (the key schedule, :meth:`ShtCards.due`): each side sees the cards in its own
hand and on its own field; everyone sees the discard pile, the card in battle and open field cards;
shields and the draw pile nobody (a broken shield goes to its owner's hand and is seen from then).
A side is **blocked** while a card in its hand is not opened to it yet: it cannot choose with it.

**The public move codec.** A move travels as digits of a mixed-radix number that the other browser
and a spectator can read without seeing the mover's cards: its kind among the kinds of the phase,
the place of each card in the public zone it comes from (hand or field index, a defence as a bit
mask of the defender's field), then the card of each card the move makes public, as its index among
the cards not seen publicly yet (so it can only name an unseen card, once).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

import attrs

from webtabletop.core.protocol import IllegalMove
from webtabletop.games.sht.rules import cards as C
from webtabletop.games.sht.rules.moves import (
    ADD,
    ADVANTAGE,
    ATTACK,
    CLOSED,
    DECLINE_KIND,
    DEFEND,
    DEFEND_KIND,
    OPEN,
    OPEN_ONE,
    PASS_KIND,
    PUT,
    SKIP_KIND,
    TURN,
    ShtMove,
    Slot,
)
from webtabletop.games.sht.rules.state import ShtState
from webtabletop.i18n import _

SIZE = C.DECK_SIZE
HANDS = (range(0, 5), range(5, 10))
SHIELDS = (10, 11)
PILE = range(12, SIZE)
KINDS = {
    TURN: (CLOSED, OPEN, OPEN_ONE, ATTACK, PASS_KIND),
    DEFEND: (ADD, DEFEND_KIND, DECLINE_KIND),
    ADVANTAGE: (PUT, SKIP_KIND),
}
REVEALS = frozenset({OPEN, OPEN_ONE, ATTACK, DEFEND_KIND, PUT})

Get = Callable[[int], int]  # reads a digit below the radix it is given


def placeholder(position: int) -> int:
    return SIZE + position


def _or_none(f: Callable[[int], int], card: int | None) -> int | None:
    return None if card is None else f(card)


class ShtCards:
    """The ``GameSpec.cards`` adapter of SHT (see the module text)."""

    scheme = "deck"
    size = SIZE

    def first_player(self, options, rng) -> int:
        """Who begins: the option, or the beacon's draw of link 3 when it is ``random``."""
        if options.first_player == "random":
            return rng.randbelow(2)
        return 0 if options.first_player == "first" else 1

    def start(self, options, first: int) -> ShtState:
        """The dealt position with every card a placeholder."""
        return ShtState(
            options=options,
            deck=tuple(placeholder(p) for p in reversed(PILE)),
            hands=(tuple(placeholder(p) for p in HANDS[0]), tuple(placeholder(p) for p in HANDS[1])),
            shields=(placeholder(SHIELDS[0]), placeholder(SHIELDS[1])),
            fields=((), ()),
            discard=(),
            first=first,
            player=first,
        )

    def deal(self, state: ShtState, known: Mapping[int, int]) -> ShtState:
        """``state`` with the placeholder of every position in ``known`` replaced by its card."""

        def f(c: int) -> int:
            return known.get(c - SIZE, c) if C.is_placeholder(c) else c

        def fs(cs: Iterable[int]) -> tuple[int, ...]:
            return tuple(f(c) for c in cs)

        lb = state.last_battle
        return attrs.evolve(
            state,
            deck=fs(state.deck),
            hands=(C.sorted_cards(fs(state.hands[0])), C.sorted_cards(fs(state.hands[1]))),
            shields=(_or_none(f, state.shields[0]), _or_none(f, state.shields[1])),
            fields=(
                tuple(Slot(f(x.card), x.open) for x in state.fields[0]),
                tuple(Slot(f(x.card), x.open) for x in state.fields[1]),
            ),
            discard=fs(state.discard),
            attack=None if state.attack is None else f(state.attack),
            chosen=fs(state.chosen),
            last_battle=None if lb is None else attrs.evolve(lb, attack=f(lb.attack), defence=fs(lb.defence)),
        )

    def true_start(self, options, first: int, order: tuple[int, ...]) -> ShtState:
        """The real dealt position once every card is known (the end-of-match replay)."""
        return self.deal(self.start(options, first), dict(enumerate(order)))

    def reveal(self, move: ShtMove, order: tuple[int, ...]) -> ShtMove:
        """``move`` of a public state with its placeholders replaced by the true cards."""
        return ShtMove(move.kind, tuple(order[c - SIZE] if C.is_placeholder(c) else c for c in move.cards))

    # --- who must see what ------------------------------------------------------------------
    def _where(self, state: ShtState, claims: Mapping[int, int]) -> Callable[[int], int]:
        inverse = {c: p for p, c in claims.items()}
        return lambda c: c - SIZE if C.is_placeholder(c) else inverse[c]

    def blocked(self, state: ShtState, side: int, keyed: frozenset[int], claims: Mapping[int, int]) -> bool:
        """A card in ``side``'s hand is not opened to it yet (the other seat sent no key for it)."""
        where = self._where(state, claims)
        return any(where(c) not in keyed for c in state.hands[side])

    def due(
        self, state: ShtState, other: int, keyed: frozenset[int], claims: Mapping[int, int]
    ) -> tuple[int, ...]:
        """The positions whose key the sender owes at the end of its link: every card of the
        ``other`` side's hand and field, and every public card, that it has not keyed yet."""
        where = self._where(state, claims)
        cards = list(state.hands[other]) + [x.card for x in state.fields[other]] + list(state.discard)
        cards += [x.card for fl in state.fields for x in fl if x.open]
        if state.attack is not None:
            cards.append(state.attack)
        return tuple(sorted({where(c) for c in cards} - keyed))

    # --- the public move codec --------------------------------------------------------------
    def write(self, state: ShtState, move: ShtMove, pub: Callable[[int], int]) -> list[tuple[int, int]]:
        """The digits (digit, radix) of ``move`` (a browser's own move, true cards) in the public
        ``state``; ``pub(card)`` is the card as the public state holds it (or its placeholder)."""
        kinds = KINDS.get(state.phase, ())
        if move.kind not in kinds:
            raise IllegalMove(_("This move cannot be sent in this phase of the game."))
        out = [(kinds.index(move.kind), len(kinds))]
        cards = [pub(c) for c in move.cards]
        me = state.to_move()
        if move.kind in (CLOSED, OPEN, OPEN_ONE, PUT):
            hand = state.hands[me]
            out += [(hand.index(c), len(hand)) for c in cards]
        elif move.kind in (ATTACK, ADD):
            field = [x.card for x in state.fields[me]]
            out.append((field.index(cards[0]), len(field)))
        elif move.kind == DEFEND_KIND:
            field = [x.card for x in state.fields[me]]
            out.append((sum(1 << field.index(c) for c in cards), 1 << len(field)))
        if move.kind in REVEALS:
            unseen = self._unseen(state)
            for c, p in zip(move.cards, cards, strict=True):
                if C.is_placeholder(p):
                    out.append((unseen.index(c), len(unseen)))
                    unseen.remove(c)
        return out

    def read(self, state: ShtState, get: Get) -> tuple[ShtMove, dict[int, int]]:
        """The move a link holds next, with the cards it makes public (position -> card)."""
        kinds = KINDS.get(state.phase, ())
        kind = kinds[get(len(kinds))]
        me = state.to_move()
        cards: list[int] = []
        if kind in (CLOSED, OPEN_ONE, PUT):
            hand = state.hands[me]
            cards.append(hand[get(len(hand))])
        elif kind == OPEN:
            hand = state.hands[me]
            i, j = get(len(hand)), get(len(hand))
            if i == j:
                raise IllegalMove(_("This move names the same card twice."))
            cards += [hand[i], hand[j]]
        elif kind in (ATTACK, ADD):
            field = state.fields[me]
            cards.append(field[get(len(field))].card)
        elif kind == DEFEND_KIND:
            field = state.fields[me]
            mask = get(1 << len(field))
            cards += [x.card for k, x in enumerate(field) if mask >> k & 1]
        claims: dict[int, int] = {}
        if kind in REVEALS:
            unseen = self._unseen(state)
            for k, c in enumerate(cards):
                if C.is_placeholder(c):
                    card = unseen.pop(get(len(unseen)))
                    claims[c - SIZE] = card
                    cards[k] = card
        return ShtMove(kind, tuple(cards)), claims

    def _unseen(self, state: ShtState) -> list[int]:
        seen = set(state.all_zones())
        return [c for c in C.ALL_CARDS if c not in seen]


CARDS = ShtCards()
