"""Deal v3 after the deal: shares open cards to their owner, claims make them public, and the end
check names the seat whose message, share or claim is wrong.

Required: "The verdict names the seat that broke the protocol whenever the check can tell."
"""

from __future__ import annotations

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from webtabletop.fairplay.deal import FIRST, SECOND, DealKeys, DealMessage, make_message1, make_message2
from webtabletop.fairplay.dleq import DleqProof, prove_dleq, verify_dleq
from webtabletop.fairplay.errors import ClaimRefused, DeckRefused
from webtabletop.fairplay.group import Group
from webtabletop.fairplay.opening import (
    DealTable,
    Shares,
    check_claim,
    check_shares,
    make_claim,
    make_shares,
    shares_size,
    verify_deal,
)
from webtabletop.fairplay.points import Points

from .helpers import entropy

G = Group.default()
P = Points.of(G)
DECK = b"game-2/deck-v3"
SIZE = 16
HAND_A, HAND_B = range(0, 5), range(5, 10)


@pytest.fixture(scope="module")
def deal():
    secrets = (entropy("open-a"), entropy("open-b"))
    ka = DealKeys(G, secrets[0], DECK, FIRST, SIZE)
    kb = DealKeys(G, secrets[1], DECK, SECOND, SIZE)
    m1 = make_message1(ka)
    m2 = make_message2(kb, m1)
    pi, sigma = ka.permutation(), kb.permutation()
    order = tuple(pi[sigma[i]] for i in range(SIZE))
    return secrets, ka, kb, m1, m2, order


def tables(deal):
    _s, ka, kb, m1, m2, _o = deal
    return DealTable(ka, m1, m2), DealTable(kb, m1, m2)


def test_shares_open_each_hand_to_its_owner(deal):
    _s, _ka, _kb, _m1, m2, order = deal
    a, b = tables(deal)
    to_b = a.shares_for(HAND_B, b"link 3")
    assert len(to_b.encode(G)) == shares_size(G, 5) == 5 * 20 + 1 + 40
    assert Shares.decode(G, to_b.encode(G), 5) == to_b
    assert b.receive_shares(HAND_B, to_b, b"link 3") == [order[i] for i in HAND_B]
    to_a = b.shares_for(HAND_A, b"link 4")
    assert a.receive_shares(HAND_A, to_a, b"link 4") == [order[i] for i in HAND_A]
    # a spectator checks the same shares from the links alone
    check_shares(G, DECK, FIRST, a.keys.public, m2.deck, HAND_B, to_b, b"link 3")
    # receiving the same shares again changes nothing
    assert b.receive_shares(HAND_B, to_b, b"link 3") == [order[i] for i in HAND_B]


def test_wrong_shares_are_refused_naming_the_sender(deal):
    _s, ka, kb, _m1, m2, _o = deal
    a, b = tables(deal)
    honest = a.shares_for(HAND_B, b"link 3")
    points = list(honest.points)
    wrong = [
        Shares(tuple(points[:1] + [points[2]] + points[2:]), honest.proof),  # another position's share
        Shares(tuple([points[0] * 2] + points[1:]), honest.proof),  # a changed share
        Shares(tuple(points[::-1]), honest.proof),  # shuffled
        attrs.evolve(honest, proof=DleqProof(honest.proof.challenge, (honest.proof.response + 1) % G.n)),
        # shares for the right points under another key, with a valid-looking proof for that key
        make_shares(DealKeys(G, entropy("intruder"), DECK, FIRST, SIZE), m2.deck, HAND_B, b"link 3"),
    ]
    for bad in wrong:
        with pytest.raises(DeckRefused) as info:
            b.receive_shares(HAND_B, bad, b"link 3")
        assert info.value.seat == FIRST and "started the match cheated" in str(info.value)
    with pytest.raises(DeckRefused):  # the right shares replayed in another link
        b.receive_shares(HAND_B, honest, b"link 5")
    with pytest.raises(DeckRefused):  # for other positions
        b.receive_shares(range(6, 11), honest, b"link 3")
    with pytest.raises(DeckRefused) as info:
        a.receive_shares(HAND_A, make_shares(ka, m2.deck, HAND_A, b"l"), b"l")  # FIRST's own shares
    assert info.value.seat == SECOND
    assert not b.opened  # nothing was opened by a refused link


def test_positions_must_exist_and_differ(deal):
    a, _b = tables(deal)
    for bad in ([], [SIZE], [-1], [3, 3]):
        with pytest.raises(DeckRefused, match="position"):
            a.shares_for(bad)


