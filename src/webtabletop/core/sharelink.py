"""The share-link codec: a record as a short, URL-safe, versioned, checksummed string.

Layout (version 1), then base64url without padding::

    byte    version (1)
    varint  seed
    varint  length of the options JSON, then that UTF-8 JSON (only non-default options)
    varint  number of moves
    rest-4  one big integer, little-endian: the moves in mixed radix — move i is its index in
            ``legal_moves()`` of the state before it, with radix ``len(legal_moves())``
    4 bytes CRC-32 of the game id and everything above (catches truncation and tampering)

Mixed radix costs log2(number of legal moves) bits per move, the least any index code can.
Decoding trusts nothing: version, checksum, options and every move go through the rules.
A link is ``#/<game>?r=<payload>``; :func:`parse_hash` splits it.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from urllib.parse import parse_qs

from webtabletop.core.protocol import GameError
from webtabletop.core.record import Record, RecordError

VERSION = 1


class LinkError(GameError):
    """A share link that cannot be opened; the message says why."""


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def _read_varint(data: bytes, pos: int) -> tuple[int, int]:
    n = shift = 0
    while True:
        if pos >= len(data):
            raise LinkError("the link is cut short")
        b = data[pos]
        pos += 1
        n |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            return n, pos
        if shift > 70:
            raise LinkError("the link holds a number that is too large")


def encode(record: Record) -> str:
    """The payload string of ``record`` (replays it to find each move's index)."""
    states = record.replay()
    number = 0
    radix = 1
    for state, code in zip(states, record.moves, strict=False):
        legal = state.legal_moves()
        index = next(i for i, m in enumerate(legal) if m.code == code)
        number += index * radix
        radix *= len(legal)
    options = (
        json.dumps(record.options, separators=(",", ":"), sort_keys=True).encode() if record.options else b""
    )
    body = bytearray([VERSION])
    body += _varint(record.seed)
    body += _varint(len(options)) + options
    body += _varint(len(record.moves))
    body += number.to_bytes((number.bit_length() + 7) // 8, "little")
    crc = zlib.crc32(record.game_id.encode() + bytes(body)) & 0xFFFFFFFF
    body += crc.to_bytes(4, "little")
    return base64.urlsafe_b64encode(bytes(body)).rstrip(b"=").decode("ascii")


def decode(game_id: str, payload: str) -> Record:
    """The record in ``payload``, fully replayed; :class:`LinkError` says what is wrong."""
    if not payload:
        raise LinkError("the link holds no game")
    if len(payload) > 20000:
        raise LinkError("the link is too long to be a webtabletop game")
    try:
        raw = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    except (binascii.Error, ValueError):
        raise LinkError("the link is damaged (it has characters a game link never has)") from None
    if len(raw) < 6:
        raise LinkError("the link is cut short")
    if raw[0] != VERSION:
        raise LinkError(
            f"the link was made by another version of webtabletop (format {raw[0]}, this app reads {VERSION})"
        )
    body, crc = raw[:-4], int.from_bytes(raw[-4:], "little")
    if zlib.crc32(game_id.encode() + body) & 0xFFFFFFFF != crc:
        raise LinkError("the link is damaged or incomplete (its checksum does not match)")
    pos = 1
    seed, pos = _read_varint(body, pos)
    n_opt, pos = _read_varint(body, pos)
    if pos + n_opt > len(body):
        raise LinkError("the link is cut short")
    options = {}
    if n_opt:
        try:
            options = json.loads(body[pos : pos + n_opt].decode("utf-8"))
        except (ValueError, UnicodeDecodeError):
            raise LinkError("the link's options are unreadable") from None
        if not isinstance(options, dict):
            raise LinkError("the link's options are unreadable")
    pos += n_opt
    count, pos = _read_varint(body, pos)
    number = int.from_bytes(body[pos:], "little")
    try:
        record = Record(game_id, options, seed, ())
        state = record.start_state()
        codes = []
        for i in range(count):
            legal = state.legal_moves()
            if not legal:
                raise LinkError(f"the link has {count} moves but the game ends after {i}")
            number, index = divmod(number, len(legal))
            move = legal[index]
            codes.append(move.code)
            state = state.apply(move)
    except LinkError:
        raise
    except GameError as exc:
        raise LinkError(f"the link does not hold a valid game: {exc}") from None
    if number:
        raise LinkError("the link is damaged (it holds more than its moves)")
    return Record(game_id, options, seed, tuple(codes))


def make_hash(record: Record) -> str:
    return f"#/{record.game_id}?r={encode(record)}"


def parse_hash(fragment: str) -> tuple[str, str, dict[str, str]]:
    """Split ``#/game/page?k=v`` into (game, page, query). Missing parts are empty."""
    frag = fragment[1:] if fragment.startswith("#") else fragment
    frag = frag.lstrip("/")
    path, _, query = frag.partition("?")
    parts = [p for p in path.split("/") if p]
    game = parts[0] if parts else ""
    page = parts[1] if len(parts) > 1 else ""
    q = {k: v[-1] for k, v in parse_qs(query, keep_blank_values=True).items()}
    return game, page, q


def decode_link(text: str) -> Record:
    """A record from a full URL or a ``#/game?r=…`` fragment (used by the CLI's replay)."""
    text = text.strip()
    if "#" in text:
        text = text[text.index("#") :]
    game, _page, query = parse_hash(text)
    if not game:
        raise LinkError("the link names no game")
    if "r" not in query:
        raise LinkError("the link holds no game record (no r= part)")
    try:
        return decode(game, query["r"])
    except RecordError as exc:
        raise LinkError(str(exc)) from None
