"""The app's one table: for each kind of screen (the first item of ``AppState.route``, see
:mod:`~webtabletop.app.model.state`), how it is drawn, the action types it answers and its
commands by name (the shell's own screens here, each feature's from its package's ``SCREENS``);
then the commands of every screen and the actions answered on any screen.

Each ``data-cmd`` a screen's HTML emits is answered by exactly one function found here
(tests/app/test_command_table.py crawls every screen of every game to prove it, and fails on a
command nobody emits); docs/shell.md lists them all, generated from this table.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from webtabletop.app import data, game, history, lab, learn, match, review
from webtabletop.app.data import flow as dataio
from webtabletop.app.game import commands, newgame, play
from webtabletop.app.lab import flow as labflow
from webtabletop.app.match import flow as matchflow
from webtabletop.app.match import live as matchlive
from webtabletop.app.model.screen import Handler, Screen
from webtabletop.app.review import flow as reviewflow
from webtabletop.app.shell import render, routes
from webtabletop.app.widgets import textmode

if TYPE_CHECKING:
    from webtabletop.app.model.effects import Effects
    from webtabletop.app.model.state import AppState

__all__ = ["ACTIONS", "EVERY_SCREEN", "SCREENS"]


def dismiss_notices(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    """The notices' Dismiss (problems with saved data, on any screen)."""
    st.notices = []


#: the commands every screen answers (a screen's own come first): the notices' Dismiss and their
#: "Export all data", and the text mode's switch
EVERY_SCREEN: dict[str, Handler] = {
    "dismiss-notices": dismiss_notices,
    "export-all": dataio.export_from_notice,
    "text-mode": textmode.toggle,
}

#: the screens, by the first item of ``AppState.route``: the shell's own, then each feature's
#: (each package exports its screens; a route belongs to one package)
SCREENS: dict[str, Screen] = {
    "home": Screen(render.home, commands=matchflow.FRIENDS_COMMANDS),
    "friends": Screen(render.friends, commands=matchflow.FRIENDS_COMMANDS),
    "rules": Screen(render.rules),
    "error": Screen(render.error),
    **data.SCREENS,
    **game.SCREENS,
    **match.SCREENS,
    **learn.SCREENS,
    **review.SCREENS,
    **lab.SCREENS,
    **history.SCREENS,
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
    "lab_results": labflow.on_results,
    "live": functools.partial(matchlive.on_live, take=matchflow.take_link),  # the page's live channel reports (a match on screen or not)  # a run's late answer after the player left the lab: ignored
}
