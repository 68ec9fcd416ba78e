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

from webtabletop.app import persist
from webtabletop.app.commands import Commands
from webtabletop.app.dataio import DataIO
from webtabletop.app.effects import Effects
from webtabletop.app.extensions import PageContext
from webtabletop.app.matchflow import MatchFlow
from webtabletop.app.matchpages import MatchPages
from webtabletop.app.modules import all_schemas, game_module, game_pages, game_view
from webtabletop.app.newgame import NewGame
from webtabletop.app.playfeel import PlayFeel
from webtabletop.app.routes import Routes
from webtabletop.app.saves import LAST_GAME, SAVED_GAME, Players, game_key, last_key
from webtabletop.app.screens import Screens
from webtabletop.app.session import Session
from webtabletop.app.state import AppState
from webtabletop.core import storage
from webtabletop.core.inputs import is_finite_number
from webtabletop.core.protocol import GameError, GameSpec
from webtabletop.core.record import History, Record
from webtabletop.i18n import _

__all__ = ["App", "Session", "all_schemas", "game_module", "game_pages", "game_view"]


class App(Routes, Commands, MatchFlow, MatchPages, PlayFeel, NewGame, DataIO, Screens):
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
                self._start(action)
            elif kind == "hash":
                if self.session is not None:
                    self.session.share = None  # another screen: the Share window is not reopened
                self._route(action.get("hash", ""))
            elif kind == "ai":
                self._ai_move()
            elif kind == "bench":
                self._bench(action)
            elif kind == "storage":
                self._storage_event(action.get("key"), action.get("value"))
            elif kind == "pick" and self.route[0] == "editor":
                self._editor_pick(str(action.get("token", "")))
            elif kind == "cmd" and action.get("name") == "dismiss-notices":
                self.notices = []
            elif self.route[0] == "match" and kind in ("move", "pick", "hover", "drop", "cancel", "premove", "cmd", "form"):
                self._match_action(kind, action)
            elif self.route[0] == "page" and kind in ("pick", "cmd", "form", "change", "import", "drop"):
                game_pages(self.route[1]).handle(self.route[2], action, PageContext(self.state, self.fx))
            elif self.session is None and kind in ("move", "pick", "hover", "change", "drop", "premove", "cancel"):
                pass
            elif kind == "move":
                self._play(str(action.get("code", "")))
            elif kind == "pick":
                self._pick(str(action.get("token", "")))
            elif kind == "hover":
                token, drag = action.get("token"), action.get("drag")
                self._hover(f"{drag}@{token}" if token and drag else token)
            elif kind == "drop":
                self._drop(str(action.get("drag", "")), str(action.get("drop", "")))
            elif kind == "cancel":  # a drag released outside every target
                self.session.selection = None
                self.session.hover = None
            elif kind == "premove":
                self._premove(str(action.get("drag", "")), str(action.get("drop", "")))
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
                self._route(fragment)
        except GameError as exc:  # a player's mistake: say it, keep everything
            if self.session is not None and self.route[0] == "game":
                self.session.message = str(exc)
            elif self.match_open is not None and self.route[0] == "match":
                self.match_open.message = str(exc)
            else:
                self._toast(str(exc))
        return self._render()

    # ------------------------------------------------------------------ sessions
    def _fresh_seed(self) -> int:
        return self.rng.next_u64() >> 32  # 32-bit seeds keep links short

    def _new_slot(self) -> str:
        return f"{int(self.now):x}-{self.rng.next_u64() & 0xFFFFFF:06x}"

    def _new_session(self, spec: GameSpec, options: Any, seed: int, players: Players) -> None:
        record = Record.new(spec, options, seed)
        self.session = Session(spec, self._new_slot(), History(record), players)
        self.route = ("game", spec.id)
        self._save()

    def _save(self) -> None:
        s = self.session
        if s is None:
            return
        if s.forked:  # never overwrite what another tab saved: keep both games
            s.slot = self._new_slot()
            s.forked = False
            self._toast(_("This game was also changed in another tab. Both versions are kept: see “Your data”."))
        w = storage.write(SAVED_GAME, game_key(s.spec.id, s.slot), s.save_data(self.now))
        s.saved_value = w.value
        self._write(w)
        self._write(storage.write(LAST_GAME, last_key(s.spec.id), {"slot": s.slot}))

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
