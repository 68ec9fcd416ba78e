"""A game's modules as the app sees them: its package, VIEW, optional PAGES, EDITOR and PRESETS.

Games load when first opened (a link to one game does not wait for the other four).
"""

from __future__ import annotations

import importlib

from webtabletop.app.extensions import GamePages
from webtabletop.app.saves import SCHEMAS
from webtabletop.core.registry import all_games
from webtabletop.core.view import GameView


def game_module(game_id: str):
    return importlib.import_module(f"webtabletop.games.{game_id}")


def game_view(game_id: str) -> GameView:
    return game_module(game_id).VIEW


def game_pages(game_id: str) -> GamePages | None:
    return getattr(game_module(game_id), "PAGES", None)


def all_schemas() -> dict:
    """Every storage schema: the app's and each game's own (used to validate imports)."""
    from webtabletop.app.matchstore import MATCH, MATCH_PREFIX

    schemas = {**SCHEMAS, MATCH_PREFIX: MATCH}
    for spec in all_games():
        pages = game_pages(spec.id)
        if pages is not None:
            schemas.update(pages.schemas)
    return schemas
