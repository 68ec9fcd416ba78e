"""Random self-play properties: invariants, replay, share links, leaks and determinization."""

from __future__ import annotations

import json
import re

import attrs
from _sht_helpers import SPEC, hidden_names, may_see, random_codes, random_game
from hypothesis import given, settings
from hypothesis import strategies as st

from webtabletop.core import sharelink
from webtabletop.core.record import Record
from webtabletop.games.sht.rules import cards as C
from webtabletop.games.sht.rules.options import ShtOptions
from webtabletop.games.sht.rules.state import OVER, Slot
from webtabletop.games.sht.rules.summary import link_policy, public_summary

seeds = st.integers(min_value=0, max_value=2**64 - 1)
options = st.builds(
    ShtOptions, first_player=st.sampled_from(["random", "first", "second"]), first_turn_rule=st.booleans()
)


@settings(max_examples=60, deadline=None)
@given(seeds, options)
def test_self_play_keeps_invariants(seed, opts):
    states = random_game(seed, opts)
    assert states[-1].is_over, "every game ends"
    for s in states:
        assert sorted(s.all_zones()) == list(range(52)), "the 52 cards are always accounted for"
        legal = s.legal_moves()
        assert (legal == []) == s.is_over
        codes = [m.code for m in legal]
        assert len(codes) == len(set(codes))
        for m in legal[:8]:
            assert s.move_from_code(m.code) == m
        assert all(len(h) == len(set(h)) for h in s.hands)
        assert list(s.hands[0]) == sorted(s.hands[0], key=C.sort_key)
        if s.phase != OVER:
            assert s.to_move() in (0, 1)
        json.dumps(s.snapshot())


@settings(max_examples=25, deadline=None)
@given(seeds)
def test_replay_is_identical(seed):
    codes = random_codes(seed)
    record = Record("sht", {}, seed, tuple(codes))
    a = record.replay()
    b = record.replay()
    assert [s.snapshot() for s in a] == [s.snapshot() for s in b]
    assert a[-1].is_over


@settings(max_examples=20, deadline=None)
@given(seeds)
def test_share_link_round_trip_and_reveals_nothing(seed):
    codes = random_codes(seed)
    for cut in (len(codes) // 2, len(codes)):
        record = Record("sht", {}, seed, tuple(codes[:cut]))
        link = sharelink.make_hash(record)
        assert re.fullmatch(r"#/sht\?r=[A-Za-z0-9_-]+", link), "only the game id and an opaque payload"
        assert sharelink.decode_link(link) == record
        assert len(link) < 400
        state = record.final_state()
        policy = link_policy(state)
        if state.is_over:
            assert policy["reveal"] == "on request"
        else:
            assert policy == {"reveal": "player", "viewer": state.to_move(), "confirm": policy["confirm"]}
        text = json.dumps(public_summary(state), ensure_ascii=False)
        for name in hidden_names(state, None):
            assert f'"{name}"' not in text
            assert C.symbol(C.from_name(name)) not in text


def shown_cards(view: dict) -> set[int]:
    names = set(re.findall(r'"(10|[A2-9JQK])([SHDC])"', json.dumps(view)))
    return {C.from_name(r + su) for r, su in names}


@settings(max_examples=40, deadline=None)
@given(seeds)
def test_view_shows_only_what_the_player_may_see(seed):
    for s in random_game(seed):
        for player in (0, 1, None):
            v = s.view(player)
            # exactly what the player may see: nothing hidden, nothing forgotten; after the game too
            assert shown_cards(v) == may_see(s, player)
            assert "deck" not in v and "shields" not in v
            assert all(p["shield_card"] is None for p in v["players"])


@settings(max_examples=15, deadline=None)
@given(seeds)
def test_reveal_shows_hands_closed_cards_and_shields_but_not_the_deck(seed):
    final = random_game(seed)[-1]
    assert final.phase == OVER
    for player in (0, 1, None):
        v = final.view(player, reveal=True)
        assert shown_cards(v) == may_see(final, player, reveal=True)
        assert not shown_cards(v) & set(final.deck)
        for p in (0, 1):
            shield = final.shields[p]
            assert v["players"][p]["shield_card"] == (None if shield is None else C.name(shield))


def _unseen_slots_equal(a, b, player):
    """Same view for ``player``; the same multiset of cards in the unseen slots."""
    return a.view(player) == b.view(player) and sorted(a.all_zones()) == sorted(b.all_zones())


@settings(max_examples=30, deadline=None)
@given(seeds, st.integers(min_value=0, max_value=2**63))
def test_determinize_is_consistent_with_the_view(seed, dseed):
    states = random_game(seed)
    for s in states[:: max(1, len(states) // 6)]:
        if s.is_over:
            continue
        me = s.to_move()
        d = s.determinize(me, dseed)
        assert _unseen_slots_equal(s, d, me)
        assert [len(x) for x in d.hands] == [len(x) for x in s.hands]
        assert [[x.open for x in f] for f in d.fields] == [[x.open for x in f] for f in s.fields]
        assert [x is None for x in d.shields] == [x is None for x in s.shields]
        assert d.rng_state != s.rng_state
        # legal moves of the player are unchanged: they depend only on what they see
        assert [m.code for m in d.legal_moves()] == [m.code for m in s.legal_moves()]


def swap_unseen(s, me, i, j):
    """``s`` with two cards ``me`` cannot see exchanged (anywhere among the hidden zones)."""
    hidden = [c for c in C.ALL_CARDS if c not in may_see(s, me)]
    a, b = hidden[i % len(hidden)], hidden[j % len(hidden)]

    def sw(c):
        return b if c == a else a if c == b else c

    return attrs.evolve(
        s,
        deck=tuple(sw(c) for c in s.deck),
        hands=tuple(C.sorted_cards(sw(c) for c in h) for h in s.hands),
        fields=tuple(tuple(Slot(sw(x.card), x.open) for x in f) for f in s.fields),
        shields=tuple(None if x is None else sw(x) for x in s.shields),
        rng_state=s.rng_state ^ 12345,
    )


@settings(max_examples=30, deadline=None)
@given(seeds, st.integers(0, 60), st.integers(0, 60), st.integers(0, 2**63))
def test_determinize_depends_only_on_the_view(seed, i, j, dseed):
    states = random_game(seed)
    for s in states[:: max(1, len(states) // 5)]:
        if s.is_over:
            continue
        me = s.to_move()
        t = swap_unseen(s, me, i, j)
        assert t.view(me) == s.view(me)
        assert t.determinize(me, dseed) == s.determinize(me, dseed)


def test_determinize_actually_resamples():
    s = SPEC.start(seed=4)
    me = s.to_move()
    worlds = {s.determinize(me, k).hands[1 - me] for k in range(20)}
    assert len(worlds) > 15
    shields = {s.determinize(me, k).shields for k in range(20)}
    assert len(shields) > 15
