"""Extra screens a game adds to the app, and the narrow door they use into the app's state.

A game package may define ``PAGES`` (a :class:`GamePages`): its own routes ``#/<game>/<page>``
(e.g. HTT's collection, packs, achievements), storage documents it owns, fields it adds to the
new-game dialog (e.g. choosing a deck), and a hook when one of its games ends (e.g. a card
changes hands). Pages are pure functions of what :class:`PageContext` gives them, so they are
tested in CPython like the rest of the app.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from webtabletop.app.model import persist
from webtabletop.app.model.modules import game_module
from webtabletop.core import storage
from webtabletop.core.storage import Schema

if TYPE_CHECKING:
    from webtabletop.app.model.effects import Effects
    from webtabletop.app.model.saves import Players
    from webtabletop.app.model.state import AppState
    from webtabletop.core.protocol import Outcome
    from webtabletop.core.record import Record


class PageContext:
    """What a game's pages may do: read/write their documents, tell the player, navigate.

    It is made for one action (or one render) from the app's state and the answer being built;
    a game's pages see nothing else of the app."""

    def __init__(self, state: AppState, fx: Effects) -> None:
        self._state = state
        self._fx = fx

    @property
    def now(self) -> float:
        """Milliseconds since 1970 (the page's clock; for dates in logs)."""
        return self._state.now

    @property
    def query(self) -> dict[str, str]:
        """The query of the page on screen (``#/game/page?k=v``), or {}."""
        route = self._state.route
        return dict(route[3]) if route[0] == "page" and len(route) > 3 else {}

    def entropy(self) -> int:
        """A fresh 64-bit random number (for pack draws and new seeds; not for game rules)."""
        return self._state.rng.next_u64()

    def read(self, key: str, schema: Schema) -> Any:
        """The document at ``key``, validated/migrated; None if absent or set aside (with a notice)."""
        result = storage.read(self._state.store, key, schema)
        persist.apply_read(self._state, self._fx, result)
        return result.data

    def write(self, key: str, schema: Schema, data: Any) -> None:
        persist.write(self._state, self._fx, storage.write(schema, key, data))

    def keys(self, prefix: str) -> list[str]:
        return sorted(k for k in self._state.store if k.startswith(prefix))

    def toast(self, message: str, link: str | None = None) -> None:
        self._fx.say(message, link)

    def notice(self, message: str) -> None:
        """A message that stays on screen until dismissed (for problems with saved data)."""
        persist.notice(self._state, message)

    def dismiss_notices(self) -> None:
        """The notices' Dismiss button."""
        self._state.notices.clear()

    def download(self, name: str, text: str) -> None:
        self._fx.download = {"name": name, "text": text}

    def go(self, fragment: str) -> None:
        """Navigate to ``#/…`` (as if the player followed a link), once this action is handled:
        call it last."""
        self._fx.hash = fragment
        self._fx.follow = fragment


#: a command of a game's page: (page, the button's argument, the page's context)
PageCommand = Callable[[str, Any, "PageContext"], None]


class GamePages:
    """Base class: override what the game needs."""

    #: (page, title) pairs: routes ``#/<game>/<page>``, linked from the home card and the game screen
    nav: tuple[tuple[str, str], ...] = ()
    #: storage key prefix -> schema of the documents this game owns (checked on import)
    schemas: dict[str, Schema] = {}

    def render(self, page: str, query: dict[str, str], ctx: PageContext) -> str:
        raise NotImplementedError

    def handle(self, page: str, action: dict[str, Any], ctx: PageContext) -> None:
        """A pick/form/change/import/drop action on one of this game's pages."""

    def commands(self) -> dict[str, PageCommand]:
        """The commands (``cmd`` actions) of this game's pages by name: the app's table of
        screens finds a page's ``data-cmd`` here and nowhere else."""
        return {}

    def new_game_fields(self, ctx: PageContext) -> str:
        """Extra HTML form fields for the new-game dialog (e.g. a deck chooser)."""
        return ""

    def prepare_new_game(self, data: dict[str, Any], ctx: PageContext) -> dict[str, Any]:
        """Turn the submitted form data into option data (e.g. fill hands from the collection);
        raise GameError with a clear message to send the player back to the form."""
        return data

    def game_over(self, record: Record, outcome: Outcome, players: Players, ctx: PageContext) -> None:
        """Called once when a game of this kind ends (e.g. record the result in a collection)."""

    # a game with a friend by link, in a game whose players bring their own hands (HTT)
    def take_hand(self, options: Any, ctx: PageContext) -> tuple[Any, list[str] | None]:
        """Split the options :meth:`prepare_new_game` made into the table's options and the hand
        the creator brings (None: the match deals it)."""
        return options, None

    def match_join_fields(self, options: Any, ctx: PageContext) -> str:
        """Fields of the join screen (e.g. which cards to bring), or "" for none."""
        return ""

    def match_join_hand(self, options: Any, data: dict[str, Any], ctx: PageContext) -> list[str] | None:
        """The hand the join screen's fields chose (None: the match deals it); GameError if unfit."""
        return None


def game_pages(game_id: str) -> GamePages | None:
    """The game's ``PAGES``, if it has any."""
    return game_module(game_id).pages
