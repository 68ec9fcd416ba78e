"""The 13 card effects (0..12)."""

from __future__ import annotations

import attrs
import pytest

from webtabletop.games.cardgo.rules import state as rules
from webtabletop.games.cardgo.rules.diagram import position
from webtabletop.games.cardgo.rules.effects import EFFECTS, card_from_code

from .helpers import play, pos, stones

EMPTY5 = "\n".join([". . . . ."] * 5)


def test_there_are_13_effects_with_unique_letters():
    assert [e.id for e in EFFECTS] == list(range(13))
    letters = [e.letter for e in EFFECTS if e.letter]
    assert len(letters) == 12 == len(set(letters))
    for e in EFFECTS[1:]:
        assert card_from_code(f"3{e.letter}").effect == e.id


def test_0_none():
    t = play(pos(EMPTY5, hands=("3", "")), "0@c3")
    assert t.time == (100, 100) and t.player == 1 and stones(t) == {"c3": "G3"}


@pytest.mark.parametrize("code, need", [("3I", 4), ("3P", 2), ("3E", 3)])
def test_extra_plays_indulgence_pride_excitement(code, need):
    hand = f"{code} 2 3 4 5"
    s = pos(EMPTY5, hands=(hand, ""))
    t = play(s, "0@a1")
    assert t.phase == rules.EXTRA and t.player == 0 and t.extra_value == need
    playable = {m.hand for m in t.legal_moves() if isinstance(m, rules.Place)}
    assert [t.hands[0][i].value for i in playable] == [need]
    assert t.legal_moves()[-1] is rules.SKIP
    i = next(iter(playable))
    u = play(t, f"{i}@e5")
    assert u.player == 1 and u.phase == rules.PLAY
    assert u.last.extra and u.last.card.value == need
    # skipping ends the turn too
    v = play(t, "skip")
    assert v.player == 1 and v.last.kind == "skip"


def test_extra_play_without_a_matching_card_is_not_offered():
    t = play(pos(EMPTY5, hands=("3I 1 6", "")), "0@a1")
    assert t.player == 1 and t.phase == rules.PLAY


def test_extra_plays_chain():
    t = play(pos(EMPTY5, hands=("3I 4I 5", "")), "0@a1")
    t = play(t, "0@a3")  # the 4I (now index 0), itself an Indulgence
    assert t.phase == rules.EXTRA and t.extra_value == 5
    t = play(t, "0@a5")
    assert t.player == 1


def test_effects_switch_off_ignores_effects():
    s = pos(EMPTY5, hands=("3I 4", ""), effects=False)
    t = play(s, "0@a1")
    assert t.player == 1


def test_2_brave_converts_one_random_enemy_stone_never_a_lonely_one():
    diagram = """
    R3 . . . R4
    . . . . .
    . . . . .
    . . . . .
    R5:L . . . .
    """
    seen = set()
    for seed in range(12):
        s = position(diagram, pos(EMPTY5).options, hands=("2B", ""), seed=seed)
        t = play(s, "0@c3")
        assert t.last.brave in (0, 4)
        assert t.owners[t.last.brave] == 0
        assert t.owners[20] == 1  # the Loneliness stone stays red
        seen.add(t.last.brave)
    assert seen == {0, 4}
    only_lonely = pos("R5:L . . . .\n" + "\n".join([". . . . ."] * 4), hands=("2B", ""))
    t = play(only_lonely, "0@c3")
    assert t.last.brave == -1 and t.owners[0] == 1


def test_3_joy_takes_effect_with_one_less_connectivity():
    diagram = """
    G5 . . . .
    . . . . .
    . . . . .
    . . . . .
    . . . . .
    """
    # {a1 5, a2 2}: X = 1. A plain 2 stays, a Joy 2 takes effect (2 <= X + 1)
    assert play(pos(diagram, hands=("2", "")), "0@a2").last.damage == (0, 0)
    t = play(pos(diagram, hands=("2J", "")), "0@a2")
    assert t.last.damage == (0, 2) and stones(t) == {"a1": "G5"}


def test_5_sorrow_random_0_to_value():
    amounts = set()
    for seed in range(25):
        s = position(EMPTY5, pos(EMPTY5).options, hands=("4S", ""), seed=seed)
        t = play(s, "0@c3")
        assert 0 <= t.last.sorrow <= 4
        assert t.time == (100, 100 - t.last.sorrow) and t.last.damage == (0, t.last.sorrow)
        amounts.add(t.last.sorrow)
    assert len(amounts) >= 4


def test_6_pain():
    t = play(pos(EMPTY5, hands=("5A", "")), "0@c3")
    assert t.time == (100, 95) and t.last.damage == (0, 5)


