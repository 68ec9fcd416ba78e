"""Invariants under random legal play, replays, and hidden hands (view / determinize)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import webtabletop.games.htt  # noqa: F401
from webtabletop.core.protocol import IllegalMove
from webtabletop.core.record import Record
from webtabletop.core.rng import Rng
from webtabletop.games.htt import SPEC
from webtabletop.games.htt.rules.options import WALLS, HttOptions
from webtabletop.games.htt.rules.state import EMPTY, OVER, PLAY

options_st = st.builds(
    HttOptions,
    board=st.sampled_from(["rhombus9", "hex7", "hex19"]),
    same=st.booleans(),
    plus=st.booleans(),
    minus=st.booleans(),
    combo=st.booleans(),
    wall=st.sampled_from(WALLS),
    matter=st.booleans(),
    in_order=st.booleans(),
    block=st.booleans(),
    open=st.booleans(),
    friendly=st.booleans(),
    min_level=st.integers(1, 4),
    max_level=st.integers(6, 11),
)


def check_invariants(state):
    hand = len(state.decks[0])
    total = 2 * hand
    assert sum(state.score()) == total
    on_board = sum(1 for o in state.owners if o != EMPTY)
    in_hands = len(state.hand(0)) + len(state.hand(1))
    assert on_board + in_hands == total
    assert on_board == state.turn
    legal = state.legal_moves()
    assert (not legal) == state.is_over
    codes = [m.code for m in legal]
    assert len(codes) == len(set(codes))
    for m in legal[:3]:
        assert state.move_from_code(m.code) == m
    for cell, o in enumerate(state.owners):
        assert (o == EMPTY) == (state.values[cell] is None)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=options_st, seed=st.integers(0, 2**64 - 1), walk=st.integers(0, 2**32))
def test_random_play_keeps_invariants_and_replays(options, seed, walk):
    state = SPEC.start(options, seed)
    rng = Rng(walk)
    codes = []
    while not state.is_over:
        check_invariants(state)
        moves = state.legal_moves()
        move = moves[rng.randbelow(len(moves))]
        before = state.snapshot()
        nxt = state.apply(move)
        assert state.snapshot() == before  # immutability
        codes.append(move.code)
        state = nxt
    check_invariants(state)
    out = state.outcome()
    assert out is not None and sum(out.scores) == 2 * len(state.decks[0])
    rec = Record(SPEC.id, dict(Record.new(SPEC, options, seed).options), seed, tuple(codes))
    assert rec.final_state().snapshot() == state.snapshot()


def test_apply_after_the_end_raises():
    state = SPEC.start(HttOptions(friendly=True), 1)
    while not state.is_over:
        state = state.apply([m for m in state.legal_moves() if m.code != "draw"][0])
    try:
        state.apply_code("0a1")
    except IllegalMove:
        pass
    else:
        raise AssertionError("a move after the end was accepted")


def test_view_hides_the_opponents_hand_unless_open():
    state = SPEC.start(HttOptions(hand1=("emb-1a", "emb-2a", "emb-3a", "emb-4a", "emb-5a")), 3)
    v0 = state.view(0)
    assert v0["hands"][1] == ["?"] * 5 and v0["decks"][1] == ["?"] * 5 and v0["options"]["hand1"] == []
    assert v0["hands"][0] == [c.id for c in state.decks[0]]
    spectator = state.view(None)
    assert spectator["hands"][0] == ["?"] * 5 and spectator["hands"][1] == ["?"] * 5
    opened = SPEC.start(HttOptions(open=True), 3).view(0)
    assert "?" not in opened["hands"][1]


def test_played_cards_become_visible():
    state = SPEC.start(HttOptions(), 3)
    p = state.to_move()
    nxt = state.apply_code("2b2")
    assert nxt.view(1 - p)["decks"][p][2] == state.decks[p][2].id
    assert nxt.view(1 - p)["hands"][p][2] is None


def test_determinize_keeps_what_the_player_knows():
    state = SPEC.start(HttOptions(), 8)
    state = state.apply(state.legal_moves()[0])
    me = state.to_move()
    opp = 1 - me
    changed = 0
    for seed in range(20):
        d = state.determinize(me, seed)
        assert d.decks[me] == state.decks[me]
        assert d.owners == state.owners and d.values == state.values and d.used == state.used
        assert [c.level for c in d.decks[opp]] == [c.level for c in state.decks[opp]]  # dealt: levels known
        for i in range(5):
            if state.used[opp] >> i & 1:
                assert d.decks[opp][i] == state.decks[opp][i]  # played cards are known
        changed += d.decks[opp] != state.decks[opp]
        assert d.options.hand(opp) == ()
    assert changed >= 15


def test_determinize_with_own_deck_respects_distinct_levels():
    hand = ("grv-1a", "grv-3a", "grv-5a", "grv-7a", "grv-9a")
    state = SPEC.start(HttOptions(own_deck=True, hand0=hand, hand1=hand), 8)
    for seed in range(30):
        d = state.determinize(0, seed)
        levels = [c.level for c in d.decks[1]]
        assert len(set(levels)) == 5


def test_determinize_changes_nothing_with_open_hands():
    state = SPEC.start(HttOptions(open=True), 8)
    d = state.determinize(0, 5)
    assert d.decks == state.decks


def test_search_state_has_no_draw_offer_and_no_pick():
    state = SPEC.start(HttOptions(), 8).for_search()
    assert "draw" not in [m.code for m in state.legal_moves()]
    while not state.is_over:
        state = state.apply(state.legal_moves()[0])
    assert state.phase == OVER and state.pick_order == ()
    assert state.phase != PLAY


def test_share_link_round_trip_with_hands_and_rules():
    from webtabletop.core import sharelink

    opts = HttOptions(
        own_deck=True,
        same=True,
        combo=True,
        wall="antiwall",
        hand0=("emb-1a", "tid-3b", "grv-5c", "emb-7d", "~A4444Ar9"),
    )
    state = SPEC.start(opts, 123)
    rec = Record.new(SPEC, opts, 123)
    rng = Rng(9)
    while not state.is_over:
        moves = state.legal_moves()
        m = moves[rng.randbelow(len(moves))]
        state = state.apply(m)
        rec = rec.with_moves((*rec.moves, m.code))
    link = sharelink.make_hash(rec)
    assert len(link) < 2000
    again = sharelink.decode_link(link)
    assert again.final_state().snapshot() == state.snapshot()
