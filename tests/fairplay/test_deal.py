"""Deal protocol v3: two proven messages, then shares and claims with batched proofs.

Required: "Message 2 must prove that it is a correct shuffle-and-lock of message 1, and the
proof must be checked when link 2 arrives." The two attacks of the review (planted combinations,
re-keyed copies) and their mirror images by FIRST are played here through the real dealing code,
with only the cheater's step replaced; each is refused by the first check that sees it, and the
refusal names the cheating seat.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from webtabletop.fairplay.deal import (
    FIRST,
    SECOND,
    DealKeys,
    DealMessage,
    card_points,
    check_message1,
    check_message2,
    deal_context,
    make_message1,
    make_message2,
    message_size,
)
from webtabletop.fairplay.errors import DeckRefused
from webtabletop.fairplay.group import Group
from webtabletop.fairplay.opening import make_shares
from webtabletop.fairplay.points import Points
from webtabletop.fairplay.shuffleproof import prove_shuffle

from .helpers import entropy

G = Group.default()
P = Points.of(G)
DECK = b"game-1/deck-v3"
SMALL = 12


def keys(size: int, tag: str = "v3") -> tuple[DealKeys, DealKeys]:
    return (
        DealKeys(G, entropy(tag + "a"), DECK, FIRST, size),
        DealKeys(G, entropy(tag + "b"), DECK, SECOND, size),
    )


@pytest.fixture(scope="module")
def full():
    ka, kb = keys(52)
    m1 = make_message1(ka)
    return ka, kb, m1, make_message2(kb, m1)


@pytest.fixture(scope="module")
def small():
    ka, kb = keys(SMALL, "small")
    m1 = make_message1(ka)
    return ka, kb, m1, make_message2(kb, m1)


def test_a_52_card_deal_round_trips_and_is_a_permutation(full):
    ka, kb, m1, m2 = full
    for m in (m1, m2):
        data = m.encode(G)
        assert len(data) == message_size(G, 52) == 5340
        assert DealMessage.decode(G, data, 52) == m
    assert check_message1(G, DECK, 52, m1) is m1 and check_message2(G, DECK, 52, m1, m2) is m2
    assert m1.key == G.generator * ka.key and m2.key == G.generator * kb.key
    # position i holds a·b·P_π(σ(i)): every card once
    pi, sigma = ka.permutation(), kb.permutation()
    cards = card_points(G, 52)
    ab = ka.key * kb.key % G.n
    assert all(m2.deck[i] == cards[pi[sigma[i]]] * ab for i in range(0, 52, 7))
    assert sorted(pi[sigma[i]] for i in range(52)) == list(range(52))
    assert [pi[sigma[i]] for i in range(52)] != list(range(52))


def test_messages_are_deterministic_from_the_secrets(small):
    ka, kb, m1, m2 = small
    assert make_message1(ka) == m1 and make_message2(kb, m1) == m2
    other = DealKeys(G, entropy("smalla"), b"another deck", FIRST, SMALL)
    assert make_message1(other).deck != m1.deck


def test_roles_are_checked(small):
    ka, kb, m1, _m2 = small
    with pytest.raises(ValueError):
        make_message1(kb)
    with pytest.raises(ValueError):
        make_message2(ka, m1)
    with pytest.raises(ValueError):
        DealKeys(G, entropy("x"), DECK, 2, 52)


def second_cheats(kb: DealKeys, m1: DealMessage, deck: list) -> DealMessage:
    """SECOND's message 2 with its deck replaced: it proves with the honest algorithm."""
    context = deal_context(DECK, kb.size, "message 2")
    proof = prove_shuffle(G, context, m1.deck, tuple(deck), kb.public, kb.permutation(), kb.key, kb.nonce_key)
    return DealMessage(kb.public, tuple(deck), proof)


def refused_at_message2(m1, m2, size=SMALL) -> DeckRefused:
    with pytest.raises(DeckRefused) as info:
        check_message2(G, DECK, size, m1, m2)
    assert info.value.seat == SECOND and "joined the match cheated" in str(info.value)
    return info.value


