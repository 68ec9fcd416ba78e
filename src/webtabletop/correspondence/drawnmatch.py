"""One browser's view of a match whose cards are private draws (CardGO; :mod:`.drawn`).

The same interface as :class:`~webtabletop.correspondence.match.Match`. ``state`` is the public
replay with this player's own hand filled in (each card dealt from its own draw's generator, once
the other seat's value that seeds it has arrived); every other hand card is unseen. A spectator
sees the public position. Like the other card matches, the link that ends the game carries its
sender's secret, the reply both, and ``verdict`` then says whether every draw was fair.

Checks when a link arrives (a player's browser; the end check covers the rest): each draw value
opened in it must open the commitment this browser held before; a commitment carried before must
not change; a new one must come before the value that seeds its draw; and this seat's own
commitments must be the ones its secret makes.
"""

from __future__ import annotations

import datetime

import attrs

from webtabletop.core.protocol import State
from webtabletop.correspondence import drawn as D
from webtabletop.correspondence import turns
from webtabletop.correspondence.data import MatchData
from webtabletop.correspondence.errors import MatchError, known
from webtabletop.correspondence.hidden import HiddenMatch
from webtabletop.correspondence.link import Opened, make_link
from webtabletop.correspondence.match import register
from webtabletop.fairplay.beacon import sender
from webtabletop.fairplay.draw import PrivateDraws, open_draw
from webtabletop.fairplay.errors import ClaimRefused, named
from webtabletop.i18n import _


