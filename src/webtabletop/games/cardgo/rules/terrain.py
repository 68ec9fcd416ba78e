"""CardGO terrain: the 15 kinds (0..14), random generation and the per-board lookup tables.

Terrain rules (digest + decisions):
- 0 none, 1 land, 2 grass, 3 wasteland: plain cells.
- 4 water: groups do not connect between a water and a non-water cell (liberties are unaffected).
- 5 stone: no placement; behaves like the board edge (never a liberty, never a group member).
- 6 crypt: a stone placed here vanishes at once: no damage, no on-play effect (the card is lost).
- 7 swamp: stone value −1 (never below 0; a 0 stone takes effect whenever evaluated, for 0 damage).
- 8 highland: stone value +1.
- 9 shrub: the stone weighs 2 in the connectivity count.
- 10 ice: the stone weighs 0 in the connectivity count (it still connects its neighbours).
- 11 tall grass: the stone's value is hidden from the player who does not own it.
- 12 tree: no placement and never a liberty; it is a member (weight 1) of every group of either
  colour that touches it, so it connects stones on its sides. Trees do not link to other trees.
- 13 flowers: stone value +1 and weight 2.
- 14 fire: the stone takes effect at once for half its value (rounded down) and is removed;
  rules 1-3 are not evaluated for it (unless it is suppressed: then it stays as a normal stone).
The connectivity count X of a group is the sum of its members' weights minus 1 (full-speed: the sum).
"""

from __future__ import annotations

from functools import lru_cache

import attrs

from webtabletop.core.grid import SQUARE_8, Grid, rectangle
from webtabletop.core.rng import Rng
from webtabletop.i18n import N_

(
    NONE,
    LAND,
    GRASS,
    WASTELAND,
    WATER,
    STONE,
    CRYPT,
    SWAMP,
    HIGHLAND,
    SHRUB,
    ICE,
    TALL_GRASS,
    TREE,
    FLOWERS,
    FIRE,
) = range(15)


@attrs.frozen
class TerrainKind:
    id: int
    name: str  # N_ msgid: translate with _ where shown
    letter: str  # one character used in text diagrams
    colour: str  # cell fill in the SVG
    icon: str  # a short symbol drawn in the cell corner
    text: str  # the rule, one line


#: land, grass and wasteland
PLAIN_TEXT = N_("Plain: a stone here plays as on a board without terrain.")

TERRAINS: tuple[TerrainKind, ...] = (
    TerrainKind(NONE, N_("No terrain"), ".", "#efe6cf", "", N_("No effect.")),
    TerrainKind(LAND, N_("Land"), "l", "#e2d3a8", "", PLAIN_TEXT),
    TerrainKind(GRASS, N_("Grass"), "g", "#cfe3a8", "", PLAIN_TEXT),
    TerrainKind(WASTELAND, N_("Wasteland"), "x", "#d9cbb8", "", PLAIN_TEXT),
    TerrainKind(
        WATER,
        N_("Water"),
        "w",
        "#9cc7ea",
        "≈",
        N_("Plain, but groups do not connect between water and non-water cells."),
    ),
    TerrainKind(
        STONE,
        N_("Stone"),
        "s",
        "#8e8e8e",
        "▲",
        N_("Nothing can be placed here; like the board's edge, it is no breath for the stones beside it."),
    ),
    TerrainKind(
        CRYPT,
        N_("Crypt"),
        "c",
        "#5b4a66",
        "✝",
        N_("A stone placed here vanishes at once (no damage, no card effect)."),
    ),
    TerrainKind(SWAMP, N_("Swamp"), "m", "#8fa36b", "~", N_("A stone here is worth 1 less (never below 0).")),
    TerrainKind(HIGHLAND, N_("Highland"), "h", "#c9a46b", "⌃", N_("A stone here is worth 1 more.")),
    TerrainKind(SHRUB, N_("Shrub"), "b", "#7fb069", "♣", N_("The stone counts as 2 for connectivity.")),
    TerrainKind(ICE, N_("Ice"), "i", "#e3f4fb", "❄", N_("The stone counts as 0 for connectivity.")),
    TerrainKind(
        TALL_GRASS,
        N_("Tall grass"),
        "t",
        "#9bbf5a",
        "ψ",
        N_("The stone's value is hidden from the opponent."),
    ),
    TerrainKind(
        TREE,
        N_("Tree"),
        "T",
        "#3f7d3a",
        "♠",
        N_("No placement, but counts as a member (1) of every adjacent group."),
    ),
    TerrainKind(
        FLOWERS,
        N_("Flowers"),
        "f",
        "#f2c6de",
        "✿",
        N_("A stone here is worth 1 more and counts as 2 for connectivity."),
    ),
    TerrainKind(
        FIRE,
        N_("Fire"),
        "F",
        "#f08a4b",
        "♨",
        N_("The stone takes effect at once for half its value (rounded down)."),
    ),
)
LETTERS = {t.letter: t.id for t in TERRAINS}
LETTERS_BY_ID = {v: k for k, v in LETTERS.items()}

