"""The review on screen (data only; :mod:`.reviewflow` changes it, :mod:`.reviewscreen` draws it)."""

from __future__ import annotations

from typing import Any

import attrs

from webtabletop.ai.review import Reviewer
from webtabletop.core.protocol import GameSpec
from webtabletop.core.record import Record


@attrs.define(eq=False)
class ReviewSession:
    """The review on screen: the game, its analysis so far, the position shown."""

    spec: GameSpec
    record: Record
    reviewer: Reviewer
    #: the position shown (0 = the start, n = after move n)
    cursor: int = 0
    flipped: bool = False
    #: the analysis goes on (False: done, or cancelled by the player)
    running: bool = True
    #: the payload of the review's link (its address)
    payload: str = ""
    #: a ``review-step`` is on its way (one chain of steps at a time, whatever reopens the screen)
    pending: bool = False
    #: "Learn from your mistakes" under way (app/reviewlearn.py's ``Learn``), or None
    learn: Any = None
    #: (language, the moves' readable names), drawn once per language
    labels: tuple[str, list[str]] | None = None

    @property
    def states(self):
        return self.reviewer.states
