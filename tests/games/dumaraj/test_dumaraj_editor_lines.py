"""The Editor's lines behind a move: the four source examples, every leap's paths, Warp.

Source (Редактор): «Игрок … вычёркивает только ту горизонталь или вертикаль, прилегающую к границе
игровой поверхности, которая остаётся позади фигуры, когда она совершила ход.»
"""

from __future__ import annotations

import pytest
from _dumaraj_helpers import codes, st

from webtabletop.games.dumaraj.rules.lines import (
    ATOM_OF,
    EAST,
    NORTH,
    SOUTH,
    WEST,
    check_paths,
    leap_paths,
    mob_vectors,
    move_sides,
    path_sides,
    vector_sides,
)
from webtabletop.games.dumaraj.rules.pieces import GON, MOBS, PIXA, TRIGON

# every border line empty; Rajas d5 / g6 stay clear of the moves below
EMPTY_BORDERS = "10/10/10/10/6k3/3K6/10/10/10/10 w"


def cuts(fen: str, code: str, **options) -> list[str]:
    """The lines offered after ``code``, in listed order (without "keep the location")."""
    after = st(fen, editor=True, **options).apply_code(code)
    return [c for c in codes(after) if c != "-"]


def put(fen_rank3: str) -> str:
    """EMPTY_BORDERS with rank 3 replaced (ranks from 10 down: rank 3 is the 8th field)."""
    ranks = EMPTY_BORDERS.split()[0].split("/")
    ranks[7] = fen_rank3
    return "/".join(ranks) + " w"


def test_lod_leaves_one_line():
    # «Лодь. Позади фигуры, после совершённого хода, только одна линия, полностью прилегающая к
    # границе. Можно удалить.»
    assert cuts(put("2R7"), "c3c8") == ["-1"]


def test_slod_leaves_two_lines():
    # «Слодь. Позади фигуры, после совершённого хода, две линии … Можно удалить только одну.»
    assert cuts(put("2B7"), "c3e5") == ["-1", "-a"]


def test_gon_leaves_two_lines():
    # «Гонь. Позади фигуры, после совершённого хода, две линии … Можно удалить только одну.»
    # c3-e4: east 2 then north 1 (or north 1 then east 2): the southern rank and the western file
    assert cuts(put("2N7"), "c3e4") == ["-1", "-a"]


@pytest.mark.parametrize("degree", [1, 2, 3])
def test_trigon_camel_leaves_three_lines(degree):
    # «Тригонь. Позади фигуры, после совершённого хода, три линии, полностью прилегающих к
    # границе. Можно удалить только одну.» c3-d6 is a camel: north-west 1 then north-east 2 (or
    # north-east 2 then north-west 1): south, west and east are behind it.
    assert cuts(put("2T7"), "c3d6", trigon_degree=degree) == ["-1", "-a", "-j"]


def test_only_one_line_goes():
    s = st(put("2T7"), editor=True, trigon_degree=1).apply_code("c3d6")
    after = s.apply_code("-j")
    assert after.editor is None and after.to_move() == 1 and after.rect == (0, 0, 8, 9)


def test_every_path_of_every_leap_leaves_the_same_lines():
    """«Прыжок на 1 бит, затем, после смены вектора, на 2 бита или на 2, затем на 1 бит»: for each
    leap atom (knight, camel, zebra) and each of its 8 vectors, both orders (and every way of
    splitting it) leave the same lines."""
    table = check_paths()
    assert len(table) == 24
    for (atom, dx, dy), mask in table.items():
        paths = leap_paths(atom, dx, dy)
        assert len(paths) >= 2  # 1 then 2, and 2 then 1
        assert {path_sides(p) for p in paths} == {mask}
        assert bin(mask).count("1") == {"N": 2, "C": 3, "Z": 2}[atom]
    # the camel of the digest's example: NE then NW (1, 1) + 2 * (-1, 1) = (-1, 3)
    assert ((1, 1), (-1, 1)) in leap_paths("C", -1, 3)
    assert vector_sides(-1, 3) == SOUTH | WEST | EAST
    assert vector_sides(1, 2) == SOUTH | WEST  # Gon': north then east
    assert vector_sides(3, -2) == NORTH | WEST  # zebra: east 1, south-east 2


def test_straight_moves_leave_the_lines_of_their_direction():
    assert vector_sides(0, 5) == SOUTH
    assert vector_sides(-3, -3) == NORTH | EAST
    assert vector_sides(2, 0) == WEST  # a Pixa's sideways leap
    with pytest.raises(ValueError):
        vector_sides(2, 5)


@pytest.mark.parametrize("degree", [1, 2, 3])
@pytest.mark.parametrize("warp", [False, True])
def test_every_leap_on_every_location_has_one_answer(degree, warp):
    """For every leaping mob (Gon', Trigon', Pixa, Raj), colour, location size from 4x4 to 12x12
    and bit: the mob's vectors reaching the same bit (two only under Warp, 2 files sideways round
    a 4-file location) give the lines every one of them leaves behind; one vector gives its own."""
    ties = 0
    for kind in (GON, TRIGON, PIXA, 1):
        for colour in (0, 1):
            vectors = mob_vectors(kind, colour, degree)
            wk = MOBS[kind].warp if warp else 0
            for w in (4, 5, 7, 12):
                h = w
                for frm in range(w * h):
                    x, y = frm % w, frm // w
                    reach: dict[int, list[tuple[int, int]]] = {}
                    for dx, dy in vectors:
                        nx, ny = x + dx, y + dy
                        if wk & 1:
                            nx %= w
                        if wk & 2:
                            ny %= h
                        if 0 <= nx < w and 0 <= ny < h and (nx, ny) != (x, y):
                            reach.setdefault(ny * w + nx, []).append((dx, dy))
                    for to, vs in reach.items():
                        got = move_sides(kind, colour, frm, to, w, (0, 0, w - 1, h - 1), degree, warp)
                        expected = 15
                        for v in vs:
                            expected &= vector_sides(*v)
                        assert got == expected
                        if len(vs) > 1:
                            ties += 1
                            assert warp and w == 4 and {abs(dx) for dx, _ in vs} == {2}
    assert (ties > 0) == warp


def test_a_warp_tie_never_changes_what_is_offered():
    """The only tie is 2 files sideways on a 4-file area, where no file may be removed anyway."""
    s = st("k3/4/4/4/1P2/4/K3 w", editor=True, warp=True)
    after = s.apply_code("b3d3")  # sideways leap: east 2 or west 2 round the flank
    assert after.editor is None


def test_a_warp_move_counts_the_way_it_went():
    # Gon' a1 to j3 over the western flank is the knight vector (-1, 2): west 1, north 2. South and
    # east lie behind it, not west: file a (empty now) is not offered, file j holds the Gon'.
    fen = "10/10/10/10/6k3/3K6/10/10/10/N9 w"
    assert cuts(fen, "a1j3", warp=True) == ["-1"]


def test_pixa_forward_leap_over_the_front_leaves_the_south_behind():
    # Warp: a Pixa leaping 2 forward from rank 9 lands on rank 1 (its own back rank). It went
    # north: the southern rank is behind it (and holds it now); the empty rank 10 is ahead.
    fen = "10/6P3/10/10/10/6k3/10/10/3K6/10 w"
    assert st(fen, editor=True, warp=True).apply_code("g9g1").editor is None


def test_atoms_are_known_by_their_shape():
    assert ATOM_OF == {(1, 2): "N", (1, 3): "C", (2, 3): "Z"}
