"""What the page reads out: every change to a game, once, in the reader's language.

Every move reaches the reader's ears through one of two functions, which put sentences on the
answer (``Effects.announce``); the page reads them through its one live region
(``web/text-mode.js``: ``wttAnnounce``), in text mode and out of it:

- :func:`moved`: a move made on this device: the player's, the computer's, a lesson's or a
  puzzle's reply, a redo (``playfeel.moved`` calls it);
- :func:`arrived`: moves that came from elsewhere: a friend's link (``app/match/flow.py``), and
  live play's channel, which hands each move it receives to this same function.

The sentences are the game's own: its ``describe_move`` (what the move did, public facts only),
then its ``news`` for the viewer (a new roll, a card drawn: only to the player who may know it;
nobody's behind a hot-seat privacy screen), then the game's end. A view that fails to describe
never breaks a move: the move's label is read instead.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

from webtabletop.app.widgets.textmode import outcome_words
from webtabletop.core.ending import is_ending, sentence
from webtabletop.core.protocol import State
from webtabletop.core.view import move_label

if TYPE_CHECKING:
    from webtabletop.app.model.effects import Effects


def describe(holder: Any, before: State, after: State, code: str) -> str:
    """The view's sentence for a move; its label if the view fails (the status line never breaks
    a move). ``holder``: a game, match or lesson on screen (it has ``view``)."""
    if is_ending(code):
        return sentence(code, holder.view.player_names, holder.view.side_names_plural)
    try:
        text = holder.view.describe_move(before, after, code)
    except Exception:  # noqa: BLE001 - a view's sentence is decoration, the move stands
        text = ""
    return str(text or move_label(before, code))


def sentences(holder: Any, before: State, after: State, code: str, viewer: int | None) -> list[str]:
    """What a move says to ``viewer``: the move, the news only they may know, the game's end."""
    out = [describe(holder, before, after, code)]
    with contextlib.suppress(Exception):  # news are decoration too: the move stands
        out += [str(s) for s in holder.view.news(before, after, code, viewer)]
    outcome = after.outcome()
    if outcome is not None and not is_ending(code):
        out.append(outcome_words(holder.view, outcome))
    return [s for s in out if s]


def viewer_of(holder: Any) -> int | None:
    """Whose eyes the screen is drawn for (None: a spectator, or nobody behind a privacy screen)."""
    try:
        return holder.context({}).viewer
    except Exception:  # noqa: BLE001 - no context: only public facts
        return None


def moved(fx: Effects, holder: Any, before: State, code: str, said: str | None = None) -> None:
    """A move made on this device: its sentences for the viewer after it (``said``: the move's
    sentence already written for the status line)."""
    after = holder.state
    lines = sentences(holder, before, after, code, viewer_of(holder))
    if said:
        lines[0] = said
    fx.announce = [*(fx.announce or []), *lines]


def arrived(fx: Effects, holder: Any, steps: list[tuple[State, State, str]]) -> None:
    """Moves that came from elsewhere (a friend's link, a live channel), oldest first, each as
    (position before, position after, code) as this browser sees them."""
    viewer = viewer_of(holder)
    lines: list[str] = []
    for before, after, code in steps:
        lines += sentences(holder, before, after, code, viewer)
    if lines:
        fx.announce = [*(fx.announce or []), *lines]
