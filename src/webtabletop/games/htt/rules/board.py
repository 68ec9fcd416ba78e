"""HTT boards: the 9-cell rhombus (default), and hexagons of 7 and 19 cells.

Each board knows, per cell and per side direction (E, NE, NW, W, SW, SE), the neighbouring cell
or ``WALL`` (-1) where the board ends.

Hand sizes (:data:`HAND_SIZES`): 5 cards on the 9- and the 7-cell board, 10 on the 19-cell board.
The source deals five everywhere ("игроку выдаются пять заранее выбранных карт", "пять случайных
карт", "одну из пяти карт соперника"); on 7 cells the board fills after 4 + 3 cards and the rest
stay in hand (they count in the score). The 19-cell board needs 10 each (the digest's decision).
Rules version 1 dealt (cells + 1) / 2 = 4 cards on the 7-cell board.
"""

from __future__ import annotations

from functools import lru_cache

import attrs

from webtabletop.core.grid import HEX_DIRECTIONS, Grid, hex_region
from webtabletop.i18n import N_

WALL = -1
BOARDS = ("rhombus9", "hex7", "hex19")
HAND_SIZES = {"rhombus9": 5, "hex7": 5, "hex19": 10}
BOARD_TITLES = {
    "rhombus9": N_("rhombus of 9 cells"),
    "hex7": N_("hexagon of 7 cells"),
    "hex19": N_("hexagon of 19 cells"),
}


def _coords(name: str) -> tuple[tuple[int, int], ...]:
    if name == "rhombus9":
        return tuple((q, r) for q in range(3) for r in range(3))
    radius = {"hex7": 1, "hex19": 2}[name]
    return tuple(
        (q, r) for q in range(-radius, radius + 1) for r in range(-radius, radius + 1) if abs(q + r) <= radius
    )


@attrs.frozen
class Board:
    name: str
    grid: Grid
    #: sides[cell][d] = the neighbouring cell in direction d, or WALL
    sides: tuple[tuple[int, ...], ...]

    @property
    def size(self) -> int:
        return self.grid.size

    @property
    def hand_size(self) -> int:
        return HAND_SIZES[self.name]


@lru_cache(maxsize=8)
def get_board(name: str) -> Board:
    if name not in BOARDS:
        raise ValueError(f"unknown board {name!r} (boards: {', '.join(BOARDS)})")
    grid = hex_region(_coords(name))
    index = {c: i for i, c in enumerate(grid.coords)}
    sides = tuple(
        tuple(index.get((q + dq, r + dr), WALL) for dq, dr in HEX_DIRECTIONS) for q, r in grid.coords
    )
    return Board(name, grid, sides)
