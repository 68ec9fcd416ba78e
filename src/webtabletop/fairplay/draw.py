"""Private draws: a random value its owner sees at once, the other player only when it is played.

For draws from an endless source (CardGO deals each card at random within the options, with
replacement), mental poker is not needed: a draw's secrecy is one-sided. Draw ``j`` of seat ``s``:

1. the owner derives ``x_j = SHA-256("draw", secret, game id, s, j)`` (16 bytes) and sends its
   commitment ``c_j = SHA-256("draw-commit", x_j)`` (16 bytes) in a link ``m``;
2. the other player's next link ``m + 1`` reveals its chain value ``r_{m+1}`` (fixed by its own
   commitment, and chosen without knowing ``x_j``);
3. the draw's seed is ``SHA-256("private-draw", game id, s, j, x_j, r_{m+1})``; its first 8
   bytes seed a :class:`webtabletop.core.rng.Rng`, and the game deals from it as today.

The owner learns the draw when link ``m + 1`` arrives; the other player, who knows ``r_{m+1}``
but not ``x_j``, learns nothing until the owner plays the card and reveals ``x_j``
(:func:`open_draw` checks it against ``c_j`` at once). Neither could steer the draw: ``x_j`` was
fixed by ``c_j`` before ``r_{m+1}`` was known, and ``r_{m+1}`` by its chain. At the end the
revealed secret reproduces every ``x_j`` (:func:`verify_draws`), so commitments of cards never
played are checked too.
"""

from __future__ import annotations

from collections.abc import Mapping

from webtabletop.core.rng import Rng
from webtabletop.fairplay.beacon import seed_rng
from webtabletop.fairplay.errors import ClaimRefused, named
from webtabletop.fairplay.kdf import check_secret, digest
from webtabletop.i18n import N_, _

DRAW_BYTES = 16


def draw_value(secret: bytes, game_id: bytes, seat: int, j: int) -> bytes:
    return digest("draw", check_secret(secret), bytes(game_id), seat, j)[:DRAW_BYTES]


def draw_commitment(value: bytes) -> bytes:
    return digest("draw-commit", value)[:DRAW_BYTES]


def draw_seed(game_id: bytes, seat: int, j: int, value: bytes, reply: bytes) -> bytes:
    return digest("private-draw", bytes(game_id), seat, j, value, reply)


def draw_rng(game_id: bytes, seat: int, j: int, value: bytes, reply: bytes) -> Rng:
    """The generator draw ``j`` deals from, given its value ``x_j`` and the ``reply`` value."""
    return seed_rng(draw_seed(game_id, seat, j, bytes(value), reply))


class PrivateDraws:
    """The owner's side: commitments to send and its own draws, all derived from its secret."""

    def __init__(self, secret: bytes, game_id: bytes, seat: int) -> None:
        self._secret = check_secret(secret)
        self.game_id, self.seat = bytes(game_id), seat

    def value(self, j: int) -> bytes:
        """``x_j``: sent only when the drawn card is played (or at the end, through the secret)."""
        return draw_value(self._secret, self.game_id, self.seat, j)

    def commitment(self, j: int) -> bytes:
        return draw_commitment(self.value(j))

    def rng(self, j: int, reply: bytes) -> Rng:
        """The generator of draw ``j`` once the other player's ``reply`` value is known."""
        return draw_rng(self.game_id, self.seat, j, self.value(j), reply)


def open_draw(game_id: bytes, seat: int, j: int, commitment: bytes, value: bytes, reply: bytes) -> Rng:
    """The other player's check when a drawn card is played: ``value`` must open ``commitment``;
    returns the generator the owner dealt the card from (replay it to check the card named)."""
    if len(value) != DRAW_BYTES or draw_commitment(bytes(value)) != bytes(commitment):
        problem = _("the secret value of draw number {number} does not match its commitment.")
        raise named(ClaimRefused, seat, problem.format(number=j + 1))
    return draw_rng(game_id, seat, j, value, reply)


_BAD_COMMITMENT = {
    0: N_(
        "The player who started the match cheated: the commitment of their draw number {number} is not"
        " the one their secret makes."
    ),
    1: N_(
        "The player who joined the match cheated: the commitment of their draw number {number} is not"
        " the one their secret makes."
    ),
}


def verify_draws(secret: bytes, game_id: bytes, seat: int, commitments: Mapping[int, bytes]) -> None:
    """End of game: every commitment ``c_j`` the seat sent must be the one its revealed secret
    makes; a refusal names ``seat`` (its ``seat``, and in its sentence)."""
    mine = PrivateDraws(secret, game_id, seat)
    for j, c in sorted(commitments.items()):
        if mine.commitment(j) != bytes(c):
            raise ClaimRefused(
                _(_BAD_COMMITMENT[seat]).format(number=j + 1),
                seat,
                _("the commitment of draw number {number} is not the one its player's secret makes.").format(
                    number=j + 1
                ),
            )
