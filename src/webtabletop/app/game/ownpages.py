"""A game's own pages as a screen of the app (``#/<game>/<page>``, e.g. HTT's collection): the
game's :class:`~webtabletop.app.model.extensions.GamePages` answers their actions and draws them,
through a :class:`~webtabletop.app.model.extensions.PageContext`; the app adds its frame (title, the
pages' menu, notices).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from webtabletop.app.model.extensions import PageContext, game_pages
from webtabletop.app.widgets import pages
from webtabletop.core.registry import get_game
from webtabletop.i18n import _

if TYPE_CHECKING:
    from webtabletop.app.model.effects import Effects
    from webtabletop.app.model.state import AppState

#: the actions a game's page answers itself
ACTIONS = ("pick", "cmd", "form", "change", "import", "drop")


def on_action(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    game_pages(st.route[1]).handle(st.route[2], action, PageContext(st, fx))


def render(st: AppState, fx: Effects) -> tuple[str, str]:
    spec = get_game(st.route[1])
    own = game_pages(spec.id)
    title = dict(own.nav)[st.route[2]]
    body = own.render(st.route[2], st.route[3], PageContext(st, fx))
    html = pages.game_page(spec, title, body, own.nav, st.notices)
    return html, _("{game}: {page} · webtabletop").format(game=_(spec.title), page=_(title))
