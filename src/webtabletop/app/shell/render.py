"""The screen of an answer: the renderer of the screen on show (:mod:`~webtabletop.app.shell.app`'s table names one
per kind of route) fills the answer's ``html`` and ``title``; every answer also carries the
route's kind and the motion/sound settings. A screen that cannot be drawn from the state (no
game, no match) shows the error screen.

The app's small screens live here too: home, "Games with friends", a game's rules, errors.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from webtabletop.app.learn import progress, puzzles
from webtabletop.app.learn import store as lessonstore
from webtabletop.app.match import pages as matchpages
from webtabletop.app.model.history import HISTORY_PREFIX
from webtabletop.app.model.modules import game_view
from webtabletop.app.model.saves import GAME_PREFIX
from webtabletop.app.shell import screens
from webtabletop.app.widgets import pages, playfeel
from webtabletop.app.widgets.pages import notice_html
from webtabletop.core.registry import catalog, get_game
from webtabletop.core.view import esc
from webtabletop.i18n import _, ngettext
from webtabletop.learn.puzzle import STORE_PREFIX

if TYPE_CHECKING:
    from webtabletop.app.model.effects import Effects
    from webtabletop.app.model.screen import Renderer
    from webtabletop.app.model.state import AppState



def answer(st: AppState, fx: Effects, renderer: Renderer | None) -> dict[str, Any]:
    """The whole answer: the effects so far and the screen on show (or only the part of it that
    changed, when the handler named one: ``fx.part``)."""
    if fx.part is not None:
        return fx.to_json()
    shown = renderer(st, fx) if renderer is not None else None
    html, title = shown if shown is not None else error(st, fx)
    fx.feel = playfeel.feel(st)
    fx.html = html
    fx.title = title
    fx.route = st.route[0]
    return fx.to_json()


def home(st: AppState, fx: Effects) -> tuple[str, str]:
    """Every game (marked when it has a saved game) and the games with friends."""
    games = [(meta, any(k.startswith(f"{GAME_PREFIX}{meta.ID}:") for k in st.store)) for meta in catalog()]
    learned = frozenset(
        meta.ID
        for meta in catalog()
        if any(not k.startswith(STORE_PREFIX) for k in lessonstore.stars(st, fx, meta.ID))
    )
    friends = matchpages.friends_html(st, fx, compact=True)
    mine = progress.box(st, fx) + history_line(st.store)
    return screens.home(games, st.notices, friends, learned, puzzles.home_box(), mine), "webtabletop"


def history_line(store: dict[str, str]) -> str:
    """The home page's way to the history of finished games (none kept: nothing)."""
    n = sum(1 for k in store if k.startswith(HISTORY_PREFIX))
    if not n:
        return ""
    text = ngettext("{n} finished game: results by opponent", "{n} finished games: results by opponent", n).format(n=n)
    return f"<p class='home-history'>{pages.link(esc(text), '#/history', 'btn small')}</p>"


def friends(st: AppState, fx: Effects) -> tuple[str, str]:
    html = notice_html(st.notices) + matchpages.friends_html(st, fx, compact=False)
    return html, _("Games with friends · webtabletop")


def rules(st: AppState, fx: Effects) -> tuple[str, str]:
    spec = get_game(st.route[1])
    return screens.rules_page(spec, game_view(spec.id)), _("{game} rules · webtabletop").format(
        game=_(spec.title)
    )


def error(st: AppState, fx: Effects) -> tuple[str, str]:
    """The error screen of an ``("error", title, message, game)`` route, or a general one."""
    route = st.route
    _route, heading, message, game_id, *back = (
        route if len(route) in (4, 5) else ("error", _("Error"), _("Something went wrong."), "")
    )
    return pages.error_page(heading, message, game_id or None, back[0] if back else ()), _("Error · webtabletop")
