"""Mental poker: dealing round trip, opening to the owner or to both, and every tampering refused.

Issue 14: "The deck is shuffled and encrypted by both players; a card is revealed to its owner
only, by the other player's key share in the next link." and "At the end of the game, both keys
are revealed and the whole game is verified: ... checks that no card was swapped."
"""

from __future__ import annotations

import pytest

from webtabletop.fairplay.deck import (
    FIRST,
    SECOND,
    DeckKeys,
    Table,
    card_table,
    decode_cards,
    encode_cards,
    open_position,
    relock_first,
    shuffle_first,
    shuffle_second,
    verify_deal,
)
from webtabletop.fairplay.errors import ClaimRefused, DeckRefused
from webtabletop.fairplay.group import Group

from .helpers import entropy

G = Group.default()
DECK = b"game-1/deck"


def deal(size: int = 52, tag: str = "d"):
    sa, sb = entropy(tag + "a"), entropy(tag + "b")
    ka, kb = DeckKeys(G, sa, DECK, FIRST, size), DeckKeys(G, sb, DECK, SECOND, size)
    d1 = shuffle_first(ka)
    d2 = shuffle_second(kb, d1)
    d3 = relock_first(ka, d2)
    return (sa, sb), (ka, kb), (d1, d2, d3)


@pytest.fixture(scope="module")
def dealt():
    return deal()


def test_round_trip_owner_only_public_and_end_check(dealt):
    secrets, (ka, kb), (d1, d2, d3) = dealt
    a, b = Table(ka, d3), Table(kb, d3)
    hand_a = [a.receive_key(i, b.my_key(i)) for i in range(5)]  # B's keys open A's hand
    hand_b = [b.receive_key(i, a.my_key(i)) for i in range(5, 10)]
    assert len(set(hand_a + hand_b)) == 10
    # A plays position 2 publicly: it sends its own key; B opens it with its own
    played = b.receive_key(2, a.my_key(2))
    assert played == hand_a[2]
    a.check_claim(2, hand_a[2])
    # a third person opens it from the two keys in the links
    assert open_position(G, d3, 2, a.my_key(2), b.my_key(2)) == played
    order = verify_deal(
        G,
        DECK,
        52,
        secrets,
        (d1, d2, d3),
        {(SECOND, i): b.my_key(i) for i in range(5)} | {(FIRST, 2): a.my_key(2)},
        {2: played},
    )
    assert sorted(order) == list(range(52)) and list(order[:5]) == hand_a
    assert order != tuple(range(52))  # shuffled


def test_ciphertexts_travel_as_twenty_bytes_each(dealt):
    _s, _k, (_d1, _d2, d3) = dealt
    data = encode_cards(G, d3)
    assert len(data) == 52 * 20
    assert decode_cards(G, data, 52) == d3


def test_malformed_or_off_curve_cards_are_refused(dealt):
    _s, (_ka, kb), (d1, _d2, _d3) = dealt
    data = bytearray(encode_cards(G, d1))
    with pytest.raises(DeckRefused, match="cut"):
        decode_cards(G, bytes(data[:-1]), 52)
    # an x of the quadratic twist: the sender could learn bits of the receiver's key from it
    x = 1
    while G.is_element(x) or x == 0:
        x += 1
    data[0:20] = G.encode(x)
    with pytest.raises(DeckRefused, match="not a point"):
        decode_cards(G, bytes(data), 52)
    with pytest.raises(DeckRefused, match="not a point"):
        shuffle_second(kb, (x,) + d1[1:])
    with pytest.raises(DeckRefused, match="twice"):
        shuffle_second(kb, (d1[1],) + d1[1:])
    with pytest.raises(DeckRefused, match="wrong number"):
        shuffle_second(kb, d1[1:])


def test_altered_key_opens_no_card(dealt):
    _s, (ka, kb), (_d1, _d2, d3) = dealt
    a = Table(ka, d3)
    with pytest.raises(DeckRefused, match="opens no card"):
        a.receive_key(0, kb.card_key(0) + 1)
    with pytest.raises(DeckRefused, match="opens no card"):
        a.receive_key(0, kb.card_key(1))  # the key of another position
    with pytest.raises(DeckRefused, match="out of range"):
        G.decode_scalar(G.n.to_bytes(20, "big"))  # keys are in [1, n)
    with pytest.raises(DeckRefused, match="out of range"):
        G.decode_scalar(bytes(20))
    assert G.decode_scalar(G.encode_scalar(kb.card_key(0))) == kb.card_key(0)
    a.receive_key(0, kb.card_key(0))
    with pytest.raises(DeckRefused, match="differs"):
        a.receive_key(0, kb.card_key(0) + 1)