def test_claims_make_cards_public_and_a_wrong_card_is_refused(deal):
    _s, _ka, kb, _m1, m2, order = deal
    a, b = tables(deal)
    shares = a.shares_for(HAND_B, b"link 3")
    b.receive_shares(HAND_B, shares, b"link 3")
    played = [6, 8]
    proof = b.claim(played, b"link 7")
    assert len(proof.encode(G)) == 40
    assert a.check_claim(played, [order[6], order[8]], proof, b"link 7") == [order[6], order[8]]
    # a spectator holds the shares (link 3), B's key (message 2) and the claim (link 7)
    spectator = [shares.points[1], shares.points[3]]
    check_claim(G, DECK, SIZE, SECOND, m2.key, played, spectator, [order[6], order[8]], proof, b"link 7")
    for cards in ([order[8], order[6]], [order[6], order[0]], [order[6], SIZE], [order[6]]):
        with pytest.raises(ClaimRefused) as info:
            a.check_claim(played, cards, proof, b"link 7")
        assert info.value.seat == SECOND and "joined the match cheated" in str(info.value)
    # a claim that names a false card cannot be proven by the honest algorithm either
    false = make_claim(kb, played, spectator, [order[6], order[0]], b"link 7")
    with pytest.raises(ClaimRefused):
        a.check_claim(played, [order[6], order[0]], false, b"link 7")
    with pytest.raises(ClaimRefused):
        a.check_claim(played, [order[6], order[8]], proof, b"link 9")  # replayed in another link
    with pytest.raises(ValueError):
        a.claim([6])  # FIRST never opened position 6


def test_first_claims_its_own_cards_too(deal):
    _s, _ka, _kb, _m1, _m2, order = deal
    a, b = tables(deal)
    a.receive_shares(HAND_A, b.shares_for(HAND_A, b"4"), b"4")
    proof = a.claim([2], b"9")
    assert b.check_claim([2], [order[2]], proof, b"9") == [order[2]]
    with pytest.raises(ClaimRefused) as info:
        b.check_claim([2], [order[3]], proof, b"9")
    assert info.value.seat == FIRST


def test_batched_dleq_fails_when_any_pair_is_wrong():
    k = 987654321
    bases = [P.hash_to_point("dleq", i) for i in range(6)]
    targets = [b * k for b in bases]
    key = G.generator * k
    proof = prove_dleq(G, "test", b"c", k, key, bases, targets, b"n")
    assert verify_dleq(G, "test", b"c", key, bases, targets, proof)
    for i in range(6):
        bad = list(targets)
        bad[i] = bad[i] + G.generator
        assert not verify_dleq(G, "test", b"c", key, bases, bad, proof)
        assert not verify_dleq(
            G, "test", b"c", key, bases, bad, prove_dleq(G, "test", b"c", k, key, bases, bad, b"n")
        )
    assert not verify_dleq(G, "other label", b"c", key, bases, targets, proof)
    assert not verify_dleq(G, "test", b"c", key, bases[:5], targets[:5], proof)
    assert not verify_dleq(G, "test", b"c", key, [], [], proof)


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.binary(max_size=200), count=st.integers(min_value=0, max_value=6))
def test_fuzzed_shares_decode_or_are_refused_cleanly(data, count):
    try:
        shares = Shares.decode(G, data, count)
    except DeckRefused as exc:
        assert str(exc)
        return
    assert shares.encode(G) == data


# --- the end of the game ---------------------------------------------------------------------


def end(deal, messages=None, shares=(), claims=(), secrets=None):
    s, _ka, _kb, m1, m2, _order = deal
    return verify_deal(G, DECK, SIZE, secrets or s, messages or (m1, m2), shares, claims)


def blamed(seat: int, **kwargs) -> None:
    with pytest.raises(ClaimRefused) as info:
        end(**kwargs)
    assert info.value.seat == seat
    assert ("started the match" if seat == FIRST else "joined the match") in str(info.value)


def test_verify_deal_recomputes_everything_and_returns_the_order(deal):
    s, ka, kb, m1, m2, order = deal
    a, b = tables(deal)
    to_b, to_a = a.shares_for(HAND_B, b"3"), b.shares_for(HAND_A, b"4")
    shares = [(FIRST, HAND_B, to_b.points), (SECOND, HAND_A, to_a.points)]
    claims = [(SECOND, 6, order[6]), (FIRST, 0, order[0])]
    assert end(deal, shares=shares, claims=claims) == order
    assert end(deal, messages=(None, None)) == order  # messages not kept: recomputed


def test_verify_deal_names_the_seat_that_cheated(deal):
    s, ka, kb, m1, m2, order = deal
    a, b = tables(deal)
    swapped = list(m2.deck)
    swapped[0], swapped[1] = swapped[1], swapped[0]
    blamed(SECOND, deal=deal, messages=(m1, DealMessage(m2.key, tuple(swapped), m2.proof)))
    blamed(FIRST, deal=deal, messages=(DealMessage(m1.key, m1.deck[::-1], m1.proof), m2))
    blamed(FIRST, deal=deal, secrets=(entropy("someone else"), s[1]))  # not the secret it dealt with
    blamed(SECOND, deal=deal, secrets=(s[0], entropy("someone else")))
    blamed(FIRST, deal=deal, secrets=(b"short", s[1]))
    to_b = list(a.shares_for(HAND_B).points)
    to_b[2] = to_b[3]
    blamed(FIRST, deal=deal, shares=[(FIRST, HAND_B, to_b)])
    blamed(SECOND, deal=deal, shares=[(SECOND, HAND_A, [p * 2 for p in b.shares_for(HAND_A).points])])
    blamed(SECOND, deal=deal, claims=[(SECOND, 6, order[7])])
    blamed(FIRST, deal=deal, claims=[(FIRST, 1, order[0])])
    blamed(FIRST, deal=deal, claims=[(FIRST, SIZE, order[0])])
