"""HTT duel rules: exact flips per table rule, Combo chains, scoring, draw offers, the pick."""

from __future__ import annotations

import pytest

import webtabletop.games.htt  # noqa: F401  (registers the game)
from webtabletop.core.protocol import IllegalMove, OptionsError
from webtabletop.core.record import Record
from webtabletop.games.htt import SPEC
from webtabletop.games.htt.rules.deal import position
from webtabletop.games.htt.rules.options import HttOptions
from webtabletop.games.htt.rules.state import OVER, PICK, Flip, Place

# Rhombus cells: a1 a2 a3 / b1 b2 b3 / c1 c2 c3 (rows shifted half a cell right each).
# b2 touches b3 (E), a3 (NE), a2 (NW), b1 (W), c1 (SW), c2 (SE). Sides: E NE NW W SW SE.
A1, A2, A3, B1, B2, B3, C1, C2, C3 = range(9)
BLUE, RED = 0, 1


def play(options, cells, hand, code="0b2", icons=None, matter="red"):
    state = position(options, cells, hands=[[(hand, matter)], ["111111"]], player=BLUE, icons=icons)
    return state.apply_code(code)


def flipped(state):
    return [(f.cell, f.step, f.cause) for f in state.flips]


def test_standard_rule_turns_only_lower_facing_values():
    cells = {"b3": (RED, "111411"), "b1": (RED, "611111"), "a2": (RED, "111115")}
    s = play(HttOptions(), cells, "513111")  # E 5 > 4 turns b3; W 1 < 6; NW 3 < 5
    assert flipped(s) == [(B3, 1, "standard")]
    assert s.owners[B3] == BLUE and s.owners[B1] == RED and s.owners[A2] == RED


def test_equal_values_do_not_turn_by_the_standard_rule():
    s = play(HttOptions(), {"b3": (RED, "111511")}, "511111")
    assert s.flips == ()


SAME_CELLS = {"b3": (RED, "111519"), "a2": (RED, "111113")}


def test_same_turns_enemies_on_two_equal_contacts():
    s = play(HttOptions(same=True), SAME_CELLS, "513111")
    assert flipped(s) == [(A2, 1, "same"), (B3, 1, "same")]
    # without Same: 5 = 5 and 3 = 3 turn nothing
    assert play(HttOptions(), SAME_CELLS, "513111").flips == ()


def test_same_counts_own_cards_but_turns_only_enemies():
    cells = {"b3": (RED, "111511"), "a2": (BLUE, "111113")}
    s = play(HttOptions(same=True), cells, "513111")
    assert flipped(s) == [(B3, 1, "same")]


def test_same_needs_two_equal_contacts():
    cells = {"b3": (RED, "111511"), "a2": (RED, "111119")}
    assert play(HttOptions(same=True), cells, "513111").flips == ()


def test_plus_turns_contacts_with_equal_sums():
    # 4 + 5 = 9 (b3) and 6 + 3 = 9 (a2); c2 sums 1 + 2 = 3 alone and stays
    cells = {"b3": (RED, "111511"), "a2": (RED, "111113"), "c2": (RED, "112111")}
    s = play(HttOptions(plus=True), cells, "416111")
    assert flipped(s) == [(A2, 1, "plus"), (B3, 1, "plus")]


def test_minus_turns_contacts_with_equal_differences():
    # |7 - 5| = 2 and |1 - 3| = 2; the 7 > 5 contact would turn anyway, a2 turns only by Minus
    cells = {"b3": (RED, "111511"), "a2": (RED, "111113")}
    s = play(HttOptions(minus=True), cells, "711111")
    assert flipped(s) == [(A2, 1, "minus"), (B3, 1, "minus")]
    assert flipped(play(HttOptions(), cells, "711111")) == [(B3, 1, "standard")]


def test_same_and_plus_together_name_both_causes():
    # equal: b3 5=5, a2 3=3, c2 3=3 (Same); sum 6: a2 3+3, c1 2+4, c2 3+3 (Plus)
    cells = {"b3": (RED, "111511"), "a2": (RED, "111113"), "c1": (RED, "141111"), "c2": (RED, "113111")}
    s = play(HttOptions(same=True, plus=True), cells, "513123")
    assert flipped(s) == [(A2, 1, "same+plus"), (B3, 1, "same"), (C1, 1, "plus"), (C2, 1, "same+plus")]


