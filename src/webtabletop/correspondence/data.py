"""The public content of a match, and its binary layout in a match link.

A match link is ``#/<game>/m?x=<payload>`` (page ``m`` for "match"); the payload is base64url,
without padding, of::

    byte    link format: 5, or 6 for a game with hidden cards (3 and 4: the same before link 1
            was bound, 1 and 2: before links were authenticated; all still read, see below);
            7 and 8: 5 and 6 of a timed match (with the clock field below)
    varint  the game's rules version
    varint  length of the options JSON, then that UTF-8 JSON (only non-default options)
    byte    flags: bit 0 = the game side the match's creator plays (0: moves first); bits 1-3 an
            ending's kind and bit 4 its seat (0: none; formats 3 and 4 only,
            :mod:`~webtabletop.correspondence.endings`); bits 5-6 (formats 4 and 6, a resignation)
            which seats' reveals it carries; bit 7 (formats 5-8) a live section follows
    varint  days per move (0: no clock)
    varint  number of links so far, N >= 1 (this link is link N)
    varint  the date the sender sent link N (proleptic Gregorian ordinal, ``date.toordinal()``)
    16 B    seat 0's chain head, varint its length
    (N >= 2) 16 B seat 1's chain head, varint its length, 16 B seat 1's latest value
    (N >= 3) 16 B seat 0's latest value
    (formats 3-6) 20 B seat 0's link key; (N >= 2) 20 B seat 1's link key
    (an ending) its signatures, 40 B each (two for an agreed draw); formats 4 and 6, a resignation:
            then each seat's reveal present (bits 5 and 6 of the flags), varint length + bytes
    (formats 7, 8) the clock: varint base minutes, varint increment seconds, then one varint per
            link, the time its sender's turn took in cs (:mod:`~webtabletop.correspondence.liveclock`)
    (formats 5-8, flag bit 7) varint length, then the live section: a WebRTC offer or answer
            in its minimal form (:mod:`~webtabletop.correspondence.live.description`)
    (formats 2, 4, 6, 8) varint length, then the link's fair-play section (games with hidden cards
            only: :mod:`~webtabletop.correspondence.dealt`, ``chosen``, ``drawn``)
    varint  number of moves in the whole game so far
    rest    the moves, one big integer, little-endian, mixed radix: move i is its index in
            ``legal_moves()`` of the state before it (the beacon's dice already injected)
    (formats 3-6, N >= 2) 10 B the tag: HMAC-SHA-256 under the players' shared key over every
            byte above (:mod:`webtabletop.fairplay.linkauth`); formats 5 and 6 derive that key
            from link 1 too, as each player holds it (``first_link``)
    4 bytes CRC-32 of ``"webtabletop-match/" + game id`` and everything above

Seat 0 created the match and sends the odd links (``fairplay.beacon``). Each seat's latest value
is the one its last link revealed; every earlier value follows by hashing it down, so the latest
link alone lets anyone check the whole chain against the heads. The split of the moves into links
is not stored: it follows from the rules (see :mod:`~webtabletop.correspondence.turns`).

**Link keys and tags** (formats 3 and 4): each seat's first link carries its public link key; from
link 2 on every link carries a tag that only the two players can make and check, so a link changed
on its way is refused (``Match.receive``) before anything in it is used. The tag covers the format
byte and the rules version too, and it is checked before them: a carrier who writes a newer
version there is told apart from a newer app by the tag. So every later format must keep this
layout up to the link keys, and the tag as the last 10 bytes before the CRC over every byte before
it: then this version can still check a newer link's tag, and says "newer version" only when the
tag holds, or when it cannot be checked (a spectator; a link whose keys it cannot find). The match id binds seat
0's key. Formats 1 and 2 are the links of matches started before tags existed: read and continued
as they were, without tags (a stored match keeps its format; a link of the other format is
refused).

**The live section** (formats 5 and 6, flag bit 7; :attr:`MatchData.live`): the signalling of live
play rides in the links already sent (``docs/live-play.md``): link 1 may carry the creator's
offer, link 2 the joiner's answer, a later link (or the latest link sent again) a new offer or
answer to reconnect. A link without one is byte for byte what it was, so every link opens as
before. The section is covered by the tag like everything else, but it is not part of the match's
content: two links that differ only in it are the same link (``linkorder.compare`` says SAME), a
new link drops it (as it drops an ending's offer), and the hash of link 1 that the tags' key binds
(:func:`first_link`) leaves it out, so a player may put a new offer on link 1 without changing the
match. Link 1 has no tag: an answer names the offer it answers, so an offer changed on link 1's
way is found out when the answer comes back.

:class:`MatchData` holds exactly that content (with the moves as codes, per link). It knows nothing
of secrets or of which browser holds it.
"""

