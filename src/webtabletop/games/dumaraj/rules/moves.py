"""DumaRaj moves as the protocol sees them: :class:`DumaMove` (a stable text code, the engine int,
a readable label), and reading a code back into the engine's terms.

Codes and labels are made on demand: a position lists some 30-100 moves, and decoding a share link
or replaying a record looks at one of them per position. Two moves are equal when their codes are.
"""

from __future__ import annotations

import re

from webtabletop.games.dumaraj.rules import engine as E
from webtabletop.games.dumaraj.rules import notation as N

_CODE = re.compile(r"([a-l])(1[0-2]|[1-9])([a-l])(1[0-2]|[1-9])([qrbnt!]?)")
_KIND_MASK = ~(15 << 16)


class DumaMove:
    """A legal move of one position: ``m`` (engine int), ``code`` (e.g. ``e2e4``), ``label``
    (e.g. ``Gon' b1–c3``), named from the bits it was listed on (``cells``, ``width``).
    Immutable: nothing sets its attributes after it is made."""

    __slots__ = ("m", "cells", "width", "_code")

    def __init__(self, m: int, cells: tuple[int, ...], width: int) -> None:
        self.m = m
        self.cells = cells
        self.width = width
        self._code: str | None = None

    @property
    def code(self) -> str:
        code = self._code
        if code is None:
            code = self._code = N.move_code(self.m, self.width)
        return code

    @property
    def label(self) -> str:
        from webtabletop.games.dumaraj.rules.texts import move_label

        return move_label(self.cells, self.width, self.m)

    @property
    def frm(self) -> int:
        return E.m_from(self.m)

    @property
    def to(self) -> int:
        return E.m_to(self.m)

    @property
    def kind(self) -> int:
        return E.m_kind(self.m)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DumaMove):
            return NotImplemented
        return (self.m == other.m and self.width == other.width) or self.code == other.code

    def __hash__(self) -> int:
        return hash(self.code)

    def __repr__(self) -> str:
        return f"DumaMove(code={self.code!r})"


def match_key(m: int) -> int:
    """What a code says of engine move ``m``: everything but whether a plain-looking move is a
    flex (a flex's target holds an own mob, so no flep of the same position shares its bits)."""
    kind = (m >> 16) & 15
    if kind in (E.RAJFLEX, E.PAIRFLEX):
        return m & _KIND_MASK
    return m


def code_key(code: str, w: int, h: int) -> int | None:
    """The :func:`match_key` a move code stands for on a ``w`` x ``h`` location, or None."""
    if not isinstance(code, str) or len(code) > 8:
        return None
    if code == "-":
        return E.SKIP << 16
    if code.startswith("-"):
        try:
            return N.parse_line(code[1:], w, h) | E.CUT << 16
        except N.NotationError:
            return None
    found = _CODE.fullmatch(code)
    if not found:
        return None
    x0, y0 = N.FILES.index(found.group(1)), int(found.group(2)) - 1
    x1, y1 = N.FILES.index(found.group(3)), int(found.group(4)) - 1
    if max(x0, x1) >= w or max(y0, y1) >= h:
        return None
    key = (y0 * w + x0) | (y1 * w + x1) << 8
    tail = found.group(5)
    if tail == "!":
        return key | E.BUMM << 16
    if tail:
        return key | E.PROMO << 16 | N.LETTER_PROMO[tail] << 20
    return key
