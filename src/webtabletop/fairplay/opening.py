"""Deal v3 after the deal: opening positions to their owner, naming cards, and the end check.

Position ``i`` of the final deck ``D2`` holds ``a·b·P_c``. Both steps below are batched: one
40-byte proof per link for all the shares or all the cards in it
(:mod:`~webtabletop.fairplay.dleq`).

* **Shares (opening a position to its owner alone).** The other player sends its *share*
  ``S = key^-1·D2[k]`` (FIRST: ``a^-1``, SECOND: ``b^-1``) with a proof that ``D2[k] = key·S``
  and ``K = key·G`` for its public key ``K``. Anyone can check it (:func:`check_shares`). The owner
  opens ``own^-1·S``: for SECOND's card ``a^-1·D2[k] = b·P_c``, for FIRST's card
  ``b^-1·D2[k] = D1[σ(k)] = a·P_c``. It must be a card point, and no card opened elsewhere
  (:meth:`DealTable.receive_shares`).
* **Claims (making a card public).** The owner names card ``c`` and proves that the share ``S``
  already in an earlier link is ``own·P_c`` under its own public key (:func:`make_claim`). The
  other player, and a spectator holding the links, checks it (:func:`check_claim`): no secret is
  revealed before the end of the game.
* **End of game** (:func:`verify_deal`): both secrets are revealed, every message and share is
  recomputed from them, and the first one that differs names the seat that sent it.

Sizes (brainpoolP160r1): a share is 20 bytes plus one sign bit, a proof 40 bytes; ``k`` shares in
one link take :func:`shares_size` = ``20k + ⌈k/8⌉ + 40`` bytes; a claim adds 40 bytes to a link.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from webtabletop.fairplay.deal import FIRST, SECOND, DealKeys, DealMessage, card_points
from webtabletop.fairplay.deck import card_table
from webtabletop.fairplay.dleq import DleqProof, prove_dleq, verify_dleq
from webtabletop.fairplay.dleq import proof_size as dleq_size
from webtabletop.fairplay.errors import ClaimRefused, DeckRefused
from webtabletop.fairplay.group import Group
from webtabletop.fairplay.kdf import SECRET_BYTES, digest
from webtabletop.fairplay.points import Point, Points
from webtabletop.i18n import N_, _

SHARE, CLAIM = "share", "claim"

_BAD_SHARES = {
    FIRST: N_(
        "The player who started the match cheated: the values sent to open cards are not proven correct."
    ),
    SECOND: N_(
        "The player who joined the match cheated: the values sent to open cards are not proven correct."
    ),
}
_BAD_CLAIM = {
    FIRST: N_(
        "The player who started the match cheated: a card named in this link is not the card dealt there."
    ),
    SECOND: N_(
        "The player who joined the match cheated: a card named in this link is not the card dealt there."
    ),
}
_BAD_SECRET = {
    FIRST: N_("The player who started the match cheated: the secret revealed at the end is malformed."),
    SECOND: N_("The player who joined the match cheated: the secret revealed at the end is malformed."),
}
_BAD_MESSAGE = {
    FIRST: N_(
        "The player who started the match cheated: their deal does not match the secret revealed at the end."
    ),
    SECOND: N_(
        "The player who joined the match cheated: their deal does not match the secret revealed at the end."
    ),
}
_BAD_SHARE_END = {
    FIRST: N_(
        "The player who started the match cheated: a value sent to open card position {position} does not"
        " match the secret revealed at the end."
    ),
    SECOND: N_(
        "The player who joined the match cheated: a value sent to open card position {position} does not"
        " match the secret revealed at the end."
    ),
}
#: the same failures naming nobody (``FairPlayError.problem``: for a reader who cannot tell whose
#: link it was)
_PROBLEM = {
    "shares": N_("the values sent to open cards are not proven correct."),
    "claim": N_("a card named in this link is not the card dealt there."),
    "secret": N_("the secret revealed at the end is malformed."),
    "message": N_("a deal does not match the secret revealed at the end."),
    "share end": N_(
        "a value sent to open card position {position} does not match the secret revealed at the end."
    ),
    "card end": N_("the card named at position {position} is not the card dealt there."),
}
_BAD_CARD_END = {
    FIRST: N_(
        "The player who started the match cheated: the card named at position {position} is not the card"
        " dealt there."
    ),
    SECOND: N_(
        "The player who joined the match cheated: the card named at position {position} is not the card"
        " dealt there."
    ),
}


def shares_size(group: Group, count: int) -> int:
    """Bytes of ``count`` shares with their proof."""
    return Points.of(group).vector_size(count) + dleq_size(group)


@attrs.frozen
class Shares:
    """The shares one link carries for some positions (the positions travel with the move)."""

    points: tuple[Point, ...]
    proof: DleqProof

    def encode(self, group: Group) -> bytes:
        return Points.of(group).encode_vector(self.points) + self.proof.encode(group)

    @classmethod
    def decode(cls, group: Group, data: bytes, count: int) -> Shares:
        """Strict: exactly :func:`shares_size` bytes, else refused."""
        data = bytes(data)
        if count < 1 or len(data) != shares_size(group, count):
            raise DeckRefused(_("The values that open cards in this link are cut or too long."))
        head = Points.of(group).vector_size(count)
        return cls(Points.of(group).decode_vector(data[:head], count), DleqProof.decode(group, data[head:]))


def _context(
    deck_id: bytes, size: int, kind: str, seat: int, positions: Sequence[int], context: bytes
) -> bytes:
    where = b"".join(p.to_bytes(2, "big") for p in positions)
    return digest("deal-v3/" + kind, bytes(deck_id), size, seat, where, bytes(context))


def _positions(positions: Sequence[int], size: int) -> tuple[int, ...]:
    positions = tuple(positions)
    if not positions or len(set(positions)) != len(positions) or not all(0 <= p < size for p in positions):
        raise DeckRefused(_("This link names a card position the deck does not have."))
    return positions


def make_shares(
    keys: DealKeys, deck: Sequence[Point], positions: Sequence[int], context: bytes = b""
) -> Shares:
    """This player's shares ``key^-1·deck[k]`` for ``positions``, with one proof.

    ``context`` is whatever the caller wants the proof bound to (for example the link number)."""
    g = keys.group
    positions = _positions(positions, len(deck))
    inverse = g.inverse(keys.key)
    targets = [deck[p] for p in positions]
    points = tuple(Points.of(g).mul(t, inverse) for t in targets)
    ctx = _context(keys.deck_id, len(deck), SHARE, keys.role, positions, context)
    proof = prove_dleq(g, SHARE, ctx, keys.key, keys.public, points, targets, keys.nonce_key)
    return Shares(points, proof)


def check_shares(
    group: Group,
    deck_id: bytes,
    seat: int,
    key: Point,
    deck: Sequence[Point],
    positions: Sequence[int],
    shares: Shares,
    context: bytes = b"",
) -> None:
    """Anyone's check of shares sent by ``seat`` (public key ``key``): refused naming ``seat``."""
    positions = _positions(positions, len(deck))
    ctx = _context(deck_id, len(deck), SHARE, seat, positions, context)
    targets = [deck[p] for p in positions]
    if len(shares.points) != len(positions) or not verify_dleq(
        group, SHARE, ctx, key, shares.points, targets, shares.proof
    ):
        raise DeckRefused(_(_BAD_SHARES[seat]), seat=seat, problem=_(_PROBLEM["shares"]))


