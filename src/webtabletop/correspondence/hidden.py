"""What every match of a game with hidden cards shares: one more link after the end of the game.

The link whose moves end the game carries its sender's secret; the other seat's reply carries both
(and no move). So a player may send one link after the end (``my_link``), the match is
``complete`` once that link exists, and ``verdict`` says what the end check found. Subclasses
keep their public replay in ``_replay`` (with ``end``: the link that ended the game, 0 before).

**A resignation** (``correspondence.endings``) ends such a game too, at any time from link
:data:`~webtabletop.correspondence.endings.HIDDEN_FROM`: the latest link again, carrying the
resigner's *reveal* (``_own_reveal``: what its end link would carry). The other player's one link
after it is the same annotation with its own reveal added (``link``); the deadline and the forfeit
work as after any end. The end check then runs on the position the game stopped in
(``_revealed_in`` gives each scheme the reveals: the secrets, and HTT's unplayed cards). A
resignation that crossed this browser's later link takes the match back to the link it was made
on (``_take_ending``, ``_forget_after``).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any, Protocol

import attrs

from webtabletop.core.ending import end as end_state
from webtabletop.core.protocol import State
from webtabletop.correspondence import clock, endings, turns
from webtabletop.correspondence.data import MatchData
from webtabletop.correspondence.endings import RESIGN, hidden_from
from webtabletop.correspondence.errors import MatchError, known
from webtabletop.correspondence.link import Opened
from webtabletop.correspondence.match import Match
from webtabletop.correspondence.verdict import Verdict
from webtabletop.fairplay.beacon import sender
from webtabletop.fairplay.kdf import SECRET_BYTES
from webtabletop.i18n import _


class Replay(Protocol):
    """What every scheme's public replay gives (``dealt.Dealt``, ``chosen.Chosen``, ``drawn.Drawn``)."""

    @property
    def state(self) -> State: ...

    @property
    def end(self) -> int: ...

    @property
    def history(self) -> tuple[tuple[State, str], ...]: ...


