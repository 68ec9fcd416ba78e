"""Rules 1-3 of CardGO: the digest's worked examples and the basic definitions."""

from __future__ import annotations

import attrs
import pytest

from webtabletop.core.protocol import IllegalMove, OptionsError
from webtabletop.games.cardgo import SPEC
from webtabletop.games.cardgo.rules import state as rules
from webtabletop.games.cardgo.rules.diagram import position
from webtabletop.games.cardgo.rules.effects import Card
from webtabletop.games.cardgo.rules.options import CardgoOptions
from webtabletop.i18n import catalogs

from .helpers import play, pos, stones

# --- the digest's examples ----------------------------------------------------------------------


def test_example_1_row_3_4_4_and_a_2_below():
    s = pos(
        """
        . . . . .
        G3 G4 G4 . .
        . . . . .
        . . . . .
        . . . . .
        """,
        hands=("2", ""),
    )
    t = play(s, "0@c1")
    assert t.time == (100, 95)  # 3 + 2 to red
    assert stones(t) == {"b2": "G4", "b3": "G4"}
    assert sorted(x[2] for x in t.last.took_effect) == [2, 3]
    assert t.last.damage == (0, 5)


EX3 = """
G9 . G8 . .
G3 R1 G3 . .
. G3 . . .
. . . . .
. . . . .
"""


def test_example_3_not_converted_while_the_cell_above_is_free():
    s = pos(EX3, hands=("6", ""))
    t = play(s, "0@c1")  # joins {a1 9, b1 3} and c2 3: X = 3, the two 3s take effect
    assert t.last.converted == ()  # the red 1 still breathes through a2
    assert stones(t)["b2"] == "R1"
    assert t.time == (100, 94)


def test_example_3_green_fills_the_last_liberty_and_converts():
    # a2 is the red 1's last liberty; its other neighbours are a1 (G9) and a3 (G8)
    s = pos(EX3, hands=("2", ""))
    t = play(s, "0@a2")
    # G = {a2 2, a1 9, b1 3, a3 8, b3 3, b2 red 1 (converted), c2 3}: weight 7, X = 6
    assert t.last.converted == (6,)
    assert t.last.damage == (0, 3 + 3 + 3 + 1 + 2)
    assert t.time == (100, 88)
    assert stones(t) == {"a1": "G9", "a3": "G8"}


def test_example_3_red_fills_it_and_both_sides_are_evaluated():
    s = pos(EX3, player=1, hands=("", "4"))
    t = play(s, "0@a2")
    # red's view: {a2 4, b2 1}, X = 1: the red 1 takes effect, 1 damage to green.
    # green's view: both red stones count as green: {a1, b1, a3, b3, c2, a2, b2} X = 6:
    # 3 + 3 + 3 + 4 + 1 = 14 damage to red; the 9 and the 8 stay.
    assert t.last.damage == (1, 14)
    assert t.time == (99, 86)
    assert stones(t) == {"a1": "G9", "a3": "G8"}
    sides = {(x[0], x[3]) for x in t.last.took_effect}
    assert (6, 1) in sides and (6, 0) in sides  # the red 1 took effect in both views


def test_example_4_mutual_breathlessness():
    s = pos(
        """
        . . . . .
        . . G4 . .
        . G5 . G6 .
        . R1 G3 R5 .
        . . R3 . .
        """,
        player=1,
        hands=("", "6"),
    )
    t = play(s, "0@c3")
    assert t.last.damage == (7, 7)  # red: 1 + 3 + 3 (green 3 converted); green: 3 + 4
    assert t.time == (93, 93)
    assert stones(t) == {"d4": "R5", "c3": "R6", "c2": "G5", "c4": "G6"}


# --- definitions ------------------------------------------------------------------------------


def test_groups_are_4_connected_not_diagonal():
    s = pos(
        """
        G1 . . . .
        . G1 . . .
        . . . . .
        . . . . .
        . . . . .
        """,
        hands=("5", ""),
    )
    t = play(s, "0@c3")  # diagonal to b2: a lone stone, X = 0
    assert t.last.took_effect == ()
    t = play(s, "0@a2")  # joins a1 and b2: X = 2, both 1s take effect
    assert t.last.damage == (0, 2)


def test_edge_is_not_a_liberty_corner_capture():
    s = pos(
        """
        R2 . . . .
        G5 . . . .
        . . . . .
        . . . . .
        . . . . .
        """,
        hands=("6", ""),
    )
    t = play(s, "0@a2")
    assert t.last.converted == (0,)
    # G = {a2 6, a1 red 2, b1 5}: X = 2: the red 2 takes effect against its owner
    assert t.last.damage == (0, 2)
    assert stones(t) == {"a2": "G6", "b1": "G5"}


