"""A friend's moves arriving: the one path they take to the reader's ears.

Whatever carries a friend's moves here (a link pasted or opened: :mod:`~webtabletop.app.match.flow`;
a live channel), once the match holds them it calls :func:`heard` with the number of moves it
held before. Each new move is then read out once, in this reader's language, as this browser
sees it: the game's own sentence, the news this player may know (their own new cards, never the
friend's), the game's end (:func:`webtabletop.app.widgets.announce.arrived`; the page reads the
answer's ``announce`` through ``wttAnnounce``, web/text-mode.js).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from webtabletop.app.widgets import announce
from webtabletop.core.protocol import State

if TYPE_CHECKING:
    from webtabletop.app.model.effects import Effects
    from webtabletop.app.model.openmatch import OpenMatch


def steps(om: OpenMatch, first: int) -> list[tuple[State, State, str]]:
    """(before, after, code) of the match's moves from ``first`` on, as this browser sees them."""
    m = om.match
    history = m.public_history
    out = []
    for i in range(first, len(history)):
        before, code = history[i]
        after = history[i + 1][0] if i + 1 < len(history) else m.public_position
        out.append((m.seen(before), m.seen(after), code))
    return out


def heard(fx: Effects, om: OpenMatch, first: int) -> None:
    """Read out the moves the match on screen holds from move ``first`` on (0-based)."""
    announce.arrived(fx, om, steps(om, first))