class HiddenMatch(Match):
    _verdict: Verdict | None = None
    _true: State | None = None  # the true final position, once the end check verified the game

    #: the scheme's public replay of a link's data (``dealt.walk``, ``chosen.walk`` or ``drawn.walk``)
    walk: Callable[..., Replay]
    #: that replay of the latest link held (None while a link is checked in full)
    _replay: Any

    def stored(self) -> dict:
        """What storage keeps besides the base fields (``store.to_json``): the latest link."""
        return {"link": self.latest_link}

    @classmethod
    def restored(cls, doc: dict, text_list) -> dict:
        """The constructor's extra arguments from a stored document (``store.from_json``)."""
        return {}

    def _set(self, data: MatchData) -> None:
        """A new match (no link yet): a stored one is opened from its latest link instead."""
        if data.count:
            raise MatchError(_("This stored match is damaged."))
        values = turns.verify_chains(self.spec, self._options, data)
        replay = self.walk(self.spec, data, values, 0, 0)
        self._set_opened(Opened(data, values, replay.state, 0, 1, replay))

    @property
    def resign_from(self) -> int:
        return hidden_from(self._data)

    @property
    def resigned(self) -> bool:
        """The game ended by a resignation (an annotation on the latest link)."""
        e = self._data.ending
        return e is not None and e.kind == RESIGN

    @property
    def my_link(self) -> bool:
        if self.finding is not None:  # a proven cheat: the match goes no further
            return False
        if self.resigned:  # the one link left: the other player's answer with its reveal
            return self.seat is not None and known(self._data.ending).reveals[self.seat] is None
        end = self._replay.end
        m = self._data.count + 1
        return self.seat is not None and sender(m) == self.seat and (not end or m == end + 1)

    @property
    def complete(self) -> bool:
        """The game is over and both secrets were sent (nothing more to send)."""
        if self.resigned:
            return None not in known(self._data.ending).reveals
        return bool(self._replay.end) and self._data.count > self._replay.end

    @property
    def _finished(self) -> bool:
        """The game ended, by its moves or by a resignation: the secrets are due."""
        return bool(self._replay.end) or self.resigned

    # --- resigning -------------------------------------------------------------------------
    def _own_reveal(self) -> bytes:
        """What this player's end link reveals: its secret (HTT adds its unplayed cards)."""
        return known(self._secret)

    def _reveal_link(self, now: datetime.date | None) -> str:
        """The answer to the other player's resignation: the same annotation with this player's
        reveal added (sent once; the latest link again after that)."""
        e = endings.revealed(known(self._data.ending), known(self.seat), self._own_reveal())
        return self._relink(e, now)

    @staticmethod
    def _revealed_in(data: MatchData) -> dict[int, bytes]:
        """The reveals of the resignation on the link ``data``, by seat (none without one)."""
        e = data.ending
        if e is None or e.kind != RESIGN:
            return {}
        return {seat: r for seat, r in enumerate(e.reveals) if r is not None}

    @staticmethod
    def _secret_of(reveal: bytes) -> bytes:
        """The secret in a reveal of SHT or CardGO (exactly the secret)."""
        if len(reveal) != SECRET_BYTES:
            raise MatchError(_("The match link is damaged."))
        return bytes(reveal)

    def _take_ending(self, opened: Opened) -> None:
        """As :class:`Match`; a resignation made on an earlier link than the one held takes the
        match back to that link first (a refused link still changes nothing)."""
        if opened.data.count >= self._data.count:
            self._set_opened(opened)
            return
        kept = dict(self.__dict__)
        try:
            self._forget_after(opened.data.count)
            self._set_opened(opened)
        except Exception:
            self.__dict__.clear()
            self.__dict__.update(kept)
            raise

    def _same_link(self, data: MatchData) -> bool:
        """``data`` is the link held, but for its ending and date (an annotation: its checks
        were made when the link first came)."""
        held = getattr(self, "_data", None)
        if held is None or getattr(self, "_replay", None) is None:
            return False
        return attrs.evolve(data, ending=None, date=0) == attrs.evolve(held, ending=None, date=0)

    def _forget_after(self, count: int) -> None:
        """Drop what this browser keeps of the links after link ``count`` (a scheme's own)."""

    def _turn_start(self) -> State:
        """The scheme's position (``_position``), finished as the resignation finished it."""
        s = self._position()
        ending = self._data.ending
        if ending is not None and ending.final and not s.is_over:
            s = end_state(s, ending.code(self._data.creator_side))
        return s

    def _position(self) -> State:
        raise NotImplementedError

    @property
    def dice_unknown(self) -> bool:
        return False

    @property
    def public_history(self) -> tuple[tuple[State, str], ...]:
        """The public replay's moves, each with the public position before it (in which the card
        the move made public is named)."""
        return self._replay.history

    @property
    def public_position(self) -> State:
        """The public position after the last move sent or received (where ``public_history``
        ends). Not ``before.apply_code(code)``: a public position cannot always check a move's
        legality again (SHT's quick defence with closed cards, whose values it does not know)."""
        return self._replay.state

    @property
    def _judged(self) -> Verdict | None:
        """The end check's verdict as this browser may say it: a spectator names nobody
        (``Verdict.unproven``: it could not check who sent the links)."""
        v = self._verdict
        return v.unproven() if v is not None and self.seat is None else v

    @property
    def verdict(self) -> str | None:
        """None until the game is over and both secrets are known; then the end check's sentence."""
        judged = self._judged
        return None if judged is None else judged.text

    @property
    def awaiting_secret(self) -> bool:
        """The game is over and this player sent its secret; the other player's link that
        reveals theirs (and lets every card be checked) has not arrived."""
        return self.seat is not None and self._finished and not self.complete and not self.my_link

    @property
    def reveal_deadline(self) -> datetime.date | None:
        """While :attr:`awaiting_secret`, the last day for the other player's revealing link (the
        match's days per move, or seven days); after it the game shows as unverified and may be
        counted as a forfeit (``docs/fair-play.md``)."""
        if not self.awaiting_secret:
            return None
        return clock.reveal_deadline(self._data.date, self._data.days)

    @property
    def verified(self) -> bool | None:
        """None until the end check ran; then whether everything held."""
        return None if self._verdict is None else self._verdict.ok

    @property
    def cheater(self) -> int | None:
        """The seat whose part of the protocol the end check found broken, when it can tell."""
        judged = self._judged
        return None if judged is None else judged.cheater

    @property
    def revealed(self) -> bool:
        """``state`` holds every card of both players: the end check verified the game, so
        nothing is secret any more and a view may show it all."""
        return self._true is not None