from __future__ import annotations

import base64
import binascii
import hmac
import json
import re
import zlib
from typing import Any

import attrs

from webtabletop.correspondence.binary import Reader, varint
from webtabletop.correspondence.endings import Ending
from webtabletop.correspondence.endings import decode as decode_ending
from webtabletop.correspondence.endings import encode as encode_ending
from webtabletop.correspondence.endings import flags as ending_flags
from webtabletop.correspondence.errors import MatchError, known
from webtabletop.correspondence.live import description as live_description
from webtabletop.correspondence.liveclock import Timing
from webtabletop.fairplay.beacon import BOUND_FIRST_EVENT, FIRST_EVENT_LINK
from webtabletop.fairplay.chain import MAX_LENGTH, VALUE_BYTES, Commitment
from webtabletop.fairplay.group import Group
from webtabletop.fairplay.kdf import digest
from webtabletop.fairplay.linkauth import TAG_BYTES, check_tag, tag
from webtabletop.i18n import _

#: link formats: (authenticated, with a fair-play section, link 1 bound) -> format byte
FORMATS = {
    (False, False, False): 1,
    (False, True, False): 2,
    (True, False, False): 3,
    (True, True, False): 4,
    (True, False, True): 5,
    (True, True, True): 6,
}
#: a timed match's formats: its untimed format -> format byte (the clock field after the ending)
TIMED = {5: 7, 6: 8}
UNTIMED = {v: k for k, v in TIMED.items()}
FORMAT_OF = {v: k for k, v in FORMATS.items()}
NEWEST = max(TIMED.values())
MAX_SECTION = 8192
LINK_KEY_BYTES = 20
#: the flag bit that says a live section follows the link keys and the ending (formats 5 and 6)
LIVE_FLAG = 0x80
PAGE = "m"
PARAM = "x"
MAX_PAYLOAD = 12000
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
    #: each seat's public link key (20 bytes; seat 1's from link 2), or (None, None) in a match
    #: started before links carried keys (formats 1 and 2)
    link_keys: tuple[bytes | None, bytes | None] = (None, None)
    #: a resignation or a draw offer and its answer on this (the latest) link, or None
    ending: Ending | None = None
    #: link 1 is bound into the tags' key and the first random values wait for link 4 (formats 5
    #: and 6: every match created now); False for a match started before
    bound: bool = False
    #: a timed match's clock (formats 7 and 8): its control and each link's interval
    timing: Timing | None = None
    #: live play's offer or answer carried by this link (formats 5 and 6), or None; not part of
    #: the match's content (equality ignores it: see "The live section" above)
    live: live_description.Description | None = attrs.field(default=None, eq=False)

    @property
    def first_event(self) -> int:
        """The first link whose seed a match uses: 4 once link 1 is bound (the creator has
        committed to one answer in link 3 before the joiner's value of link 4 is known), else 3."""
        return BOUND_FIRST_EVENT if self.bound else FIRST_EVENT_LINK

    @property
    def authenticated(self) -> bool:
        """Links of this match carry keys and tags (formats 3 and 4)."""
        return self.link_keys[0] is not None

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
        parts: list[bytes | int | str] = [
            self.game_id,
            self.rules,
            self.options_json(),
            self.creator_side,
            self.days,
            c0.head,
            c0.length,
        ]
        if self.authenticated:
            parts.append(known(self.link_keys[0]))
        if self.timing is not None:
            parts.append(self.timing.control.text)
        return digest("match", *parts)[:16]


