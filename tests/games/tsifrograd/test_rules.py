"""Tsifrograd, Tsifroshturm and Proximity rules (the crossing rule itself: test_crossing.py)."""

import pytest

from tests.games.tsifrograd.test_crossing import example_position
from webtabletop.core.protocol import IllegalMove, OptionsError, options_from_dict
from webtabletop.games.tsifrograd.options import TsifrogradOptions
from webtabletop.games.tsifrograd.rules import (
    CROSS,
    DECLINE,
    EMPTY,
    PLACE,
    Cross,
    Place,
    new_game,
    state_from_cells,
)

ORANGE, BLUE = 0, 1
TSIFRO = TsifrogradOptions()
SHTURM = TsifrogradOptions(variant="tsifroshturm")
PROX = TsifrogradOptions(variant="proximity")


def grid_names(options=TSIFRO):
    g = options.grid()
    return g, {name: i for i, name in enumerate(g.names)}


def nb(grid, idx, name):
    return [grid.names[j] for j in grid.neighbours[idx[name]]]


def test_board_presets():
    assert TsifrogradOptions(radius=3).grid().size == 37
    assert TsifrogradOptions(radius=4).grid().size == 61
    sq = TsifrogradOptions(board="square", width=6, height=6, adjacency=4).grid()
    assert sq.size == 36
    assert len(sq.neighbours[sq.index_of("c3")]) == 4
    sq8 = TsifrogradOptions(board="square", width=8, height=8).grid()
    assert sq8.size == 64 and len(sq8.neighbours[sq8.index_of("c3")]) == 8
    hexg = TSIFRO.grid()
    assert len(hexg.neighbours[hexg.index_of("d4")]) == 6
    assert len(hexg.neighbours[hexg.index_of("a1")]) == 3


@pytest.mark.parametrize(
    "data, message",
    [
        ({"radius": 9}, "radius"),
        ({"width": 2}, "width"),
        ({"variant": "go"}, "variant"),
        ({"adjacency": 6}, "adjacency"),
        ({"grace": 11}, "grace"),
        ({"grace": "x"}, "grace"),
        ({"variant": "proximity", "grace": 2}, "Proximity"),
        ({"colour": "red"}, "unknown option"),
    ],
)
def test_bad_options_have_clear_messages(data, message):
    with pytest.raises(OptionsError, match=message):
        options_from_dict(TsifrogradOptions, data)


def test_grace_defaults():
    assert TSIFRO.grace_turns == 0
    assert SHTURM.grace_turns == 3
    assert TsifrogradOptions(variant="tsifroshturm", grace=0).grace_turns == 0
    assert options_from_dict(TsifrogradOptions, {"grace": "2"}).grace_turns == 2


def test_needs_an_own_neighbour():
    g, idx = grid_names()
    c = "d4"
    around = nb(g, idx, c)
    state = state_from_cells(TSIFRO, {around[0]: (BLUE, 2)}, player=ORANGE, roll=(6, 6))
    assert state.apply(Place(idx[c])).phase == PLACE


def test_cross_is_optional_and_single():
    state, c, _seven = example_position()
    after = state.apply(Place(state.grid.index_of(c)))
    assert DECLINE in after.legal_moves()
    declined = after.apply(DECLINE)
    assert declined.crossings == (0, 0) and declined.player == BLUE
    with pytest.raises(IllegalMove):
        after.apply(Place(0))


def test_tsifroshturm_simple_crossing_example():
    """Black (here Blue) places 7 touching Orange 2, 4 and 9: may cross the 2 or the 4."""
    g, idx = grid_names(SHTURM)
    c = "d4"
    around = nb(g, idx, c)
    state = state_from_cells(
        SHTURM,
        {around[0]: (ORANGE, 2), around[2]: (ORANGE, 4), around[4]: (ORANGE, 9)},
        player=BLUE,
        roll=(3, 4),
    )
    after = state.apply(Place(idx[c]))
    assert sorted(after.targets) == sorted([idx[around[0]], idx[around[2]]])
    final = after.apply(Cross(idx[around[2]]))
    assert final.totals() == (11, 7)


def test_grace_blocks_crossing_for_first_turns():
    """Tsifroshturm: no crossing in each player's first 3 turns; Orange may cross on its 4th."""
    import attrs

    g, idx = grid_names(SHTURM)
    c = "d4"
    around = nb(g, idx, c)
    base = state_from_cells(SHTURM, {around[0]: (BLUE, 2)}, player=ORANGE, roll=(6, 6))
    for turns, expect in (((0, 0), PLACE), ((2, 2), PLACE), ((3, 3), CROSS), ((3, 2), CROSS)):
        assert attrs.evolve(base, turns=turns).apply(Place(idx[c])).phase == expect, turns


def test_whole_game_turn_counting_and_grace():
    state = new_game(SHTURM, 7)
    for _ in range(6):  # three turns each: no crossing can ever be offered
        state = state.apply(state.legal_moves()[0])
        assert state.phase == PLACE
    assert state.turns == (3, 3) and state.player == ORANGE


def test_tie_goes_to_second_player():
    import attrs

    s = new_game(TSIFRO, 1)
    full = attrs.evolve(s, owners=tuple(i % 2 for i in range(37)), values=(5,) * 37, crossings=(2, 2))
    out = full.outcome()
    assert out.winner == BLUE and out.scores == (2, 2)
    sh = attrs.evolve(new_game(SHTURM, 1), owners=(0, 1) * 18 + (0,), values=(2, 3) * 18 + (1,))
    assert sh.totals() == (37, 54) and sh.outcome().winner == BLUE
    tie = attrs.evolve(sh, values=(3, 3) * 18 + (0,))
    assert tie.totals() == (54, 54) and tie.outcome().winner == BLUE


