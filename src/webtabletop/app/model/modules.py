"""A game as the app sees it: its :class:`~webtabletop.core.gamemodule.GameModule` (view, pages,
editor, presets…) and its view. A game's pages: :func:`~webtabletop.app.model.extensions.game_pages`.

Games load when first opened (a link to one game does not wait for the other four).
"""

from __future__ import annotations

from webtabletop.core.registry import game_module
from webtabletop.core.view import GameView

__all__ = ["game_module", "game_view"]


def game_view(game_id: str) -> GameView:
    return game_module(game_id).view