def make_claim(
    keys: DealKeys,
    positions: Sequence[int],
    shares: Sequence[Point],
    cards: Sequence[int],
    context: bytes = b"",
) -> DleqProof:
    """The owner's proof that each share it received for ``positions`` is ``own·P_card``."""
    g = keys.group
    positions = _positions(positions, keys.size)
    bases = _card_bases(g, keys.size, cards, len(positions))
    ctx = _context(keys.deck_id, keys.size, CLAIM, keys.role, positions, context)
    return prove_dleq(g, CLAIM, ctx, keys.key, keys.public, bases, list(shares), keys.nonce_key)


def check_claim(
    group: Group,
    deck_id: bytes,
    size: int,
    seat: int,
    key: Point,
    positions: Sequence[int],
    shares: Sequence[Point],
    cards: Sequence[int],
    proof: DleqProof,
    context: bytes = b"",
) -> None:
    """Anyone's check that ``seat`` (public key ``key``) named the true ``cards`` at ``positions``,
    given the shares the other player sent for them. Refused naming ``seat``."""
    positions = _positions(positions, size)
    ctx = _context(deck_id, size, CLAIM, seat, positions, context)
    valid = all(isinstance(c, int) and 0 <= c < size for c in cards)
    if not valid or not len(shares) == len(cards) == len(positions):
        raise ClaimRefused(_(_BAD_CLAIM[seat]), seat=seat, problem=_(_PROBLEM["claim"]))
    bases = _card_bases(group, size, cards, len(positions))
    if not verify_dleq(group, CLAIM, ctx, key, bases, list(shares), proof):
        raise ClaimRefused(_(_BAD_CLAIM[seat]), seat=seat, problem=_(_PROBLEM["claim"]))


