"""Refusals: a value in a link that fails a fair-play check.

Each is a :class:`~webtabletop.core.errors.GameError` whose message is a whole translated sentence
(the app shows it as it is). The three kinds say which promise the link broke:

* :class:`ChainRefused`: a revealed random value does not follow the sender's commitment (changed,
  reused, out of order, or beyond the committed chain);
* :class:`DeckRefused`: a card ciphertext or card key is malformed, or opens to no card, or a card
  that was already dealt elsewhere, or the deck differs from the one dealt;
* :class:`ClaimRefused`: a card or a private draw that a player named is not the one the
  cryptography opens, or the secret revealed at the end does not match the player's commitment.

A refusal may name the seat that cheated (``seat``): deal v3's checks always do. A check can only
say whose *part* of a link failed; whether the link really came from that seat is for its reader to
tell (a tag or a signature under that seat's key: ``correspondence.blame``). So a refusal that names
a seat also carries its ``problem`` without a name, for a reader who cannot tell.
"""

from __future__ import annotations

from webtabletop.core.errors import GameError
from webtabletop.i18n import N_, _


class FairPlayError(GameError):
    """A link failed a fair-play check: it was changed, or its sender cheated.

    ``seat`` is the seat (0: the player who started the match, 1: the one who joined) the check
    proves broke the protocol, when it can tell (deal v3 always can); ``None`` otherwise.
    ``problem``: with a seat, the same failure as a sentence that names nobody (lower case, for
    "… {problem}" sentences); None when the message names nobody.
    """

    def __init__(self, message: str, seat: int | None = None, problem: str | None = None) -> None:
        super().__init__(message)
        self.seat = seat
        self.problem = problem


#: a sentence naming the seat that cheated ({problem}: what failed, a lower-case sentence)
_CHEATED = {
    0: N_("The player who started the match cheated: {problem}"),
    1: N_("The player who joined the match cheated: {problem}"),
}


def cheated(seat: int, problem: str) -> str:
    """The sentence of a refusal naming ``seat`` (0 the creator, 1 the joiner)."""
    return _(_CHEATED[seat]).format(problem=problem)


def named(cls: type[FairPlayError], seat: int, problem: str) -> FairPlayError:
    """A refusal of class ``cls`` that names ``seat`` for ``problem`` (and keeps it unnamed too)."""
    return cls(cheated(seat, problem), seat, problem)


class ChainRefused(FairPlayError):
    """A revealed chain value does not follow the sender's commitment."""


class DeckRefused(FairPlayError):
    """A card ciphertext or key is malformed or does not open to a valid, unused card."""


class ClaimRefused(FairPlayError):
    """A named card, draw or end-of-game secret is not what the commitments say."""