def test_altered_ciphertext_in_the_final_deck_opens_no_card(dealt):
    _s, (ka, kb), (_d1, _d2, d3) = dealt
    changed = (G.mul(d3[0], 2),) + d3[1:]
    with pytest.raises(DeckRefused, match="opens no card"):
        Table(ka, changed).receive_key(0, kb.card_key(0))


def test_claimed_card_must_be_the_opened_one(dealt):
    _s, (ka, kb), (_d1, _d2, d3) = dealt
    b = Table(kb, d3)
    card = b.receive_key(7, ka.card_key(7))
    with pytest.raises(ClaimRefused, match="position 8"):
        b.check_claim(7, (card + 1) % 52)
    with pytest.raises(ClaimRefused):
        b.check_claim(8, card)  # a position never opened


def test_end_check_catches_a_swapped_card(dealt):
    secrets, (ka, kb), (d1, d2, d3) = dealt
    # the record says position 0 held another card than the deck does
    real = open_position(G, d3, 0, ka.card_key(0), kb.card_key(0))
    with pytest.raises(ClaimRefused, match="position 1 is not"):
        verify_deal(G, DECK, 52, secrets, (d1, d2, d3), {}, {0: (real + 1) % 52})
    # FIRST swapped two cards while relocking (message 3): caught at the end ...
    swapped = list(d3)
    swapped[0], swapped[1] = swapped[1], swapped[0]
    with pytest.raises(ClaimRefused, match="not the one the players' secrets make"):
        verify_deal(G, DECK, 52, secrets, (d1, d2, tuple(swapped)))
    # ... and without messages 1 and 2 kept, by opening (each position has its own keys)
    with pytest.raises(DeckRefused, match="opens no card"):
        verify_deal(G, DECK, 52, secrets, (None, None, tuple(swapped)))
    # a key sent during the game that the revealed secret does not make
    with pytest.raises(ClaimRefused, match="key sent"):
        verify_deal(G, DECK, 52, secrets, (d1, d2, d3), {(FIRST, 3): kb.card_key(3)})
    # a secret that is not the one used
    with pytest.raises(ClaimRefused):
        verify_deal(G, DECK, 52, (entropy("other"), secrets[1]), (d1, d2, d3))


def test_a_duplicated_card_is_caught_when_opened_and_at_the_end():
    (sa, sb), (ka, kb), (d1, _d2, _d3) = deal(8, "dup")
    # SECOND cheats in message 2: positions 0 and 1 both lock FIRST's card 0 (a card is lost)
    sigma = kb.permutation()
    sigma[1] = sigma[0]
    d2 = tuple(G.mul(d1[sigma[i]], kb.card_key(i)) for i in range(8))
    d3 = relock_first(ka, d2)
    a = Table(ka, d3)
    a.receive_key(0, kb.card_key(0))
    with pytest.raises(DeckRefused, match="same card"):
        a.receive_key(1, kb.card_key(1))
    with pytest.raises(ClaimRefused):
        verify_deal(G, DECK, 8, (sa, sb), (d1, d2, d3))
    with pytest.raises(ClaimRefused, match="exactly once"):
        verify_deal(G, DECK, 8, (sa, sb), (None, None, d3))


def test_card_elements_are_distinct_points_and_the_larger_group_works():
    xs, index = card_table(G, 52)
    assert len(set(xs)) == 52 and all(G.is_element(x) for x in xs) and index[xs[9]] == 9
    big = Group.secp256k1()
    ka = DeckKeys(big, entropy("a"), DECK, FIRST, 6)
    kb = DeckKeys(big, entropy("b"), DECK, SECOND, 6)
    d3 = relock_first(ka, shuffle_second(kb, shuffle_first(ka)))
    assert len(encode_cards(big, d3)) == 6 * 32
    assert sorted(open_position(big, d3, i, ka.card_key(i), kb.card_key(i)) for i in range(6)) == list(
        range(6)
    )
