"""The Editor's lines: which outer lines a move leaves *behind* the moved mob.

Source (Редактор): «Игрок, сделав ход любой своей фигурой, имеет право, но не обязан сократить
игровое пространство. Игрок условно вычёркивает только ту горизонталь или вертикаль, прилегающую к
границе игровой поверхности, которая остаётся позади фигуры, когда она совершила ход.» Its four
examples: «Лодь … только одна линия», «Слодь … две линии», «Гонь … две линии», «Тригонь … три
линии».

Rule (digest, corrected): a move is a path of straight *segments*; a segment going north leaves the
southern border rank behind, east the western file, and so on (a diagonal segment leaves two
lines). The lines behind a move are the union over its segments. So a Lod' leaves one line, a
Slod' two, a Gon' (orthogonal 1 then 2 after a change of vector, e.g. north then east) two, and a
Trigon' camel (diagonal 1 then 2 after a change of vector, e.g. north-east then north-west)
three: south, west and east.

Paths of the leaps («Прыжок на 1 бит, затем, после смены вектора, на 2 бита или на 2, затем на 1
бит»): a leap of atom N is orthogonal 1 + orthogonal 2, C is diagonal 1 + diagonal 2, Z (the
mixed leap of the Trigon''s 3rd degree) is one orthogonal and one diagonal segment; the two
segments are not parallel and come in either order. Every path of an atom to the same bit leaves
the same lines (:func:`check_paths` proves it for every vector; the tests call it). A leap is
taken along the paths of *its* atom: a 3rd-degree Trigon' landing on a knight's bit made a knight
leap (the digest lists its leaps as knight, camel and zebra).

Warp: a Gon' or Pixa leap over a border is the same vector as on an endless location (a Pixa
leaping forward over the front border went forward, whatever the coordinates say). **Decision**:
where two vectors of the mob reach the same bit (only a leap 2 files sideways on a 4-file location
under Warp, east or west round), only the lines *every* such path leaves behind count. (No file of
a 4-file location may be removed anyway, so this never changes what the Editor offers.)

Invariant: the result depends only on the mob, its colour, the from- and to-bits, the area and the
agreed Warp, never on anything else in the position.
"""

from __future__ import annotations

from functools import lru_cache

from webtabletop.games.dumaraj.rules.pieces import MOBS, betza_of, parse_betza

#: sides of the active area, as bits of a mask: the border a move leaves behind
SOUTH, NORTH, WEST, EAST = 1, 2, 4, 8
SIDE_NAMES = {SOUTH: "south", NORTH: "north", WEST: "west", EAST: "east"}

ORTH_UNITS = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAG_UNITS = ((1, 1), (1, -1), (-1, 1), (-1, -1))

#: leap atoms with a path of two segments: (units of one segment, units of the other)
PATH_SHAPES: dict[str, tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]] = {
    "N": (ORTH_UNITS, ORTH_UNITS),  # Gon' / Trigon' 2nd degree: orthogonal 1 + orthogonal 2
    "C": (DIAG_UNITS, DIAG_UNITS),  # Trigon' 1st degree: diagonal 1 + diagonal 2
    "Z": (ORTH_UNITS, DIAG_UNITS),  # Trigon' 3rd degree: one orthogonal and one diagonal segment
}
#: |dx|, |dy| sorted -> the atom whose leap it is
ATOM_OF = {(1, 2): "N", (1, 3): "C", (2, 3): "Z"}


def segment_sides(ux: int, uy: int) -> int:
    """The border lines one straight segment in direction (ux, uy) leaves behind."""
    mask = 0
    if uy > 0:
        mask |= SOUTH
    elif uy < 0:
        mask |= NORTH
    if ux > 0:
        mask |= WEST
    elif ux < 0:
        mask |= EAST
    return mask


