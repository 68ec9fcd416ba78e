"""How a game ended (every game's ``State.outcome()``; the players' own endings: :mod:`.ending`)."""

from __future__ import annotations

import attrs


@attrs.frozen
class Outcome:
    """The end of a game: ``winner`` is 0 or 1 (None = draw), ``scores`` as shown to players."""

    winner: int | None
    scores: tuple[float, float]
    reason: str

    def returns(self) -> tuple[float, float]:
        """+1 to the winner, -1 to the loser, 0 to both on a draw (what the AI maximises)."""
        if self.winner is None:
            return (0.0, 0.0)
        return (1.0, -1.0) if self.winner == 0 else (-1.0, 1.0)