def test_combo_chain_order_and_steps():
    cells = {**SAME_CELLS, "c3": (RED, "111911"), "c2": (RED, "115111")}
    s = play(HttOptions(same=True, combo=True), cells, "513111")
    assert s.flips == (Flip(A2, 1, "same"), Flip(B3, 1, "same"), Flip(C3, 2, "combo"), Flip(C2, 3, "combo"))
    assert [s.owners[c] for c in (A2, B3, C3, C2)] == [BLUE] * 4
    # without Combo the chain stops after Same
    s2 = play(HttOptions(same=True), cells, "513111")
    assert flipped(s2) == [(A2, 1, "same"), (B3, 1, "same")]


def test_cards_turned_by_the_standard_rule_do_not_chain():
    cells = {"b3": (RED, "111119"), "c3": (RED, "111911")}
    s = play(HttOptions(same=True, combo=True), cells, "911111")
    assert flipped(s) == [(B3, 1, "standard")]


def test_block_stops_standard_and_combo_but_not_same():
    cells = {**SAME_CELLS, "c3": (RED, "111911"), "c2": (RED, "115111"), "b1": (RED, "111111")}
    s = play(HttOptions(same=True, combo=True, block=True), cells, "513911")
    assert flipped(s) == [(A2, 1, "same"), (B3, 1, "same")]
    assert play(HttOptions(block=True), {"b3": (RED, "111111")}, "911111").flips == ()


def test_wall_counts_as_A_for_same():
    # a1: E a2, SE b1, the other four sides face walls. NE = A equals the wall; E 4 = a2's W 4.
    cells = {"a2": (RED, "111411")}
    assert flipped(play(HttOptions(same=True, wall="wall"), cells, "4A1111", "0a1")) == [(A2, 1, "same")]
    assert play(HttOptions(same=True), cells, "4A1111", "0a1").flips == ()


def test_wall_alone_triggers_nothing():
    s = play(HttOptions(same=True, wall="wall"), {"a2": (RED, "111911")}, "4AA111", "0a1")
    assert s.flips == ()


def test_wall_pair_with_own_card_turns_nothing():
    s = play(HttOptions(same=True, wall="wall"), {"a2": (BLUE, "111411")}, "4A1111", "0a1")
    assert s.flips == () and s.owners[A2] == BLUE


def test_mirror_wall_equals_the_facing_value():
    cells = {"a2": (RED, "111411")}
    assert flipped(play(HttOptions(same=True, wall="mirror"), cells, "412111", "0a1")) == [(A2, 1, "same")]


def test_antiwall_is_zero():
    # Plus with walls of 0: the wall sums are the card's own values; 7 (NW) + 0 = 3 + 4 (a2)
    cells = {"a2": (RED, "111411")}
    assert flipped(play(HttOptions(plus=True, wall="antiwall"), cells, "317111", "0a1")) == [(A2, 1, "plus")]
    assert play(HttOptions(plus=True, wall="wall"), cells, "317111", "0a1").flips == ()


def test_wall_plus_uses_A():
    cells = {"a2": (RED, "111A11")}  # 1 + A = 11 = A + 1 (NE against the wall)
    assert flipped(play(HttOptions(plus=True, wall="wall"), cells, "111111", "0a1")) == [(A2, 1, "plus")]


def test_matter_own_colour_adds_one_other_colour_subtracts_one():
    cells = {"b3": (RED, "111511")}
    opts = HttOptions(matter=True)
    s = play(opts, cells, "555555", icons={"b2": "red"}, matter="red")
    assert s.values[B2] == (6,) * 6 and flipped(s) == [(B3, 1, "standard")]
    s = play(opts, cells, "666666", icons={"b2": "blue"}, matter="red")
    assert s.values[B2] == (5,) * 6 and s.flips == ()


def test_matter_makes_S_and_0():
    s = play(
        HttOptions(matter=True), {"b3": (RED, "111A11")}, "A11111", icons={"b2": "green"}, matter="green"
    )
    assert s.values[B2][0] == 11 and flipped(s) == [(B3, 1, "standard")]
    s = play(HttOptions(matter=True), {}, "A11111", icons={"b2": "green"}, matter="red")
    assert s.values[B2] == (9, 0, 0, 0, 0, 0)


def test_matter_values_count_for_same():
    # 4+1 = 5 against b3's W 5 (same) and a2's SE 3 against NW 2+1
    s = play(HttOptions(matter=True, same=True), SAME_CELLS, "412111", icons={"b2": "red"}, matter="red")
    assert flipped(s) == [(A2, 1, "same"), (B3, 1, "same")]


