"""Deal protocol v3: a deck shuffled and locked by both players, each step proven as it arrives.

Cards are the canonical lifts ``P_c`` of the card elements of :func:`~webtabletop.fairplay.deck.card_table`
(the same cards as deal v2, :mod:`~webtabletop.fairplay.deck`). Seat ``FIRST`` started the
match, seat ``SECOND`` joined. Each player has one key (``a``, ``b``) and one permutation
(``π``, ``σ``), derived from its 32-byte secret and the deck id (:class:`DealKeys`).

1. **Message 1 (FIRST):** ``A = a·G``, ``D1[j] = a·P_π(j)``, and ``Π1``, a zero-knowledge proof
   that ``D1`` is a shuffle of ``(P_0..P_N-1)`` multiplied by ``log_G A``
   (:mod:`~webtabletop.fairplay.shuffleproof`). SECOND checks it before it computes anything
   from ``D1`` (:func:`check_message1`, which names FIRST when it fails).
2. **Message 2 (SECOND):** ``B = b·G``, ``D2[i] = b·D1[σ(i)]``, and ``Π2``, the same proof for
   ``D1 → D2`` under ``log_G B``. FIRST checks it (:func:`check_message2`, naming SECOND).
   ``D2`` is the final deck: position ``i`` holds ``a·b·P_c`` for ``c = π(σ(i))``.

No player ever applies its key to a point the other chose freely: every point a key touches is
proven to be a shuffle of the cards, so a message cannot plant a combination of the other's
entries or a re-keyed copy of them. Opening positions and naming cards are in
:mod:`~webtabletop.fairplay.opening`.

Sizes (brainpoolP160r1, N = 52): a message is ``3N + 1`` points (packed signs) and ``2N + 5``
scalars, 5,340 bytes, 7,120 base64url characters (:func:`message_size`).
"""

from __future__ import annotations

from functools import lru_cache

import attrs

from webtabletop.fairplay.deck import MAX_CARDS, card_table
from webtabletop.fairplay.errors import DeckRefused
from webtabletop.fairplay.group import Group
from webtabletop.fairplay.kdf import Stream, check_secret, digest
from webtabletop.fairplay.points import Point, Points
from webtabletop.fairplay.shuffleproof import ShuffleProof, proof_size, prove_shuffle, verify_shuffle
from webtabletop.i18n import _

VERSION = 3
FIRST, SECOND = 0, 1


@lru_cache(maxsize=8)
def card_points(group: Group, size: int) -> tuple[Point, ...]:
    """``P_0..P_size-1``: the card elements of :func:`card_table` lifted to points with even y."""
    pts = Points.of(group)
    return tuple(pts.lift(x) for x in card_table(group, size)[0])


def deal_context(deck_id: bytes, size: int, step: str) -> bytes:
    """The Fiat–Shamir context of one step of one deal (binds the deck id and the deck size)."""
    return digest("deal-v3/context", bytes(deck_id), size, step)


class DealKeys:
    """One player's secrets for one deal, derived from its 32-byte secret (nothing to store).

    ``key`` is ``a`` (FIRST) or ``b`` (SECOND); ``public`` is ``key·G``; ``permutation()`` is
    ``π`` or ``σ``; ``nonce_key`` seeds the nonces of every proof this player makes in this deal.
    """

    def __init__(self, group: Group, secret: bytes, deck_id: bytes, role: int, size: int) -> None:
        if role not in (FIRST, SECOND) or not 2 <= size <= MAX_CARDS:
            raise ValueError(f"a deal has a role (FIRST or SECOND) and 2..{MAX_CARDS} cards")
        self.group, self.role, self.size, self.deck_id = group, role, size, bytes(deck_id)
        self._root = digest("deal-v3", check_secret(secret), self.deck_id, role, size)
        self.key = group.scalar("deal-key", self._root)
        self.nonce_key = digest("deal-v3/nonce", self._root)
        self._public: Point | None = None

    @property
    def public(self) -> Point:
        """``A = a·G`` or ``B = b·G``."""
        if self._public is None:
            self._public = Points.of(self.group).mul(self.group.generator, self.key)
        return self._public

    def permutation(self) -> list[int]:
        return Stream("deal-v3/shuffle", self._root).permutation(self.size)


