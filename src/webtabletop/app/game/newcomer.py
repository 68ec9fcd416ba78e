"""Newcomer defaults: a player's first game of a game against the computer is an easy one.

The rule (one sentence): **a player is new to a game until a game of it with a move in it is
saved in this browser** (a move played, a share link or a game file opened). The settings document
remembers those games (``"played"``: game ids, written by ``play.save``), so deleting the saved
games later does not make the player new again; a saved game of it found in storage counts too
(games saved before the settings remembered any). Lessons and puzzles do not count: they are
practice on set positions, and a lesson's "Play a real game" should still lead to the easy first
game.

A new player's "Play vs AI" (and ``#/<game>`` when nothing is saved) starts the **first game**:
the computer on :data:`LEVEL`, and the game's ``FIRST_GAME_OPTIONS`` over the designer's
defaults (CardGO: the small board without terrain and effects its puzzles use). That game says
on its screen, and in the new-game dialog while it is on screen, in one sentence how to turn the
rest on (:func:`game_note`, :func:`dialog_note`). Its level is not saved as the player's choice.
The page's first paint (web/boot.js, ``isNew``) reads the same two facts from storage.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from webtabletop.app.model import persist
from webtabletop.app.model.modules import game_module, game_view
from webtabletop.app.model.saves import GAME_PREFIX
from webtabletop.core.protocol import GameSpec
from webtabletop.i18n import _

if TYPE_CHECKING:
    from webtabletop.app.model.effects import Effects
    from webtabletop.app.model.state import AppState

#: the computer's level in a first game
LEVEL = "easy"


def is_new(st: AppState, game_id: str) -> bool:
    """No game of ``game_id`` was ever saved in this browser (see the module's rule)."""
    if game_id in st.settings.get("played", ()):
        return False
    prefix = f"{GAME_PREFIX}{game_id}:"
    return not any(k.startswith(prefix) for k in st.store)


def mark_played(st: AppState, fx: Effects, game_id: str) -> None:
    """Remember that a game of ``game_id`` was saved (one write, the first time)."""
    played = st.settings.get("played", [])
    if game_id not in played:
        persist.save_settings(st, fx, {**st.settings, "played": sorted({*played, game_id})})


def first_options(spec: GameSpec) -> Any:
    """The first game's options: the game's ``FIRST_GAME_OPTIONS`` over the designer's defaults."""
    changes = game_module(spec.id).first_game_options
    return spec.options_from_dict(dict(changes)) if changes else spec.default_options()


def game_note(spec: GameSpec) -> str:
    """The first game's sentence on the game screen (a "New game…" link follows it)."""
    return game_view(spec.id).first_game_note(dialog=False) or _(
        "The computer plays on easy in your first game: choose its level in the menu, or in New game…"
    )


def dialog_note(spec: GameSpec) -> str:
    """The new-game dialog's sentence while the first game is on screen."""
    return game_view(spec.id).first_game_note(dialog=True) or _(
        "Your first game is set up with the computer on easy: choose its level below."
    )
