"""Hash chains and the per-link beacon: round trips, and every kind of tampering refused."""

from __future__ import annotations

import pytest

from webtabletop.core.rng import Rng
from webtabletop.fairplay.beacon import Beacon, chain_length, event_seed, reveal_index, sender
from webtabletop.fairplay.chain import ChainVerifier, Commitment, HashChain, step
from webtabletop.fairplay.errors import ChainRefused

from .helpers import entropy, play_links

GAME = b"game-1"


def test_chain_values_verify_one_step_or_several():
    c = HashChain(entropy("a"), 10)
    assert step(c.value(1)) == c.commitment.head
    v = ChainVerifier(c.commitment).accept(1, c.value(1))
    v = v.accept(4, c.value(4))  # skipped 2 and 3: three steps
    assert v.value_at(2) == c.value(2) and v.value_at(0) == c.commitment.head
    assert c.commitment.opens(entropy("a")) and not c.commitment.opens(entropy("b"))


def test_altered_value_is_refused():
    c = HashChain(entropy("a"), 10)
    v = ChainVerifier(c.commitment).accept(1, c.value(1))
    bad = bytes([c.value(2)[0] ^ 1]) + c.value(2)[1:]
    with pytest.raises(ChainRefused, match="does not match"):
        v.accept(2, bad)
    with pytest.raises(ChainRefused, match="does not match"):
        v.accept(2, HashChain(entropy("b"), 10).value(2))


def test_reused_and_out_of_order_values_are_refused():
    c = HashChain(entropy("a"), 10)
    v = ChainVerifier(c.commitment).accept(3, c.value(3))
    with pytest.raises(ChainRefused, match="second time"):
        v.accept(3, c.value(3))
    with pytest.raises(ChainRefused, match="in order"):
        v.accept(2, c.value(2))
    # the value of index 3 passed off as index 4 (reusing it under a new number)
    with pytest.raises(ChainRefused, match="does not match"):
        v.accept(4, c.value(3))
    with pytest.raises(ChainRefused, match="beyond"):
        v.accept(11, c.value(10))
    with pytest.raises(ChainRefused, match="malformed"):
        v.accept(4, c.value(4)[:8])


def test_schedule_of_links():
    assert [sender(m) for m in range(1, 7)] == [0, 1, 0, 1, 0, 1]
    assert [reveal_index(m) for m in range(1, 7)] == [0, 1, 1, 2, 2, 3]


def test_both_players_agree_on_every_seed_and_it_feeds_rng():
    a, b = play_links(GAME, (entropy("a"), entropy("b")), 12)
    for m in range(3, 13):
        assert a.beacon.seed(m) == b.beacon.seed(m)
        r = a.beacon.rng(m, "dice")
        assert isinstance(r, Rng)
        assert r.randint(1, 6) == b.beacon.rng(m, "dice").randint(1, 6)
    # streams within one link are independent seeds
    assert a.beacon.seed(5, "dice") != a.beacon.seed(5, "first player")
    # the sender knows its seed before sending: the value of link m+1 is its own next value
    a2, b2 = play_links(GAME, (entropy("a"), entropy("b")), 12)
    nxt = 13  # seat 0 sends link 13
    early = a2.beacon.seed(nxt, own=a2.chain)
    b2.accept(a2.send(nxt))
    assert b2.beacon.seed(nxt) == early


def test_seed_uses_the_values_of_two_consecutive_links():
    a, _b = play_links(GAME, (entropy("a"), entropy("b")), 6)
    bv = a.beacon
    assert bv.seed(5, "x") == event_seed(GAME, 5, bv.value(4), bv.value(5), "x")
    with pytest.raises(ValueError):
        bv.seed(2)  # no fair seed before link 3
    with pytest.raises(IndexError):
        bv.seed(7)  # link 7 not sent yet and no chain given


def test_restore_from_the_latest_link_equals_the_step_by_step_beacon():
    a, b = play_links(GAME, (entropy("a"), entropy("b")), 9)
    commitments = (a.chain.commitment, b.chain.commitment)
    latest = (a.beacon.value(9), b.beacon.value(8))
    r = Beacon.restore(GAME, 9, commitments, latest)
    assert [r.seed(m) for m in range(3, 10)] == [a.beacon.seed(m) for m in range(3, 10)]
    bad = (latest[0], bytes(16))
    with pytest.raises(ChainRefused):
        Beacon.restore(GAME, 9, commitments, bad)


def test_links_replayed_skipped_or_recommitting_are_refused():
    a, b = play_links(GAME, (entropy("a"), entropy("b")), 4)
    with pytest.raises(ChainRefused, match="already played"):
        b.accept(a.message(3))
    with pytest.raises(ChainRefused, match="missing in between"):
        b.accept(a.message(7))
    msg = a.message(5)
    msg["commitment"] = HashChain(entropy("evil"), 10).commitment
    with pytest.raises(ChainRefused, match="replace"):
        b.accept(msg)
    msg = a.message(5)
    msg["value"] = a.chain.value(1)  # an old value again
    with pytest.raises(ChainRefused, match="does not match"):
        b.accept(msg)
    with pytest.raises(ChainRefused, match="missing"):
        b.accept({"link": 5})


def test_malformed_commitment_is_refused():
    with pytest.raises(ChainRefused):
        Commitment(b"short", 4)
    with pytest.raises(ChainRefused):
        Commitment(bytes(16), 0)


def test_chain_length_covers_exactly_the_links_a_seat_sends():
    assert (chain_length(0, 32), chain_length(1, 32)) == (15, 16)
    assert (chain_length(0, 33), chain_length(1, 33)) == (16, 16)
    # chains of exactly that length carry a whole 33-link match, and not one link more
    a, b = play_links(GAME, (entropy("a"), entropy("b")), 33, max_links=33)
    assert a.beacon.seed(33) == b.beacon.seed(33)
    with pytest.raises(IndexError):
        b.send(34)