@attrs.frozen
class DealMessage:
    """Message 1 or 2: the sender's public key, its deck and the proof that it shuffled honestly."""

    key: Point
    deck: tuple[Point, ...]
    proof: ShuffleProof

    def encode(self, group: Group) -> bytes:
        """``key``, ``deck``, the proof's commitments and chain as one point vector, then the
        proof's scalars: :func:`message_size` bytes."""
        p = self.proof
        return Points.of(group).encode_vector(
            (self.key, *self.deck, *p.commitments, *p.chain)
        ) + p.encode_scalars(group)

    @classmethod
    def decode(cls, group: Group, data: bytes, size: int) -> DealMessage:
        """Strict: exactly :func:`message_size` bytes of valid points and scalars, else refused."""
        data = bytes(data)
        if not 2 <= size <= MAX_CARDS or len(data) != message_size(group, size):
            raise DeckRefused(_("The deal in this link is cut or too long."))
        pts = Points.of(group)
        head = pts.vector_size(3 * size + 1)
        points = pts.decode_vector(data[:head], 3 * size + 1)
        proof = ShuffleProof.from_parts(
            group, points[size + 1 : 2 * size + 1], points[2 * size + 1 :], data[head:]
        )
        return cls(points[0], points[1 : size + 1], proof)


def message_size(group: Group, size: int) -> int:
    """Bytes of an encoded deal message for a deck of ``size`` cards."""
    pts = Points.of(group)
    return pts.vector_size(3 * size + 1) + proof_size(group, size) - pts.vector_size(2 * size)


def make_message1(keys: DealKeys) -> DealMessage:
    """Message 1 (FIRST): ``A``, ``D1[j] = a·P_π(j)`` and its proof."""
    if keys.role != FIRST:
        raise ValueError("message 1 is FIRST's")
    g, cards = keys.group, card_points(keys.group, keys.size)
    perm = keys.permutation()
    pts = Points.of(g)
    deck = tuple(pts.mul(cards[c], keys.key) for c in perm)
    context = deal_context(keys.deck_id, keys.size, "message 1")
    proof = prove_shuffle(g, context, cards, deck, keys.public, perm, keys.key, keys.nonce_key)
    return DealMessage(keys.public, deck, proof)


def make_message2(keys: DealKeys, message1: DealMessage) -> DealMessage:
    """Message 2 (SECOND): checks message 1, then ``B``, ``D2[i] = b·D1[σ(i)]`` and its proof."""
    if keys.role != SECOND:
        raise ValueError("message 2 is SECOND's")
    check_message1(keys.group, keys.deck_id, keys.size, message1)
    perm = keys.permutation()
    pts = Points.of(keys.group)
    deck = tuple(pts.mul(message1.deck[j], keys.key) for j in perm)
    context = deal_context(keys.deck_id, keys.size, "message 2")
    proof = prove_shuffle(
        keys.group, context, message1.deck, deck, keys.public, perm, keys.key, keys.nonce_key
    )
    return DealMessage(keys.public, deck, proof)


def _check_shape(message: DealMessage, size: int) -> bool:
    return len(message.deck) == size and not Points.is_infinity(message.key)


def check_message1(group: Group, deck_id: bytes, size: int, message: DealMessage) -> DealMessage:
    """SECOND's check of message 1 (anyone can run it): ``Π1`` must prove ``D1`` a shuffle of the
    cards under ``A``. Refuses with ``seat = FIRST``."""
    context = deal_context(deck_id, size, "message 1")
    cards = card_points(group, size)
    if not (
        _check_shape(message, size)
        and verify_shuffle(group, context, cards, message.deck, message.key, message.proof)
    ):
        raise DeckRefused(
            _(
                "The player who started the match cheated: the deck in the first dealing link is not a proven"
                " shuffle of the cards."
            ),
            seat=FIRST,
            problem=_("the deck in the first dealing link is not a proven shuffle of the cards."),
        )
    return message


def check_message2(
    group: Group, deck_id: bytes, size: int, message1: DealMessage, message2: DealMessage
) -> DealMessage:
    """FIRST's check of message 2 (anyone can run it): ``Π2`` must prove ``D2`` a shuffle of ``D1``
    under ``B``. ``message1`` must be the checked message 1. Refuses with ``seat = SECOND``."""
    context = deal_context(deck_id, size, "message 2")
    if not (
        _check_shape(message2, size)
        and len(message1.deck) == size
        and verify_shuffle(group, context, message1.deck, message2.deck, message2.key, message2.proof)
    ):
        raise DeckRefused(
            _(
                "The player who joined the match cheated: the deck in the second dealing link is not a proven"
                " shuffle of the first."
            ),
            seat=SECOND,
            problem=_("the deck in the second dealing link is not a proven shuffle of the first."),
        )
    return message2