def pack(data: MatchData, moves: tuple[int, int], sectioned: bool = False, mac: bytes | None = None) -> str:
    """The payload of ``data``; ``moves`` = (count, mixed-radix number) from the turns module;
    ``sectioned``: a game with hidden cards (with ``data.fair``); ``mac``: the players' shared key,
    which the tag of an authenticated link from link 2 on needs (only its sender makes a link)."""
    n = data.count
    c0, c1 = data.commitments
    auth = data.authenticated
    fmt = FORMATS[auth, sectioned, auth and data.bound]
    if data.timing is not None:
        if fmt not in TIMED:
            raise ValueError("a clock needs a match whose link 1 is bound")
        fmt = TIMED[fmt]
    body = bytearray([fmt])
    body += varint(data.rules)
    options = data.options_json()
    body += varint(len(options)) + options
    if data.ending is not None and not auth:
        raise ValueError("an ending needs the link keys of an authenticated match")
    if data.live is not None and not (auth and data.bound):
        raise ValueError("a live section needs a match of link format 5 or 6")
    body.append(data.creator_side | ending_flags(data.ending) | (LIVE_FLAG if data.live is not None else 0))
    body += varint(data.days)
    body += varint(n)
    body += varint(data.date)
    body += known(c0).head + varint(known(c0).length)
    if n >= 2:
        body += known(c1).head + varint(known(c1).length) + known(data.latest[1])
    if n >= 3:
        body += known(data.latest[0])
    if auth:
        body += known(data.link_keys[0])
        if n >= 2:
            body += known(data.link_keys[1])
        if data.ending is not None:
            body += encode_ending(data.ending)
        if data.timing is not None:
            body += data.timing.encode()
        if data.live is not None:
            section = live_description.encode(data.live)
            body += varint(len(section)) + section
    if sectioned:
        body += varint(len(data.fair)) + data.fair
    count, number = moves
    body += varint(count)
    body += number.to_bytes((number.bit_length() + 7) // 8, "little")
    if auth and n >= 2:
        if mac is None:
            raise ValueError("an authenticated link from link 2 on needs the shared key for its tag")
        body += tag(mac, _tagged(data.game_id, bytes(body)))
    crc = zlib.crc32(_CRC_PREFIX + data.game_id.encode() + bytes(body)) & 0xFFFFFFFF
    body += crc.to_bytes(4, "little")
    return base64.urlsafe_b64encode(bytes(body)).rstrip(b"=").decode("ascii")


def _tagged(game_id: str, content: bytes) -> bytes:
    """What a tag covers: the game id and every byte of the link before the tag."""
    return game_id.encode() + b"\0" + content


@attrs.frozen
class Unpacked:
    """A payload read without replay: the data (no moves yet), the number of links, the move
    count and number, whether it has a section, and the tag with what it covers (None: no tag)."""

    data: MatchData
    links: int
    count: int
    number: int
    sectioned: bool
    tagged: bytes = b""
    tag: bytes | None = None
    #: where the live section lies in the body, with its length (start, end), or None
    live_span: tuple[int, int] | None = None
    #: where the flags byte lies in the body
    flags_at: int = 0

    def check_tag(self, key: bytes) -> None:
        """Refuse (``LinkRefused``: "changed after it was sent") unless the tag verifies."""
        if self.tag is None:
            raise MatchError(_("The match link is damaged."))
        check_tag(key, self.tagged, self.tag)


def unpack(game_id: str, payload: str, rules_now: int) -> Unpacked:
    """A payload read: checks everything that needs no replay and no key (characters, checksum,
    versions, options JSON, commitments, the link keys' form); the tag is checked by the player
    who holds the shared key (:meth:`Unpacked.check_tag`)."""
    return unpack_body(game_id, decode(game_id, payload), rules_now)


def _not_a_link() -> MatchError:
    return MatchError(_("This is not a match link, or it was cut or changed when it was copied."))


def decode(game_id: str, payload: str) -> bytes:
    """The body of a payload (everything before its checksum), once its characters and checksum
    are right: an accident (a cut or mistyped link) is refused here."""
    if not payload or len(payload) > MAX_PAYLOAD or not _PAYLOAD.fullmatch(payload):
        raise _not_a_link()
    try:
        raw = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    except (binascii.Error, ValueError):
        raise _not_a_link() from None
    if len(raw) < 8:
        raise _not_a_link()
    body, crc = raw[:-4], int.from_bytes(raw[-4:], "little")
    if zlib.crc32(_CRC_PREFIX + game_id.encode() + body) & 0xFFFFFFFF != crc:
        raise _not_a_link()
    return body


def newer_version(body: bytes, rules_now: int) -> bool:
    """The body says it was written by a newer version of the app: a link format this one does
    not know, or newer rules of the game. Only trusted when the tag cannot be checked
    (:func:`webtabletop.correspondence.link.read_link`): a carrier can write these bytes too."""
    if not body:
        return False
    if body[0] > NEWEST:
        return True
    try:
        return Reader(body[1:]).varint() > rules_now
    except MatchError:
        return False


def first_link(game_id: str, body: bytes) -> bytes:
    """What a player holds of link 1 for the tags' key (formats 5 and 6): a hash of its body as
    sent (the creator) or as received (the joiner), every byte before the checksum, without its
    live section (:func:`without_live`): the offer is not part of the match."""
    return digest("first-link", game_id, without_live(game_id, bytes(body)))[:16]


def without_live(game_id: str, body: bytes) -> bytes:
    """``body`` as it would be without its live section (flag bit 7 cleared, the section cut
    out): byte for byte the same link with no offer or answer. A body that cannot be read is
    returned as it is (it is refused where it is read)."""
    if not body or body[0] not in (FORMATS[True, False, True], FORMATS[True, True, True]):
        return body
    from webtabletop.core.protocol import GameError

    try:
        u = unpack_body(game_id, body, 0, layout_of=FORMAT_OF[body[0]][1])
    except GameError:
        return body
    if u.live_span is None:
        return body
    start, end = u.live_span
    flags_at = u.flags_at
    out = bytearray(body[:start] + body[end:])
    out[flags_at] &= ~LIVE_FLAG & 0xFF
    return bytes(out)


def tag_verifies(game_id: str, body: bytes, key: bytes) -> bool:
    """``body`` ends in a tag that ``key`` makes over the rest: a link of the match of ``key``
    exactly as its sender made it (checked before the body is even read)."""
    if len(body) <= TAG_BYTES:
        return False
    return hmac.compare_digest(tag(key, _tagged(game_id, body[:-TAG_BYTES])), body[-TAG_BYTES:])


def unpack_body(game_id: str, body: bytes, rules_now: int, layout_of: bool | None = None) -> Unpacked:
    """The content of a checked body (see :func:`unpack`). ``layout_of`` (whether the game has
    hidden cards) reads the body by this version's layout whatever its format byte and rules
    version say, without refusing either: only to find the tag and the keys that check it, so
    that a changed version byte is reported as a changed link (``link.read_link``)."""
    from webtabletop.core.inputs import InputError, load_json

    r = Reader(body)
    fmt = r.byte()
    timed = fmt in UNTIMED
    fmt = UNTIMED.get(fmt, fmt)
    if fmt not in FORMAT_OF:
        if layout_of is not None:
            fmt = FORMATS[True, layout_of, True]
        elif fmt > NEWEST:
            raise MatchError(
                _("This match link was made by a newer version of the app: reload the page to update it.")
            )
        else:
            raise _not_a_link()
    rules = r.varint()
    if layout_of is None and rules > rules_now:
        raise MatchError(_("This match link was made under newer rules: reload the page to update the app."))
    if layout_of is None and rules < rules_now:
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
    flags_at = r.pos
    flag_bits = r.byte()
    side = flag_bits & 1
    auth, sectioned, bound = FORMAT_OF[fmt]
    if flag_bits & ~1 and not auth:
        raise MatchError(_("The match link is damaged."))
    if flag_bits & LIVE_FLAG and not bound:
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
    keys: tuple[bytes | None, bytes | None] = (None, None)
    ending = None
    if auth:
        keys = (r.take(LINK_KEY_BYTES), r.take(LINK_KEY_BYTES) if n >= 2 else None)
        group = Group.default()
        if not all(k is None or group.is_element(int.from_bytes(k, "big")) for k in keys):
            # an x off the curve (of its twist, or p and above) is no key: refused before any
            # Diffie–Hellman step uses it (docs/fair-play.md, "The link key")
            raise MatchError(
                _("A player's key in this match link is not a point of the curve: the link was changed.")
            )
        ending = decode_ending(flag_bits & ~1 & ~LIVE_FLAG, r, hidden=sectioned)
    timing = Timing.decode(r, n) if timed else None
    live = live_span = None
    if flag_bits & LIVE_FLAG:
        start = r.pos
        section = r.take(r.varint(live_description.MAX_BYTES))
        live_span = (start, r.pos)
        # read for its tag only (layout_of): the section is checked once the tag has held
        live = None if layout_of is not None else live_description.decode(section)
    fair = r.take(r.varint(MAX_SECTION)) if sectioned else b""
    count = r.varint(1 << 20)
    rest = r.rest()
    link_tag = None
    if auth and n >= 2:
        if len(rest) < TAG_BYTES:
            raise MatchError(_("The match link is cut short."))
        rest, link_tag = rest[:-TAG_BYTES], rest[-TAG_BYTES:]
    if rest.endswith(b"\x00"):
        raise MatchError(_("The match link is damaged."))
    number = int.from_bytes(rest, "little")
    data = MatchData(
        game_id, rules, options, side, days, (), date, (c0, c1), (v0, v1), fair, keys, ending, bound,
        timing=timing, live=live,
    )
    tagged = _tagged(game_id, body[:-TAG_BYTES]) if link_tag is not None else b""
    return Unpacked(data, n, count, number, sectioned, tagged, link_tag, live_span, flags_at)
