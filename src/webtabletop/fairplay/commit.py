"""Salted commitments: for cards a player chose itself (an HTT hand built from its own collection).

A chosen hand needs no shuffle: the only promise is that the owner cannot change a card after
seeing the opponent's moves. Card ``i`` of the hand is committed as
``SHA-256("card-commit", salt_i, card)`` cut to 16 bytes, with ``salt_i`` derived from the owner's
secret; revealing ``(card, salt_i)`` opens it, and the secret revealed at the end opens the
commitments of cards never played. The 16-byte salt makes the commitment hiding (the opponent
cannot try every card against it), SHA-256 makes it binding.
"""

from __future__ import annotations

from collections.abc import Sequence

from webtabletop.fairplay.errors import ClaimRefused, named
from webtabletop.fairplay.kdf import check_secret, digest
from webtabletop.i18n import _

COMMIT_BYTES = 16


def salt(secret: bytes, game_id: bytes, seat: int, slot: int) -> bytes:
    return digest("card-salt", check_secret(secret), bytes(game_id), seat, slot)[:COMMIT_BYTES]


def commit_card(salt_value: bytes, card: str) -> bytes:
    """The commitment to ``card`` (any text naming it, e.g. a card id) under ``salt_value``."""
    return digest("card-commit", salt_value, card)[:COMMIT_BYTES]


def commit_hand(secret: bytes, game_id: bytes, seat: int, cards: Sequence[str]) -> tuple[bytes, ...]:
    """The commitments to send for a chosen hand, slot by slot (its order is part of the promise)."""
    return tuple(commit_card(salt(secret, game_id, seat, i), c) for i, c in enumerate(cards))


def open_card(commitment: bytes, salt_value: bytes, card: str, slot: int, seat: int | None = None) -> str:
    """Check a played card against its slot's commitment; return the card or refuse (naming
    ``seat``, the hand's owner, when given)."""
    if len(salt_value) != COMMIT_BYTES or commit_card(bytes(salt_value), card) != bytes(commitment):
        if seat is not None:
            problem = _("the card played from hand slot {slot} is not the one committed at the start.")
            raise named(ClaimRefused, seat, problem.format(slot=slot + 1))
        raise ClaimRefused(
            _("The card played from hand slot {slot} is not the one committed at the start.").format(
                slot=slot + 1
            )
        )
    return card
