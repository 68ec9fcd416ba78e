"""What every match of a game with hidden cards shares: one more link after the end of the game.

The link whose moves end the game carries its sender's secret; the other seat's reply carries both
(and no move). So a player may send one link after the end (``my_link``), the match is
``complete`` once that link exists, and ``verdict`` says what the end check found. Subclasses
keep their public replay in ``_replay`` (with ``end``: the link that ended the game, 0 before).
"""

from __future__ import annotations

import datetime

from webtabletop.core.protocol import State
from webtabletop.correspondence import clock, turns
from webtabletop.correspondence.data import MatchData
from webtabletop.correspondence.errors import MatchError
from webtabletop.correspondence.link import Opened
from webtabletop.correspondence.match import Match
from webtabletop.correspondence.verdict import Verdict
from webtabletop.fairplay.beacon import sender
from webtabletop.i18n import _


class HiddenMatch(Match):
    _verdict: Verdict | None = None
    _true: State | None = None  # the true final position, once the end check verified the game

    #: the scheme's public replay of a link's data (``dealt.walk``, ``chosen.walk`` or ``drawn.walk``)
    walk = None

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
    def my_link(self) -> bool:
        end = self._replay.end
        m = self._data.count + 1
        return self.seat is not None and sender(m) == self.seat and (not end or m == end + 1)

    @property
    def complete(self) -> bool:
        """The game is over and both secrets were sent (nothing more to send)."""
        return bool(self._replay.end) and self._data.count > self._replay.end

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
    def verdict(self) -> str | None:
        """None until the game is over and both secrets are known; then the end check's sentence."""
        return None if self._verdict is None else self._verdict.text

    @property
    def awaiting_secret(self) -> bool:
        """The game is over and this player sent its secret; the other player's link that
        reveals theirs (and lets every card be checked) has not arrived."""
        end = self._replay.end
        return self.seat is not None and bool(end) and not self.complete and not self.my_link

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
        return None if self._verdict is None else self._verdict.cheater

    @property
    def revealed(self) -> bool:
        """``state`` holds every card of both players: the end check verified the game, so
        nothing is secret any more and a view may show it all."""
        return self._true is not None
