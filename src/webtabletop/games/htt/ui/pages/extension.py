"""The HTT pages of the app: the player's collection, packs, achievements, battle log, deck, set
editor and rule presets; the deck chooser of the new-game dialog; the game-over hook.

Everything goes through :class:`~webtabletop.app.model.extensions.PageContext` (no I/O here). The
collection is one storage document (:data:`KEY`, schema ``htt-collection``, whose check is also
the check of backup and file imports: see :mod:`webtabletop.games.htt.collection.reading`); a document
that cannot be read is set aside by the storage layer and the player starts with a fresh one.

The pages live in ``pages.collection`` (collection, packs, achievements, log), ``pages.sets``
(set editor and files) ``pages.play`` (deck, presets) and ``pages.newgame`` (new game, game over); this module routes
renders and actions to them.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from webtabletop.app.model.extensions import GamePages, PageCommand, PageContext
from webtabletop.core.protocol import GameError
from webtabletop.games.htt import meta
from webtabletop.games.htt.collection.model import Collection
from webtabletop.games.htt.ui.pages import collection as pages_collection
from webtabletop.games.htt.ui.pages import match as pages_match
from webtabletop.games.htt.ui.pages import newgame as pages_newgame
from webtabletop.games.htt.ui.pages import play as pages_play
from webtabletop.games.htt.ui.pages import sets as pages_sets
from webtabletop.games.htt.ui.pages.common import KEY, SCHEMA, load
from webtabletop.games.htt.ui.pages.sets import IMAGE_LIMIT, SetsState
from webtabletop.games.htt.ui.render.style import HTT_CSS
from webtabletop.i18n import _

__all__ = ["KEY", "SCHEMA", "IMAGE_LIMIT", "HttPages"]

RENDER = {
    "collection": pages_collection.page_collection,
    "packs": pages_collection.page_packs,
    "achievements": pages_collection.page_achievements,
    "log": pages_collection.page_log,
    "deck": pages_play.page_deck,
    "presets": pages_play.page_presets,
}


class HttPages(GamePages):
    nav = meta.NAV
    schemas = {KEY: SCHEMA}

    def __init__(self) -> None:
        self.sets_state = SetsState()

    def render(self, page: str, query: dict[str, str], ctx: PageContext) -> str:
        c = load(ctx)
        if page == "sets":
            body = pages_sets.page_sets(self.sets_state, c, query, ctx)
        else:
            body = RENDER[page](c, query, ctx)
        return f'{HTT_CSS}<div class="htt-page htt-page-{page}">{body}</div>'

    def handle(self, page: str, action: dict[str, Any], ctx: PageContext) -> None:
        kind = action.get("type")
        if kind == "change" and action.get("name") == "nav":
            value = str(action.get("value", ""))
            if value.startswith("#/htt/"):
                ctx.go(value)
            return
        c = load(ctx)
        try:
            if kind == "form":
                data = action.get("data")
                self._form(str(action.get("name", "")), data if isinstance(data, dict) else {}, c, ctx)
            elif kind == "import":
                pages_sets.handle_import(self.sets_state, action, c, ctx)
            else:
                raise GameError(_("this page does not handle {kind!r}").format(kind=str(kind)[:20]))
        except GameError as exc:  # shown as a toast: a sentence
            raise as_sentence(exc) from None

    def commands(self) -> dict[str, PageCommand]:
        """The pages' commands (the app's table finds them here): each runs on the collection,
        and its refusal reads as a sentence."""
        table: dict[str, Callable[[Any, Collection, PageContext], None]] = {
            "open-pack": pages_collection.open_pack,
            "delete-preset": pages_play.delete_preset,
            **pages_play.DECK_COMMANDS,
            **{name: functools.partial(command, self.sets_state) for name, command in pages_sets.COMMANDS.items()},
        }
        return {name: _on_collection(command) for name, command in table.items()}

    def _form(self, name: str, data: dict[str, Any], c: Collection, ctx: PageContext) -> None:
        """Run the form ``name`` of the pages' one table of forms."""
        form = FORMS.get(name)
        if form is None:
            raise GameError(_("unknown form {name!r}").format(name=name[:40]))
        form(data, c, ctx)

    # ------------------------------------------------------------------ new game, game over
    def new_game_fields(self, ctx: PageContext) -> str:
        return pages_newgame.new_game_fields(ctx)

    def prepare_new_game(self, data: dict[str, Any], ctx: PageContext) -> dict[str, Any]:
        return pages_newgame.prepare_new_game(data, ctx)

    def game_over(self, record, outcome, players, ctx: PageContext) -> None:
        pages_newgame.game_over(record, outcome, players, ctx)

    # ------------------------------------------------------------------ a game with a friend by link
    def take_hand(self, options, ctx: PageContext):
        return pages_match.take_hand(options, ctx)

    def match_join_fields(self, options, ctx: PageContext) -> str:
        return pages_match.join_fields(options, ctx)

    def match_join_hand(self, options, data: dict[str, Any], ctx: PageContext):
        return pages_match.join_hand(options, data, ctx)


#: the pages' forms, by the form's name (each a function of the form's data, the collection and
#: the page's context)
FORMS: dict[str, Callable[[dict[str, Any], Collection, PageContext], None]] = {
    "claim": pages_collection.claim,
    "save-preset": pages_play.save_preset,
    "deck-add": pages_play.deck_add,
    **pages_sets.FORMS,
}


def as_sentence(exc: GameError) -> GameError:
    """A refusal shown as a toast: a sentence."""
    text = str(exc)
    return GameError(text[:1].upper() + text[1:] + ("" if text.endswith(".") else "."))


def _on_collection(command: Callable[[Any, Collection, PageContext], None]) -> PageCommand:
    @functools.wraps(command)
    def run(page: str, arg: Any, ctx: PageContext) -> None:
        c = load(ctx)
        try:
            command(arg, c, ctx)
        except GameError as exc:
            raise as_sentence(exc) from None

    return run
