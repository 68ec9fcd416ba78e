"""Endings the players choose in a match by link: a resignation, a draw offer and its answer.

The same endings as in a game on one device (the record's side: :mod:`webtabletop.core.ending`). An ending is an
**annotation on the latest link**: the same link ``N`` again, with the ending in its flags and
its signatures (:mod:`~webtabletop.correspondence.data`), and a new tag. So it needs no turn: a
player resigns or offers a draw whoever is to move, and the links' numbering (who sends which) and
their moves stay as the rules split them.

Kinds (``Ending.kind``), with the seat that sends the annotation (``Ending.seat``):

- ``RESIGN``: that seat resigns; the game is over, the other wins.
- ``OFFER``: that seat offers a draw (only where the game's rules allow one, ``agreed_draws``).
- ``AGREED``: that seat accepts the other's offer made at this same link; the game is drawn.
- ``DECLINED``: that seat declines it; the game goes on (a move, a new link, also ends the offer).
- ``FLAG``: that seat claims the win on time: the friend's clock ran out on its turn. The claim
  carries how long its sender waited for the friend's link (``Ending.waited``, in cs, on its own
  clock), signed, and every reader checks it against the friend's time
  (:func:`webtabletop.correspondence.liveclock.check_claim`).
- ``LEFT``: that seat claims the win because the friend left the live game on its own turn (the
  presence the live channel saw, which nobody else can check: such a win counts as unverified).

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
A final ending carries the date it was made (the link's date moves on to it).

**Games with hidden cards** (SHT, HTT, CardGO: links of format 4) end with a check that needs both
players' secrets (``docs/fair-play.md``). Their rules allow no draw by agreement, so their only
annotation is a resignation, and it carries the resigner's **reveal** (``Ending.reveals``: what
the link that ends a game by its moves carries for its sender — the 32-byte secret, and in HTT
the unplayed cards too), signed with the resignation. The other player answers as at any end of
such a game: the same annotation again with its own reveal added. Then every browser runs the end
check on the position the game stopped in. A resignation there waits until link
:data:`HIDDEN_FROM` (the cards dealt and committed, the first move possible).
"""

from __future__ import annotations

import attrs

from webtabletop.core.ending import DRAW, TIMEOUT, resign_code
from webtabletop.core.ending import LEFT as LEFT_CODES
from webtabletop.core.sharelink import varint
from webtabletop.correspondence.errors import MatchError
from webtabletop.fairplay.group import Group
from webtabletop.fairplay.kdf import digest
from webtabletop.fairplay.signature import signature_size, verifies
from webtabletop.i18n import _

RESIGN, OFFER, AGREED, DECLINED, FLAG, LEFT = 1, 2, 3, 4, 5, 6
#: the claims of a win: made by the winner, carrying its wait
CLAIMS = (FLAG, LEFT)
#: the final endings a game with hidden cards reveals its sender's secret with
REVEALING = (RESIGN, *CLAIMS)
#: the first link a game with hidden cards can be resigned on (``correspondence.dealt``'s first
#: move link: every hand is dealt and committed by then)
HIDDEN_FROM = 4


def hidden_from(data) -> int:
    """The first link a game with hidden cards can be resigned on: the one after the first seed
    the match uses (link 5 once link 1 is bound: the creator's drawn HTT hand is committed in
    it; :data:`HIDDEN_FROM` before)."""
    return data.first_event + 1


#: the longest reveal a resignation may carry (a secret, and HTT's unplayed card references)
MAX_REVEAL = 4096
KINDS = (RESIGN, OFFER, AGREED, DECLINED, FLAG, LEFT)
_LABELS = {
    RESIGN: "resign",
    OFFER: "draw-offer",
    AGREED: "draw-accept",
    DECLINED: "draw-decline",
    FLAG: "claim-time",
    LEFT: "claim-left",
}
#: the order an annotation may move in: none, an offer, an answer to it, a final ending
_RANK = {OFFER: 1, DECLINED: 2, RESIGN: 3, AGREED: 3, FLAG: 3, LEFT: 3}
#: the longest wait a claim states (a day, in cs)
MAX_WAIT_CS = 8_640_000


