"""One browser's view of a match of a game with hidden cards (``GameSpec.cards``: SHT).

The same interface as :class:`~webtabletop.correspondence.match.Match` (``Match.create/join/watch``
give this class for such a game). What differs:

* ``state`` is this browser's position: the public replay
  (:mod:`~webtabletop.correspondence.dealt`) with the cards opened to this browser filled in; every
  other card is a placeholder that no view shows. A spectator sees the public position only.
* ``link()`` adds the link's fair-play section: the dealing message (links 1–3), the keys this
  browser owes, its secret in the link that ends the game, both secrets in the one after it.
* ``receive()`` also reads the section: a received key that opens no card (or a card already
  opened elsewhere), or a move that names another card than the keys open, refuses the link.
* ``verdict``: once both secrets are known, the whole deal is checked (``private.verify``).

Invariants: ``_sections`` holds the fair-play section of every link so far (a player) — the
secret never leaves this object except through the browser's own storage.
"""

from __future__ import annotations

import datetime

import attrs

from webtabletop.core.protocol import State
from webtabletop.correspondence import turns
from webtabletop.correspondence.data import MatchData
from webtabletop.correspondence.dealt import FIRST_MOVE_LINK, FIRST_PLAYER, Dealt, start, walk
from webtabletop.correspondence.errors import MatchError, known
from webtabletop.correspondence.hidden import HiddenMatch
from webtabletop.correspondence.link import Opened, make_link
from webtabletop.correspondence.match import register
from webtabletop.correspondence.private import Private, verify
from webtabletop.i18n import _


@register("deck")
class CardMatch(HiddenMatch):
    walk = staticmethod(walk)
    # this turn's public side, set at each turn's start (``_reset_turn``) and by each move
    _pub: State
    _claims: dict[int, int]
    _number: int
    _radix: int
    _pub_codes: tuple[str, ...]
    _known: dict[int, int]
    #: the end check's inputs and its (verdict, order), once both secrets are known
    _end_check: tuple[tuple, tuple] | None = None

    def __init__(self, *args, sections: tuple[bytes, ...] = (), **kwargs) -> None:
        """As :class:`Match`, with ``sections``: the fair-play sections of the links so far."""
        self._sections: tuple[bytes, ...] = tuple(sections)
        self._private: Private | None = None
        super().__init__(*args, **kwargs)

    # --- what this browser sees -------------------------------------------------------------
    def stored(self) -> dict:
        return {**super().stored(), "sections": [x.hex() for x in self._sections]}

    @classmethod
    def restored(cls, doc: dict, text_list) -> dict:
        return {"sections": tuple(bytes.fromhex(x) for x in text_list(doc["sections"]))}

    @property
    def sections(self) -> tuple[bytes, ...]:
        """The fair-play section of every link so far (kept in the browser's storage)."""
        return self._sections

    @property
    def public_state(self) -> State:
        """The position every browser shares (placeholders for every card not public)."""
        return self._pub

    @property
    def can_move(self) -> bool:
        if not self.my_link or self._finished or self._data.count + 1 < FIRST_MOVE_LINK:
            return False
        pub = self._pub
        side = self.role
        if pub.is_over or pub.to_move() != side or self._link_base().to_move() != side:
            return False
        return not self.spec.cards.blocked(pub, side, self._replay.keyed[1 - known(self.seat)], self._claims)

    def seen(self, state: State) -> State:
        """``state`` with every card opened to this browser filled in (a spectator's stays
        public until the end check)."""
        if self.seat is None and self._verdict is None:
            return state
        return self.spec.cards.deal(state, self._known)

    # --- acting ----------------------------------------------------------------------------
    def play(self, code: str) -> State:
        if not self.can_move:
            raise MatchError(_("It is not your turn in this match: this view is read-only."))
        cards = self.spec.cards
        private = self._current
        move = private.move_from_code(code)
        new = private.apply(move)
        public = {c for c in self._claims.values()}
        where = {c: p for p, c in self._known.items()}

        def pub(c: int) -> int:
            return c if c in public else cards.size + where[c]

        digits = cards.write(self._pub, move, pub)
        it = iter(digits)
        pub_move, claims = cards.read(self._pub, lambda r: _digit(it, r))
        self._pub = cards.deal(self._pub, claims).apply(pub_move)
        self._claims = {**self._claims, **claims}
        for d, r in digits:
            self._number += d * self._radix
            self._radix *= r
        self._pub_codes = (*self._pub_codes, pub_move.code)
        self.pending = (*self.pending, code)
        self._current = new
        return new

    def link(self, now: datetime.date | None = None) -> str:
        if self.resigned and self.my_link:
            return self._reveal_link(now)
        data = self._next_data(now, self._pub_codes)
        if data is None:
            return self._sent_link()
        m = data.count
        values = turns.verify_chains(self.spec, self._options, data)
        dealt = walk(self.spec, data, values, self._number, len(data.moves))
        data = attrs.evolve(data, fair=self._section(m, dealt))
        self._set_opened(Opened(data, values, dealt.state, self._number, dealt.radix, dealt))
        return make_link(data, self._number, self.mac_key(data))

    def _section(self, m: int, dealt: Dealt) -> bytes:
        """This browser's fair-play section of link ``m`` (see :meth:`Private.section`)."""
        return known(self._private).section(dealt, m, known(self._secret))

    # --- internals -------------------------------------------------------------------------
    def _set_opened(self, opened: Opened) -> None:
        """Hold a verified link: read its section (and, for a player, every new one) first, so a
        refused section changes nothing."""
        dealt: Dealt = opened.dealt
        n = opened.data.count
        private = self._private or Private.start(self.spec, opened.data, self.seat, self._secret)
        sections = self._sections
        if self.seat is None:
            sections = (opened.data.fair,) if n else ()
            private = Private.start(self.spec, opened.data, None, None).extend(
                self.spec, opened.data, dealt, sections, n
            )
        elif len(sections) + 1 == n:
            sections = (*sections, opened.data.fair)
            private = private.extend(
                self.spec, opened.data, dealt, sections[private.read :], private.read + 1
            )
        elif len(sections) == n and private.read < n:
            private = private.extend(
                self.spec, opened.data, dealt, sections[private.read :], private.read + 1
            )
        elif len(sections) != n:
            raise MatchError(
                _("A link of this match is missing: open the links in the order they were sent.")
            )
        verdict, order = None, None
        reveals = {seat: self._secret_of(r) for seat, r in self._revealed_in(opened.data).items()}
        if reveals:  # a resignation: the secrets it (and the answer to it) revealed
            private = attrs.evolve(private, secrets={**reveals, **private.secrets})
        ended = dealt.end or reveals
        inputs = None
        if ended and 0 in private.secrets and 1 in private.secrets:
            inputs = _end_check_inputs(opened.data, dealt, private)
            held = self._end_check
            if held is not None and _same_inputs(held[0], inputs):
                verdict, order = held[1]
            else:
                verdict, order = verify(self.spec, opened.data, dealt, private)
        self._sections, self._private, self._replay = sections, private, dealt
        self._end_check = None if inputs is None else (inputs, (verdict, order))
        self._verdict = verdict
        self._known = dict(enumerate(order)) if order else private.known(dealt)
        self._true = self.spec.cards.deal(dealt.state, self._known) if order else None
        self._hold(opened)
        self._reset_turn()

    def _forget_after(self, count: int) -> None:
        self._sections = self._sections[:count]
        self._private = None  # read again from the sections kept

    def _link_base(self) -> State:
        """The public position the next link starts from: who begins drawn from the seed of the
        link this browser is about to send, when the match first uses that seed (link 4 once link
        1 is bound: its sender, the joiner, knows it first)."""
        m = self._data.count + 1
        if (
            m == self._data.first_event
            and self.my_link
            and not self._replay.end
            and self._replay.first is None
        ):
            rng = self._values.rng(m, own=self._chain, stream=FIRST_PLAYER)
            return start(self.spec, self._data, self.spec.cards.first_player(self._options, rng))
        return self._replay.state

    def _reset_turn(self) -> None:
        self.pending = ()
        self._pub = self._link_base()
        self._claims = dict(self._replay.claims)
        self._number, self._radix = self._replay.number, self._replay.radix
        self._pub_codes = ()
        self._current = self._turn_start()

    def _next_is_turn(self) -> bool:
        return self.can_move

    def _position(self) -> State:
        if self._true is not None:  # the verified end: the whole deal
            return self._true
        if self.seat is None and self._verdict is None:
            return self._replay.state
        return self.spec.cards.deal(self._link_base(), self._known)


