"""A game's own pages as a screen of the app (``#/<game>/<page>``, e.g. HTT's collection): the
game's :class:`~webtabletop.app.model.extensions.GamePages` answers their actions and draws them,
through a :class:`~webtabletop.app.model.extensions.PageContext`; the app adds its frame (title, the
pages' menu, notices).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from webtabletop.app.model.extensions import PageCommand, PageContext, game_pages
from webtabletop.app.widgets import pages
from webtabletop.core.registry import get_game
from webtabletop.i18n import _

if TYPE_CHECKING:
    from webtabletop.app.model.effects import Effects
    from webtabletop.app.model.screen import Handler
    from webtabletop.app.model.state import AppState

#: the actions a game's page answers itself (its commands: :func:`commands`)
ACTIONS = ("pick", "form", "change", "import", "drop")


def on_action(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    game_pages(st.route[1]).handle(st.route[2], action, PageContext(st, fx))


def on_page(command: PageCommand) -> Handler:
    """A command of the game's page on screen, through the page's context."""

    @functools.wraps(command)
    def handler(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
        command(st.route[2], action.get("arg"), PageContext(st, fx))

    return handler


def commands(st: AppState) -> dict[str, Handler]:
    """The commands of the game whose page is on screen (:meth:`GamePages.commands
    <webtabletop.app.model.extensions.GamePages.commands>`)."""
    own = game_pages(st.route[1])
    return {} if own is None else {name: on_page(command) for name, command in own.commands().items()}


def render(st: AppState, fx: Effects) -> tuple[str, str]:
    spec = get_game(st.route[1])
    own = game_pages(spec.id)
    title = dict(own.nav)[st.route[2]]
    body = own.render(st.route[2], st.route[3], PageContext(st, fx))
    html = pages.game_page(spec, title, body, own.nav, st.notices)
    return html, _("{game}: {page} · webtabletop").format(game=_(spec.title), page=_(title))
