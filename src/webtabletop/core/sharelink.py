"""The share-link codec: a record as a short, URL-safe, versioned, checksummed string.

Layout (version 2, or 3 for a game that ended by resignation or agreement), then base64url
without padding::

    byte    link format (2 or 3)
    varint  the game's rules version the link was made under
    varint  seed
    varint  length of the options JSON, then that UTF-8 JSON (only non-default options)
    varint  number of moves (the rules' moves: an ending is not counted)
    varint  format 3 only: the ending after the moves, 1 + its index in ``core.ending.ENDINGS``
            (player 0 resigns, player 1 resigns, draw agreed); a game without one is format 2
    rest-4  one big integer, little-endian: the moves in mixed radix — move i is its index in
            ``legal_moves()`` of the state before it, with radix ``len(legal_moves())``
    4 bytes CRC-32 of the game id and everything above (catches truncation and tampering)

Version 1 had no rules version (it means rules version 1). Mixed radix costs log2(number of
legal moves) bits per move, the least any index code can.

Decoding trusts nothing and accepts only the form the app writes (no redundant varint bytes, no
trailing zero bytes), so one game has exactly one link. The checksum comes first (text that fails it is "not a webtabletop
link"), then the format and rules versions, the options (size- and depth-limited JSON), the
number of moves against the game's ply cap, and every move goes through the rules. A link made
under older rules maps each index through the game's ``legacy_codes`` (the order that version
listed moves in) and replays the codes under today's rules; :func:`decode_upto` stops at the
first move they no longer allow and says why. A link is ``#/<game>?r=<payload>``.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from urllib.parse import parse_qs

from webtabletop.core.ending import ENDINGS, is_ending
from webtabletop.core.inputs import InputError, guard, load_json
from webtabletop.core.protocol import GameError, State
from webtabletop.core.record import Record, diverged
from webtabletop.core.registry import get_game
from webtabletop.i18n import N_, _, ngettext

VERSION = 3
#: the format of a link without an ending (links the app made before endings existed)
PLAIN = 2
MAX_PAYLOAD = 20000
MAX_OPTIONS_BYTES = 4000
_PAYLOAD = re.compile(r"[A-Za-z0-9_-]*")
NOT_A_LINK = N_("this is not a webtabletop link, or it was cut or changed when it was copied")


class LinkError(GameError):
    """A share link that cannot be opened; the message says why."""


def varint(n: int) -> bytes:
    """``n`` (unsigned) as a little-endian base-128 varint, in its one shortest form."""
    if n < 0:
        raise ValueError("varints are unsigned")
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


_varint = varint  # the name the tests use


def _read_varint(data: bytes, pos: int) -> tuple[int, int]:
    n = shift = 0
    while True:
        if pos >= len(data):
            raise LinkError(_("the link is cut short"))
        b = data[pos]
        pos += 1
        n |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            if b == 0 and shift > 7:  # a redundant last byte: no link the app makes has one
                raise LinkError(_("the link is damaged (it holds a number in a form the app never writes)"))
            return n, pos
        if shift > 70:
            raise LinkError(_("the link holds a number that is too large"))


def encode(record: Record) -> str:
    """The payload string of ``record`` (replays it to find each move's index)."""
    states = record.replay()
    moves = record.moves
    ending = 0
    if moves and is_ending(moves[-1]):
        ending = ENDINGS.index(moves[-1]) + 1
        moves = moves[:-1]
    number = 0
    radix = 1
    for state, code in zip(states, moves, strict=False):
        legal = state.legal_moves()
        index = next(i for i, m in enumerate(legal) if m.code == code)
        number += index * radix
        radix *= len(legal)
    options = (
        json.dumps(record.options, separators=(",", ":"), sort_keys=True).encode() if record.options else b""
    )
    body = bytearray([VERSION if ending else PLAIN])
    body += varint(record.spec.rules_version)
    body += varint(record.seed)
    body += varint(len(options)) + options
    body += varint(len(moves))
    if ending:
        body += varint(ending)
    body += number.to_bytes((number.bit_length() + 7) // 8, "little")
    crc = zlib.crc32(record.game_id.encode() + bytes(body)) & 0xFFFFFFFF
    body += crc.to_bytes(4, "little")
    return base64.urlsafe_b64encode(bytes(body)).rstrip(b"=").decode("ascii")


def decode(game_id: str, payload: str) -> Record:
    """The record in ``payload``, fully replayed; :class:`LinkError` says what is wrong."""
    record, problem = decode_upto(game_id, payload)
    if problem is not None:
        raise LinkError(problem)
    return record


def decode_upto(game_id: str, payload: str) -> tuple[Record, str | None]:
    """The record in ``payload`` up to its last move the rules allow, and why it stops early.

    Anything wrong before the first move (checksum, versions, options, length) raises
    :class:`LinkError`; so does any move index that cannot come from a real link.
    """
    record, _states, problem = decode_states(game_id, payload)
    return record, problem


def decode_states(game_id: str, payload: str) -> tuple[Record, list[State], str | None]:
    """Like :func:`decode_upto`, with the states decoding went through (``len(moves) + 1`` of
    them), so that opening a link replays its moves once, not twice."""
    return guard(lambda: _decode(game_id, payload), LinkError, _("the link"))


def _decode(game_id: str, payload: str) -> tuple[Record, list[State], str | None]:
    if not payload:
        raise LinkError(_("the link holds no game"))
    if len(payload) > MAX_PAYLOAD:
        raise LinkError(_("the link is too long to be a webtabletop game"))
    if not _PAYLOAD.fullmatch(payload):
        raise LinkError(_(NOT_A_LINK))
    try:
        raw = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    except (binascii.Error, ValueError):
        raise LinkError(_(NOT_A_LINK)) from None
    if len(raw) < 7:
        raise LinkError(_(NOT_A_LINK))
    body, crc = raw[:-4], int.from_bytes(raw[-4:], "little")
    if zlib.crc32(game_id.encode() + body) & 0xFFFFFFFF != crc:
        raise LinkError(_(NOT_A_LINK))
    fmt = body[0]
    if fmt > VERSION:
        raise LinkError(
            _(
                "the link was made by a newer version of webtabletop (link format {format}; this app reads "
                "formats 1 to {known}): reload the page to update the app, then open the link again"
            ).format(format=fmt, known=VERSION)
        )
    if fmt < 1:
        raise LinkError(_(NOT_A_LINK))
    spec = get_game(game_id)
    pos = 1
    rules = 1
    if fmt >= 2:
        rules, pos = _read_varint(body, pos)
        if rules > spec.rules_version:
            raise LinkError(
                _(
                    "the link was made under newer rules of {game} (version {version}; this app "
                    "knows version {known}): reload the page to update the app"
                ).format(game=_(spec.title), version=rules, known=spec.rules_version)
            )
        if rules < 1:
            raise LinkError(_(NOT_A_LINK))
    seed, pos = _read_varint(body, pos)
    n_opt, pos = _read_varint(body, pos)
    if n_opt > MAX_OPTIONS_BYTES:
        raise LinkError(_("the link's options are longer than any game's options"))
    if pos + n_opt > len(body):
        raise LinkError(_("the link is cut short"))
    options = {}
    if n_opt:
        try:
            options = load_json(body[pos : pos + n_opt].decode("utf-8"), _("the link's options"))
        except (InputError, UnicodeDecodeError):
            raise LinkError(_("the link's options are unreadable")) from None
        if not isinstance(options, dict):
            raise LinkError(_("the link's options are unreadable"))
    pos += n_opt
    count, pos = _read_varint(body, pos)
    ending = 0
    if fmt >= 3:
        ending, pos = _read_varint(body, pos)
        if not 1 <= ending <= len(ENDINGS):  # format 3 is written only for a game with an ending
            raise LinkError(_(NOT_A_LINK))
    older = rules < spec.rules_version
    record = Record(game_id, options, seed, (), rules if older else 0)
    try:
        state = record.start_state()
        cap = spec.ply_cap(spec.options_from_dict(options))
    except GameError as exc:
        raise LinkError(_("the link does not hold a valid game: {problem}").format(problem=exc)) from None
    if count > cap:
        raise LinkError(
            ngettext(
                "the link has {n} move, more than a game of {game} can have ({cap})",
                "the link has {n} moves, more than a game of {game} can have ({cap})",
                count,
            ).format(
                n=f"{count:,}", game=_(spec.title), cap=f"{cap:,}"
            )
        )
    if body[pos:].endswith(b"\x00"):  # the app writes the moves without trailing zero bytes
        raise LinkError(_("the link is damaged (it holds more than its moves)"))
    number = int.from_bytes(body[pos:], "little")
    codes: list[str] = []
    states = [state]
    for i in range(count):
        legal = state.legal_moves()
        listed = spec.legacy_codes(state, rules) if older and spec.legacy_codes is not None else None
        if listed == []:
            return record.with_moves(tuple(codes)), states, diverged(spec.title, i + 1)
        size = len(listed) if listed is not None else len(legal)
        if not size:
            raise LinkError(
                ngettext(
                    "the link has {n} move but the game ends after {last}",
                    "the link has {n} moves but the game ends after {last}",
                    count,
                ).format(n=count, last=i)
            )
        number, index = divmod(number, size)
        if listed is None:
            move = legal[index]
        else:
            try:
                move = state.move_from_code(listed[index])
            except GameError as exc:
                return record.with_moves(tuple(codes)), states, (
                    _(
                        "move {n} ({code}) was played under earlier rules of {game} "
                        "and is not legal under the corrected rules: {problem}"
                    ).format(n=i + 1, code=listed[index], game=_(spec.title), problem=exc)
                )
        codes.append(move.code)
        state = state.apply(move)
        states.append(state)
    if number:
        raise LinkError(_("the link is damaged (it holds more than its moves)"))
    if ending:
        code = ENDINGS[ending - 1]
        try:
            states.append(state.apply_code(code))
        except GameError as exc:
            raise LinkError(_("the link's ending cannot follow its moves: {problem}").format(problem=exc)) from None
        codes.append(code)
    return record.with_moves(tuple(codes)), states, None


def make_hash(record: Record) -> str:
    return f"#/{record.game_id}?r={encode(record)}"


def parse_hash(fragment: str) -> tuple[str, str, dict[str, str]]:
    """Split ``#/game/page?k=v`` into (game, page, query). Missing parts are empty."""
    frag = fragment[1:] if fragment.startswith("#") else fragment
    frag = frag.lstrip("/")
    path, _sep, query = frag.partition("?")
    parts = [p for p in path.split("/") if p]
    game = parts[0] if parts else ""
    page = parts[1] if len(parts) > 1 else ""
    q = {k: v[-1] for k, v in parse_qs(query, keep_blank_values=True).items()}
    return game, page, q


def decode_link(text: str) -> Record:
    """A record from a full URL or a ``#/game?r=…`` fragment (used by the CLI's replay)."""
    record, problem = decode_link_upto(text)
    if problem is not None:
        raise LinkError(problem)
    return record


def decode_link_upto(text: str) -> tuple[Record, str | None]:
    """Like :func:`decode_link`, but a link made under older rules opens at its last legal move."""
    text = text.strip()
    if "#" in text:
        text = text[text.index("#") :]
    game, _page, query = parse_hash(text)
    if not game:
        raise LinkError(_("the link names no game"))
    if "r" not in query:
        raise LinkError(_("the link holds no game record (no r= part)"))
    return decode_upto(game, query["r"])
