"""What a player puts on the latest link without a new one: resigning and draws by agreement
(``Match``'s part of :mod:`webtabletop.correspondence.endings`: who may resign or offer, the
annotation, and a received link that carries one), and live play's offer or answer
(:meth:`Annotations.carry_live`, :mod:`webtabletop.correspondence.live`).

A mixin of :class:`~webtabletop.correspondence.match.Match`; it reads the match's data and link
(``_data``, ``_opened``, ``_link_key``) and holds a link through the match's ``_set_opened``.
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING

import attrs

from webtabletop.correspondence import endings
from webtabletop.correspondence.data import MatchData
from webtabletop.correspondence.errors import MatchError, known
from webtabletop.correspondence.link import Opened, make_link
from webtabletop.correspondence.linkorder import NEWER, OLDER, SAME
from webtabletop.correspondence.live.description import Description
from webtabletop.i18n import _

if TYPE_CHECKING:
    from webtabletop.core.protocol import GameSpec, State
    from webtabletop.fairplay.linkauth import LinkKey


class Annotations:
    if TYPE_CHECKING:
        # what this mixin reads of the match it is part of (defined by ``Match``)
        spec: GameSpec
        seat: int | None
        finding: object | None  # the match's proven cheat (``match.Finding``), if any
        today: datetime.date | None
        _data: MatchData
        _opened: Opened
        _link_key: LinkKey | None
        _received: str | None

        @property
        def is_over(self) -> bool: ...

        @property
        def public_position(self) -> State: ...

        def mac_key(self, data: MatchData | None) -> bytes | None: ...

        def _set_opened(self, opened: Opened) -> None: ...

    @property
    def ending(self) -> endings.Ending | None:
        """The resignation, draw offer or answer on the latest link (None: none)."""
        return self._data.ending

    @property
    def resign_from(self) -> int:
        """The first link on which a resignation may be made (a game with hidden cards: once the
        cards are dealt and committed, ``endings.HIDDEN_FROM``)."""
        return 2

    @property
    def can_resign(self) -> bool:
        """This player may resign now (whoever is to move): both have joined, the game goes on
        (and may still be resigned by its rules: not in HTT's winner's pick)."""
        d = self._data
        return (
            self.seat is not None
            and self.finding is None
            and d.authenticated
            and d.count >= self.resign_from
            and None not in d.link_keys
            and not self.is_over
            and self.public_position.can_resign()
        )

    @property
    def can_offer_draw(self) -> bool:
        """A draw may be offered: the rules allow one and no offer or answer is on this link."""
        return self.can_resign and self.spec.agreed_draws and self.ending is None

    @property
    def draw_offered(self) -> bool:
        """The other player's draw offer waits for this player's answer."""
        e = self.ending
        return self.can_resign and e is not None and e.kind == endings.OFFER and e.seat != self.seat

    def resign(self, now: datetime.date | None = None) -> str:
        """Resign (a move of this turn not sent yet is dropped); the link that says so, dated
        ``now`` (a game with hidden cards: it carries this player's reveal, and the other's
        reply with its own is due by the reveal deadline counted from that date)."""
        if not self.can_resign:
            raise MatchError(_("There is nothing to resign here."))
        return self._annotate(endings.RESIGN, now)

    def offer_draw(self) -> str:
        if not self.can_offer_draw:
            raise MatchError(_("A draw cannot be offered here."))
        return self._annotate(endings.OFFER)

    def answer_draw(self, accept: bool) -> str:
        if not self.draw_offered:
            raise MatchError(_("Your friend has not offered a draw in this position."))
        return self._annotate(endings.AGREED if accept else endings.DECLINED)

    def _annotate(self, kind: int, now: datetime.date | None = None, waited: int = 0) -> str:
        """Put this player's signed ending on the latest link and return that link (a final
        ending dated ``now``; a claim with its ``waited``)."""
        o = self._opened
        moves = (len(self._data.moves), o.number)
        reveal = self._own_reveal() if kind in endings.REVEALING else None
        ending = endings.make(self._data, moves, kind, known(self.seat), self._link_key, reveal, waited)
        return self._relink(ending, now)

    def _relink(self, ending: endings.Ending, now: datetime.date | None) -> str:
        """Hold the latest link again with ``ending`` (dated ``now`` when final) and return it."""
        if now is not None:
            self.today = now
        o = self._opened
        date = self._data.date
        if ending.final and self.today is not None:
            date = max(date, self.today.toordinal())
        data = attrs.evolve(self._data, ending=ending, date=date, live=None)
        self._set_opened(Opened(data, o.values, o.state, o.number, o.radix, o.dealt))
        return make_link(data, o.number, self.mac_key(data))

    def carry_live(self, desc: Description) -> str:
        """The latest link again, carrying ``desc``: this player's live offer or answer
        (``docs/live-play.md``: link 1 with the creator's offer, link 2 with the joiner's answer,
        or the latest link with a new offer or answer to reconnect). Nothing else changes (the
        moves, an ending, the turn, moves played and not sent); sending the latest link again
        carries it too, until a new link drops it."""
        if self.seat is None:
            raise MatchError(_("It is not your turn in this match: this view is read-only."))
        if not self._data.count:
            raise MatchError(_("No link of this match was sent yet."))
        if not self._data.bound:  # formats 1 to 4 have no place for it
            raise MatchError(
                _("This match was started by an earlier version of the app: it can be played by links only.")
            )
        if desc.seat != self.seat:
            raise ValueError("a live offer or answer carries the seat of the player who made it")
        data = attrs.evolve(self._data, live=desc)
        self._opened = attrs.evolve(self._opened, data=data)  # only the live section differs
        self._data = data
        return make_link(data, self._opened.number, self.mac_key(data))

    def _own_reveal(self) -> bytes | None:
        """What this player's resignation reveals: nothing without hidden cards (their end check
        needs no secret: every move and die was checked as its link arrived)."""
        return None

    def _ended(self, opened: Opened, held: MatchData, link: str) -> str | None:
        """A received link where either side holds an ending (``endings``): its outcome, or None
        to go on as for any link. The signatures were checked as the link was read."""
        answer = endings.received(opened.data, held, self.seat)
        if answer == endings.TAKE:
            self._take_ending(opened)
            if self.seat is None:
                self._received = link
            return NEWER
        outcomes: dict[str | None, str] = {endings.SAME: SAME, endings.OLDER: OLDER}
        return outcomes.get(answer)

    def _take_ending(self, opened: Opened) -> None:
        """Hold a received link with an ending, also one earlier than the link held (a
        resignation that crossed this browser's later link)."""
        self._set_opened(opened)
