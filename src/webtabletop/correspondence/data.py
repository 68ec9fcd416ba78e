"""The public content of a match, and its binary layout in a match link.

A match link is ``#/<game>/m?x=<payload>`` (page ``m`` for "match"); the payload is base64url,
without padding, of (format version 1, or 2 for a game with hidden cards)::

    byte    link format (1)
    varint  the game's rules version
    varint  length of the options JSON, then that UTF-8 JSON (only non-default options)
    byte    flags: bit 0 = the game side the match's creator plays (0: moves first); others 0
    varint  days per move (0: no clock)
    varint  number of links so far, N >= 1 (this link is link N)
    varint  the date the sender sent link N (proleptic Gregorian ordinal, ``date.toordinal()``)
    16 B    seat 0's chain head, varint its length
    (N >= 2) 16 B seat 1's chain head, varint its length, 16 B seat 1's latest value
    (N >= 3) 16 B seat 0's latest value
    (format 2) varint length, then the link's fair-play section (games with hidden cards only:
            :mod:`~webtabletop.correspondence.dealt`; format 1 links have none)
    varint  number of moves in the whole game so far
    rest-4  the moves, one big integer, little-endian, mixed radix: move i is its index in
            ``legal_moves()`` of the state before it (the beacon's dice already injected)
    4 bytes CRC-32 of ``"webtabletop-match/" + game id`` and everything above

Seat 0 created the match and sends the odd links (``fairplay.beacon``). Each seat's latest value
is the one its last link revealed; every earlier value follows by hashing it down, so the latest
link alone lets anyone check the whole chain against the heads. The split of the moves into links
is not stored: it follows from the rules (see :mod:`~webtabletop.correspondence.turns`).

:class:`MatchData` holds exactly that content (with the moves as codes, per link). It knows nothing
of secrets or of which browser holds it.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from typing import Any

import attrs

from webtabletop.correspondence.binary import Reader, varint
from webtabletop.correspondence.errors import MatchError
from webtabletop.fairplay.chain import MAX_LENGTH, VALUE_BYTES, Commitment
from webtabletop.fairplay.kdf import digest
from webtabletop.i18n import _

FORMAT = 1
#: the link format of games with hidden cards (``GameSpec.cards``): format 1 plus a section
CARDS_FORMAT = 2
MAX_SECTION = 4096
PAGE = "m"
PARAM = "x"
MAX_PAYLOAD = 8000
MAX_OPTIONS_BYTES = 4000
_PAYLOAD = re.compile(r"[A-Za-z0-9_-]+")
_CRC_PREFIX = b"webtabletop-match/"


def side_of(seat: int, creator_side: int) -> int:
    """The game side (0 moves first) that match seat ``seat`` plays."""
    return creator_side if seat == 0 else 1 - creator_side


@attrs.frozen
class MatchData:
    """Everything a match link says. ``links[i]`` are the move codes of link ``i + 1``.

    Invariants (checked by :func:`webtabletop.correspondence.turns.verify`): ``commitments[1]`` and
    ``latest[1]`` exist once two links were sent, ``latest[0]`` once three were; each latest
    value hashes down to its head in exactly as many steps as its index.
    """

    game_id: str
    rules: int
    options: dict[str, Any]
    creator_side: int
    days: int
    links: tuple[tuple[str, ...], ...]
    date: int  # ordinal of the date link N was sent (0 while no link was sent)
    commitments: tuple[Commitment | None, Commitment | None]
    latest: tuple[bytes | None, bytes | None]
    #: the latest link's fair-play section (hidden-card games: a deck message, keys, secrets)
    fair: bytes = b""

    @property
    def count(self) -> int:
        """How many links were sent."""
        return len(self.links)

    @property
    def moves(self) -> tuple[str, ...]:
        return tuple(code for link in self.links for code in link)

    def options_json(self) -> bytes:
        if not self.options:
            return b""
        return json.dumps(self.options, separators=(",", ":"), sort_keys=True).encode()

    def key(self) -> bytes:
        """The match's identity (the beacon's game id): it binds the game, its options, the
        creator's side and clock, and the creator's commitment, which no two matches share."""
        c0 = self.commitments[0]
        if c0 is None:
            raise ValueError("a match has seat 0's commitment from the start")
        return digest(
            "match",
            self.game_id,
            self.rules,
            self.options_json(),
            self.creator_side,
            self.days,
            c0.head,
            c0.length,
        )[:16]


def pack(data: MatchData, moves: tuple[int, int], sectioned: bool = False) -> str:
    """The payload of ``data``; ``moves`` = (count, mixed-radix number) from the turns module;
    ``sectioned``: a game with hidden cards (format 2, with ``data.fair``)."""
    n = data.count
    c0, c1 = data.commitments
    body = bytearray([CARDS_FORMAT if sectioned else FORMAT])
    body += varint(data.rules)
    options = data.options_json()
    body += varint(len(options)) + options
    body.append(data.creator_side)
    body += varint(data.days)
    body += varint(n)
    body += varint(data.date)
    body += c0.head + varint(c0.length)
    if n >= 2:
        body += c1.head + varint(c1.length) + data.latest[1]
    if n >= 3:
        body += data.latest[0]
    if sectioned:
        body += varint(len(data.fair)) + data.fair
    count, number = moves
    body += varint(count)
    body += number.to_bytes((number.bit_length() + 7) // 8, "little")
    crc = zlib.crc32(_CRC_PREFIX + data.game_id.encode() + bytes(body)) & 0xFFFFFFFF
    body += crc.to_bytes(4, "little")
    return base64.urlsafe_b64encode(bytes(body)).rstrip(b"=").decode("ascii")


def unpack(game_id: str, payload: str, rules_now: int) -> tuple[MatchData, int, int, int, bool]:
    """(data without moves, number of links, move count, move number, whether it has a fair-play
    section) from a payload; checks everything that
    needs no replay: characters, checksum, versions, options JSON, commitments."""
    from webtabletop.core.inputs import InputError, load_json

    not_a_link = _("This is not a match link, or it was cut or changed when it was copied.")
    if not payload or len(payload) > MAX_PAYLOAD or not _PAYLOAD.fullmatch(payload):
        raise MatchError(not_a_link)
    try:
        raw = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    except (binascii.Error, ValueError):
        raise MatchError(not_a_link) from None
    if len(raw) < 8:
        raise MatchError(not_a_link)
    body, crc = raw[:-4], int.from_bytes(raw[-4:], "little")
    if zlib.crc32(_CRC_PREFIX + game_id.encode() + body) & 0xFFFFFFFF != crc:
        raise MatchError(not_a_link)
    r = Reader(body)
    fmt = r.byte()
    if fmt not in (FORMAT, CARDS_FORMAT):
        if fmt > CARDS_FORMAT:
            raise MatchError(
                _("This match link was made by a newer version of the app: reload the page to update it.")
            )
        raise MatchError(not_a_link)
    rules = r.varint()
    if rules > rules_now:
        raise MatchError(_("This match link was made under newer rules: reload the page to update the app."))
    if rules < rules_now:
        raise MatchError(
            _("This match was started under earlier rules of the game, which this app no longer plays.")
        )
    n_opt = r.varint(MAX_OPTIONS_BYTES)
    options: Any = {}
    if n_opt:
        try:
            options = load_json(r.take(n_opt).decode("utf-8"), _("the match's options"))
        except (InputError, UnicodeDecodeError):
            raise MatchError(_("The options in this match link are unreadable.")) from None
        if not isinstance(options, dict) or not options:
            raise MatchError(_("The options in this match link are unreadable."))
    side = r.byte()
    if side not in (0, 1):
        raise MatchError(_("The match link is damaged."))
    days = r.varint(365)
    n = r.varint(2 * MAX_LENGTH + 1)
    if n < 1:
        raise MatchError(_("The match link is damaged."))
    date = r.varint(3_652_059)  # date.max.toordinal()
    if date < 1:
        raise MatchError(_("The match link is damaged."))
    c0 = Commitment(r.take(VALUE_BYTES), r.varint(MAX_LENGTH))
    c1 = v1 = v0 = None
    if n >= 2:
        c1 = Commitment(r.take(VALUE_BYTES), r.varint(MAX_LENGTH))
        v1 = r.take(VALUE_BYTES)
    if n >= 3:
        v0 = r.take(VALUE_BYTES)
    fair = r.take(r.varint(MAX_SECTION)) if fmt == CARDS_FORMAT else b""
    count = r.varint(1 << 20)
    rest = r.rest()
    if rest.endswith(b"\x00"):
        raise MatchError(_("The match link is damaged."))
    number = int.from_bytes(rest, "little")
    data = MatchData(game_id, rules, options, side, days, (), date, (c0, c1), (v0, v1), fair)
    return data, n, count, number, fmt == CARDS_FORMAT
