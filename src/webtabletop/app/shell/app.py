"""The app's one entry point: :class:`App` holds the one :class:`~webtabletop.app.model.state.AppState`
and answers each action of web/main.py with a dict (:class:`~webtabletop.app.model.effects.Effects`
lists its keys), through the table of :mod:`~webtabletop.app.shell.table`.

Modelled on chessground's ``api.ts``. The modules of functions it wires never import the shell
(the import contracts of pyproject.toml keep the app's packages in layers: shell, then the
features, then the widgets, then the model).

How an action is answered (:func:`handler_for`):

1. a ``cmd`` is found by its name among the commands of the screen on show (``route[0]``:
   :attr:`Screen.commands <webtabletop.app.model.screen.Screen.commands>` in
   :data:`~webtabletop.app.shell.table.SCREENS`), else among those of every screen
   (:data:`~webtabletop.app.shell.table.EVERY_SCREEN`, the notices' Dismiss); any other name is
   refused with a message;
2. another action type is answered by the screen on show if it lists it
   (:attr:`Screen.actions <webtabletop.app.model.screen.Screen.actions>`), else by
   :data:`~webtabletop.app.shell.table.ACTIONS` (the page's start, URL changes, other tabs, files,
   the computer's move, and the game screen's moves);
3. else the player is told the action is unknown.

A handler that raises :class:`GameError` (a player's mistake) changes nothing more: the
message goes to the game or match on screen, or to a toast. Then the screen on show is drawn
by its renderer into the same answer.
"""

from __future__ import annotations

from typing import Any

from webtabletop.app.model.effects import Effects
from webtabletop.app.model.screen import Handler
from webtabletop.app.model.state import AppState
from webtabletop.app.shell import render, routes
from webtabletop.app.shell.table import ACTIONS, EVERY_SCREEN, SCREENS
from webtabletop.core.inputs import is_finite_number
from webtabletop.core.protocol import GameError
from webtabletop.i18n import _

__all__ = ["App", "handler_for"]


def unknown(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    fx.say(_("Unknown action “{action}”.").format(action=action.get("type")))


def unknown_command(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    raise GameError(_("There is no command called {name}.").format(name=repr(str(action.get("name", ""))[:40])))


def handler_for(st: AppState, action: dict[str, Any]) -> Handler:
    """The function that answers ``action`` on the screen on show."""
    kind, name = action.get("type"), action.get("name")
    if not isinstance(kind, str):  # JSON from the page: any value, only a text names an action
        return unknown
    screen = SCREENS.get(st.route[0])
    if kind == "cmd":
        if not isinstance(name, str):
            return unknown_command
        commands = screen.commands_for(st) if screen is not None else {}
        return commands.get(name) or EVERY_SCREEN.get(name) or unknown_command
    if screen is not None and kind in screen.actions:
        return screen.actions[kind]
    return ACTIONS.get(kind, unknown)


class App:
    """One per page: the state, and :meth:`handle` (web/worker.py calls it through
    :class:`~webtabletop.app.shell.dispatch.Dispatcher`)."""

    def __init__(self) -> None:
        self.state = AppState()

    def handle(self, action: dict[str, Any], draw: bool = True) -> dict[str, Any]:
        """The answer to ``action``; ``draw=False``: the state changes alone, no screen drawn (the
        build's answers, tools/answers.py, draw only the last click of a line)."""
        st = self.state
        fx = Effects()
        now = action.get("now")
        if is_finite_number(now) and 0 <= now < 10**15:
            st.now = float(now)
        try:
            handler_for(st, action)(st, fx, action)
            if fx.follow is not None:  # a game's page asked to go elsewhere (PageContext.go)
                fragment, fx.follow = fx.follow, None
                routes.route(st, fx, fragment)
        except GameError as exc:  # a player's mistake: say it, keep everything
            if st.session is not None and st.route[0] == "game":
                st.session.message = str(exc)
            elif st.match_open is not None and st.route[0] == "match":
                st.match_open.message = str(exc)
            else:
                fx.say(str(exc))
        if not draw:
            return fx.to_json()
        screen = SCREENS.get(st.route[0])
        return render.answer(st, fx, screen.render if screen is not None else None)