def test_game_ends_when_board_full_after_crossing_step():
    import attrs

    g, idx = grid_names()
    c = "d4"
    around = nb(g, idx, c)
    cells = {name: (BLUE, 2) for name in g.names if name != c}
    for n in around:
        cells[n] = (ORANGE, 2)
    cells[around[0]] = (BLUE, 2)
    state = attrs.evolve(state_from_cells(TSIFRO, cells, player=ORANGE), roll=(6, 6))
    after = state.apply(Place(idx[c]))
    assert after.phase == CROSS and after.outcome() is None and after.legal_moves()
    end = after.apply(Cross(idx[around[0]]))
    assert end.outcome() is not None and end.legal_moves() == []


def test_proximity_capture_and_reinforce():
    g, idx = grid_names(PROX)
    c = "d4"
    around = nb(g, idx, c)
    cells = {around[0]: (BLUE, 5), around[1]: (BLUE, 15), around[2]: (ORANGE, 3), around[3]: (BLUE, 9)}
    state = state_from_cells(PROX, cells, player=ORANGE, roll=(9, 0))
    after = state.apply(Place(idx[c]))
    assert (
        after.owners[idx[around[0]]] == ORANGE and after.values[idx[around[0]]] == 5
    )  # captured, value kept
    assert after.owners[idx[around[1]]] == BLUE  # 15 > 9 stays
    assert after.owners[idx[around[3]]] == BLUE  # equal is not smaller
    assert after.values[idx[around[2]]] == 4  # reinforced
    assert after.crossings == (1, 0) and after.player == BLUE
    assert 1 <= after.number <= 20


def test_proximity_equal_totals_draw():
    import attrs

    s = new_game(PROX, 3)
    full = attrs.evolve(s, owners=(0, 1) * 18 + (0,), values=(4, 4) * 18 + (0,))
    assert full.outcome().winner is None


def test_dice_are_seeded_and_in_range():
    rolls = [new_game(TSIFRO, seed).roll for seed in range(200)]
    assert all(1 <= a <= 6 and 1 <= b <= 6 for a, b in rolls)
    assert len(set(rolls)) == 36
    assert new_game(TSIFRO, 42).roll == new_game(TSIFRO, 42).roll


def test_illegal_moves_are_refused():
    s = new_game(TSIFRO, 5)
    s2 = s.apply(Place(0))
    with pytest.raises(IllegalMove, match="not empty"):
        s2.apply(Place(0))
    with pytest.raises(IllegalMove):
        s.apply(Cross(3))
    with pytest.raises(IllegalMove):
        s.apply(Place(99))
    with pytest.raises(IllegalMove):
        s.apply_code("banana")
    assert s.owners[0] == EMPTY  # the original state is unchanged


@pytest.mark.parametrize(
    "options, cap",
    [
        (TSIFRO, 2 * 37 - 1),
        (TsifrogradOptions(radius=6), 2 * 127 - 1),
        (TsifrogradOptions(variant="tsifroshturm", board="square", width=12, height=12), 2 * 144 - 1),
        (PROX, 37),
        (TsifrogradOptions(variant="proximity", board="square", width=3, height=4), 12),
    ],
)
def test_ply_cap_follows_from_the_rules(options, cap):
    """«игроки ходят, пока все клетки поля не будут заполнены»: n turns on n cells; a turn is a
    placement plus at most one crossing step (none in Proximity, none on the very first turn)."""
    from webtabletop.games.tsifrograd import SPEC

    assert SPEC.ply_cap(options) == cap


@pytest.mark.parametrize("variant", ["tsifrograd", "tsifroshturm"])
def test_the_first_turn_never_has_a_crossing_step(variant):
    options = TsifrogradOptions(variant=variant, grace=0)
    start = new_game(options, 4)
    for move in start.legal_moves():
        after = start.apply(move)
        assert after.phase == PLACE and after.player == BLUE


@pytest.mark.parametrize("variant", ["tsifrograd", "tsifroshturm", "proximity"])
def test_games_end_within_the_cap(variant):
    from webtabletop.core.rng import Rng
    from webtabletop.games.tsifrograd import SPEC

    options = TsifrogradOptions(variant=variant, board="square", width=4, height=4)
    cap = SPEC.ply_cap(options)
    longest = 0
    for seed in range(30):
        state, rng, plies = new_game(options, seed), Rng(seed), 0
        while not state.is_over:
            legal = state.legal_moves()
            crosses = [m for m in legal if isinstance(m, Cross)]
            state = state.apply(crosses[0] if crosses else legal[rng.randbelow(len(legal))])
            plies += 1
        assert plies <= cap
        longest = max(longest, plies)
    assert longest > 16 or variant == "proximity"  # crossing steps do add plies


def test_records_longer_than_the_cap_are_refused_before_replay():
    from webtabletop.core.record import Record, RecordError

    text = '{"format":"webtabletop-record","version":1,"game":"tsifrograd","seed":1,"rules":2,"moves":%s}'
    with pytest.raises(RecordError, match=r"more than a game of Tsifrograd can have \(73\)"):
        Record.loads(text % str(["0"] * 74).replace("'", '"'))
