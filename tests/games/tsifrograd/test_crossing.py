"""Tsifrograd's crossing rule (rules version 2), proved on the source's examples and on the two
positions that tell the corrected reading from the one of rules version 1.

The source: «Если вы поставили свое число вплотную к уже стоящим цифрам врага, и она соприкасается
как минимум еще с одним вашим числом — вы можете зачеркнуть ее. Но только если сумма ваших двух
чисел больше, чем сумма двух цифр соперника (этой и любой из тех, с которыми она соприкасается).»
«Она» is the enemy digit: the enemy number E must touch another number M of the mover; M need not
touch the number N just placed. N + M > E + D, D being E's owner's largest number touching E.

Every position is built with ``state_from_cells`` (numbers already on the board, the roll of the
player to move) and played with ``apply``. The hex board of radius 3 has rows a..g; the cell
d4 is its centre and touches d5, c4, c3, d3, e3, e4; c3 touches c4, b3, b2, c2, d3, d4.
"""

from webtabletop.games.tsifrograd.options import TsifrogradOptions
from webtabletop.games.tsifrograd.rules import CROSS, PLACE, Cross, Place, state_from_cells

ORANGE, BLUE = 0, 1
TSIFRO = TsifrogradOptions()
GRID = TSIFRO.grid()


def at(name: str) -> int:
    return GRID.index_of(name)


def touching(a: str, b: str) -> bool:
    return at(b) in GRID.neighbours[at(a)]


def place(cells: dict[str, tuple[int, int]], where: str, number: int, player: int = ORANGE, crossed=()):
    """``player`` writes ``number`` (rolled as two dice) into ``where``; returns the next state."""
    roll = (min(6, number - 1), number - min(6, number - 1))
    state = state_from_cells(TSIFRO, cells, player=player, roll=roll, crossed=crossed)
    assert state.number == number and state.phase == PLACE
    return state.apply(Place(at(where)))


def example_position(five: int = 5):
    """Source example 1: Orange writes a 5 (into d4) next to its 9 (c4); the Blue 7 (c3) touches
    both, and its best friend is a Blue 6 (b2, touching the 7 only)."""
    cells = {"c4": (ORANGE, 9), "c3": (BLUE, 7), "b2": (BLUE, 6)}
    state = state_from_cells(TSIFRO, cells, player=ORANGE, roll=(2, five - 2))
    return state, "d4", "c3"


def test_the_geometry_these_positions_rely_on():
    assert [GRID.names[j] for j in GRID.neighbours[at("d4")]] == ["d5", "c4", "c3", "d3", "e3", "e4"]
    assert touching("c4", "c3") and touching("b2", "c3") and not touching("b2", "d4")
    assert touching("b3", "c3") and not touching("b3", "d4")
    assert touching("e4", "d4") and not touching("e4", "c3")
    assert touching("c2", "c3") and not touching("c2", "d4")


def test_source_example_1_nine_and_five_cross_a_seven_whose_best_friend_is_six():
    # «Оранжевый игрок ставит на поле пятерку и может зачеркнуть семерку, т.к. сумма его двух
    # самых больших чисел (9+5 = 14) выше суммы двух цифр врага (7+6 = 13).»
    state, c, seven = example_position()
    after = state.apply(Place(at(c)))
    assert after.phase == CROSS and after.player == ORANGE
    assert after.targets == (at(seven),)
    crossed = after.apply(Cross(at(seven)))
    assert crossed.crossed[at(seven)] and crossed.crossings == (1, 0)
    assert crossed.player == BLUE and crossed.phase == PLACE


def test_source_example_1_with_a_four_the_sums_are_equal_and_nothing_is_crossed():
    # «Но только если сумма ваших двух чисел больше»: 9 + 4 = 13 is not more than 7 + 6 = 13
    state, c, _seven = example_position(five=4)
    after = state.apply(Place(at(c)))
    assert after.phase == PLACE and after.player == BLUE


def test_an_own_number_touching_the_enemy_but_not_the_placed_number_counts():
    # «и она соприкасается как минимум еще с одним вашим числом»: «она», the enemy 7 (c3), touches
    # Orange's 9 (b3); the 9 does not touch the 5 written into d4. 5 + 9 = 14 > 7 + 6 = 13.
    cells = {"c3": (BLUE, 7), "c2": (BLUE, 6), "b3": (ORANGE, 9)}
    after = place(cells, "d4", 5)
    assert after.phase == CROSS and after.targets == (at("c3"),)


def test_an_own_number_touching_only_the_placed_number_does_not_count():
    # the same 7 and 6; Orange's 9 (e4) touches the 5 in d4 but not the 7: «она» (the 7) touches
    # no other Orange number, so nothing may be crossed out.
    cells = {"c3": (BLUE, 7), "c2": (BLUE, 6), "e4": (ORANGE, 9)}
    after = place(cells, "d4", 5)
    assert after.phase == PLACE and after.player == BLUE and after.targets == ()


