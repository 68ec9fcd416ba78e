"""Every rule of the SHT digest and every decision, one test each (positions built by name)."""

from __future__ import annotations

import pytest
from _sht_helpers import SPEC

from webtabletop.core.protocol import IllegalMove, OptionsError
from webtabletop.core.registry import get_game
from webtabletop.games.sht.rules import cards as C
from webtabletop.games.sht.rules.options import ShtOptions
from webtabletop.games.sht.rules.positions import state_from
from webtabletop.games.sht.rules.state import (
    ADVANTAGE,
    DECLINE,
    DEFEND,
    OVER,
    PASS,
    SKIP,
    TURN,
    ShtMove,
    Slot,
    advantage_of,
    canonical_defence,
    defence_sets,
    new_game,
)


def n(name: str) -> int:
    return C.from_name(name)


def codes(state) -> list[str]:
    return [m.code for m in state.legal_moves()]


# --- cards ------------------------------------------------------------------------------------
def test_deck_values_and_names():
    assert len(C.ALL_CARDS) == 52
    assert [C.value(n(x)) for x in ("AS", "2H", "10D", "JC", "QS", "KH")] == [1, 2, 10, 11, 12, 13]
    assert {C.name(c) for c in C.ALL_CARDS} == {r + s for r in C.RANKS for s in "SHDC"}
    assert all(C.from_name(C.name(c)) == c for c in C.ALL_CARDS)
    assert C.is_red(n("QH")) and C.is_red(n("2D")) and not C.is_red(n("KS")) and not C.is_red(n("AC"))
    with pytest.raises(ValueError):
        C.from_name("1S")


# --- registration and options -------------------------------------------------------------
def test_registered_spec():
    spec = get_game("sht")
    assert spec is SPEC and spec.title == "SHT" and spec.hidden_information
    assert spec.start(seed=1).spec is spec


def test_options_validate():
    assert SPEC.options_from_dict({"first_player": "second"}).first_player == "second"
    with pytest.raises(OptionsError):
        SPEC.options_from_dict({"first_player": "nobody"})
    with pytest.raises(OptionsError):
        SPEC.options_from_dict({"hand": 3})


# --- setup ------------------------------------------------------------------------------------
def test_deal_five_hand_one_shield_each():
    s = new_game(ShtOptions(), 7)
    assert [len(h) for h in s.hands] == [5, 5]
    assert all(sh is not None for sh in s.shields)
    assert len(s.deck) == 40 and s.discard == () and s.fields == ((), ())
    assert sorted(s.all_zones()) == list(range(52))
    assert s.phase == TURN and s.turn == 0 and s.to_move() == s.first


def test_deal_is_seeded():
    assert new_game(ShtOptions(), 11) == new_game(ShtOptions(), 11)
    assert new_game(ShtOptions(), 11).snapshot() != new_game(ShtOptions(), 12).snapshot()


def test_first_player_random_by_seed_unless_chosen():
    firsts = {new_game(ShtOptions(), seed).first for seed in range(40)}
    assert firsts == {0, 1}
    assert all(new_game(ShtOptions(first_player="first"), s).first == 0 for s in range(10))
    assert all(new_game(ShtOptions(first_player="second"), s).first == 1 for s in range(10))


# --- the three actions and the first turn ---------------------------------------------------
def test_first_turn_only_one_card_open():
    s = new_game(ShtOptions(first_player="first"), 3)
    legal = s.legal_moves()
    assert [m.code for m in legal] == [f"o:{c}" for c in s.hands[0]]
    card = s.hands[0][2]
    t = s.apply_code(f"o:{card}")
    assert t.fields[0] == (Slot(card, True),) and card not in t.hands[0]
    assert t.to_move() == 1 and t.turn == 1
    with pytest.raises(IllegalMove):
        s.apply(ShtMove("c", (card,)))
    # the second player's first turn is an ordinary turn
    assert any(c.startswith("c:") for c in codes(t)) and any(c.count(",") == 1 for c in codes(t))


def test_first_turn_rule_can_be_switched_off():
    s = new_game(ShtOptions(first_player="first", first_turn_rule=False), 3)
    assert len(s.legal_moves()) == 5 + 10


