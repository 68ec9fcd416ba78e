"""The 15 terrains (0..14)."""

from __future__ import annotations

import pytest

from webtabletop.games.cardgo.rules.diagram import position
from webtabletop.games.cardgo.rules.options import CardgoOptions
from webtabletop.games.cardgo.rules.terrain import TERRAINS

from .helpers import play, stones

OPTS = CardgoOptions(terrain=False)


def P(diagram, hands=("", ""), player=0):
    return position(diagram, OPTS, player=player, hands=hands)


def test_15_terrains_with_unique_letters():
    assert [t.id for t in TERRAINS] == list(range(15))
    assert len({t.letter for t in TERRAINS}) == 15


@pytest.mark.parametrize("letter", ["", "/l", "/g", "/x"])
def test_0_to_3_plain_terrains(letter):
    s = P(f". . . .\nG3{letter} G4{letter} G4{letter} .\n.{letter} . . .\n. . . .", hands=("2", ""))
    t = play(s, "0@c1")
    assert t.last.damage == (0, 5) and stones(t) == {"b2": "G4", "b3": "G4"}


def test_4_water_separates_groups():
    s = P("G1/w . . .\n. . . .\n. . . .\n. . . .", hands=("1", ""))
    t = play(s, "0@a2")  # land next to water: no connection
    assert t.last.damage == (0, 0)
    s = P("G1/w ./w . .\n. . . .\n. . . .\n. . . .", hands=("1", ""))
    t = play(s, "0@a2")  # water next to water: a group of 2, X = 1
    assert t.last.damage == (0, 2)


def test_4_water_does_not_change_liberties():
    s = P("R2/w . . .\nG5 . . .\n. . . .\n. . . .", hands=("6", ""))
    t = play(s, "0@a2")  # red in the corner is breathless but cannot join green across water
    assert t.last.converted == () and t.last.damage == (0, 0)
    assert stones(t)["a1"] == "R2"


def test_5_stone_no_placement_and_like_the_edge():
    s = P("R2 ./s . .\nG5 . . .\n. . . .\n. . . .", hands=("6", ""))
    assert 1 not in s.legal_cells()
    # a1's neighbours: a2 stone terrain, b1 green: already breathless; place next to b1 to link it
    t = play(s, "0@b2")
    assert 0 not in t.last.converted  # not touching the placed stone
    s = P("R2 . ./s .\nG5 ./s . .\n. . . .\n. . . .", hands=("6", ""))
    t = play(s, "0@a2")  # a1 breathless (edge, a2, b1) -> converted; a2 itself is breathless too
    # (a3 and b2 are stone terrain): red's view {a1, a2} has X = 1 and takes nothing
    assert t.last.converted == (0, 1) and t.last.damage == (0, 2)


def test_6_crypt_swallows_the_stone_and_its_effect():
    s = P(". ./c . .\n. . . .\n. . . .\n. . . .", hands=("5A", ""))
    assert 1 in s.legal_cells()
    t = play(s, "0@a2")
    assert t.last.vanished and stones(t) == {} and t.time == (100, 100)
    assert len(t.hands[0]) == 0


def test_7_swamp_minus_one_not_below_zero():
    t = play(P(". ./m . .\n. . . .\n. . . .\n. . . .", hands=("3", "")), "0@a2")
    assert stones(t) == {"a2": "G2"}
    t = play(P("G5 ./m . .\n. . . .\n. . . .\n. . . .", hands=("1", "")), "0@a2")
    # the 1 becomes 0: with X = 1 it takes effect for 0 damage
    assert t.last.stone_value == 0 and t.last.damage == (0, 0) and stones(t) == {"a1": "G5"}


def test_8_highland_plus_one():
    t = play(P(". ./h . .\n. . . .\n. . . .\n. . . .", hands=("3", "")), "0@a2")
    assert stones(t) == {"a2": "G4"}


def test_9_shrub_counts_as_two():
    # {a1 3, a2 2 on shrub}: weight 3, X = 2: the 2 takes effect, the 3 does not
    t = play(P("G3 ./b . .\n. . . .\n. . . .\n. . . .", hands=("2", "")), "0@a2")
    assert t.last.damage == (0, 2) and stones(t) == {"a1": "G3"}
    t = play(P("G3 . . .\n. . . .\n. . . .\n. . . .", hands=("2", "")), "0@a2")
    assert t.last.damage == (0, 0)


