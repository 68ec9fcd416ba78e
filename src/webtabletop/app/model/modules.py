"""A game's modules as the app sees them: its package and its VIEW (and, through the package,
its optional PAGES, EDITOR and PRESETS). A game's PAGES: :func:`~webtabletop.app.model.extensions.game_pages`.

Games load when first opened (a link to one game does not wait for the other four).
"""

from __future__ import annotations

import importlib

from webtabletop.core.view import GameView


def game_module(game_id: str):
    return importlib.import_module(f"webtabletop.games.{game_id}")


def game_view(game_id: str) -> GameView:
    return game_module(game_id).VIEW
