"""One browser's view of a match whose hidden cards are hands chosen by their owners (HTT).

The same interface as :class:`~webtabletop.correspondence.match.Match`; ``Match.create`` and
``Match.join`` take this player's hand (``hand=``: card references, the hand order; without one
the player's browser draws a hand from the table's deal set with its own secret). ``state`` is
the public replay (:mod:`~webtabletop.correspondence.chosen`) with this player's own hand filled in;
a spectator sees placeholders for every card not placed yet (and both hands with Open on). Like a
dealt-card match, the link that ends the game carries its sender's secret and unplayed cards, the
reply both, and ``verdict`` then says whether every card matched its commitment.
"""

from __future__ import annotations

import datetime

import attrs

from webtabletop.core.protocol import State
from webtabletop.correspondence import chosen as C
from webtabletop.correspondence import turns
from webtabletop.correspondence.errors import MatchError
from webtabletop.correspondence.hidden import HiddenMatch
from webtabletop.correspondence.link import Opened, make_link
from webtabletop.correspondence.match import register
from webtabletop.fairplay.beacon import FIRST_EVENT_LINK, sender
from webtabletop.fairplay.commit import salt
from webtabletop.i18n import _


@register("chosen")
class ChosenMatch(HiddenMatch):
    walk = staticmethod(C.walk)

    def __init__(self, *args, hand=None, **kwargs) -> None:
        """As :class:`Match`, with ``hand``: this player's card references (None: a spectator)."""
        self._hand: tuple[str, ...] | None = None if hand is None else tuple(hand)
        self._verdict: str | None = None
        super().__init__(*args, **kwargs)

    def stored(self) -> dict:
        return {**super().stored(), "hand": None if self._hand is None else list(self._hand)}

    @classmethod
    def restored(cls, doc: dict, text_list) -> dict:
        return {"hand": None if doc["hand"] is None else text_list(doc["hand"])}

    @property
    def hand(self) -> tuple[str, ...] | None:
        """This player's hand as it travels (built-in ids, other cards as inline codes)."""
        return self._hand

    def link(self, now: datetime.date | None = None) -> str:
        data = self._next_data(now, self.pending)
        if data is None:
            return self.latest_link
        m = data.count
        number, _radix = turns.encode_turn(
            self._turn_start(), self.pending, self._opened.number, self._opened.radix
        )
        hands = list(self._replay.hands)
        hands[self.seat] = C.my_hand(self.spec, data, self.seat, self._secret, self._hand)
        placed = [p[3] for p in self._replay.placed]
        state = self._turn_start()
        for code in self.pending:
            move = state.move_from_code(code)
            where = self.spec.cards.placed(state, move)
            if where is not None:
                placed.append(self._hand[where[1]])
            state = state.apply(move)
        values = turns.verify_chains(self.spec, self._options, data)
        total = len(data.moves)
        draft = C.walk(
            self.spec, attrs.evolve(data, fair=C.pack_section(self.spec, data, hands, placed)), values, number, total,
            partial=True,
        )  # fmt: skip
        salts = ()
        if not self.spec.cards.open(self._options):
            salts = tuple(
                salt(self._secret, data.key(), s, slot) for link, s, slot, _r in draft.placed if link == m
            )
        ends = []
        if draft.end and m == draft.end:
            ends = [(self._secret, C.unplayed_of(draft, self.seat, self._hand))]
        elif draft.end:
            held = self._replay
            ends = [
                (self._secret, C.unplayed_of(draft, s, self._hand))
                if s == self.seat
                else (held.secrets[s], held.unplayed[s])
                for s in (0, 1)
            ]
        data = attrs.evolve(data, fair=C.pack_section(self.spec, data, hands, placed, salts, ends))
        chosen = C.walk(self.spec, data, values, number, total)
        self._set_opened(Opened(data, values, chosen.state, number, chosen.radix, chosen))
        return make_link(data, number, self.mac_key(data))

    # --- internals -------------------------------------------------------------------------
    def _set_opened(self, opened: Opened) -> None:
        chosen: C.Chosen = opened.dealt
        data = opened.data
        if self.seat is not None:
            try:
                side = turns.side_of(self.seat, data.creator_side)
                if self._hand is None:  # none brought: its own browser draws one with its secret
                    self._hand = self.spec.cards.default_hand(self._options, side, self._secret, data.key())
                self._hand = self.spec.cards.check_hand(self._options, side, self._hand)
            except ValueError as exc:
                raise MatchError(str(exc)) from None
            mine = C.my_hand(self.spec, data, self.seat, self._secret, self._hand)
            if data.count > self.seat and chosen.hands[self.seat] != mine:
                raise MatchError(_("This link changes moves that were already played."))
            held = getattr(self, "_replay", None)
            other = 1 - self.seat
            if (
                held is not None
                and held.hands[other] is not None
                and chosen.hands[other] != held.hands[other]
            ):
                raise MatchError(_("This link changes moves that were already played."))
            if chosen.end:
                chosen = attrs.evolve(
                    chosen,
                    secrets={**chosen.secrets, self.seat: self._secret},
                    unplayed={**chosen.unplayed, self.seat: C.unplayed_of(chosen, self.seat, self._hand)},
                )
        verdict, true = None, None
        if chosen.end and 0 in chosen.secrets and 1 in chosen.secrets:
            verdict, true = C.verify(self.spec, data, chosen)
        self._replay, self._verdict, self._true = chosen, verdict, true
        self._opened = opened
        self._data, self._values, self._base = data, opened.values, opened.state
        self._reset_turn()

    def seen(self, state: State) -> State:
        """``state`` with this player's own hand filled in (a spectator's stays public)."""
        if self.seat is None:
            return state
        side = self.role
        return self.spec.cards.deal(state, {(side, slot): ref for slot, ref in enumerate(self._hand)})

    def _link_base(self) -> State:
        """The public position the next link starts from: the opening itself (from link 3's
        seed, which its sender knows) when this browser sends link 3."""
        if self._data.count + 1 == FIRST_EVENT_LINK and self.my_link:
            return C.start_of_link3(self.spec, self._data, self._values, self._chain, self._replay.hands)
        return self._base

    def _next_is_turn(self) -> bool:
        m = self._data.count + 1
        side = turns.side_of(sender(m), self._data.creator_side)
        base = self._link_base()
        return m >= FIRST_EVENT_LINK and not self._replay.end and not base.is_over and base.to_move() == side

    def _turn_start(self) -> State:
        if self._true is not None:
            return self._true
        if self.seat is None:
            return self._base
        side = self.role
        return self.spec.cards.deal(
            self._link_base(), {(side, slot): ref for slot, ref in enumerate(self._hand)}
        )
