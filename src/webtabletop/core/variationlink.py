"""The variations of an analysis in a link: the ``v=`` part of ``#/<game>/review?r=…&v=…``
(``r`` is the game's own share link, :mod:`webtabletop.core.sharelink`, unchanged: a review link
without ``v`` opens as it always did).

Layout, then base64url without padding, with the share link's varints and mixed radix::

    byte    format (1)
    varint  number of variations
    per variation: varint parent line, varint ply it branches at, varint number of moves
    rest-4  one big integer, little-endian: every variation's moves in order, move i as its index
            in ``legal_moves()`` of the state before it, with radix ``len(legal_moves())``
    4 bytes CRC-32 of the game id, the game's payload and everything above

The checksum binds the variations to their game's link. Decoding trusts nothing: the checksum,
the format, the tree's shape (:func:`webtabletop.core.movetree.check_shape`, before any move is
replayed) and every move through the rules.
"""

from __future__ import annotations

import base64
import binascii
import zlib

from webtabletop.core.movetree import Line, MoveTree, TreeError, check_shape
from webtabletop.core.sharelink import _PAYLOAD, MAX_PAYLOAD, LinkError, _read_varint, varint
from webtabletop.i18n import _

FORMAT = 1


def _crc(game_id: str, payload: str, body: bytes) -> bytes:
    return (zlib.crc32(f"{game_id}:{payload}:".encode() + body) & 0xFFFFFFFF).to_bytes(4, "little")


def encode(game_id: str, payload: str, tree: MoveTree) -> str:
    """The ``v=`` text of ``tree``'s variations ("" when it has none)."""
    lines = tree.variations
    if not lines:
        return ""
    body = bytearray([FORMAT]) + varint(len(lines))
    number, radix = 0, 1
    for k, v in enumerate(lines, start=1):
        body += varint(v.parent) + varint(v.at) + varint(len(v.moves))
        for i, code in enumerate(v.moves):
            legal = tree.state((k, v.at + i)).legal_moves()
            number += next(j for j, m in enumerate(legal) if m.code == code) * radix
            radix *= len(legal)
    body += number.to_bytes((number.bit_length() + 7) // 8, "little")
    body += _crc(game_id, payload, bytes(body))
    return base64.urlsafe_b64encode(bytes(body)).rstrip(b"=").decode("ascii")


def decode(game_id: str, payload: str, text: str, tree: MoveTree) -> MoveTree:
    """``tree`` (the main line, no variations yet) with the variations of ``text``, replayed;
    :class:`LinkError` says what is wrong."""
    bad = _("the link's variations were cut or changed when it was copied")
    if not text or len(text) > MAX_PAYLOAD or not _PAYLOAD.fullmatch(text):
        raise LinkError(bad)
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise LinkError(bad) from None
    if len(raw) < 6 or _crc(game_id, payload, raw[:-4]) != raw[-4:]:
        raise LinkError(bad)
    body = raw[:-4]
    if body[0] != FORMAT:
        raise LinkError(_("the link's variations were made by a newer version of webtabletop: reload the page to update the app"))
    count, pos = _read_varint(body, 1)
    if count > 10_000:
        raise LinkError(bad)
    heads = []
    for _k in range(count):
        parent, pos = _read_varint(body, pos)
        at, pos = _read_varint(body, pos)
        n, pos = _read_varint(body, pos)
        heads.append((parent, at, n))
    try:
        check_shape(len(tree.lines[0].moves), [Line(p, a, ("",) * n) for p, a, n in heads])
    except TreeError as exc:
        raise LinkError(_("the link's variations cannot be opened: {problem}").format(problem=exc)) from None
    if body[pos:].endswith(b"\x00"):
        raise LinkError(bad)
    number = int.from_bytes(body[pos:], "little")
    for k, (parent, at, n) in enumerate(heads, start=1):
        states = [tree.state((parent, at))]
        codes: list[str] = []
        for _i in range(n):
            legal = [] if states[-1].is_over else states[-1].legal_moves()
            if not legal:
                raise LinkError(_("the link's variations cannot be opened: variation {n} goes on after the end of the game").format(n=k))
            number, index = divmod(number, len(legal))
            codes.append(legal[index].code)
            states.append(states[-1].apply(legal[index]))
        tree.lines.append(Line(parent, at, tuple(codes)))
        tree.adopt(k, states)
    if number:
        raise LinkError(bad)
    return tree
