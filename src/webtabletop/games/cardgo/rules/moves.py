"""CardGO's moves: place hand card ``i`` on a cell (code ``"i@cell"``, e.g. ``"3@e5"``), pass, or
skip a follow-up play. Immutable; :func:`place_table` shares one Place object per (hand index,
cell) so that listing legal moves allocates nothing."""

from __future__ import annotations

from functools import lru_cache

import attrs

from webtabletop.core.grid import rectangle


@attrs.frozen
class Place:
    """Place hand card ``hand`` (index from 0) on ``cell``; ``name`` is the cell's name."""

    hand: int
    cell: int
    name: str = attrs.field(eq=False, default="")

    @property
    def code(self) -> str:
        return f"{self.hand}@{self.name}"


@attrs.frozen
class Pass:
    @property
    def code(self) -> str:
        return "pass"


@attrs.frozen
class Skip:
    @property
    def code(self) -> str:
        return "skip"


PASS = Pass()
SKIP = Skip()


def _place_row(side: int, hand: int) -> tuple[Place, ...]:
    names = rectangle(side, side, 4).names
    return tuple(Place(hand, c, names[c]) for c in range(side * side))


@lru_cache(maxsize=8)
def place_table(side: int) -> tuple[tuple[Place, ...], ...]:
    """Shared immutable Place moves [hand index][cell] (legal_moves only picks from them)."""
    return tuple(_place_row(side, i) for i in range(12))