def _card_bases(group: Group, size: int, cards: Sequence[int], count: int) -> list[Point]:
    cards = list(cards)
    if len(cards) != count or not all(isinstance(c, int) and 0 <= c < size for c in cards):
        raise ValueError("one card in 0..size-1 per position")
    points = card_points(group, size)
    return [points[c] for c in cards]


class DealTable:
    """One player's view after the deal: its keys, the final deck, the cards it opened.

    ``message1`` and ``message2`` must be the messages as checked on arrival
    (:func:`~webtabletop.fairplay.deal.check_message1`, ``check_message2``; a player's own message
    needs no check). Shares sent before the proofs were checked would decrypt unproven points.

    Invariant: ``opened`` maps positions to distinct cards, each opened from a share whose proof
    was checked (:meth:`receive_shares`); ``shares`` keeps those shares for later claims.
    """

    def __init__(self, keys: DealKeys, message1: DealMessage, message2: DealMessage) -> None:
        self.keys, self.group = keys, keys.group
        self.deck = message2.deck
        self.other = SECOND if keys.role == FIRST else FIRST
        self.other_key = (message2 if keys.role == FIRST else message1).key
        self.shares: dict[int, Point] = {}
        self.opened: dict[int, int] = {}

    def shares_for(self, positions: Sequence[int], context: bytes = b"") -> Shares:
        """The shares to send so that the other player opens ``positions`` (its own cards)."""
        return make_shares(self.keys, self.deck, positions, context)

    def receive_shares(self, positions: Sequence[int], shares: Shares, context: bytes = b"") -> list[int]:
        """Check the other player's shares for this player's ``positions`` and open them."""
        positions = tuple(positions)
        check_shares(
            self.group, self.keys.deck_id, self.other, self.other_key, self.deck, positions, shares, context
        )
        g, xs = self.group, card_table(self.group, self.keys.size)[1]
        inverse = g.inverse(self.keys.key)
        pts = Points.of(g)
        opened = dict(self.opened)
        for position, share in zip(positions, shares.points, strict=True):
            x, y = pts.xy(pts.mul(share, inverse))
            card = xs.get(x)
            if card is None or y & 1:
                raise DeckRefused(_(_BAD_SHARES[self.other]), seat=self.other, problem=_(_PROBLEM["shares"]))
            other = next((p for p, c in opened.items() if c == card and p != position), None)
            if other is not None:
                raise DeckRefused(
                    _(
                        "Card positions {position} and {other} open to the same card: the deck was changed."
                    ).format(position=position + 1, other=other + 1),
                    seat=self.other,
                )
            opened[position] = card
        self.opened = opened
        self.shares.update(zip(positions, shares.points, strict=True))
        return [opened[p] for p in positions]

    def claim(self, positions: Sequence[int], context: bytes = b"") -> DleqProof:
        """The proof that makes this player's opened ``positions`` public (their cards are named)."""
        missing = [p for p in positions if p not in self.opened]
        if missing:
            raise ValueError("only opened positions can be claimed")
        return make_claim(
            self.keys,
            positions,
            [self.shares[p] for p in positions],
            [self.opened[p] for p in positions],
            context,
        )

    def check_claim(
        self, positions: Sequence[int], cards: Sequence[int], proof: DleqProof, context: bytes = b""
    ) -> list[int]:
        """Check the other player's claim on ``positions`` (whose shares this player sent)."""
        inverse = self.group.inverse(self.keys.key)
        pts = Points.of(self.group)
        mine = [pts.mul(self.deck[p], inverse) for p in _positions(positions, self.keys.size)]
        check_claim(
            self.group,
            self.keys.deck_id,
            self.keys.size,
            self.other,
            self.other_key,
            positions,
            mine,
            cards,
            proof,
            context,
        )
        return list(cards)