def test_put_one_closed():
    s = state_from(hand0=["3S", "9H"], hand1=["2C"], shield0="KS", shield1="KH")
    t = s.apply_code(f"c:{n('9H')}")
    assert t.fields[0] == (Slot(n("9H"), False),) and t.hands[0] == (n("3S"),)
    assert t.player == 1 and t.phase == TURN


def test_put_two_open():
    s = state_from(hand0=["3S", "9H", "QD"], hand1=["2C"])
    t = s.apply_code(f"o:{n('3S')},{n('QD')}")
    assert t.fields[0] == (Slot(n("3S"), True), Slot(n("QD"), True)) and t.hands[0] == (n("9H"),)


def test_turn_moves_listed():
    s = state_from(hand0=["3S", "9H"], field0=["5D", "7C*"], hand1=["2C"])
    assert codes(s) == [
        f"c:{n('3S')}",
        f"c:{n('9H')}",
        f"o:{n('3S')},{n('9H')}",
        f"a:{n('5D')}",
        f"a:{n('7C')}",
    ]


def test_one_hand_card_cannot_put_two_open():
    s = state_from(hand0=["3S"], hand1=["2C"])
    assert codes(s) == [f"c:{n('3S')}"]


def test_no_draw_step():
    s = state_from(hand0=["3S", "4S"], hand1=["2C", "5C"])
    t = s.apply_code(f"c:{n('3S')}")
    assert len(t.deck) == len(s.deck) and len(t.hands[1]) == 2


# --- battle -----------------------------------------------------------------------------------
def attacked(**zones):
    """Player 0 attacks with the first card of field0."""
    s = state_from(**zones)
    return s.apply_code(f"a:{s.fields[0][0].card}")


def test_attack_reveals_card_and_defender_moves():
    s = attacked(field0=["7S*"], field1=["9H*"], hand0=["2C"], hand1=["3C"], shield1="KD")
    assert s.phase == DEFEND and s.to_move() == 1 and s.attack == n("7S")
    assert s.fields[0] == ()
    assert n("7S") in s.visible_cards(1)


def test_defence_with_any_subset_reaching_the_attack():
    """«場のカードを好きな枚数選んで防御することができます»: any number of field cards whose values
    reach the attack; here as one-move quick defences at the start of the defence."""
    s = attacked(field0=["7S"], field1=["3H", "4D", "5C*", "KS"], shield1="2D")
    sets = [set(m.cards) for m in s.legal_moves() if m.kind == "d"]
    assert {n("3H"), n("4D")} in sets  # 7 == 7
    assert {n("KS")} in sets
    assert {n("3H"), n("4D"), n("5C"), n("KS")} in sets  # not minimal, still allowed
    assert {n("3H")} not in sets and {n("5C")} not in sets
    assert "decline" in codes(s)
    assert [c for c in codes(s) if c.startswith("+:")] == [f"+:{n(x)}" for x in ("3H", "4D", "5C", "KS")]
    with pytest.raises(IllegalMove):
        s.apply(ShtMove("d", (n("3H"),)))
    with pytest.raises(IllegalMove):
        s.apply(ShtMove("d", (n("7S"),)))  # not the defender's card


def test_defended_cards_and_attack_go_to_discard():
    s = attacked(field0=["7S", "2S"], field1=["3H", "4D", "JC"], hand0=["AS"], shield1="2D")
    t = s.apply_code(f"d:{n('3H')},{n('4D')}")
    assert t.discard[-3:] == (n("7S"), n("3H"), n("4D"))
    assert t.fields[1] == (Slot(n("JC"), True),) and t.fields[0] == (Slot(n("2S"), True),)


def test_decline_breaks_shield_into_hand_without_advantage():
    s = attacked(field0=["7S"], field1=["9H"], hand1=["2C"], shield1="KD")
    t = s.apply(DECLINE)
    assert t.shields[1] is None and n("KD") in t.hands[1]
    assert t.discard[-1] == n("7S") and t.fields[1] == (Slot(n("9H"), True),)
    assert t.phase == TURN and t.player == 1 and t.last_battle.result == "shield"
    assert len(t.deck) == len(s.deck)