def test_source_example_2_whichever_of_three_digits_came_last_five_and_six_are_not_enough():
    # «Какую бы цифру из трех не поставил в последнем ходу оранжевый игрок, это не помогло ему
    # зачеркнуть девятку, т.к. сумма даже самых больших его чисел (5+6) не равна двадцати (11+9).»
    # Blue 9 (c3) with a Blue 11 (b2); Orange's 4, 5 and 6 all stand around the 9.
    orange = {"c4": 4, "d4": 5, "d3": 6}
    assert all(touching(cell, "c3") for cell in orange)
    for last, number in orange.items():
        cells = {"c3": (BLUE, 9), "b2": (BLUE, 11)}
        cells.update({cell: (ORANGE, v) for cell, v in orange.items() if cell != last})
        after = place(cells, last, number)
        assert after.phase == PLACE and after.targets == (), last
        # without the 11 the same move crosses the 9 whenever N + M > 9 (so the 11 is what saves it)
        del cells["b2"]
        free = place(cells, last, number)
        others = [v for cell, v in orange.items() if cell != last]
        assert free.targets == ((at("c3"),) if number + max(others) > 9 else ()), last


def test_a_nine_next_to_an_eleven_needs_more_than_twenty():
    # «сумма ваших двух чисел больше, чем сумма двух цифр соперника»: 9 + 11 = 20 must be beaten;
    # Orange's 12 (c4) touches the Blue 9 (c3): an 8 in d4 makes 20 (no), a 9 makes 21 (yes).
    cells = {"c3": (BLUE, 9), "b2": (BLUE, 11), "c4": (ORANGE, 12)}
    assert place(cells, "d4", 8).phase == PLACE
    assert place(cells, "d4", 9).targets == (at("c3"),)


def test_the_defender_is_the_largest_live_friend_of_the_enemy_number():
    # «этой и любой из тех, с которыми она соприкасается»: the pair to beat is E and its best friend
    cells = {"c3": (BLUE, 7), "b2": (BLUE, 3), "c2": (BLUE, 8), "c4": (ORANGE, 9)}
    assert place(cells, "d4", 6).phase == PLACE  # 9 + 6 = 15 = 7 + 8
    assert place(cells, "d4", 7).targets == (at("c3"),)  # 16 > 15


def test_the_largest_own_friend_of_the_enemy_number_attacks():
    # Orange's 3 (b3) and 10 (c2) both touch the Blue 7 (c3); M is the 10: 4 + 10 > 7 + 6
    cells = {"c3": (BLUE, 7), "b2": (BLUE, 6), "b3": (ORANGE, 3), "c2": (ORANGE, 10)}
    assert place(cells, "d4", 4).targets == (at("c3"),)
    del cells["c2"]
    assert place(cells, "d4", 4).phase == PLACE  # 4 + 3 = 7 < 13


def test_several_targets_are_offered_in_neighbour_order():
    # two Blue numbers around d4, each touching an Orange number of its own
    cells = {"c3": (BLUE, 5), "b3": (ORANGE, 6), "e4": (BLUE, 4), "f4": (ORANGE, 2)}
    assert touching("f4", "e4") and not touching("f4", "d4")
    after = place(cells, "d4", 3)
    assert after.targets == (at("c3"), at("e4"))  # 3 + 6 > 5; 3 + 2 > 4
    assert [m.code for m in after.legal_moves()] == [f"x{at('c3')}", f"x{at('e4')}", "-"]


def test_crossed_numbers_neither_attack_nor_defend():
    # «Зачеркнутые клетки уже никак не влияют на игру, т.е. не учитываются в комбинациях.»
    cells = {"c3": (BLUE, 7), "b2": (BLUE, 12), "b3": (ORANGE, 6)}
    assert place(cells, "d4", 8).phase == PLACE  # 8 + 6 = 14 < 7 + 12
    assert place(cells, "d4", 8, crossed=("b2",)).targets == (at("c3"),)  # the 12 no longer defends
    assert place(cells, "d4", 8, crossed=("b2", "b3")).phase == PLACE  # a crossed 6 no longer attacks


def test_a_crossed_enemy_number_cannot_be_crossed_again():
    cells = {"c3": (BLUE, 7), "c4": (ORANGE, 9)}
    after = place(cells, "d4", 5)
    done = after.apply(Cross(at("c3")))
    blue = done.apply(Place(at("a1")))  # Blue writes somewhere far away
    assert blue.player == ORANGE
    again = blue.apply(Place(at("d3")))  # d3 touches the crossed 7 and Orange's 5 in d4
    assert at("c3") not in again.targets