def test_7_kindness_may_exceed_the_starting_time():
    t = play(pos(EMPTY5, hands=("5K", "")), "0@c3")
    assert t.time == (105, 100) and t.last.heal == (5, 0)


def test_8_loneliness_is_never_converted():
    diagram = """
    R2:L . . . .
    G5 . . . .
    . . . . .
    . . . . .
    . . . . .
    """
    t = play(pos(diagram, hands=("6", "")), "0@a2")
    assert t.last.converted == () and t.last.damage == (0, 0)
    assert stones(t)["a1"] == "R2"


def test_8_loneliness_own_breathless_stone_is_not_counted_for_the_opponent():
    diagram = """
    . G5 . . .
    G3 . . . .
    . . . . .
    . . . . .
    . . . . .
    """
    plain = play(pos(diagram, player=1, hands=("", "1")), "0@a1")
    # green's view: {a1 (red 1, converted), a2 5, b1 3}: X = 2: the red 1 takes effect against red
    assert plain.last.damage == (0, 1) and "a1" not in stones(plain)
    lonely = play(pos(diagram, player=1, hands=("", "1L")), "0@a1")
    assert lonely.last.damage == (0, 0) and stones(lonely)["a1"] == "R1"


def test_9_love_draws_an_extra_card():
    t = play(pos(EMPTY5, hands=("3V 1", ""), hand_size=5), "0@c3")
    assert len(t.hands[0]) == 2  # played one, drew one
    assert t.last.drew == 1


def test_9_love_leaves_its_player_one_card_richer_with_a_full_hand():
    """喜爱: «打出时,额外抽取一张卡牌» (on play, draw one extra card). With a full hand (hand size + 1
    at the start of the turn) the extra card stays, and the next turn's draw comes on top."""
    hands = ("3V 1 1 1 1 1", "2 2 2 2 2 2")
    love = pos(EMPTY5, hands=hands, hand_size=5)
    plain = pos(EMPTY5, hands=("3 1 1 1 1 1", hands[1]), hand_size=5)
    a = play(play(love, "0@c3"), "0@a1")
    b = play(play(plain, "0@c3"), "0@a1")
    assert [len(h) for h in a.hands] == [7, 6] and [len(h) for h in b.hands] == [6, 6]


def test_10_suppression_blocks_the_stone_below():
    diagram = """
    . . . . .
    G3:U G4 G4 . .
    . . . . .
    . . . . .
    . . . . .
    """
    t = play(pos(diagram, hands=("2", "")), "0@c1")  # the 2 sits directly below the Suppression 3
    assert t.last.damage == (0, 3)
    assert t.last.suppressed == (10,)
    assert stones(t) == {"b2": "G4", "b3": "G4", "c1": "G2"}


def test_10_suppression_applies_to_converted_and_enemy_stones_too():
    diagram = """
    G5:U . . . .
    R2 . . . .
    G5 . . . .
    . . . . .
    . . . . .
    """
    t = play(pos(diagram, hands=("6", "")), "0@b2")  # red 2 breathless, converted, but suppressed
    assert t.last.converted == (5,) and t.last.damage == (0, 0)
    assert stones(t)["b1"] == "R2"


def test_12_evil_destroys_a_random_neighbour_without_damage():
    diagram = """
    . . . . .
    . . G6 . .
    . R6 . . .
    . . . . .
    . . . . .
    """
    seen = set()
    for seed in range(12):
        s = position(diagram, pos(EMPTY5).options, hands=("3D", ""), seed=seed)
        t = play(s, "0@c3")
        assert t.last.evil in (7, 11)
        assert t.owners[t.last.evil] == rules.EMPTY and t.time == (100, 100)
        seen.add(t.last.evil)
    assert seen == {7, 11}
    t = play(pos(EMPTY5, hands=("3D", "")), "0@c3")
    assert t.last.evil == -1 and stones(t) == {"c3": "G3"}


def test_effects_use_the_printed_value_not_the_terrain_value():
    s = position(". . . .\n. ./h . .\n. . . .\n. . . .", pos(EMPTY5).options, hands=("3A", ""))
    t = play(s, "0@b2")
    assert t.values[5] == 4 and t.time == (100, 97)


def test_on_play_effects_resolve_before_rule_1():
    # Brave turns the red 1 green: it then joins the placed stone's group and takes effect
    diagram = """
    . . . . .
    . . R1 . .
    . . . . .
    . . . . .
    . . . . .
    """
    s = pos(diagram, hands=("6B", ""))
    t = play(s, "0@b4")
    assert t.last.brave == 7
    # {b3 (now green) 1, b4 6}: X = 1: the 1 takes effect, damaging red
    assert t.last.damage == (0, 1)
    assert attrs.evolve(t).owners[8] == 0