def test_undefended_without_shield_loses():
    s = attacked(field0=["7S"], field1=["9H"], shield1=None)
    t = s.apply(DECLINE)
    assert t.phase == OVER and t.outcome().winner == 0 and t.legal_moves() == []
    assert t.outcome().returns() == (1.0, -1.0)


def test_publicly_impossible_defence_resolves_at_once():
    s = attacked(field0=["QS"], field1=["3H", "4D"], hand1=["2C"], shield1="KD")
    assert s.phase == TURN and s.shields[1] is None and n("KD") in s.hands[1]
    s = attacked(field0=["QS"], field1=[], shield1=None)
    assert s.phase == OVER and s.winner == 0


def test_defender_with_closed_card_is_always_asked():
    s = attacked(field0=["QS"], field1=["3H", "4D*"], shield1="KD")
    assert s.phase == DEFEND and codes(s) == ["decline"]


@pytest.mark.parametrize(
    ("a", "d", "expected"),
    [(7, 7, (1, 1)), (3, 7, (0, 2)), (3, 6, (0, 1)), (3, 4, (0, 1)), (1, 3, (0, 2)), (13, 26, (0, 1))],
)
def test_advantage_table(a, d, expected):
    assert advantage_of(0, a, d) == expected


def test_exact_defence_gives_defender_one_advantage():
    s = attacked(
        field0=["7S"], field1=["3H", "4D"], hand0=["2C"], hand1=["5C"], shield1="2D", deck=["9S", "8S"]
    )
    t = s.apply_code(f"d:{n('3H')},{n('4D')}")
    assert t.phase == ADVANTAGE and t.to_move() == 1 and t.adv_left == 0
    assert n("8S") in t.hands[1] and t.deck == (n("9S"),)  # drew the top card
    assert codes(t) == [f"p:{n('5C')}", f"p:{n('8S')}", "skip"]
    u = t.apply_code(f"p:{n('8S')}")
    assert (
        u.fields[1] == (Slot(n("8S"), True),) and u.phase == TURN and u.player == 1 and u.turn == s.turn + 1
    )


def test_big_defence_gives_attacker_two_advantages():
    s = attacked(field0=["3S"], field1=["7H"], hand0=["2C"], shield1="2D", deck=["9S", "8S", "AS"])
    t = s.apply_code(f"d:{n('7H')}")
    assert t.phase == ADVANTAGE and t.to_move() == 0 and n("AS") in t.hands[0] and t.adv_left == 1
    u = t.apply(SKIP)
    assert u.phase == ADVANTAGE and u.to_move() == 0 and n("8S") in u.hands[0]
    w = u.apply_code(f"p:{n('8S')}")
    assert w.phase == TURN and w.player == 1 and w.fields[0] == (Slot(n("8S"), True),)


def test_ordinary_defence_gives_attacker_one_advantage():
    s = attacked(field0=["5S"], field1=["6H"], hand0=["2C"], shield1="2D", deck=["9S", "8S"])
    t = s.apply_code(f"d:{n('6H')}")
    assert t.phase == ADVANTAGE and t.to_move() == 0 and t.adv_left == 0
    assert t.apply(SKIP).player == 1


def test_empty_deck_draws_nothing():
    s = attacked(field0=["5S"], field1=["6H"], hand0=["2C"], shield1="2D", deck=[])
    t = s.apply_code(f"d:{n('6H')}")
    assert t.phase == ADVANTAGE and t.hands[0] == (n("2C"),) and t.deck == ()


def test_advantage_with_empty_hand_is_skipped():
    s = attacked(field0=["5S"], field1=["6H"], hand0=[], shield1="2D", deck=[])
    t = s.apply_code(f"d:{n('6H')}")
    assert t.phase == TURN and t.player == 1 and t.last_battle.advantages == 1


