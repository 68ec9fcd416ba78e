"""The errors a player can cause. Every one is a :class:`GameError` with a message for people."""

from __future__ import annotations


class GameError(ValueError):
    """Base of every error a player can cause (bad move, bad option, bad link, bad file)."""


class IllegalMove(GameError):
    """A move that is not legal in the current state."""


class OptionsError(GameError):
    """Options that are unknown, of the wrong type, or out of range."""
