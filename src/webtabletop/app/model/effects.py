"""The answer to one action: what the page (web/main.py) applies, built while the action runs.

Every handler of :mod:`~webtabletop.app.shell.app`'s table gets an :class:`Effects` and records on it what the page
must do; :func:`~webtabletop.app.shell.render.render` adds the screen, and :meth:`Effects.to_json` is the dict the
worker sends back. The keys (a field left at ``None`` is not sent):

- ``html`` / ``title`` / ``route``: the new content of ``#app``, the document title and the kind
  of screen (``body[data-route]``);
- ``writes``: localStorage writes ``[{key, value}]``, applied in order; the page stops at the
  first one that fails (a full storage), so a backup written first always exists before the
  document it protects is changed;
- ``removes``: ``[{key, kept_as}]`` applied after every write succeeded; with ``kept_as`` the
  page removes ``key`` only when ``kept_as`` holds the same content (the copy exists);
- ``hash``: replace the URL fragment (no new history entry);
- ``clipboard`` / ``download`` ``{name, text}`` / ``toast`` (and ``toast_link``): effects for the
  page;
- ``then``: an action the page sends as soon as it has applied this answer (the Share window
  opens at once, then its QR code is drawn);
- ``focus``: the data-key of the element that takes the focus after the render (a closed
  window gives it back to the button that opened it);
- ``ai``: true when the computer is to move next — the page renders, then sends ``{"type": "ai"}``;
- ``moved`` / ``sound`` / ``status``: the answer follows a move (see :mod:`~webtabletop.app.widgets.playfeel`): the page
  animates, plays the sound and announces ``status``; ``feel``: the motion/sound settings;
  ``top``: a new board is shown (the page scrolls to its top); ``premove``: the game accepts a
  queued move while the computer thinks; ``selection``: something on the board is selected;
- ``announce``: sentences the page reads out once through its live region (every move, the
  computer's and a friend's too, a roll, a card drawn, the end: :mod:`~webtabletop.app.widgets.announce`);
- ``quiet``: an answer to another tab's storage change that need not be drawn again;
- ``ai_stats`` / ``bench``: what the computer's search reached (benchmarks read them);
- ``lab``: start a lab run on the page's pool of engine workers (``{run, tasks, workers}``) or stop
  one (``{cancel: run}``): web/labpool.mjs (:mod:`~webtabletop.app.lab.flow`);
- ``live``: what the page's live channel does (web/liveplay.mjs): a list of ``{op, …}`` (make an
  offer or an answer, accept one, send a link, hand an answer to the tab that waits for it,
  close, notify) (:mod:`~webtabletop.app.match.live`);
- ``part``: ``{id, html}``: only the element ``id`` of the screen on show changes, to ``html``
  (the lab's live results); the answer then carries no ``html`` and the rest of the screen, its
  focus and what is typed in its forms stay as they are.

``follow`` is not sent: it is a navigation a game's page asked for (:meth:`PageContext.go
<webtabletop.app.model.extensions.PageContext.go>`), which the shell follows once the handler is done.
"""

from __future__ import annotations

from typing import Any

import attrs

#: the keys sent besides ``writes`` and ``removes``, in the order they are sent
SENT = (
    "hash",
    "toast",
    "toast_link",
    "clipboard",
    "download",
    "then",
    "focus",
    "moved",
    "sound",
    "status",
    "announce",
    "ai_stats",
    "bench",
    "lab",
    "live",
    "part",
    "quiet",
    "ai",
    "selection",
    "premove",
    "top",
    "feel",
    "html",
    "title",
    "route",
)


@attrs.define(eq=False)
class Effects:
    writes: list[dict[str, Any]] = attrs.Factory(list)
    removes: list[dict[str, Any]] = attrs.Factory(list)
    hash: str | None = None
    toast: str | None = None
    toast_link: str | None = None
    clipboard: str | None = None
    download: dict[str, str] | None = None
    then: dict[str, Any] | None = None
    focus: str | None = None
    moved: bool | None = None
    sound: str | None = None
    status: str | None = None
    announce: list[str] | None = None
    ai_stats: dict[str, Any] | None = None
    bench: dict[str, Any] | None = None
    lab: dict[str, Any] | None = None
    live: list[dict[str, Any]] | None = None
    part: dict[str, str] | None = None
    quiet: bool | None = None
    ai: bool | None = None
    selection: bool | None = None
    premove: bool | None = None
    top: bool | None = None
    feel: dict[str, bool | str] | None = None
    html: str | None = None
    title: str | None = None
    route: str | None = None
    #: a navigation to follow after the handler (not sent)
    follow: str | None = None

    def say(self, message: str, link: str | None = None) -> None:
        """A toast (``link``: a text the toast offers to copy, e.g. the position text)."""
        self.toast = message
        if link:
            self.toast_link = link

    def live_op(self, op: str, **fields: Any) -> None:
        """One more thing for the page's live channel to do (``live``), in order."""
        if self.live is None:
            self.live = []
        self.live.append({"op": op, **fields})

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"writes": self.writes, "removes": self.removes}
        for key in SENT:
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        return out