@register("drawn")
class DrawnMatch(HiddenMatch):
    walk = staticmethod(D.walk)
    #: the public position the next link starts from, with its draws (``_link_base``), once made
    _next: tuple[State, D._Tracker] | None = None

    # --- acting ----------------------------------------------------------------------------
    def link(self, now: datetime.date | None = None) -> str:
        if self.resigned and self.my_link:
            return self._reveal_link(now)
        data = self._next_data(now, self.pending)
        if data is None:
            return self._sent_link()
        me, secret, role = known(self.seat), known(self._secret), known(self.role)
        m = data.count
        cards = self.spec.cards
        start = self._turn_start()
        number, radix = self._opened.number, self._opened.radix
        codes = [p[3] for p in self._replay.placed]
        state = start
        for code in self.pending:
            # moves are numbered in the public position, where this hand is unseen too (a
            # follow-up lists every unseen card): the number every other browser reads
            public = cards.deal(
                state, role, dict.fromkeys(range(len(D.hands_of(state).hands[role])), cards.unseen)
            )
            legal = list(public.legal_moves())
            number += turns.index_of(legal, code) * radix
            radix *= len(legal)
            move = state.move_from_code(code)
            slot = cards.placed(state, move)
            if slot is not None:
                codes.append(cards.code(D.hands_of(state).hands[role][slot]))
            state = state.apply(move)
        values = turns.verify_chains(self.spec, self._options, data)
        total = len(data.moves)
        draft = D.walk(self.spec, attrs.evolve(data, fair=D.pack_section(cards, data, codes, ([], []))), values, number, total, partial=True)  # fmt: skip
        mine = self._draws(data)
        held = self._replay
        commitments: list[list[bytes]] = [[], []]
        for s in (0, 1):
            if m <= s:
                continue
            if s == me:
                held_cards = len(draft.ids[draft.side_seat.index(s)])
                opening = 0 if draft.drawn[s] else self.spec.cards.hand_size(self._options)
                wanted = D.outstanding(draft, s, held_cards + opening + D.AHEAD)
                commitments[s] = [mine.commitment(j) for j in wanted]
            else:
                carried = held.commitments[s]
                wanted = D.outstanding(draft, s, len(carried))
                if set(wanted) != set(carried):
                    raise MatchError(
                        _(
                            "Your friend's link did not commit to its next cards in time: the link was changed."
                        )
                    )
                commitments[s] = [carried[j] for j in wanted]
        xs = [mine.value(j) for link, s, j, _c in draft.placed if link == m]
        secrets: list[bytes] = []
        if draft.end and m == draft.end:
            secrets = [secret]
        elif draft.end:
            secrets = [secret if s == me else held.secrets[s] for s in (0, 1)]
        data = attrs.evolve(data, fair=D.pack_section(cards, data, codes, commitments, xs, secrets))
        drawn = D.walk(self.spec, data, values, number, total)
        self._set_opened(Opened(data, values, drawn.state, number, drawn.radix, drawn))
        return make_link(data, number, self.mac_key(data))

    # --- internals -------------------------------------------------------------------------
    def _draws(self, data: MatchData) -> PrivateDraws:
        return PrivateDraws(known(self._secret), data.key(), known(self.seat))

    def _set_opened(self, opened: Opened) -> None:
        drawn: D.Drawn = opened.dealt
        data = opened.data
        reveals = {seat: self._secret_of(r) for seat, r in self._revealed_in(data).items()}
        if reveals:  # a resignation: the secrets it (and the answer to it) revealed
            drawn = attrs.evolve(drawn, secrets={**drawn.secrets, **reveals})
        if self.seat is not None:
            if not self._same_link(data):  # an annotation's link was checked when it first came
                self._check(data, drawn, getattr(self, "_replay", None), opened.values)
            if drawn.end or reveals:
                drawn = attrs.evolve(drawn, secrets={**drawn.secrets, self.seat: known(self._secret)})
        verdict, true = None, None
        if (drawn.end or reveals) and 0 in drawn.secrets and 1 in drawn.secrets:
            verdict, true = D.verify(self.spec, data, drawn, opened.values)
        self._replay, self._verdict, self._true = drawn, verdict, true
        self._hold(opened)
        self._next = None  # _link_base, made once per link held
        self._reset_turn()

    def _forget_after(self, count: int) -> None:
        self._replay = None  # nothing to compare the link with: its own checks hold in full

    def _check(self, data: MatchData, drawn: D.Drawn, held: D.Drawn | None, values) -> None:
        """The checks of the module text (a refused link changes nothing)."""
        mine = self._draws(data)
        me = known(self.seat)
        other = 1 - me
        for j, c in drawn.commitments[me].items():
            if c != mine.commitment(j):  # this player's own commitments, carried on by the friend
                raise named(
                    ClaimRefused,
                    other,
                    _("their link changes the commitment of a draw that the other player sent."),
                )
        if held is None:
            return
        for s, j, x in drawn.values:
            if s == other:
                reply = values.value(drawn.seeded[(s, j)])
                open_draw(data.key(), s, j, held.commitments[other].get(j, b""), x, reply)
        for j, c in drawn.commitments[other].items():
            if j in held.commitments[other]:
                if held.commitments[other][j] != c:
                    raise named(
                        ClaimRefused,
                        other,
                        _("their link changes the commitment of a draw they sent before."),
                    )
            elif drawn.seeded.get((other, j), data.count + 1) < data.count:
                # a draw committed after the value that deals it: its owner could choose the card
                raise named(
                    ClaimRefused,
                    other,
                    _("their link commits to a draw only after the value that deals it was known."),
                )

    def _link_base(self) -> tuple[State, D._Tracker]:
        """The public position the next link starts from, with its draws tracked: link 3's
        opening (its sender knows the seed), or a placement waiting for the next link's seed
        settled with it (its sender knows that seed too). Made once per link held (``can_move``
        asks for it on every screen); callers only read it."""
        if self._next is None:
            self._next = self._make_link_base()
        return self._next

    def _make_link_base(self) -> tuple[State, D._Tracker]:
        m = self._data.count + 1
        drawn = self._replay
        if not (self.seat is not None and self.my_link) or self.resigned:
            return self._base, D._Tracker.resume(drawn)
        cards = self.spec.cards
        first = self._data.first_event
        if m == first:
            track = D._Tracker(drawn.side_seat)
            seed = self._values.rng(m, own=self._chain, stream=D.START).next_u64()
            return D.opening(cards, self._options, track, m, seed), track
        track = D._Tracker.resume(drawn)
        base = self._base
        side = turns.side_of(sender(m), self._data.creator_side)
        if m > first and D.hands_of(base).pending is not None and base.to_move() == side and not drawn.end:
            rng = self._values.rng(m, own=self._chain, stream=D.EFFECTS)
            base = track.after(m, base, D.hands_of(base).settle(rng), cards)
        return base, track

    def _next_is_turn(self) -> bool:
        m = self._data.count + 1
        side = turns.side_of(sender(m), self._data.creator_side)
        base, _track = self._link_base()
        return (
            m >= self._data.first_event
            and not self._replay.end
            and not base.is_over
            and base.to_move() == side
            and D.hands_of(base).pending is None
        )

    def _position(self) -> State:
        if self._true is not None:  # the verified end: both hands, dealt from the revealed secrets
            return self._true
        base, track = self._link_base()
        if self.seat is None:
            return base
        side = known(self.role)
        mine = self._draws(self._data)
        cards = self.spec.cards
        slots = {}
        for slot, j in enumerate(track.ids[side]):
            link = track.seeded.get((self.seat, j))
            if link is not None and link <= self._data.count:
                slots[slot] = cards.card(self._options, mine.rng(j, self._values.value(link)))
        return cards.deal(base, side, slots)
