"""Board geometry shared by the games: hexagons of hex cells and rectangles of square cells.

A :class:`Grid` is immutable and built once per option set (cached): cells are numbered 0..n-1 in
reading order (top row first, left to right), each with a name such as ``d4`` (row letter, then
1-based position in the row), a centre for drawing (in cell-size units) and its neighbours.

Hex grids use axial coordinates (q, r) with pointy-top cells; the six neighbour directions are,
in order: east, north-east, north-west, west, south-west, south-east.
"""

from __future__ import annotations

import math
from functools import lru_cache

import attrs

HEX_DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
SQUARE_4 = ((1, 0), (0, -1), (-1, 0), (0, 1))
SQUARE_8 = ((1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1))
SQRT3 = math.sqrt(3.0)


def row_letter(i: int) -> str:
    return "abcdefghijklmnopqrstuvwxyz"[i] if i < 26 else f"r{i + 1}-"


@attrs.frozen
class Grid:
    kind: str  # "hex" or "square"
    coords: tuple[tuple[int, int], ...]  # hex: (q, r); square: (x, y)
    names: tuple[str, ...]
    centres: tuple[tuple[float, float], ...]
    neighbours: tuple[tuple[int, ...], ...]
    width: float  # drawing extent in cell units
    height: float

    @property
    def size(self) -> int:
        return len(self.coords)

    def index_of(self, name: str) -> int:
        try:
            return self.names.index(name)
        except ValueError:
            raise KeyError(f"no cell named {name!r}") from None


def _build(kind: str, coords: list[tuple[int, int]], directions, centre_fn) -> Grid:
    coords.sort(key=lambda c: (c[1], c[0]))  # reading order: row (r or y), then column
    index = {c: i for i, c in enumerate(coords)}
    names = []
    rows: dict[int, int] = {}
    row_ids = sorted({c[1] for c in coords})
    for c in coords:
        k = rows.get(c[1], 0) + 1
        rows[c[1]] = k
        names.append(f"{row_letter(row_ids.index(c[1]))}{k}")
    neighbours = tuple(
        tuple(index[(c[0] + dq, c[1] + dr)] for dq, dr in directions if (c[0] + dq, c[1] + dr) in index)
        for c in coords
    )
    raw = [centre_fn(c) for c in coords]
    minx = min(x for x, _ in raw)
    miny = min(y for _, y in raw)
    centres = tuple(
        (
            round(x - minx + 0.5 * (SQRT3 if kind == "hex" else 1.0), 4),
            round(y - miny + (1.0 if kind == "hex" else 0.5), 4),
        )
        for x, y in raw
    )
    width = max(x for x, _ in centres) + (SQRT3 / 2 if kind == "hex" else 0.5)
    height = max(y for _, y in centres) + (1.0 if kind == "hex" else 0.5)
    return Grid(kind, tuple(coords), tuple(names), centres, neighbours, round(width, 4), round(height, 4))


@lru_cache(maxsize=64)
def hexagon(radius: int) -> Grid:
    """A hexagon of hex cells: 3r(r+1)+1 cells (r=3: 37, r=4: 61)."""
    coords = [
        (q, r) for q in range(-radius, radius + 1) for r in range(-radius, radius + 1) if abs(q + r) <= radius
    ]
    return _build("hex", coords, HEX_DIRECTIONS, lambda c: (SQRT3 * (c[0] + c[1] / 2), 1.5 * c[1]))


@lru_cache(maxsize=64)
def hex_region(cells: tuple[tuple[int, int], ...]) -> Grid:
    """Any set of axial hex cells (e.g. HTT's 3×3 rhombus)."""
    return _build("hex", list(cells), HEX_DIRECTIONS, lambda c: (SQRT3 * (c[0] + c[1] / 2), 1.5 * c[1]))


@lru_cache(maxsize=64)
def rectangle(width: int, height: int, adjacency: int = 4) -> Grid:
    """A ``width`` × ``height`` grid of square cells with 4- or 8-adjacency."""
    directions = SQUARE_8 if adjacency == 8 else SQUARE_4
    coords = [(x, y) for y in range(height) for x in range(width)]
    return _build("square", coords, directions, lambda c: (float(c[0]), float(c[1])))


def hex_corners(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    """Corners of a pointy-top hexagon with circumradius ``size``."""
    pts = []
    for i in range(6):
        a = math.radians(60 * i - 30)
        pts.append((round(cx + size * math.cos(a), 2), round(cy + size * math.sin(a), 2)))
    return pts
