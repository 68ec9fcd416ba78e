"""The first part of a URL fragment (``#/<first>/<page>?<query>``): a screen of the whole app
(home, "Your data", "Games with friends", the live play settings) or the game it names.

:mod:`~webtabletop.app.shell.routes` goes on from here to the game's pages; :mod:`~webtabletop.app.match.flow` opens a pasted match
link with it (it cannot call :mod:`~webtabletop.app.shell.routes`, which imports it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from webtabletop.app.model.state import error_route
from webtabletop.core import sharelink
from webtabletop.core.protocol import GameError, GameSpec
from webtabletop.core.registry import get_game
from webtabletop.i18n import _

if TYPE_CHECKING:
    from webtabletop.app.model.state import AppState

#: the screens of the whole app, by the fragment's first part ("": home)
APP_SCREENS = {"": ("home",), "data": ("data",), "friends": ("friends",), "live": ("live",)}


def open_fragment(st: AppState, fragment: str) -> tuple[GameSpec, str, dict[str, str]] | None:
    """Go to the screen ``fragment`` names when it is a screen of the whole app (or an error
    screen when it names no game we have) and return None; else return the game, the page and
    the query for the caller to open. The game on screen is closed when another is named."""
    game_id, page, query = sharelink.parse_hash(fragment or "")
    if st.session is not None and st.session.spec.id != game_id:
        st.session = None
    if game_id in APP_SCREENS:
        st.route = APP_SCREENS[game_id]
        return None
    try:
        return get_game(game_id), page, query
    except GameError as exc:
        st.route = error_route(_("This link does not open a game"), str(exc), "")
        return None
