"""A match link too long for one message, sent as numbered parts.

Most match links stay under :data:`MAX_CHARS` characters. SHT's two dealing links do not: each
carries a shuffled deck with its proof of shuffle (``docs/fair-play.md``). Such a link is sent as
``count`` parts (2 to :data:`MAX_PARTS`), each ``#/<game>/m?p=<payload>`` with a payload of::

    byte    part format (1)
    8 B     the whole link's id: SHA-256("part", game id, the whole link's binary payload)[:8]
    byte    this part's index (0-based) in the high nibble, the number of parts in the low one
    rest-4  the part's share of the whole link's binary payload (the bytes its ``x=`` text
            encodes), split evenly
    4 bytes CRC-32 of ``"webtabletop-part/" + game id`` and everything above

The receiver keeps the parts it has (the app keeps them in the browser's storage, so they may be
opened in any order, in any tab) and reads the whole link once every part is there: the id proves
that the parts belong together, and the whole link then goes through every check a link has
(checksum, tag, replay). A part alone carries no move and changes nothing.
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib

import attrs

from webtabletop.core.sharelink import parse_hash
from webtabletop.correspondence.data import PAGE, PARAM
from webtabletop.correspondence.errors import MatchError
from webtabletop.fairplay.kdf import digest
from webtabletop.fairplay.linkauth import changed
from webtabletop.i18n import _

#: the URL parameter of a part (a whole link's is ``x``)
PART_PARAM = "p"
#: a link's fragment (``#/<game>/m?…``) longer than this is sent in parts of at most this length
MAX_CHARS = 1850
MAX_PARTS = 15
FORMAT = 1
ID_BYTES = 8
_OVERHEAD = 1 + ID_BYTES + 1 + 4
_CRC_PREFIX = b"webtabletop-part/"
_PAYLOAD = re.compile(r"[A-Za-z0-9_-]+")


@attrs.frozen
class Part:
    """One part: which link it belongs to (``game``, ``whole_id``), its place, its bytes."""

    game: str
    whole_id: bytes
    index: int
    count: int
    chunk: bytes

    @property
    def key(self) -> str:
        """A name for the whole link (the app stores its parts under it)."""
        return f"{self.game}:{self.whole_id.hex()}"


def _whole_id(game: str, payload: bytes) -> bytes:
    return digest("part", game, payload)[:ID_BYTES]


def _prefix(game: str) -> str:
    return f"#/{game}/{PAGE}?"


def split(link: str) -> list[str]:
    """``link`` (a match link's ``#/…`` text) as the texts to send: itself when it is short
    enough, else its parts, each at most :data:`MAX_CHARS` characters."""
    if len(link) <= MAX_CHARS:
        return [link]
    game, page, query = parse_hash(link)
    payload = query[PARAM]
    head = _prefix(game) + PART_PARAM + "="
    room = (MAX_CHARS - len(head)) * 3 // 4 - _OVERHEAD  # bytes of the whole payload per part
    data = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    count = -(-len(data) // room)
    if count > MAX_PARTS:
        raise ValueError(_("this link is too long to send in parts"))
    count = max(count, 2)
    size = -(-len(data) // count)  # even parts
    whole = _whole_id(game, data)
    out = []
    for i in range(count):
        body = bytes([FORMAT]) + whole + bytes([i << 4 | count]) + data[i * size : (i + 1) * size]
        crc = zlib.crc32(_CRC_PREFIX + game.encode() + body) & 0xFFFFFFFF
        text = base64.urlsafe_b64encode(body + crc.to_bytes(4, "little")).rstrip(b"=").decode("ascii")
        out.append(head + text)
    return out


def is_part(text: str) -> bool:
    """``text`` looks like a part (``…/m?p=…``), not a whole link."""
    if "#" in text:
        text = text[text.index("#") :]
    try:
        _game, page, query = parse_hash(text.strip())
    except Exception:  # noqa: BLE001 - anything unreadable is not a part
        return False
    return page == PAGE and PART_PARAM in query


def read_part(text: str) -> Part:
    """A part from its text (a full URL or its ``#/…`` part), or a clear :class:`MatchError`."""
    broken = _("This is not a part of a match link, or it was cut or changed when it was copied.")
    if not isinstance(text, str) or len(text) > 4 * MAX_CHARS:
        raise MatchError(broken)
    text = text.strip()
    if "#" in text:
        text = text[text.index("#") :]
    try:
        game, page, query = parse_hash(text)
    except Exception:  # noqa: BLE001 - any malformed fragment
        raise MatchError(broken) from None
    payload = query.get(PART_PARAM, "") if page == PAGE else ""
    if not payload or not _PAYLOAD.fullmatch(payload):
        raise MatchError(broken)
    try:
        raw = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    except (binascii.Error, ValueError):
        raise MatchError(broken) from None
    if len(raw) <= _OVERHEAD:
        raise MatchError(broken)
    body, crc = raw[:-4], int.from_bytes(raw[-4:], "little")
    if zlib.crc32(_CRC_PREFIX + game.encode() + body) & 0xFFFFFFFF != crc or body[0] != FORMAT:
        raise MatchError(broken)
    index, count = body[1 + ID_BYTES] >> 4, body[1 + ID_BYTES] & 0x0F
    if not 2 <= count <= MAX_PARTS or index >= count:
        raise MatchError(broken)
    return Part(game, body[1 : 1 + ID_BYTES], index, count, body[2 + ID_BYTES :])


def assemble(parts: list[Part]) -> str | None:
    """The whole link (``#/…`` text) once ``parts`` hold every part of it, else None. Refuses
    parts of different links, and (``LinkRefused``: "changed after it was sent") two different
    parts for one place or parts that do not make the link their id names. A carrier who also
    makes the id again gets past this check, and then the whole link's tag refuses it."""
    if not parts:
        return None
    first = parts[0]
    by_index: dict[int, bytes] = {}
    for p in parts:
        if (p.game, p.whole_id, p.count) != (first.game, first.whole_id, first.count):
            raise MatchError(_("These parts belong to different match links."))
        if by_index.setdefault(p.index, p.chunk) != p.chunk:
            raise changed()  # two parts with one place and one id: one was changed on its way
    if len(by_index) < first.count:
        return None
    data = b"".join(by_index[i] for i in range(first.count))
    if _whole_id(first.game, data) != first.whole_id:
        raise changed()  # a part's bytes changed (its checksum made again): the id says so
    payload = base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")
    return f"{_prefix(first.game)}{PARAM}={payload}"


def missing(parts: list[Part]) -> list[int]:
    """The indexes (0-based) of the parts not there yet."""
    if not parts:
        return []
    have = {p.index for p in parts}
    return [i for i in range(parts[0].count) if i not in have]