def leap_paths(atom: str, dx: int, dy: int) -> list[tuple[tuple[int, int], ...]]:
    """Every path of ``atom`` to (dx, dy): the directions of its segments, in order."""
    ones, twos = PATH_SHAPES[atom]
    out: list[tuple[tuple[int, int], ...]] = []
    for first, second in ((ones, twos), (twos, ones)):
        for u in first:  # the 1-bit segment
            for v in second:  # the 2-bit segment
                if u[0] * v[1] - u[1] * v[0] == 0:
                    continue  # no change of vector
                if (u[0] + 2 * v[0], u[1] + 2 * v[1]) != (dx, dy):
                    continue
                for path in ((u, v), (v, u)):  # 1 then 2, or 2 then 1
                    if path not in out:
                        out.append(path)
    return out


def path_sides(path) -> int:
    mask = 0
    for ux, uy in path:
        mask |= segment_sides(ux, uy)
    return mask


@lru_cache(maxsize=1024)
def vector_sides(dx: int, dy: int) -> int:
    """The lines behind a move of displacement (dx, dy) on an endless location: along the paths
    of its leap atom, or one straight segment (every other move is straight)."""
    atom = ATOM_OF.get(tuple(sorted((abs(dx), abs(dy)))))  # type: ignore[arg-type]
    if atom is None:
        if not (dx == 0 or dy == 0 or abs(dx) == abs(dy)):
            raise ValueError(f"({dx}, {dy}) is neither straight nor a leap with a path")
        return segment_sides((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))
    masks = {path_sides(p) for p in leap_paths(atom, dx, dy)}
    if len(masks) != 1:
        raise AssertionError(f"paths of {atom} to ({dx}, {dy}) leave different lines")
    return masks.pop()


def check_paths() -> dict[tuple[str, int, int], int]:
    """Every vector of every leap atom with its lines, after checking that all its paths agree
    (raises otherwise). ``{(atom, dx, dy): mask}``."""
    out = {}
    for (a, b), atom in ATOM_OF.items():
        for x, y in ((a, b), (b, a)):
            for sx in (1, -1):
                for sy in (1, -1):
                    dx, dy = x * sx, y * sy
                    paths = leap_paths(atom, dx, dy)
                    if not paths:
                        raise AssertionError(f"no path of {atom} to ({dx}, {dy})")
                    out[(atom, dx, dy)] = vector_sides(dx, dy)
    return out


# --- moves on a board -------------------------------------------------------------------------

_VECTORS: dict[tuple[int, int, int], frozenset[tuple[int, int]]] = {}
_SIDES: dict[tuple, int] = {}


def mob_vectors(kind: int, colour: int, degree: int) -> frozenset[tuple[int, int]]:
    """The leap and step vectors of a mob (riders excluded: they never warp), colour-oriented."""
    key = (kind, colour, degree)
    vs = _VECTORS.get(key)
    if vs is None:
        fwd = 1 if colour == 0 else -1
        vs = frozenset(
            (dx, dy * fwd)
            for comp in parse_betza(betza_of(kind, degree))
            if not comp.rider
            for dx, dy in comp.vectors
        )
        _VECTORS[key] = vs
    return vs


def move_sides(kind: int, colour: int, frm: int, to: int, w: int, rect, degree: int, warp: bool) -> int:
    """The lines a move of mob ``kind`` from ``frm`` to ``to`` leaves behind (a mask of sides)."""
    dx = to % w - frm % w
    dy = to // w - frm // w
    wk = MOBS[kind].warp if warp else 0
    if not wk:
        return vector_sides(dx, dy)
    x0, y0, x1, y1 = rect
    aw, ah = x1 - x0 + 1, y1 - y0 + 1
    key = (kind, colour, dx, dy, aw, ah, wk, degree)
    mask = _SIDES.get(key)
    if mask is None:
        own = mob_vectors(kind, colour, degree)
        xs = (dx - aw, dx, dx + aw) if wk & 1 else (dx,)
        ys = (dy - ah, dy, dy + ah) if wk & 2 else (dy,)
        found = [(vx, vy) for vx in xs for vy in ys if (vx, vy) in own]
        if not found:  # not a move of this mob (cannot happen for a legal move)
            found = [(dx, dy)]
        mask = 15
        for vx, vy in found:
            mask &= vector_sides(vx, vy)
        if len(_SIDES) > 4096:
            _SIDES.clear()
        _SIDES[key] = mask
    return mask