def test_converted_stone_above_x_reverts():
    s = pos(
        """
        R6 . . . .
        G5 . . . .
        . . . . .
        . . . . .
        . . . . .
        """,
        hands=("6", ""),
    )
    t = play(s, "0@a2")
    assert t.last.converted == (0,)
    assert t.last.took_effect == ()
    assert stones(t)["a1"] == "R6"


def test_full_speed_a_lone_one_takes_effect():
    s = pos("\n".join([". . . ."] * 4), hands=("1 2", ""), full_speed=True)
    t = play(s, "0@b2")
    assert t.last.damage == (0, 1) and stones(t) == {}
    t = play(s, "1@b2")
    assert t.last.damage == (0, 0)
    s2 = pos("\n".join([". . . ."] * 4), hands=("1", ""))
    assert play(s2, "0@b2").last.damage == (0, 0)


def test_own_breathless_group_without_enemy_neighbours_is_only_own_view():
    # a green stone closed in by stone terrain and the edge: no red group to join
    s = position(
        """
        . ./s . .
        ./s . . .
        . . . .
        . . . .
        """,
        CardgoOptions(terrain=False),
        hands=("1", ""),
    )
    t = play(s, "0@a1")
    assert t.last.damage == (0, 0) and stones(t) == {"a1": "G1"}


# --- turns, draws, passes, end ----------------------------------------------------------------


def test_first_player_skips_the_first_draw_then_draws_each_turn():
    s = SPEC.start(CardgoOptions(effects=False), seed=5)
    assert [len(h) for h in s.hands] == [5, 5]
    s = s.apply(s.legal_moves()[0])
    assert [len(h) for h in s.hands] == [4, 6]  # red drew at the start of its turn
    s = s.apply(s.legal_moves()[0])
    assert [len(h) for h in s.hands] == [5, 5]


def test_no_hand_limit_every_new_turn_draws():
    """«每回合可以使用一张,新的回合获取一张» (use one per turn, get one each new turn): no cap."""
    s = pos("\n".join([". . . ."] * 4), hands=("1 1 1 1 1 1", "2 2 2 2 2 2"), hand_size=5)
    t = play(s, "0@a1")
    assert len(t.hands[1]) == 7  # six cards already: the new turn still draws
    assert t.hand_peak == 7


def test_a_pass_does_not_stop_the_draws():
    """The draw belongs to the new turn, whatever the turn before it did (here: a pass)."""
    full = "\n".join(" ".join("G9" if (x + y) % 2 else "R9" for x in range(4)) for y in range(4))
    s = pos(full, hands=("1 1 1 1 1 1", "2 2 2 2 2 2"), hand_size=5)
    t = play(s, "pass")
    assert [len(h) for h in t.hands] == [6, 7] and not t.is_over
    u = play(t, "pass")
    assert u.is_over and [len(h) for h in u.hands] == [7, 7]


def test_the_move_limit_ends_the_game_like_the_turn_limit():
    board = "\n".join([". . . ."] * 4)
    s = position(board, CardgoOptions(terrain=False), hands=("1 1", "2 2"), time=(30, 20))
    cap = SPEC.ply_cap(s.options)
    filler = (rules.Report("pass", 1, 0),) * (cap - 1)
    s = attrs.evolve(s, log=filler)
    assert s.outcome() is None
    t = play(s, "0@a1")
    assert t.is_over and "move limit" in t.outcome().reason and t.outcome().winner == 0


def test_codes_round_trip_and_are_unique():
    s = SPEC.start(seed=2)
    codes = [m.code for m in s.legal_moves()]
    assert len(codes) == len(set(codes))
    assert "0@a1" in codes or any(c.startswith("0@") for c in codes)
    for m in s.legal_moves()[:50]:
        assert s.move_from_code(m.code) == m


def test_illegal_moves_have_clear_messages():
    s = pos(
        """
        G1 . . .
        . . . .
        . . . .
        . . . .
        """,
        hands=("2", ""),
    )
    with pytest.raises(IllegalMove, match="occupied"):
        s.apply_code("0@a1")
    with pytest.raises(IllegalMove, match="no hand card"):
        s.apply_code("3@b2")
    with pytest.raises(IllegalMove, match="no cell"):
        s.apply_code("0@z9")
    with pytest.raises(IllegalMove):
        s.apply_code("skip")
    with pytest.raises(IllegalMove):
        s.apply(rules.Place(0, 0, "a1"))