def test_10_ice_counts_as_zero_but_connects():
    s = P(". . . .\nG3 G4 G4 .\n./i . . .\n. . . .", hands=("2", ""))
    t = play(s, "0@c1")  # weight 3: X = 2: only the 2
    assert t.last.damage == (0, 2) and stones(t) == {"b1": "G3", "b2": "G4", "b3": "G4"}
    s = P("G1 ./i G1 .\n. . . .\n. . . .\n. . . .", hands=("4", ""))
    t = play(s, "0@a2")  # connects both 1s: weight 2, X = 1
    assert t.last.damage == (0, 2)


def test_11_tall_grass_hides_the_value_from_the_opponent():
    s = P(". ./t . .\n. . . .\n. . . .\n. . . .", hands=("3", ""))
    t = play(s, "0@a2")
    assert t.view(1)["values"][1] is None and t.view(0)["values"][1] == 3
    assert t.view(None)["values"][1] is None
    assert t.hidden_cells(1) == (1,) and t.hidden_cells(0) == ()


def test_12_tree_no_placement_member_of_adjacent_groups():
    s = P("G1 ./T . .\n. . . .\n. . . .\n. . . .", hands=("1", ""))
    assert 1 not in s.legal_cells()
    t = play(s, "0@a3")  # {a1, tree, a3}: weight 3, X = 2
    assert t.last.damage == (0, 2)
    # a tree is a member of every adjacent group, of either colour
    s = P("G1 ./T . .\n. R5 . .\n. . . .\n. . . .", player=1, hands=("", "1"))
    t = play(s, "0@a3")  # red {a3, tree, b2}: weight 3, X = 2: the red 1 takes effect
    assert t.last.damage == (1, 0)


def test_12_tree_is_not_a_liberty():
    s = P("R2 ./T . .\n. . . .\n. . . .\n. . . .", hands=("6", ""))
    t = play(s, "0@b1")  # a1: edge, tree, b1 green -> breathless, converted
    # G = {b1 6, a1 red 2} plus the tree touching a1: weight 3, X = 2: the red 2 takes effect
    assert t.last.converted == (0,) and t.last.damage == (0, 2)


def test_13_flowers_plus_one_and_counts_two():
    t = play(P("G3 ./f . .\n. . . .\n. . . .\n. . . .", hands=("1", "")), "0@a2")
    # stone value 2, weight 1 + 2 = 3: X = 2: the 2 takes effect
    assert t.last.stone_value == 2 and t.last.damage == (0, 2)


def test_14_fire_burns_at_once_for_half():
    t = play(P(". ./F . .\n. . . .\n. . . .\n. . . .", hands=("5", "")), "0@a2")
    assert t.last.burned and t.last.damage == (0, 2) and stones(t) == {}
    t = play(P("G3:U . . .\n./F . . .\n. . . .\n. . . .", hands=("5", "")), "0@b1")
    assert not t.last.burned and stones(t)["b1"] == "G5"


def test_random_terrain_is_seeded():
    from webtabletop.games.cardgo import SPEC

    a = SPEC.start(seed=11).terrain
    assert a == SPEC.start(seed=11).terrain and a != SPEC.start(seed=12).terrain
    assert 0 not in a


def test_4_breathless_enemy_across_water_is_not_pulled_in():
    # the red stone on water at a1 is breathless once b1... is filled, but cannot join a green
    # group on land: it is not converted and deals nothing
    s = P("R2/w G5 . .\n. . . .\n. . . .\n. . . .", hands=("6", ""))
    t = play(s, "0@b1")
    assert t.last.converted == () and t.last.damage == (0, 0)
    s = P("R2/w G5 . .\n./w . . .\n. . . .\n. . . .", hands=("6", ""))
    t = play(s, "0@b1")  # green on water at b1: joins the red stone on water, X = 1
    assert t.last.converted == (0,) and t.last.damage == (0, 0)
