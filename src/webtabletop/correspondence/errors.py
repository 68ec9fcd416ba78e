"""Refusals of the match layer: each is a :class:`GameError` with one whole translated sentence.

Fair-play refusals (a chain value that does not follow its commitment) keep their own class
(:class:`webtabletop.fairplay.errors.ChainRefused`); everything else a link or a stored match can
get wrong is a :class:`MatchError`.
"""

from __future__ import annotations

from typing import TypeVar

from webtabletop.core.errors import GameError
from webtabletop.i18n import _

T = TypeVar("T")


class MatchError(GameError):
    """A match link or a stored match that cannot be used, or an action this browser may not take."""


def known(value: T | None) -> T:
    """``value``, which the match's data must hold at this point (a seat's commitment once that
    seat has sent its first link, a player's keys): None there means a damaged link or store."""
    if value is None:
        raise MatchError(_("The match link is damaged."))
    return value
