"""Refusals of the match layer: each is a :class:`GameError` with one whole translated sentence.

Fair-play refusals (a chain value that does not follow its commitment) keep their own class
(:class:`webtabletop.fairplay.errors.ChainRefused`); everything else a link or a stored match can
get wrong is a :class:`MatchError`.
"""

from __future__ import annotations

from webtabletop.core.errors import GameError


class MatchError(GameError):
    """A match link or a stored match that cannot be used, or an action this browser may not take."""