def verify_deal(
    group: Group,
    deck_id: bytes,
    size: int,
    secrets: tuple[bytes, bytes],
    messages: tuple[DealMessage | None, DealMessage | None],
    shares: Iterable[tuple[int, Sequence[int], Sequence[Point]]] = (),
    claims: Iterable[tuple[int, int, int]] = (),
) -> tuple[int, ...]:
    """The end-of-game check once both secrets are revealed; returns the card at each position.

    ``messages`` are messages 1 and 2 as received (``None`` where not kept); ``shares`` every
    ``(seat, positions, share points)`` sent during the game; ``claims`` every ``(seat, position,
    card)`` a player named. Recomputes every message and share from the secrets and refuses the
    first that differs with :class:`ClaimRefused` whose ``seat`` is the seat that sent it. The
    proofs need not be checked again: a message equal to the one the secret makes is honest.
    """
    keys = []
    for seat in (FIRST, SECOND):
        secret = secrets[seat]
        if not isinstance(secret, bytes | bytearray) or len(secret) != SECRET_BYTES:
            raise ClaimRefused(_(_BAD_SECRET[seat]), seat=seat, problem=_(_PROBLEM["secret"]))
        keys.append(DealKeys(group, secret, deck_id, seat, size))
    first, second = keys
    expected = [_shuffled(first, card_points(group, size))]
    expected.append(_shuffled(second, expected[0][1]))
    for seat, message in zip((FIRST, SECOND), messages, strict=True):
        key, deck = expected[seat]
        if message is not None and (message.key != key or tuple(message.deck) != deck):
            raise ClaimRefused(_(_BAD_MESSAGE[seat]), seat=seat, problem=_(_PROBLEM["message"]))
    final = expected[SECOND][1]
    for seat, positions, points in shares:
        inverse = group.inverse(keys[seat].key)
        for position, point in zip(positions, points, strict=True):
            if not 0 <= position < size or point != Points.of(group).mul(final[position], inverse):
                raise ClaimRefused(
                    _(_BAD_SHARE_END[seat]).format(position=position + 1),
                    seat=seat,
                    problem=_(_PROBLEM["share end"]).format(position=position + 1),
                )
    pi, sigma = first.permutation(), second.permutation()
    order = tuple(pi[sigma[i]] for i in range(size))
    for seat, position, card in claims:
        if not 0 <= position < size or order[position] != card:
            raise ClaimRefused(
                _(_BAD_CARD_END[seat]).format(position=position + 1),
                seat=seat,
                problem=_(_PROBLEM["card end"]).format(position=position + 1),
            )
    return order


def _shuffled(keys: DealKeys, source: Sequence[Point]) -> tuple[Point, tuple[Point, ...]]:
    """The key and deck the honest algorithm sends, without the proof."""
    pts = Points.of(keys.group)
    return keys.public, tuple(pts.mul(source[j], keys.key) for j in keys.permutation())