def _trimmed(per_link: tuple) -> tuple:
    """``per_link`` without the empty entries of its last links (the links after the end hold
    no move and name no card)."""
    n = len(per_link)
    while n and not per_link[n - 1]:
        n -= 1
    return tuple(per_link[:n])


def _end_check_inputs(data: MatchData, dealt: Dealt, private: Private) -> tuple:
    """What the end check (``private.verify``) reads, but for the links after the end that hold
    no move: a player's own last link (its secret, once the friend's arrived) is checked against
    the same deal as the link before it, so its verdict is the one already found."""
    return (
        data.key(),
        data.commitments,
        data.options,
        dealt.end,
        dealt.first,
        _trimmed(dealt.moves),
        _trimmed(dealt.named),
        dict(dealt.claims),
        tuple(sorted(private.secrets.items())),
        private.messages,
        private.shares,
        None if private.table is None else dict(private.table.opened),
    )


def _same_inputs(a: tuple, b: tuple) -> bool:
    """Equal values, and the very same objects for the dealing messages and the shares read
    (points are compared by identity: they are kept, never rebuilt, from one link to the next)."""
    *a_values, a_messages, a_shares, a_table = a
    *b_values, b_messages, b_shares, b_table = b
    return (
        a_values == b_values
        and a_table == b_table
        and len(a_messages) == len(b_messages)
        and all(x is y for x, y in zip(a_messages, b_messages, strict=True))
        and len(a_shares) == len(b_shares)
        and all(x is y for x, y in zip(a_shares, b_shares, strict=True))
    )


def _digit(it, radix: int) -> int:
    d, r = next(it)
    if r != radix:
        raise MatchError(_("The match link is damaged."))
    return d
