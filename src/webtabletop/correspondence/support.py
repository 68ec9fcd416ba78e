"""Which games can be played by link (the app offers "Play a friend by link" only for these).

A game is listed once the match model plays it end to end: its randomness comes from the
beacon (``GameSpec.reseed``) or it has none after the start, and its hidden cards (if any) are
dealt by the mental-poker hooks (``GameSpec.cards``). Adding a game here is the one switch the app
reads.
"""

from __future__ import annotations

#: game ids the correspondence match model plays today
SUPPORTED = frozenset({"tsifrograd", "dumaraj", "sht", "htt", "cardgo"})


def supports(game_id: str) -> bool:
    """True when the app may offer a match by link for ``game_id``."""
    return game_id in SUPPORTED