def test_two_passes_end_the_game_higher_time_wins():
    full = "\n".join(" ".join("G9" if (x + y) % 2 else "R9" for x in range(4)) for y in range(4))
    s = pos(full, hands=("1", "1"))
    s = attrs.evolve(s, time=(50, 40))
    assert [m.code for m in s.legal_moves()] == ["pass"]
    t = play(s, "pass")
    assert not t.is_over and t.passes == 1
    u = play(t, "pass")
    out = u.outcome()
    assert out is not None and out.winner == 0 and "two passes" in out.reason
    assert u.legal_moves() == []


def test_time_zero_loses_and_both_zero_is_a_draw():
    s = pos(
        """
        . . . . .
        G3 G4 G4 . .
        . . . . .
        . . . . .
        . . . . .
        """,
        hands=("2", ""),
    )
    s = attrs.evolve(s, time=(10, 5))
    t = play(s, "0@c1")
    assert t.time == (10, 0)
    assert t.outcome().winner == 0 and t.legal_moves() == []
    # example 4 with both at 7: both reach 0 in the same turn
    s = pos(
        """
        . . . . .
        . . G4 . .
        . G5 . G6 .
        . R1 G3 R5 .
        . . R3 . .
        """,
        player=1,
        hands=("", "6"),
    )
    s = attrs.evolve(s, time=(7, 7))
    t = play(s, "0@c3")
    assert t.time == (0, 0)
    assert t.outcome().winner is None and t.outcome().reason == "both players ran out of time"
    try:  # the reason is a sentence the end screen shows: in the reader's language, also after a switch
        catalogs.use_language("ru")
        assert t.outcome().reason == "у обоих игроков кончилось время"
    finally:
        catalogs.use_language("en")


def test_adjacent_placement():
    s = pos("\n".join([". . . . ."] * 5), hands=("3 3", ""), adjacent=True)
    assert len(s.legal_cells()) == 25  # empty board: anywhere
    t = play(s, "0@c3")
    cells = {t.grid.names[c] for c in t.legal_cells()}
    assert cells == {"b2", "b3", "b4", "c2", "c4", "d2", "d3", "d4"}
    with pytest.raises(IllegalMove, match="adjacent"):
        t.apply_code("0@a1")


def test_turn_limit_ends_the_game():
    s = SPEC.start(CardgoOptions(size=4), seed=1)
    s = attrs.evolve(s, turn=s.options.turn_limit + 1)
    assert s.outcome() is not None and "turn limit" in s.outcome().reason


# --- options ------------------------------------------------------------------------------


def test_options_defaults_and_custom_mode():
    o = CardgoOptions()
    assert (o.start_time, o.size, o.hand_size, o.min_value, o.max_value) == (100, 10, 5, 1, 6)
    assert not o.full_speed and not o.adjacent
    c = SPEC.options_from_dict(
        {"start_time": "150", "size": 7, "hand_size": 3, "min_value": 2, "max_value": 10}
    )
    s = SPEC.start(c, seed=3)
    assert s.time == (150, 150) and len(s.owners) == 49 and len(s.hands[0]) == 3
    assert all(2 <= card.value <= 10 for h in s.hands for card in h)


@pytest.mark.parametrize(
    "data, message",
    [
        ({"size": 30}, "board side"),
        ({"size": 2}, "board side"),
        ({"start_time": 0}, "starting time"),
        ({"hand_size": 0}, "hand size"),
        ({"max_value": 11}, "largest card value"),
        ({"min_value": 5, "max_value": 3}, "must not be larger"),
        ({"effects": "maybe"}, "true or false"),
        ({"colour": 1}, "unknown option"),
    ],
)
def test_bad_options_are_rejected_with_a_clear_message(data, message):
    with pytest.raises(OptionsError, match=message):
        SPEC.options_from_dict(data)


def test_no_effects_no_terrain_switches():
    s = SPEC.start(CardgoOptions(effects=False, terrain=False), seed=9)
    assert set(s.terrain) == {0}
    assert all(c.effect == 0 for h in s.hands for c in h)
    s = SPEC.start(seed=9)
    assert len(set(s.terrain)) > 5


def test_card_codes():
    from webtabletop.games.cardgo.rules.effects import card_from_code

    assert card_from_code("4J") == Card(4, 3)
    assert card_from_code("10") == Card(10, 0)
    with pytest.raises(ValueError):
        card_from_code("J")


def test_diagram_round_trip():
    s = SPEC.start(seed=21)
    from webtabletop.core.rng import Rng

    rng = Rng(4)
    for _ in range(40):
        legal = s.legal_moves()
        s = s.apply(legal[rng.randbelow(len(legal))])
    back = position(s.diagram(), s.options)
    assert (back.owners, back.values, back.effects, back.terrain) == (
        s.owners,
        s.values,
        s.effects,
        s.terrain,
    )
    assert "to move" in s.text()
