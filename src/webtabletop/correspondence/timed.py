"""A timed match's clocks and claims (``Match``'s part of
:mod:`webtabletop.correspondence.liveclock`).

A mixin of :class:`~webtabletop.correspondence.match.Match`. The caller tells the match the time
on this browser's clock before it acts (:meth:`Timed.at`, milliseconds of ``Date.now()``); the
match remembers when it held its latest link (:attr:`held_at`, kept in storage), and from those
two every interval, clock and claim follows.
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING

import attrs

from webtabletop.correspondence import endings, liveclock
from webtabletop.correspondence.errors import MatchError
from webtabletop.i18n import _

if TYPE_CHECKING:
    from webtabletop.correspondence.data import MatchData
    from webtabletop.correspondence.link import Opened


class Timed:
    if TYPE_CHECKING:
        seat: int | None
        _data: MatchData

        @property
        def is_over(self) -> bool: ...

        @property
        def can_resign(self) -> bool: ...

        def _annotate(self, kind: int, now: datetime.date | None = None, waited: int = 0) -> str: ...

    #: the time on this browser's clock (ms), as the caller last said (:meth:`at`)
    now_ms: float | None = None
    #: when this browser held its latest link (sent or received), on its own clock (ms)
    held_at: float | None = None

    def at(self, now_ms: float | None):
        """Tell the match the time (ms, this browser's clock) before acting; returns the match."""
        self.now_ms = None if now_ms is None else float(now_ms)
        return self

    @property
    def timing(self) -> liveclock.Timing | None:
        return self._data.timing

    @property
    def time_control(self) -> liveclock.TimeControl | None:
        t = self._data.timing
        return None if t is None else t.control

    def clocks(self) -> tuple[int, int] | None:
        """Each seat's time (ms) now; None for a match without a clock."""
        t = self._data.timing
        if t is None:
            return None
        return liveclock.left_now(t, self._data.count, self.held_at, self._now())

    @property
    def clock_running(self) -> int | None:
        """The seat whose clock runs (None: none runs: no clock, not joined yet, game over)."""
        d = self._data
        if d.timing is None or self.is_over or not liveclock.running(d.count):
            return None
        return liveclock.to_send(d.count)

    def flagged(self) -> int | None:
        """The seat whose time has run out now (None: none)."""
        d = self._data
        if d.timing is None or self.is_over:
            return None
        return liveclock.out_of_time(d.timing, d.count, self.held_at, self._now())

    @property
    def can_claim_time(self) -> bool:
        """This player may claim the win on time: the friend's clock ran out on its turn."""
        return self.can_resign and self.seat is not None and self.flagged() == 1 - self.seat

    def claim_time(self, now: datetime.date | None = None) -> str:
        """Claim the win on time: the link that says so (signed, with this player's wait)."""
        if not self.can_claim_time:
            raise MatchError(_("Your friend's clock has not run out: there is no win to claim on time."))
        waited = liveclock.spent_since(self.held_at, self._now())
        return self._annotate(endings.FLAG, now, waited)

    def can_claim_left(self, last_seen: float | None) -> bool:
        """This player may claim the win because the friend left the live game: the friend was
        last seen at ``last_seen`` (ms, this browser's clock; None: never seen live)."""
        d = self._data
        control = None if d.timing is None else d.timing.control
        return (
            self.can_resign
            and self.seat is not None
            and liveclock.can_claim_left(control, d.count, self.seat, last_seen, self._now())
        )

    def claim_left(self, last_seen: float | None, now: datetime.date | None = None) -> str:
        if not self.can_claim_left(last_seen):
            raise MatchError(_("Your friend has not been gone long enough to claim the win."))
        gone = liveclock.spent_since(last_seen, self._now())
        return self._annotate(endings.LEFT, now, gone)

    # --- internals ---------------------------------------------------------------------------
    def _now(self) -> float:
        if self.now_ms is None:
            raise MatchError(_("The time of the move is missing."))
        return self.now_ms

    def _timed_next(self, data: MatchData) -> MatchData:
        """The next link's data with its interval (a timed match); refused after this player's
        own flag fell."""
        t = self._data.timing
        if t is None:
            return data
        d = self._data
        if liveclock.out_of_time(t, d.count, self.held_at, self._now()) == self.seat:
            raise MatchError(_("Your time ran out: this move can no longer be sent."))
        cs = liveclock.spent_since(self.held_at, self._now()) if liveclock.running(d.count) else 0
        return attrs.evolve(data, timing=t.then(cs))

    def _timed_receive(self, opened: Opened, live: bool) -> None:
        """Refuse a received link whose clock breaks the rule (``liveclock.check_received``), and
        a claim on time made earlier than this browser saw the friend wait."""
        new, held = opened.data, self._data
        if (new.timing is None) != (held.timing is None):
            raise MatchError(_("This link belongs to another match."))
        if new.timing is None or held.timing is None:
            return
        if self.seat is None:  # a spectator checks only that the clock continues the one held
            liveclock.check_received(new.timing, held.timing, None, 0, False, opened.verified)
            return
        e = new.ending
        if e is not None and e.kind == endings.FLAG and e.seat != self.seat and held.ending != e:
            liveclock.check_claim_seen(e.waited, self.held_at, self._now())
        if new.count != held.count:  # an earlier link too: its intervals must be the ones held
            liveclock.check_received(
                new.timing, held.timing, self.held_at, self._now(), live, opened.verified
            )

    def _held(self, count: int) -> None:
        """About to hold link ``count``: a link of another number starts the clock from now."""
        d = self.__dict__.get("_data")
        if d is None or d.count != count:
            self.held_at = self.now_ms