def test_matter_icons_placed_by_seed():
    s = SPEC.start(HttOptions(matter=True), seed=5)
    icons = [i for i in s.icons if i]
    assert 1 <= len(icons) <= 3
    assert s.icons == SPEC.start(HttOptions(matter=True), seed=5).icons


def _finish(state, pick_first=True):
    while state.phase not in (OVER, PICK):
        moves = [m for m in state.legal_moves() if m.code != "draw"]
        state = state.apply(moves[0])
    return state


def test_scores_count_hand_cards_and_sum_to_ten():
    s = SPEC.start(HttOptions(), seed=1)
    for _ in range(9):
        assert sum(s.score()) == 10
        s = s.apply([m for m in s.legal_moves() if m.code != "draw"][0])
    assert sum(s.scores) == 10
    # the second player keeps one card in hand
    assert bin(s.used[1 - s.first]).count("1") == 4


def test_winner_picks_one_face_down_card_of_the_loser():
    for seed in range(40):
        s = _finish(SPEC.start(HttOptions(), seed=seed))
        if s.phase == PICK:
            break
    assert s.phase == PICK and s.to_move() == s.winner
    assert [m.code for m in s.legal_moves()] == ["t0", "t1", "t2", "t3", "t4"]
    assert s.outcome() is None
    end = s.apply_code("t2")
    assert end.outcome().winner == s.winner
    assert end.taken_card == s.decks[1 - s.winner][s.pick_order[2]]
    assert end.snapshot()["taken"] == end.taken_card.id


def test_friendly_table_takes_no_card():
    for seed in range(40):
        s = _finish(SPEC.start(HttOptions(friendly=True), seed=seed))
        assert s.phase == OVER and s.taken_card is None


def test_draw_offer_accept_and_decline():
    s = SPEC.start(HttOptions(), seed=2)
    p = s.to_move()
    assert s.legal_moves()[-1].code == "draw"
    offered = s.apply_code("draw")
    assert offered.to_move() == 1 - p and [m.code for m in offered.legal_moves()] == ["accept", "decline"]
    over = offered.apply_code("accept")
    assert over.outcome().winner is None and over.outcome().scores == (5.0, 5.0)
    back = offered.apply_code("decline")
    assert back.to_move() == p and "draw" not in [m.code for m in back.legal_moves()]
    nxt = back.apply(back.legal_moves()[0])
    assert "draw" in [m.code for m in nxt.legal_moves()]


def test_in_order_allows_only_the_first_card():
    # "по порядку – свои карты на поле можно класть только последовательно, т.е. начиная с левой
    # верхней": the first card of the hand as arranged (here: the given deck order), then the next.
    hand = ("emb-9a", "emb-2a", "emb-7a", "emb-1a", "emb-4a")
    s = SPEC.start(HttOptions(in_order=True, hand0=hand, hand1=hand), seed=3)
    p = s.to_move()
    assert {m.slot for m in s.legal_moves() if hasattr(m, "slot")} == {0}  # emb-9a, not the level-1 card
    s = s.apply_code("0a1")
    s = s.apply(s.legal_moves()[0])
    assert s.to_move() == p and {m.slot for m in s.legal_moves() if hasattr(m, "slot")} == {1}
    with pytest.raises(IllegalMove, match="In order"):
        s.apply(Place(3, 4, "3b2"))


def test_a_dealt_hand_keeps_the_order_it_was_dealt_in():
    # dealt hands are not sorted by level: In order follows the order the levels were drawn in
    unsorted = 0
    for seed in range(12):
        s = SPEC.start(HttOptions(in_order=True), seed=seed)
        p = s.to_move()
        hand_levels = [c.level for c in s.hand(p)]
        assert [s.decks[p][slot].level for slot in s.orders[p]] == hand_levels
        assert sorted(c.level for c in s.decks[p]) == [c.level for c in s.decks[p]]  # slots by level
        first = s.orders[p][0]
        assert {m.slot for m in s.legal_moves() if hasattr(m, "slot")} == {first}
        unsorted += hand_levels != sorted(hand_levels)
    assert unsorted >= 10  # a random order is sorted by level in one deal of 120


def test_illegal_moves_raise():
    s = SPEC.start(HttOptions(), seed=3)
    s2 = s.apply_code("0b2")
    with pytest.raises(IllegalMove):
        s2.apply_code("1b2")  # occupied
    with pytest.raises(IllegalMove):
        s2.apply_code("t0")
    with pytest.raises(IllegalMove):
        s.apply_code("9a1")


