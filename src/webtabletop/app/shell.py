"""The app controller: one :class:`App` per page, driven by actions from web/main.py.

An action is a dict with a ``type``; :meth:`App.handle` returns a response dict:

- ``html`` / ``title``: the new content of ``#app`` and the document title;
- ``writes``: localStorage writes ``[{key, value}]``, applied in order; the page stops at the
  first one that fails (a full storage), so a backup written first always exists before the
  document it protects is changed;
- ``removes``: ``[{key, kept_as}]`` applied after every write succeeded; with ``kept_as`` the
  page removes ``key`` only when ``kept_as`` holds the same content (the copy exists);
- ``hash``: replace the URL fragment (no new history entry);
- ``clipboard`` / ``download`` ``{name, text}`` / ``toast``: effects for the page;
- ``then``: an action the page sends as soon as it has applied this answer (the Share window
  opens at once, then its QR code is drawn);
- ``focus``: the data-key of the element that takes the focus after the render (a closed
  window gives it back to the button that opened it);
- ``ai``: true when the computer is to move next — the page renders, then sends ``{"type": "ai"}``;
- ``moved`` / ``sound`` / ``status``: the answer follows a move (see :mod:`.playfeel`): the page
  animates, plays the sound and announces ``status``; ``feel``: the motion/sound settings;
  ``top``: a new board is shown (the page scrolls to its top); ``premove``: the game accepts a
  queued move while the computer thinks.

Games come from the registry; each game package provides ``VIEW`` (a GameView) and may provide
``ai_choose`` (else the generic MCTS is used).

The controller is split by concern: :mod:`.routes` (start, URL fragments, saved games, links),
:mod:`.commands` (moves and the game screen's buttons), :mod:`.newgame` (the new-game form and
the editor), :mod:`.dataio` (imports, other tabs), :mod:`.screens` (rendering); this module
holds the entry point and the few helpers every part uses.
"""

from __future__ import annotations

from typing import Any

import attrs

from webtabletop.app import editor, matchflow, persist, play, routes
from webtabletop.app.commands import Commands
from webtabletop.app.dataio import DataIO
from webtabletop.app.effects import Effects
from webtabletop.app.extensions import PageContext, game_pages
from webtabletop.app.newgame import NewGame
from webtabletop.app.screens import Screens
from webtabletop.app.state import AppState
from webtabletop.core import storage
from webtabletop.core.inputs import is_finite_number
from webtabletop.core.protocol import GameError
from webtabletop.i18n import _

__all__ = ["App"]


MATCH_ACTIONS = {
    "move": matchflow.on_move,
    "pick": matchflow.on_pick,
    "hover": matchflow.on_hover,
    "drop": matchflow.on_drop,
    "cancel": matchflow.on_cancel,
    "premove": lambda st, fx, action: None,
    "cmd": matchflow.on_cmd,
    "form": matchflow.on_form,
}


class App(Commands, NewGame, DataIO, Screens):
    def __init__(self) -> None:
        self.state = AppState()
        self.fx = Effects()


    # ------------------------------------------------------------------ entry point
    def handle(self, action: dict[str, Any]) -> dict[str, Any]:
        self.fx = Effects()
        kind = action.get("type")
        now = action.get("now")
        if is_finite_number(now) and 0 <= now < 10**15:
            self.now = float(now)
        try:
            if kind == "start":
                routes.on_start(self.state, self.fx, action)
            elif kind == "hash":
                routes.on_hash(self.state, self.fx, action)
            elif kind == "ai":
                play.ai_move(self.state, self.fx, action)
            elif kind == "bench":
                play.bench(self.state, self.fx, action)
            elif kind == "storage":
                self._storage_event(action.get("key"), action.get("value"))
            elif kind == "pick" and self.route[0] == "editor":
                editor.on_pick(self.state, self.fx, action)
            elif kind == "cmd" and action.get("name") == "dismiss-notices":
                self.notices = []
            elif self.route[0] == "match" and kind in ("move", "pick", "hover", "drop", "cancel", "premove", "cmd", "form"):
                MATCH_ACTIONS[kind](self.state, self.fx, action)
            elif self.route[0] == "page" and kind in ("pick", "cmd", "form", "change", "import", "drop"):
                game_pages(self.route[1]).handle(self.route[2], action, PageContext(self.state, self.fx))
            elif self.session is None and kind in ("move", "pick", "hover", "change", "drop", "premove", "cancel"):
                pass
            elif kind == "move":
                play.on_move(self.state, self.fx, action)
            elif kind == "pick":
                play.on_pick(self.state, self.fx, action)
            elif kind == "hover":
                play.on_hover(self.state, self.fx, action)
            elif kind == "drop":
                play.on_drop(self.state, self.fx, action)
            elif kind == "cancel":  # a drag released outside every target
                play.on_cancel(self.state, self.fx, action)
            elif kind == "premove":
                play.on_premove(self.state, self.fx, action)
            elif kind == "cmd":
                self._cmd(str(action.get("name", "")), action.get("arg"))
            elif kind == "change":
                self._change(str(action.get("name", "")), action.get("value"))
            elif kind == "form":
                self._form(str(action.get("name", "")), action.get("data") or {})
            elif kind == "import":
                self._import(str(action.get("text", "")), str(action.get("name", "file")))
            else:
                self._toast(_("Unknown action “{action}”.").format(action=kind))
            if self.fx.follow is not None:  # a game's page asked to go elsewhere (PageContext.go)
                fragment, self.fx.follow = self.fx.follow, None
                routes.route(self.state, self.fx, fragment)
        except GameError as exc:  # a player's mistake: say it, keep everything
            if self.session is not None and self.route[0] == "game":
                self.session.message = str(exc)
            elif self.match_open is not None and self.route[0] == "match":
                self.match_open.message = str(exc)
            else:
                self._toast(str(exc))
        return self._render()

    def _write(self, w: storage.Write) -> None:
        persist.write(self.state, self.fx, w)

    def _remove(self, r: storage.Remove) -> None:
        persist.remove(self.state, self.fx, r)

    def _read(self, key: str, schema: storage.Schema) -> Any:
        return persist.read(self.state, self.fx, key, schema)

    def _apply_read(self, result: storage.ReadResult) -> None:
        persist.apply_read(self.state, self.fx, result)

    def _notice(self, message: str) -> None:
        persist.notice(self.state, message)

    def _set_aside(self, key: str, message: str) -> str:
        return persist.set_aside(self.state, self.fx, key, message)

    def _toast(self, message: str, link: str | None = None) -> None:
        self.fx.say(message, link)


def _state_field(name: str) -> property:
    """Step 1 of untying the mixins: ``self.<field>`` is the state's field."""
    return property(lambda self: getattr(self.state, name), lambda self, value: setattr(self.state, name, value))


for _name in attrs.fields_dict(AppState):
    setattr(App, _name, _state_field(_name))
