"""Which games can be played as a correspondence match (by link) in this version of the app."""

from __future__ import annotations

SUPPORTED = frozenset({"tsifrograd", "dumaraj", "sht", "htt"})


def supports(game_id: str) -> bool:
    """True when ``game_id`` can be played by link (the new-game dialog offers "Play a friend")."""
    return game_id in SUPPORTED