def test_coin_flip_varies_with_seed():
    assert {SPEC.start(seed=s).first for s in range(20)} == {0, 1}


def test_dealt_hands_share_levels_and_given_hands_are_used():
    s = SPEC.start(HttOptions(), seed=9)
    assert [c.level for c in s.decks[0]] == [c.level for c in s.decks[1]]
    hand = ("emb-1a", "emb-2a", "emb-3a", "emb-4a", "emb-5a")
    s = SPEC.start(HttOptions(hand0=hand), seed=9)
    assert tuple(c.id for c in s.decks[0]) == hand
    assert [c.level for c in s.decks[1]] == [1, 2, 3, 4, 5]
    assert s.dealt == (False, True)


@pytest.mark.parametrize("board,cells,hand", [("rhombus9", 9, 5), ("hex7", 7, 5), ("hex19", 19, 10)])
def test_boards(board, cells, hand):
    # "игроку выдаются пять ... карт" (five cards, on every board; ten on the 19-cell board)
    s = SPEC.start(HttOptions(board=board), seed=4)
    assert len(s.owners) == cells and len(s.decks[0]) == len(s.decks[1]) == hand
    s = _finish(s)
    assert sum(s.scores) == 2 * hand


def test_min_max_level_limit_dealt_and_given_cards():
    s = SPEC.start(HttOptions(min_level=3, max_level=5), seed=1)
    assert all(3 <= c.level <= 5 for d in s.decks for c in d)
    with pytest.raises(ValueError, match="outside the allowed levels"):
        HttOptions(max_level=4, hand0=("emb-1a", "emb-2a", "emb-3a", "emb-4a", "emb-5a"))


def test_options_validation_messages():
    with pytest.raises(ValueError, match="minimum level"):
        HttOptions(min_level=6, max_level=2)
    with pytest.raises(ValueError, match="needs 5"):
        HttOptions(hand0=("emb-1a",))
    with pytest.raises(ValueError, match="at most one card per level"):
        HttOptions(own_deck=True, hand0=("emb-1a", "emb-1b", "emb-3a", "emb-4a", "emb-5a"))
    with pytest.raises(ValueError, match="unknown card"):
        HttOptions(hand0=("emb-1a", "zzz-1b", "emb-3a", "emb-4a", "emb-5a"))
    with pytest.raises(ValueError, match="different levels"):
        HttOptions(random_hands=True, min_level=1, max_level=3)
    with pytest.raises(OptionsError, match="wall"):
        SPEC.options_from_dict({"wall": "moat"})
    with pytest.raises(OptionsError, match="unknown option"):
        SPEC.options_from_dict({"mirror": True})
    o = SPEC.options_from_dict({"hand1": ["emb-1a", "emb-2a", "emb-3a", "emb-4a", "emb-5a"], "same": "on"})
    assert o.hand1[0] == "emb-1a" and o.same is True


def test_inline_cards_in_hands():
    hand = ("~232124r1", "~333332b2", "~444433y3", "~544444g4", "~555551p5")
    s = SPEC.start(HttOptions(hand0=hand), seed=1)
    assert s.decks[0][0].values == (2, 3, 2, 1, 2, 4)


def test_record_replays_exactly():
    opts = HttOptions(same=True, plus=True, combo=True, matter=True, wall="mirror")
    s = SPEC.start(opts, seed=77)
    rec = Record.new(SPEC, opts, 77)
    while not s.is_over:
        m = s.legal_moves()[len(s.legal_moves()) // 2]
        s = s.apply(m)
        rec = rec.with_moves((*rec.moves, m.code))
    again = Record.from_json(rec.to_json()).final_state()
    assert again.snapshot() == s.snapshot()


def test_deck_strength_of_a_given_hand():
    o = HttOptions(own_deck=True, hand0=("emb-1a", "emb-3a", "emb-5a", "emb-7a", "emb-9a"))
    assert o.deck_strength(0) == 25 and o.deck_strength(1) is None
    assert "Own deck" in o.describe()


@pytest.mark.parametrize("name", ["rhombus9", "hex7", "hex19"])
def test_board_sides_are_symmetric(name):
    from webtabletop.games.htt.rules.board import WALL, get_board

    b = get_board(name)
    for cell, sides in enumerate(b.sides):
        for d, n in enumerate(sides):
            if n != WALL:
                assert b.sides[n][(d + 3) % 6] == cell
    assert sum(1 for s in b.sides for n in s if n == WALL) == {"rhombus9": 22, "hex7": 18, "hex19": 30}[name]
