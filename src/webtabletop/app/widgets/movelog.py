"""The move log's data: one entry per move, grouped into turns ("one row per turn,
with that turn's steps"). The game screen (:mod:`~webtabletop.app.game.screen`) and the match screen
(:mod:`~webtabletop.app.match.screen`) draw it."""

from __future__ import annotations

import attrs


@attrs.frozen
class LogStep:
    """One move of the log: its label, who played it, the turn it belongs to
    (:meth:`State.turn_index`) and its code (shown with "Engine details")."""

    label: str
    mover: int
    turn: int | None = None
    code: str = ""


def turns_of(log: list[LogStep]) -> list[list[int]]:
    """The log's moves (indices) grouped by turn: a new turn starts where the turn index changes,
    or, for a game without one, where the player to move changes."""
    rows: list[list[int]] = []
    for i, step in enumerate(log):
        prev = log[i - 1] if i else None
        if prev is None or (
            (step.turn != prev.turn) if step.turn is not None and prev.turn is not None else step.mover != prev.mover
        ):
            rows.append([])
        rows[-1].append(i)
    return rows
