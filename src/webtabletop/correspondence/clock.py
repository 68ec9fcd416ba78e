"""The correspondence clock: days per move, deadlines as dates (the model only; no clock is read).

Invariant: the player who must send the next link has until ``date of the latest link + days``;
a match without a clock (``days == 0``), with no link sent yet, or whose game is over, has no
deadline. Dates are shown as ISO dates (``YYYY-MM-DD``).
"""

from __future__ import annotations

import datetime

MAX_DAYS = 365
#: days a player has to send the link that reveals its secret when the match set no clock
REVEAL_DAYS = 7


def deadline(date_ordinal: int, days: int, over: bool) -> datetime.date | None:
    if not days or not date_ordinal or over:
        return None
    return datetime.date.fromordinal(date_ordinal + days)


def overdue(limit: datetime.date | None, now: datetime.date) -> bool:
    """True once the whole last day of the deadline has passed."""
    return limit is not None and now > limit


def reveal_deadline(date_ordinal: int, days: int) -> datetime.date:
    """The last day for the link that reveals the other player's secret after the end of a game
    with hidden cards: the match's days per move, or :data:`REVEAL_DAYS` without a clock."""
    return datetime.date.fromordinal(date_ordinal + (days or REVEAL_DAYS))
