"""The app's one table: for each kind of screen (the first item of ``AppState.route``, see
:mod:`~webtabletop.app.model.state`), how it is drawn, the action types it answers and its
commands by name; then the commands of every screen and the actions answered on any screen.

Each ``data-cmd`` a screen's HTML emits is answered by exactly one function found here
(tests/app/test_command_table.py crawls every screen of every game to prove it, and fails on a
command nobody emits); docs/shell.md lists them all, generated from this table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from webtabletop.app.data import flow as dataio
from webtabletop.app.game import commands, editor, newgame, ownpages, play
from webtabletop.app.game import render as gamerender
from webtabletop.app.lab import flow as lab
from webtabletop.app.learn import lessons, puzzles
from webtabletop.app.match import flow as matchflow
from webtabletop.app.match import pages as matchpages
from webtabletop.app.match import parts as matchparts
from webtabletop.app.model.screen import Handler, Screen, ignore
from webtabletop.app.review import board as reviewboard
from webtabletop.app.review import flow as reviewflow
from webtabletop.app.review import screen as reviewscreen
from webtabletop.app.shell import render, routes

if TYPE_CHECKING:
    from webtabletop.app.model.effects import Effects
    from webtabletop.app.model.state import AppState

__all__ = ["ACTIONS", "EVERY_SCREEN", "SCREENS"]


def dismiss_notices(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    """The notices' Dismiss (problems with saved data, on any screen)."""
    st.notices = []


#: the commands every screen answers (a screen's own come first)
EVERY_SCREEN: dict[str, Handler] = {"dismiss-notices": dismiss_notices}

#: a lesson's or a puzzle's board: moves are judged, the rest does nothing
LESSON_BOARD: dict[str, Handler] = {
    "move": lessons.on_move,
    "pick": lessons.on_pick,
    "hover": lessons.on_hover,
    "drop": lessons.on_drop,
    "cancel": lessons.on_cancel,
    **dict.fromkeys(("premove", "change", "ai"), ignore),
}

#: the screens, by the first item of ``AppState.route``
SCREENS: dict[str, Screen] = {
    "home": Screen(render.home, commands=matchflow.FRIENDS_COMMANDS),
    "friends": Screen(render.friends, commands=matchflow.FRIENDS_COMMANDS),
    "rules": Screen(render.rules),
    "error": Screen(render.error),
    "data": Screen(dataio.render, commands=dataio.DATA_COMMANDS),
    # and ACTIONS' move, pick, drop, …: with no game open the board's actions do nothing
    "game": Screen(gamerender.render, {"form": play.on_form}, commands.COMMANDS),
    "new": Screen(newgame.render, {"form": newgame.on_form}),
    "editor": Screen(editor.render, {"pick": editor.on_pick, "form": editor.on_form}, editor.COMMANDS),
    "page": Screen(ownpages.render, dict.fromkeys(ownpages.ACTIONS, ownpages.on_action), ownpages.commands),
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
            "form": matchparts.on_form,
        },
        matchflow.COMMANDS,
    ),
    "parts": Screen(matchparts.render, {"form": matchparts.on_form}),
    "learn": Screen(lessons.render_list),
    "lesson": Screen(lessons.render_lesson, LESSON_BOARD, lessons.COMMANDS),
    "puzzles": Screen(puzzles.render_list),
    "puzzle": Screen(puzzles.render_puzzle, LESSON_BOARD, puzzles.COMMANDS),
    "review": Screen(
        reviewscreen.render,
        {
            "review-step": reviewflow.on_step,
            "import": reviewflow.on_import,
            # the analysis board's moves, or the tries of "Learn from your mistakes"
            "move": reviewboard.on_move,
            "pick": reviewboard.on_pick,
            "hover": reviewboard.on_hover,
            "drop": reviewboard.on_drop,
            "cancel": reviewboard.on_cancel,
            **dict.fromkeys(("premove", "change", "ai"), ignore),
        },
        reviewflow.COMMANDS,
    ),
    "lab": Screen(lab.render, {"form": lab.on_form, "lab_results": lab.on_results}, lab.COMMANDS),
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
    "change": commands.on_change,
    "form": newgame.form_not_open,
    "lab_results": lab.on_results,  # a run's late answer after the player left the lab: ignored
}