def test_advantage_moves_are_checked():
    s = attacked(field0=["5S"], field1=["6H"], hand0=["2C"], shield1="2D", deck=["9S"])
    t = s.apply_code(f"d:{n('6H')}")
    with pytest.raises(IllegalMove):
        t.apply(ShtMove("p", (n("6H"),)))
    with pytest.raises(IllegalMove):
        t.apply(PASS)


# --- passing and the end ------------------------------------------------------------------------
def test_pass_only_without_any_action():
    s = state_from(hand0=[], field0=[], hand1=["2C"], shield0="KS", shield1="KH")
    assert codes(s) == ["pass"]
    t = s.apply(PASS)
    assert t.player == 1 and t.passes == 1 and not t.is_over
    with pytest.raises(IllegalMove):
        state_from(hand0=["3S"], hand1=["2C"]).apply(PASS)


def test_two_passes_in_a_row_draw():
    s = state_from(hand0=[], hand1=[], shield0="KS", shield1="KH")
    t = s.apply(PASS).apply(PASS)
    assert t.is_over and t.outcome().winner is None and t.outcome().returns() == (0.0, 0.0)


def test_a_move_between_passes_resets_the_count():
    s = state_from(hand0=[], hand1=["2C", "3C"], shield0="KS", shield1="KH")
    t = s.apply(PASS).apply_code(f"c:{n('2C')}")
    assert t.passes == 0
    t = t.apply(PASS)
    assert not t.is_over and t.passes == 1


def test_must_attack_without_hand_cards():
    s = state_from(hand0=[], field0=["4S"], hand1=["2C"], shield1="KH")
    assert codes(s) == [f"a:{n('4S')}"]


# --- defence choices: dedupe and cap ------------------------------------------------------------
def test_equal_cards_in_equal_state_are_one_choice():
    field = (Slot(n("5S"), True), Slot(n("5H"), True), Slot(n("5D"), False))
    sets = defence_sets(field, 5)
    assert (n("5S"),) in sets and (n("5H"),) not in sets  # open fives are interchangeable
    assert (n("5D"),) in sets  # a closed five is another choice (it reveals a card)
    assert len(sets) == len(set(sets)) == 3 * 2 - 1
    assert canonical_defence(field, (n("5H"),)) == (n("5S"),)
    assert canonical_defence(field, (n("5H"), n("5D"))) == (n("5S"), n("5D"))


def test_defence_list_is_capped_keeping_minimal_sets():
    names = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS"]
    field = tuple(Slot(n(x), True) for x in names)
    sets = defence_sets(field, 13, cap=50)
    minimal = [s for s in sets if sum(C.value(c) for c in s) - min(C.value(c) for c in s) < 13]
    everything = defence_sets(field, 13, cap=10**6)
    all_minimal = [s for s in everything if sum(C.value(c) for c in s) - min(C.value(c) for c in s) < 13]
    assert len(everything) > 50 and set(all_minimal) <= set(sets)
    assert len(sets) == max(50, len(all_minimal)) and minimal


# --- moves and codes ------------------------------------------------------------------------------
def test_codes_round_trip_and_reject_garbage():
    s = new_game(ShtOptions(), 5)
    for m in s.legal_moves():
        assert s.move_from_code(m.code) == m
    with pytest.raises(IllegalMove):
        s.apply_code("x:1")
    with pytest.raises(IllegalMove):
        s.apply("o:1")


def test_apply_does_not_change_the_old_state():
    s = new_game(ShtOptions(), 9)
    before = s.snapshot()
    s.apply(s.legal_moves()[0])
    assert s.snapshot() == before


def test_closed_move_label_names_no_card():
    s = state_from(hand0=["QS", "3H"], hand1=["2C"])
    label = s.move_label(s.move_from_code(f"c:{n('QS')}"))
    assert "Q" not in label and "♠" not in label and "closed" in label
    assert "Q♠" in s.move_label(s.move_from_code(f"o:{n('3H')},{n('QS')}"))


def test_game_over_has_no_moves_and_rejects_moves():
    s = attacked(field0=["7S"], field1=[], shield1=None)
    assert s.is_over and s.legal_moves() == []
    with pytest.raises(IllegalMove):
        s.apply(PASS)
