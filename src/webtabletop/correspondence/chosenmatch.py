"""One browser's view of a match whose hidden cards are hands chosen by their owners (HTT).

The same interface as :class:`~webtabletop.correspondence.match.Match`; ``Match.create`` and
``Match.join`` take what this player brings (``hand=``: card references in hand order for Own
deck, a :class:`~webtabletop.correspondence.chosen.Bring` for a Random hand from its collection,
or None for a hand dealt from the table's deal set). A drawn hand is known to its owner once the
other player's link that completes its draw has arrived (``hand`` is None before). ``state`` is
the public replay (:mod:`~webtabletop.correspondence.chosen`) with this player's own hand filled in;
a spectator sees placeholders for every card not placed yet (and both hands with Open on). Like a
dealt-card match, the link that ends the game carries its sender's secret and unplayed cards, the
reply both, and ``verdict`` then says whether every card matched its commitment.
"""

from __future__ import annotations

import datetime

import attrs

from webtabletop.core.protocol import State
from webtabletop.core.registry import get_game
from webtabletop.correspondence import chosen as C
from webtabletop.correspondence import turns
from webtabletop.correspondence.errors import MatchError, known
from webtabletop.correspondence.hidden import HiddenMatch
from webtabletop.correspondence.link import Opened, make_link
from webtabletop.correspondence.match import register
from webtabletop.fairplay.beacon import sender
from webtabletop.fairplay.commit import salt
from webtabletop.i18n import _