def test_attack_a_planted_combination_is_refused_at_message_2(small):
    ka, kb, m1, honest = small
    sigma = kb.permutation()
    hand_first = range(0, 4)  # FIRST's hand positions; SECOND's hand slot is position 4
    deck = list(honest.deck)
    planted = P.msm([3, 5, 7, 11], [m1.deck[sigma[i]] for i in hand_first])
    deck[4] = planted * kb.key  # b·Σ t_j·D1[σ(i_j)]: FIRST's share would decrypt it
    cheat = second_cheats(kb, m1, deck)
    refused_at_message2(m1, cheat)
    # nor does the honest proof cover it
    refused_at_message2(m1, DealMessage(kb.public, tuple(deck), honest.proof))
    # positive control: had FIRST opened position 4 for SECOND without checking message 2, its
    # share would name all four of its hand cards (a meet-in-the-middle over card pairs)
    share = make_shares(ka, cheat.deck, [4]).points[0]
    combination = share * G.inverse(kb.key)  # Σ t_j·P_c_j
    cards = card_points(G, SMALL)
    halves = {}
    for c1 in range(SMALL):
        for c2 in range(SMALL):
            if c1 != c2:
                halves[P.encode(combination + P.neg(cards[c1] * 3 + cards[c2] * 5))] = (c1, c2)
    named = None
    for c3 in range(SMALL):
        for c4 in range(SMALL):
            hit = halves.get(P.encode(cards[c3] * 7 + cards[c4] * 11)) if c3 != c4 else None
            if hit and len({*hit, c3, c4}) == 4:
                named = (*hit, c3, c4)
    pi = ka.permutation()
    assert named == tuple(pi[sigma[i]] for i in hand_first)


def test_attack_b_rekeyed_copies_are_refused_at_message_2(small):
    ka, kb, m1, honest = small
    deck = list(honest.deck)
    deck[4:8] = deck[0:4]  # SECOND's hand = copies of FIRST's hand entries
    refused_at_message2(m1, second_cheats(kb, m1, deck))
    rekeyed = list(honest.deck)
    rekeyed[4] = honest.deck[0] * 2  # a copy under another key
    refused_at_message2(m1, second_cheats(kb, m1, rekeyed))


def test_swapping_two_entries_after_proving_is_refused(small):
    _ka, kb, m1, honest = small
    deck = list(honest.deck)
    deck[0], deck[1] = deck[1], deck[0]
    refused_at_message2(m1, DealMessage(kb.public, tuple(deck), honest.proof))
    refused_at_message2(m1, DealMessage(G.generator * 5, honest.deck, honest.proof))  # another key
    # a proof made for the real message 1 does not prove a shuffle of another message 1
    refused_at_message2(make_message1(keys(SMALL, "other")[0]), honest)


def first_cheats(ka: DealKeys, deck: list) -> DealMessage:
    context = deal_context(DECK, ka.size, "message 1")
    cards = card_points(G, ka.size)
    proof = prove_shuffle(G, context, cards, tuple(deck), ka.public, ka.permutation(), ka.key, ka.nonce_key)
    return DealMessage(ka.public, tuple(deck), proof)


@pytest.mark.parametrize("attack", ["planted sum", "duplicate", "rekeyed", "another key"])
def test_mirror_attacks_by_first_are_refused_at_message_1(small, attack):
    ka, kb, honest, _m2 = small
    cards = card_points(G, SMALL)
    deck = list(honest.deck)
    if attack == "planted sum":
        deck[2] = (cards[0] + cards[1]) * ka.key
    elif attack == "duplicate":
        deck[3] = deck[2]
    elif attack == "rekeyed":
        deck[3] = deck[3] * 7
    else:
        deck = [c * (ka.key + 1) for c in (cards[j] for j in ka.permutation())]
    bad = first_cheats(ka, deck)
    for check in (lambda: check_message1(G, DECK, SMALL, bad), lambda: make_message2(kb, bad)):
        with pytest.raises(DeckRefused) as info:
            check()
        assert info.value.seat == FIRST and "started the match cheated" in str(info.value)


def test_messages_of_another_deck_or_size_are_refused(small):
    _ka, _kb, m1, m2 = small
    with pytest.raises(DeckRefused):
        check_message1(G, b"another deck", SMALL, m1)
    with pytest.raises(DeckRefused):
        check_message2(G, b"another deck", SMALL, m1, m2)
    with pytest.raises(DeckRefused):
        check_message1(G, DECK, SMALL + 1, m1)


def test_decoding_refuses_malformed_messages(small):
    _ka, _kb, m1, _m2 = small
    data = m1.encode(G)
    with pytest.raises(DeckRefused, match="cut or too long"):
        DealMessage.decode(G, data[:-1], SMALL)
    with pytest.raises(DeckRefused, match="cut or too long"):
        DealMessage.decode(G, data, SMALL - 1)
    with pytest.raises(DeckRefused, match="cut or too long"):
        DealMessage.decode(G, b"", 0)


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(where=st.integers(min_value=0, max_value=10**6), flip=st.integers(min_value=1, max_value=255))
def test_a_flipped_byte_anywhere_in_message_2_is_refused(small, where, flip):
    _ka, _kb, m1, m2 = small
    data = bytearray(m2.encode(G))
    data[where % len(data)] ^= flip
    try:
        decoded = DealMessage.decode(G, bytes(data), SMALL)
    except DeckRefused as exc:
        assert str(exc) and exc.seat is None  # a malformed link: nobody is blamed by decoding
        return
    refused_at_message2(m1, decoded)
