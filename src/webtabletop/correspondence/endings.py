"""Endings the players choose in a match by link: a resignation, a draw offer and its answer.

Issue 23 §5 for games by link (the record's side: :mod:`webtabletop.core.ending`). An ending is an
**annotation on the latest link**: the same link ``N`` again, with the ending in its flags and
its signatures (:mod:`~webtabletop.correspondence.data`), and a new tag. So it needs no turn: a
player resigns or offers a draw whoever is to move, and the links' numbering (who sends which) and
their moves stay as the rules split them.

Kinds (``Ending.kind``), with the seat that sends the annotation (``Ending.seat``):

- ``RESIGN``: that seat resigns; the game is over, the other wins.
- ``OFFER``: that seat offers a draw (only where the game's rules allow one, ``agreed_draws``).
- ``AGREED``: that seat accepts the other's offer made at this same link; the game is drawn.
- ``DECLINED``: that seat declines it; the game goes on (a move, a new link, also ends the offer).

**Authenticity.** The tag of a link is made with a key both players hold, so it stops whoever
carries a link but not the other player. Each annotation is therefore **signed** with its sender's
link key (:mod:`webtabletop.fairplay.signature`), over the match key, the link number, the moves
(their count and number: the whole position) and the kind; an acceptance carries the offer's
signature too. So nobody can resign, offer or accept for the other player (anyone, a spectator too,
checks the signatures against the link keys of links 1 and 2), and an annotation is valid only on
the link it was made for: an offer declined at link 7 cannot be accepted at link 11, and a
resignation cannot be moved to another match or position (``check`` refuses it).

An annotation only ever moves forward (``rank``): a final ending (resignation, agreed draw) is
never replaced, an answer replaces its offer. A later link (a move) drops an offer or an answer.
"""

from __future__ import annotations

import attrs

from webtabletop.core.ending import DRAW, resign_code
from webtabletop.correspondence.errors import MatchError
from webtabletop.fairplay.group import Group
from webtabletop.fairplay.kdf import digest
from webtabletop.fairplay.signature import signature_size, verifies
from webtabletop.i18n import _

RESIGN, OFFER, AGREED, DECLINED = 1, 2, 3, 4
KINDS = (RESIGN, OFFER, AGREED, DECLINED)
_LABELS = {RESIGN: "resign", OFFER: "draw-offer", AGREED: "draw-accept", DECLINED: "draw-decline"}
#: the order an annotation may move in: none, an offer, an answer to it, a final ending
_RANK = {OFFER: 1, DECLINED: 2, RESIGN: 3, AGREED: 3}


@attrs.frozen
class Ending:
    kind: int
    seat: int
    #: the sender's signature; an acceptance: (the offer's signature, the acceptance's)
    signatures: tuple[bytes, ...]

    @property
    def final(self) -> bool:
        """The game is over (a resignation, an agreed draw)."""
        return self.kind in (RESIGN, AGREED)

    @property
    def offerer(self) -> int | None:
        """The seat whose draw offer is (or was) on the table at this link."""
        if self.kind == OFFER:
            return self.seat
        if self.kind in (AGREED, DECLINED):
            return 1 - self.seat
        return None

    def code(self, creator_side: int) -> str:
        """The record's ending code (core.ending) of a final ending: who resigned, by game side."""
        if self.kind == AGREED:
            return DRAW
        return resign_code(self.seat if creator_side == 0 else 1 - self.seat)


def rank(ending: Ending | None) -> int:
    return 0 if ending is None else _RANK[ending.kind]


def message(data, kind: int, seat: int, moves: tuple[int, int]) -> bytes:
    """What an annotation of ``kind`` by ``seat`` on the latest link of ``data`` signs (``moves``:
    their count and the number that holds them, the whole position)."""
    return digest("ending", data.key(), data.count, moves[0], moves[1], _LABELS[kind], seat)


def make(data, moves: tuple[int, int], kind: int, seat: int, link_key) -> Ending:
    """This player's annotation; an acceptance or a refusal answers the offer held in ``data``."""
    own = link_key.sign(message(data, kind, seat, moves))
    if kind == AGREED:
        return Ending(kind, seat, (data.ending.signatures[0], own))
    return Ending(kind, seat, (own,))


def check(data, moves: tuple[int, int], ending: Ending, allows_draw: bool) -> None:
    """Refuse an annotation whose signatures do not hold for the latest link of ``data``."""
    group = Group.default()
    keys = data.link_keys
    if not data.authenticated or data.count < 2 or None in keys:
        raise MatchError(_("A game can be resigned or drawn by link only once both players have joined."))
    if ending.kind != RESIGN and not allows_draw:
        raise MatchError(_("The rules of this game allow no draw by agreement."))
    signed = [(ending.seat, ending.kind, ending.signatures[-1])]
    if ending.kind == AGREED:
        signed.append((1 - ending.seat, OFFER, ending.signatures[0]))
    for seat, kind, sig in signed:
        if not verifies(group, keys[seat], message(data, kind, seat, moves), sig):
            raise MatchError(
                _(
                    "The resignation or draw in this link was not made by the player it names, or not in this position: it was not taken."
                )
            )


#: what a received link with an ending does (:func:`received`)
TAKE, SAME, OLDER = "take", "same", "older"


def received(new, held, seat: int | None) -> str | None:
    """What a received link's data ``new`` does to the match held as ``held`` when either holds
    an ending (their signatures were checked as the link was read): ``TAKE`` it, it is the
    ``SAME``, it is ``OLDER`` (nothing changes), or None (an ordinary link: the usual checks)."""
    mine, theirs = held.ending, new.ending
    if mine is not None and mine.final and new.count > held.count:
        raise MatchError(_("This link came after the end of the game: it was not taken."))
    if new.count < held.count:
        earlier = (
            held.links[: new.count] == new.links
            and new.link_keys == held.link_keys
            and new.commitments == held.commitments
        )
        # a resignation made before this browser's later link arrived: it ends the game there
        return TAKE if theirs is not None and theirs.kind == RESIGN and earlier else None
    if new.count > held.count or attrs.evolve(new, ending=None) != attrs.evolve(held, ending=None):
        return None
    if theirs == mine or rank(theirs) <= rank(mine):
        return SAME if theirs == mine else OLDER
    if seat is not None and theirs.seat == seat:
        raise MatchError(_("This link holds a move of yours that this browser did not send."))
    return TAKE


def encode(ending: Ending) -> bytes:
    return b"".join(ending.signatures)


def flags(ending: Ending | None) -> int:
    """The link's flag bits of an annotation: bits 1–3 the kind, bit 4 the seat."""
    return 0 if ending is None else ending.kind << 1 | ending.seat << 4


def decode(bits: int, reader) -> Ending | None:
    """The annotation of a link's flag bits (without bit 0), its signatures read from ``reader``."""
    kind, seat = bits >> 1 & 7, bits >> 4 & 1
    if bits & ~0b11110:
        raise MatchError(_("The match link is damaged."))
    if not kind:
        if seat:
            raise MatchError(_("The match link is damaged."))
        return None
    if kind not in KINDS:
        raise MatchError(_("The match link is damaged."))
    size = signature_size(Group.default())
    count = 2 if kind == AGREED else 1
    return Ending(kind, seat, tuple(reader.take(size) for _i in range(count)))
