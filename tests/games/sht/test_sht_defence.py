"""Defences of rules version 2: «場のカードを好きな枚数選んで防御することができます» (the defender may
choose any number of their field cards to defend); «複数枚のカードを防御に使う場合はその合計が攻撃側の
数値以上になっている必要があります» (several cards must add up to the attack or more). Every such set
is reachable card by card, and nothing else is."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from webtabletop.core.protocol import IllegalMove
from webtabletop.games.sht.ai.choose import quick_defence
from webtabletop.games.sht.rules import cards as C
from webtabletop.games.sht.rules.positions import state_from
from webtabletop.games.sht.rules.state import DECLINE, DEFEND, TURN


def n(name: str) -> int:
    return C.from_name(name)


def attacked(attack: str, field1: list[str], **zones):
    """Player 0 attacks with ``attack``; player 1 holds ``field1`` (a ``*`` = closed)."""
    zones.setdefault("shield1", "2D")
    s = state_from(field0=[attack], field1=field1, **zones)
    return s.apply_code(f"a:{n(attack)}")


def put_forward(state, cards):
    for c in cards:
        state = state.apply_code(f"+:{c}")
    return state


def test_a_later_one_of_two_equal_cards_defends():
    """Version 1 offered only the earlier of two equal open fives; any of them is a defence."""
    s = attacked("5S", ["5H", "5D", "KC"])
    assert f"d:{n('5D')}" not in [m.code for m in s.legal_moves()]  # not a quick defence
    t = put_forward(s, [n("5D")])
    assert t.phase == DEFEND and t.chosen == (n("5D"),)
    done = t.apply_code(f"d:{n('5D')}")
    assert done.discard[-2:] == (n("5S"), n("5D"))
    assert [x.card for x in done.fields[1]] == [n("5H"), n("KC")]
    assert done.last_battle.result == "defended" and done.last_battle.advantage_player == 1


def test_cards_are_put_forward_in_any_order_and_kept_in_field_order():
    s = attacked("9S", ["3H", "4D*", "6C"])
    a = put_forward(s, [n("6C"), n("3H")])
    b = put_forward(s, [n("3H"), n("6C")])
    assert a == b and a.chosen == (n("3H"), n("6C"))
    assert [m.code for m in a.legal_moves()] == [f"d:{n('3H')},{n('6C')}", f"+:{n('4D')}", "decline"]


def test_defend_only_with_exactly_the_cards_forward_and_only_when_enough():
    s = put_forward(attacked("9S", ["3H", "4D", "6C"]), [n("3H")])
    assert not any(m.kind == "d" for m in s.legal_moves())  # 3 < 9
    with pytest.raises(IllegalMove, match="exactly the cards you put forward"):
        s.apply_code(f"d:{n('3H')},{n('6C')}")
    with pytest.raises(IllegalMove, match="not forward yet"):
        s.apply_code(f"+:{n('3H')}")
    with pytest.raises(IllegalMove):
        s.apply_code(f"+:{n('9S')}")  # the attacking card is no field card of the defender
    t = put_forward(s, [n("6C")])
    assert f"d:{n('3H')},{n('6C')}" in [m.code for m in t.legal_moves()]


def test_more_cards_than_needed_may_be_put_forward():
    s = put_forward(attacked("3S", ["4H", "5D", "6C"]), [n("4H"), n("5D"), n("6C")])
    done = s.apply_code(f"d:{n('4H')},{n('5D')},{n('6C')}")
    assert done.last_battle.advantage_player == 0 and done.last_battle.advantages == 2  # 15 > 2 × 3


def test_decline_after_putting_cards_forward_keeps_them_on_the_field():
    s = put_forward(attacked("9S", ["3H", "7D*"], hand1=["2C"]), [n("7D")])
    t = s.apply(DECLINE)
    assert t.phase == TURN and t.shields[1] is None and n("2D") in t.hands[1]
    assert [x.card for x in t.fields[1]] == [n("3H"), n("7D")] and t.chosen == ()


def test_nothing_to_put_forward_when_the_whole_field_falls_short():
    s = attacked("KS", ["3H", "4D*"])
    assert [m.code for m in s.legal_moves()] == ["decline"]
    with pytest.raises(IllegalMove):
        s.apply_code(f"+:{n('3H')}")


def test_putting_a_closed_card_forward_names_no_card():
    s = attacked("9S", ["3H", "7D*"])
    label = s.move_label(s.move_from_code(f"+:{n('7D')}"))
    assert "7" not in label and "closed card forward" in label
    assert "3♥" in s.move_label(s.move_from_code(f"+:{n('3H')}"))
    t = put_forward(s, [n("7D")])
    attacker = t.view(0)["players"][1]["field"]
    assert attacker == [
        {"card": "3H", "open": True, "chosen": False},
        {"card": None, "open": False, "chosen": True},
    ]


def test_determinize_keeps_the_slots_put_forward():
    s = put_forward(attacked("9S", ["3H", "7D*", "8C*"]), [n("7D")])
    w = s.determinize(0, 5)  # the attacker's world: closed cards resampled
    slot = [x.card for x in w.fields[1]][1]
    assert w.chosen == (slot,) and w.view(0) == s.view(0)


def test_the_move_list_stays_small_with_a_large_field():
    """13 open cards against a king: version 1 listed at most 200 sets; putting forward is field
    size + 2 moves at most, and reaches a set the capped list left out."""
    names = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS"]
    s = attacked("KH", names)
    quick = [m for m in s.legal_moves() if m.kind == "d"]
    assert len(quick) == 200
    big = tuple(n(x) for x in names[:12])  # 78: far from minimal, not among the 200
    assert f"d:{','.join(map(str, big))}" not in {m.code for m in quick}
    t = put_forward(s, big[:-1])
    assert len(t.legal_moves()) <= len(names) + 2
    done = put_forward(t, big[-1:]).apply_code(f"d:{','.join(map(str, big))}")
    assert [x.card for x in done.fields[1]] == [n("KS")]


field_cards = st.lists(st.sampled_from(C.ALL_CARDS), min_size=1, max_size=7, unique=True)


@settings(max_examples=40, deadline=None)
@given(field_cards, st.lists(st.booleans(), min_size=7, max_size=7), st.integers(1, 13))
def test_every_set_reaching_the_attack_is_a_defence_and_no_other(cards, closed, value):
    attack = next(c for c in C.ALL_CARDS if C.value(c) == value and c not in cards)
    field1 = [C.name(c) + ("*" if closed[i] else "") for i, c in enumerate(cards)]
    s = attacked(C.name(attack), field1, shield1=None)
    if s.phase != DEFEND:  # publicly impossible: resolved at once
        assert sum(C.value(c) for c in cards) < value
        return
    for k in range(1, len(cards) + 1):
        for subset in combinations(cards, k):
            forward = put_forward(s, subset) if sum(C.value(c) for c in cards) >= value else None
            if forward is None:
                assert [m.code for m in s.legal_moves()] == ["decline"]
                continue
            order = tuple(c for c in cards if c in subset)
            defend = f"d:{','.join(map(str, order))}"
            if sum(C.value(c) for c in subset) >= value:
                after = forward.apply_code(defend)
                assert after.discard[-len(subset) :] == order
            else:
                assert defend not in [m.code for m in forward.legal_moves()]


def test_the_ai_continues_a_defence_and_quick_defences_are_whole_sets():
    s = attacked("9S", ["3H", "4D", "6C", "KS"])
    first = quick_defence(s)
    assert first.kind == "d" and first in s.legal_moves()
    t = put_forward(s, [n("3H")])
    step = quick_defence(t)
    assert step.code == f"+:{n('6C')}"  # 3 + 6 = 9
    assert quick_defence(t.apply(step)).code == f"d:{n('3H')},{n('6C')}"
