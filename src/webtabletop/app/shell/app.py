"""The app's one entry point and its wiring: which function answers which action on which screen.

Modelled on chessground's ``api.ts``: :class:`App` holds the one :class:`~webtabletop.app.model.state.AppState` and
answers each action of web/main.py with a dict (:class:`~webtabletop.app.model.effects.Effects` lists its keys). The
modules of functions it wires never import this module (nor each other in a circle: a test
keeps ``webtabletop.app`` free of import cycles).

How an action is answered (:func:`handler_for`):

1. a ``cmd`` named in :data:`commands.EVERY_SCREEN <webtabletop.app.game.commands.EVERY_SCREEN>`
   (the notices' Dismiss) is answered on every screen;
2. else the screen on show (``route[0]``) answers the action types listed for it in
   :data:`SCREENS`;
3. else :data:`ACTIONS` answers it (the page's start, URL changes, other tabs, files, the
   computer's move, and the game screen's moves and commands);
4. else the player is told the action is unknown.

A handler that raises :class:`GameError` (a player's mistake) changes nothing more: the
message goes to the game or match on screen, or to a toast. Then the screen on show is drawn
by its renderer (:data:`SCREENS`) into the same answer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from webtabletop.app.data import flow as dataio
from webtabletop.app.game import commands, editor, newgame, ownpages, play
from webtabletop.app.game import render as gamerender
from webtabletop.app.lab import flow as lab
from webtabletop.app.learn import lessons, puzzles
from webtabletop.app.match import flow as matchflow
from webtabletop.app.match import pages as matchpages
from webtabletop.app.match import parts as matchparts
from webtabletop.app.model.effects import Effects
from webtabletop.app.model.state import AppState
from webtabletop.app.review import board as reviewboard
from webtabletop.app.review import flow as reviewflow
from webtabletop.app.review import screen as reviewscreen
from webtabletop.app.shell import render, routes
from webtabletop.core.inputs import is_finite_number
from webtabletop.core.protocol import GameError
from webtabletop.i18n import _

__all__ = ["ACTIONS", "SCREENS", "App", "Screen", "handler_for"]

#: answers one action: changes the state, records effects on the answer
Handler = Callable[[AppState, Effects, dict[str, Any]], None]


def ignore(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    """An action this screen receives and has nothing to do with (the answer redraws it)."""


@attrs.frozen
class Screen:
    """A kind of screen: how it is drawn, and the actions it answers itself."""

    render: render.Renderer
    actions: dict[str, Handler] = attrs.field(factory=dict)


#: the screens, by the first item of ``AppState.route`` (see :mod:`~webtabletop.app.model.state`)
SCREENS: dict[str, Screen] = {
    "home": Screen(render.home),
    "friends": Screen(render.friends),
    "rules": Screen(render.rules),
    "error": Screen(render.error),
    "data": Screen(dataio.render),
    "game": Screen(gamerender.render, {"form": play.on_form}),  # and ACTIONS' move, pick, cmd, …
    "new": Screen(newgame.render, {"form": newgame.on_form}),
    "editor": Screen(editor.render, {"pick": editor.on_pick, "cmd": editor.on_cmd, "form": editor.on_form}),
    "page": Screen(ownpages.render, dict.fromkeys(ownpages.ACTIONS, ownpages.on_action)),
    "match": Screen(
        matchpages.render,
        {
            "move": matchflow.on_move,
            "pick": matchflow.on_pick,
            "hover": matchflow.on_hover,
            "drop": matchflow.on_drop,
            "lift": matchflow.on_lift,
            "cancel": matchflow.on_cancel,
            "premove": ignore,
            "cmd": matchflow.on_cmd,
            "form": matchparts.on_form,
        },
    ),
    "parts": Screen(matchparts.render, {"form": matchparts.on_form}),
    "learn": Screen(lessons.render_list),
    "lesson": Screen(
        lessons.render_lesson,
        {
            "move": lessons.on_move,
            "pick": lessons.on_pick,
            "hover": lessons.on_hover,
            "drop": lessons.on_drop,
            "cancel": lessons.on_cancel,
            "premove": lessons.ignore,
            "change": lessons.ignore,
            "cmd": lessons.on_cmd,
            "ai": lessons.ignore,
        },
    ),
    "puzzles": Screen(puzzles.render_list),
    "puzzle": Screen(
        puzzles.render_puzzle,
        {
            "move": lessons.on_move,
            "pick": lessons.on_pick,
            "hover": lessons.on_hover,
            "drop": lessons.on_drop,
            "cancel": lessons.on_cancel,
            "premove": lessons.ignore,
            "change": lessons.ignore,
            "cmd": puzzles.on_cmd,
            "ai": lessons.ignore,
        },
    ),
    "review": Screen(
        reviewscreen.render,
        {
            "review-step": reviewflow.on_step,
            "cmd": reviewflow.on_cmd,
            "import": reviewflow.on_import,
            # the analysis board's moves, or the tries of "Learn from your mistakes"
            "move": reviewboard.on_move,
            "pick": reviewboard.on_pick,
            "hover": reviewboard.on_hover,
            "drop": reviewboard.on_drop,
            "cancel": reviewboard.on_cancel,
            **dict.fromkeys(("premove", "change", "ai"), ignore),
        },
    ),
    "lab": Screen(lab.render, {"form": lab.on_form, "cmd": lab.on_cmd, "lab_results": lab.on_results}),
}

#: the actions of every screen (unless the screen answers the type itself: SCREENS)
ACTIONS: dict[str, Handler] = {
    "start": routes.on_start,
    "hash": routes.on_hash,
    "storage": dataio.on_storage,
    "import": dataio.on_import,
    "ai": play.ai_move,
    "bench": play.bench,
    "review-step": reviewflow.on_step_elsewhere,
    # the game screen's (with no game open, the board's own actions do nothing)
    "move": play.on_move,
    "pick": play.on_pick,
    "hover": play.on_hover,
    "drop": play.on_drop,
    "lift": play.on_lift,
    "cancel": play.on_cancel,
    "premove": play.on_premove,
    "cmd": commands.on_cmd,
    "change": commands.on_change,
    "form": newgame.form_not_open,
    "lab_results": lab.on_results,  # a run's late answer after the player left the lab: ignored
}


def unknown(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    fx.say(_("Unknown action “{action}”.").format(action=action.get("type")))


def handler_for(st: AppState, action: dict[str, Any]) -> Handler:
    """The function that answers ``action`` on the screen on show."""
    kind, name = action.get("type"), action.get("name")
    if not isinstance(kind, str):  # JSON from the page: any value, only a text names an action
        return unknown
    if kind == "cmd" and isinstance(name, str) and name in commands.EVERY_SCREEN:
        return commands.on_cmd
    screen = SCREENS.get(st.route[0])
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