#: relative frequencies of random terrain (the plain kinds are the most common)
WEIGHTS = (0, 8, 8, 6, 4, 2, 1, 3, 3, 3, 3, 3, 2, 2, 2)


def value_delta(kind: int) -> int:
    return {SWAMP: -1, HIGHLAND: 1, FLOWERS: 1}.get(kind, 0)


def weight_of(kind: int) -> int:
    """Connectivity weight of a stone on this terrain."""
    return {SHRUB: 2, FLOWERS: 2, ICE: 0}.get(kind, 1)


def random_terrain(rng: Rng, cells: int) -> tuple[int, ...]:
    """Seeded random terrain, one kind per cell (weights :data:`WEIGHTS`)."""
    return tuple(rng.weighted_index(WEIGHTS) for _ in range(cells))


@attrs.frozen(cache_hash=True)
class Geometry:
    """Lookup tables of one board (grid + terrain), built once and shared by all its states."""

    grid: Grid
    terrain: tuple[int, ...]
    nbrs: tuple[tuple[int, ...], ...]  # 4-neighbours (liberties, Evil)
    links: tuple[tuple[int, ...], ...]  # 4-neighbours a group may connect through (water rule, no stone)
    nbr8: tuple[tuple[int, ...], ...]  # 8-neighbours (adjacent placement)
    north: tuple[int, ...]  # cell above, or -1 (Suppression)
    placeable: tuple[bool, ...]  # not stone, not tree
    tree: tuple[bool, ...]
    weight: tuple[int, ...]  # connectivity weight of a stone on each cell

    @property
    def size(self) -> int:
        return len(self.terrain)


@lru_cache(maxsize=32)
def geometry(side: int, terrain: tuple[int, ...]) -> Geometry:
    grid = rectangle(side, side, 4)
    n = grid.size
    if len(terrain) != n:
        raise ValueError(f"terrain must have {n} cells, not {len(terrain)}")
    water = [t == WATER for t in terrain]
    blocked = [t == STONE for t in terrain]
    nbrs = grid.neighbours
    links = tuple(
        tuple(b for b in nbrs[a] if not blocked[b] and water[a] == water[b]) if not blocked[a] else ()
        for a in range(n)
    )
    index = {c: i for i, c in enumerate(grid.coords)}
    nbr8 = tuple(
        tuple(index[(x + dx, y + dy)] for dx, dy in SQUARE_8 if (x + dx, y + dy) in index)
        for x, y in grid.coords
    )
    north = tuple(index.get((x, y - 1), -1) for x, y in grid.coords)
    placeable = tuple(t not in (STONE, TREE) for t in terrain)
    return Geometry(
        grid=grid,
        terrain=terrain,
        nbrs=nbrs,
        links=links,
        nbr8=nbr8,
        north=north,
        placeable=placeable,
        tree=tuple(t == TREE for t in terrain),
        weight=tuple(weight_of(t) for t in terrain),
    )
