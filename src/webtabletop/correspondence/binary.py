"""Little binary helpers for match links: varints and a bounds-checked reader.

Invariant: the reader accepts only the form the writer makes (no redundant varint bytes), so one
match state has exactly one link; every read past the end raises :class:`MatchError`.
"""

from __future__ import annotations

from webtabletop.core.sharelink import varint  # noqa: F401  (re-exported: one varint for every link)
from webtabletop.correspondence.errors import MatchError
from webtabletop.i18n import _


class Reader:
    """Reads a link's body front to back; ``rest()`` takes what is left."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0

    def take(self, n: int) -> bytes:
        if self.pos + n > len(self.data):
            raise MatchError(_("The match link is cut short."))
        out = self.data[self.pos : self.pos + n]
        self.pos += n
        return out

    def byte(self) -> int:
        return self.take(1)[0]

    def varint(self, limit: int = 1 << 32) -> int:
        n = shift = 0
        while True:
            b = self.byte()
            n |= (b & 0x7F) << shift
            shift += 7
            if not b & 0x80:
                if b == 0 and shift > 7:
                    raise MatchError(_("The match link is damaged."))
                break
            if shift > 63:
                raise MatchError(_("The match link is damaged."))
        if n > limit:
            raise MatchError(_("The match link is damaged."))
        return n

    def rest(self) -> bytes:
        out = self.data[self.pos :]
        self.pos = len(self.data)
        return out