@register("chosen")
class ChosenMatch(HiddenMatch):
    walk = staticmethod(C.walk)

    def __init__(self, *args, hand=None, **kwargs) -> None:
        """As :class:`Match`, with ``hand``: what this player brings (see the module text)."""
        self._bring = C.Bring.of(hand)
        self._hand: tuple[str, ...] | None = self._bring.hand
        self._verdict = None
        data, seat = args[0], args[1]
        if seat is not None and C.kind_problem(get_game(data.game_id), data, self._bring.kind) is not None:
            raise MatchError(_("This table deals the hands: nobody brings cards of their own to it."))
        super().__init__(*args, **kwargs)

    def stored(self) -> dict:
        b = self._bring
        return {
            **super().stored(),
            "hand": None if self._hand is None else list(self._hand),
            "kind": b.kind,
            "pool": None if b.pool is None else list(b.pool),
        }

    @classmethod
    def restored(cls, doc: dict, text_list) -> dict:
        kind = doc.get("kind", C.OWN if doc["hand"] is not None else C.DEALT)
        if kind not in (C.OWN, C.DEALT, C.RANDOM):
            raise MatchError(_("This stored match is damaged."))
        hand = None if doc["hand"] is None else text_list(doc["hand"])
        pool = None if doc.get("pool") is None else text_list(doc["pool"])
        return {"hand": C.Bring(kind, hand if kind == C.OWN else None, pool)}

    @property
    def hand(self) -> tuple[str, ...] | None:
        """This player's hand as it travels (built-in ids, other cards as inline codes)."""
        return self._hand

    def link(self, now: datetime.date | None = None) -> str:
        if self.resigned and self.my_link:
            return self._reveal_link(now)
        data = self._next_data(now, self.pending)
        if data is None:
            return self._sent_link()
        me, secret = known(self.seat), known(self._secret)
        m = data.count
        number, _radix = turns.encode_turn(
            self._turn_start(), self.pending, self._opened.number, self._opened.radix
        )
        seats = list(self._replay.seats)
        seats[me] = C.seat_hand(self.spec, data, me, secret, self._bring, self._hand)
        placed = [p[3] for p in self._replay.placed]
        state = self._turn_start()
        for code in self.pending:
            move = state.move_from_code(code)
            where = self.spec.cards.placed(state, move)
            if where is not None:
                placed.append(known(self._hand)[where[1]])
            state = state.apply(move)
        values = turns.verify_chains(self.spec, self._options, data)
        total = len(data.moves)
        draft = C.walk(
            self.spec, attrs.evolve(data, fair=C.pack_section(self.spec, data, seats, placed)), values, number, total,
            partial=True,
        )  # fmt: skip
        salts: tuple[bytes, ...] = ()
        if not self.spec.cards.open(self._options):
            salts = tuple(
                salt(secret, data.key(), s, slot) for link, s, slot, _r in draft.placed if link == m
            )
        ends = []
        if draft.end and m == draft.end:
            ends = [(secret, C.unplayed_of(draft, me, known(self._hand)))]
        elif draft.end:
            held = self._replay
            ends = [
                (secret, C.unplayed_of(draft, s, known(self._hand)))
                if s == me
                else (held.secrets[s], held.unplayed[s])
                for s in (0, 1)
            ]
        data = attrs.evolve(data, fair=C.pack_section(self.spec, data, seats, placed, salts, ends))
        chosen = C.walk(self.spec, data, values, number, total)
        self._set_opened(Opened(data, values, chosen.state, number, chosen.radix, chosen))
        return make_link(data, number, self.mac_key(data))

    # --- internals -------------------------------------------------------------------------
    def _set_opened(self, opened: Opened) -> None:
        chosen: C.Chosen = opened.dealt
        data = opened.data
        if self.seat is not None:
            secret = known(self._secret)
            side = turns.side_of(self.seat, data.creator_side)
            try:
                if self._bring.kind != C.OWN and self._hand is None:
                    self._hand = C.drawn_hand(
                        self.spec, data, opened.values, self.seat, secret, self._bring
                    )
                if self._hand is not None:
                    self._hand = self.spec.cards.check_hand(self._options, side, self._hand)
            except ValueError as exc:
                raise MatchError(str(exc)) from None
            held = getattr(self, "_replay", None)
            if data.count > self.seat:
                mine = C.seat_hand(self.spec, data, self.seat, secret, self._bring, self._hand)
                if chosen.seats[self.seat] != mine:
                    raise MatchError(_("This link changes moves that were already played."))
            other = 1 - self.seat
            if held is not None and held.seats[other] is not None:
                before, now_ = held.seats[other], known(chosen.seats[other])
                if (before.kind, before.draw) != (now_.kind, now_.draw) or before.part not in (
                    None,
                    now_.part,
                ):
                    raise MatchError(_("This link changes moves that were already played."))
        reveals = self._revealed_in(data)
        if reveals:  # a resignation: each reveal is a secret and the unplayed cards
            parsed = {seat: C.read_reveal(r) for seat, r in reveals.items()}
            chosen = attrs.evolve(
                chosen,
                secrets={**chosen.secrets, **{s: v[0] for s, v in parsed.items()}},
                unplayed={**chosen.unplayed, **{s: v[1] for s, v in parsed.items()}},
            )
        if self.seat is not None and (chosen.end or reveals):
            chosen = attrs.evolve(
                chosen,
                secrets={**chosen.secrets, self.seat: known(self._secret)},
                unplayed={**chosen.unplayed, self.seat: C.unplayed_of(chosen, self.seat, known(self._hand))},
            )
        verdict, true = None, None
        if (chosen.end or reveals) and 0 in chosen.secrets and 1 in chosen.secrets:
            verdict, true = C.verify(self.spec, data, chosen, opened.values)
        self._replay, self._verdict, self._true = chosen, verdict, true
        self._hold(opened)
        self._reset_turn()

    def _own_reveal(self) -> bytes:
        """This player's secret and its unplayed cards, as its end link would carry them."""
        return C.make_reveal(known(self._secret), C.unplayed_of(self._replay, known(self.seat), known(self._hand)))

    def _forget_after(self, count: int) -> None:
        self._replay = None  # nothing to compare the link with: it is checked in full

    @property
    def bring(self) -> C.Bring:
        """What this player brought (its own hand, or a drawn one)."""
        return self._bring

    def seen(self, state: State) -> State:
        """``state`` with this player's own hand filled in (a spectator's stays public)."""
        if self.seat is None or self._hand is None:
            return state
        side = self.role
        return self.spec.cards.deal(state, {(side, slot): ref for slot, ref in enumerate(self._hand)})

    def _link_base(self) -> State:
        """The public position the next link starts from: the opening itself (from link 3's
        seed, which its sender knows) when this browser sends link 3."""
        if self._data.count + 1 == self._data.first_event and self.my_link:
            return C.start_of_first(self.spec, self._data, self._values, self._chain, self._replay.hands)
        return self._base

    def _next_is_turn(self) -> bool:
        m = self._data.count + 1
        side = turns.side_of(sender(m), self._data.creator_side)
        base = self._link_base()
        return (
            m >= self._data.first_event
            and not self._replay.end
            and not base.is_over
            and base.to_move() == side
        )

    def _position(self) -> State:
        if self._true is not None:
            return self._true
        if self.seat is None or self._hand is None:
            return self._link_base() if self.seat is not None else self._base
        side = self.role
        return self.spec.cards.deal(
            self._link_base(), {(side, slot): ref for slot, ref in enumerate(self._hand)}
        )