@attrs.frozen
class Ending:
    kind: int
    seat: int
    #: the sender's signature; an acceptance: (the offer's signature, the acceptance's)
    signatures: tuple[bytes, ...]
    #: per seat, what it reveals after a resignation in a game with hidden cards (None: nothing yet)
    reveals: tuple[bytes | None, bytes | None] = (None, None)
    #: a claim: how long its sender waited for the friend's link, in cs on its own clock
    waited: int = 0

    @property
    def final(self) -> bool:
        """The game is over (a resignation, an agreed draw, a claim of the win)."""
        return self.kind in (RESIGN, AGREED, *CLAIMS)

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
        if self.kind in CLAIMS:  # the claimant won: the other side lost
            lost = 1 - self.seat if creator_side == 0 else self.seat
            return (TIMEOUT if self.kind == FLAG else LEFT_CODES)[lost]
        return resign_code(self.seat if creator_side == 0 else 1 - self.seat)


def rank(ending: Ending | None) -> tuple[int, int]:
    """How far an annotation has gone: its kind's rank, then how many reveals it carries."""
    if ending is None:
        return (0, 0)
    return (_RANK[ending.kind], sum(r is not None for r in ending.reveals))


def message(
    data, kind: int, seat: int, moves: tuple[int, int], reveal: bytes | None = None, waited: int = 0
) -> bytes:
    """What an annotation of ``kind`` by ``seat`` on the latest link of ``data`` signs (``moves``:
    their count and the number that holds them, the whole position; ``reveal``: what a resignation
    or a claim in a game with hidden cards reveals; ``waited``: a claim's wait)."""
    number = moves[1]
    # the moves' number as the link holds it once it outgrows a 64-bit hash part (a dozen moves of
    # DumaRaj): a smaller one stays an integer part, so every annotation made before still checks
    held = number if number < 1 << 64 else b"n" + number.to_bytes((number.bit_length() + 7) // 8, "little")
    parts = [data.key(), data.count, moves[0], held, _LABELS[kind], seat]
    if kind in CLAIMS:
        parts.append(waited)
    if reveal is not None:
        parts.append(bytes(reveal))
    return digest("ending", *parts)


def make(
    data,
    moves: tuple[int, int],
    kind: int,
    seat: int,
    link_key,
    reveal: bytes | None = None,
    waited: int = 0,
) -> Ending:
    """This player's annotation; an acceptance or a refusal answers the offer held in ``data``;
    a resignation or a claim in a game with hidden cards carries (and signs) this player's
    ``reveal``; a claim its ``waited``."""
    own = link_key.sign(message(data, kind, seat, moves, reveal, waited))
    if kind == AGREED:
        return Ending(kind, seat, (data.ending.signatures[0], own))
    reveals = (reveal, None) if seat == 0 else (None, reveal)
    return Ending(kind, seat, (own,), reveals if reveal is not None else (None, None), waited)


def revealed(ending: Ending, seat: int, reveal: bytes) -> Ending:
    """``ending`` (a resignation) with ``seat``'s reveal added: the other player's answer."""
    reveals = list(ending.reveals)
    reveals[seat] = bytes(reveal)
    return attrs.evolve(ending, reveals=(reveals[0], reveals[1]))


def check(data, moves: tuple[int, int], ending: Ending, allows_draw: bool, hidden: bool = False) -> None:
    """Refuse an annotation whose signatures do not hold for the latest link of ``data``
    (``hidden``: a game with hidden cards, whose resignation carries the resigner's reveal)."""
    group = Group.default()
    keys = data.link_keys
    if not data.authenticated or data.count < 2 or None in keys:
        raise MatchError(_("A game can be resigned or drawn by link only once both players have joined."))
    if ending.kind in (OFFER, AGREED, DECLINED) and not allows_draw:
        raise MatchError(_("The rules of this game allow no draw by agreement."))
    if ending.kind in CLAIMS:
        _check_claim(data, ending)
    own = ending.reveals[ending.seat]
    if hidden and data.count < hidden_from(data):
        raise MatchError(
            _(
                "A game with hidden cards can be resigned by link only once the cards are dealt and the first move can be played."
            )
        )
    if hidden != (own is not None) or (not hidden and ending.reveals != (None, None)):
        raise MatchError(_("The match link is damaged."))
    signed = [(ending.seat, ending.kind, ending.signatures[-1], own)]
    if ending.kind == AGREED:
        signed.append((1 - ending.seat, OFFER, ending.signatures[0], None))
    for seat, kind, sig, reveal in signed:
        text = message(data, kind, seat, moves, reveal, ending.waited)
        if not verifies(group, keys[seat], text, sig):
            raise MatchError(
                _(
                    "The resignation or draw in this link was not made by the player it names, or not in this position: it was not taken."
                )
            )


def _check_claim(data, ending: Ending) -> None:
    """A claim of the win holds for the clocks of ``data`` (on time: the friend's time is spent;
    the friend left: it is the friend's turn). ``liveclock`` does the arithmetic."""
    from webtabletop.correspondence import liveclock

    if ending.kind == FLAG:
        if data.timing is None:
            raise MatchError(_("This match has no clock, so no win can be claimed on time."))
        liveclock.check_claim(data.timing, data.count, ending.seat, ending.waited)
    elif not liveclock.running(data.count) or liveclock.to_send(data.count) == ending.seat:
        raise MatchError(_("A win can be claimed only while it is your friend's turn."))


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
    # a final ending carries the date it was made: the rest of the link is the one held
    if new.count > held.count or attrs.evolve(new, ending=None, date=0) != attrs.evolve(
        held, ending=None, date=0
    ):
        return None
    if theirs == mine:
        return SAME
    if mine is not None and theirs is not None and _same_resignation(mine, theirs):
        # the other player's answer to a resignation in a game with hidden cards: its reveal added
        if any(None not in (m, t) and m != t for m, t in zip(mine.reveals, theirs.reveals, strict=True)):
            raise MatchError(_("This link changes moves that were already played."))
        return TAKE if rank(theirs) > rank(mine) and new.date >= held.date else OLDER
    if rank(theirs) <= rank(mine):
        return OLDER
    if seat is not None and theirs.seat == seat:
        raise MatchError(_("This link holds a move of yours that this browser did not send."))
    if new.date < held.date:
        raise MatchError(_("The date in this link is impossible: the link was changed."))
    return TAKE


def _same_resignation(a: Ending, b: Ending) -> bool:
    """The same resignation or claim (its answer adds a reveal to it)."""
    return a.kind == b.kind and a.kind in REVEALING and a.seat == b.seat and a.signatures == b.signatures


def encode(ending: Ending) -> bytes:
    """The signatures, then each reveal present (seat 0's first) with its length."""
    out = b"".join(ending.signatures)
    if ending.kind in CLAIMS:
        out += varint(ending.waited)
    for reveal in ending.reveals:
        if reveal is not None:
            out += varint(len(reveal)) + reveal
    return out


def flags(ending: Ending | None) -> int:
    """The link's flag bits of an annotation: bits 1–3 the kind, bit 4 the seat, bits 5 and 6
    whether seat 0's and seat 1's reveal follow (a game with hidden cards)."""
    if ending is None:
        return 0
    r0, r1 = (int(r is not None) for r in ending.reveals)
    return ending.kind << 1 | ending.seat << 4 | r0 << 5 | r1 << 6


def decode(bits: int, reader, hidden: bool = False) -> Ending | None:
    """The annotation of a link's flag bits (without bit 0), its signatures (and, ``hidden``, its
    reveals) read from ``reader``."""
    kind, seat = bits >> 1 & 7, bits >> 4 & 1
    if bits & ~(0b1111110 if hidden else 0b11110):
        raise MatchError(_("The match link is damaged."))
    present = (bool(bits >> 5 & 1), bool(bits >> 6 & 1))
    if not kind:
        if seat or any(present):
            raise MatchError(_("The match link is damaged."))
        return None
    if kind not in KINDS or (any(present) and kind not in REVEALING):
        raise MatchError(_("The match link is damaged."))
    size = signature_size(Group.default())
    count = 2 if kind == AGREED else 1
    signatures = tuple(reader.take(size) for _i in range(count))
    waited = reader.varint(MAX_WAIT_CS) if kind in CLAIMS else 0
    reveals = tuple(reader.take(reader.varint(MAX_REVEAL)) if p else None for p in present)
    return Ending(kind, seat, signatures, (reveals[0], reveals[1]), waited)
