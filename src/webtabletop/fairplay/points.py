"""Full points of the card group (x and the sign of y), for the proofs of deal protocol v3.

:mod:`~webtabletop.fairplay.group` works with x-coordinates only: enough for commutative
encryption, because ``x(k·P)`` depends only on ``x(P)``. A proof needs sums of points, and
``x(P + Q)`` depends on the signs of both, so the proofs work with whole points:

* **Sign.** The sign of a point is the parity of its y (``y & 1``, as in SEC 1's compressed
  points). The **canonical lift** of an x is the point with even y; card points and the Pedersen
  generators are canonical lifts.
* **Encodings.** A single point: 21 bytes, ``0x02 | sign`` then x (SEC 1 compressed). A vector of
  ``count`` points: the x-coordinates (20 bytes each) followed by the signs packed 8 to a byte
  (point ``i`` is bit ``7 - i % 8`` of byte ``i // 8``; unused bits are 0). Decoding is strict:
  exact length, x canonical (below p) and on the curve (not on its quadratic twist), the unused
  sign bits zero. The point at infinity has no encoding, so it can never arrive from outside.
* **Hashing.** :meth:`Points.digest_bytes` writes any point, infinity too (21 zero bytes), for
  Fiat–Shamir transcripts.
* **Arithmetic.** Points are ``ecdsa`` ``PointJacobi`` objects (infinity is ``ecdsa``'s
  ``INFINITY``). :meth:`Points.msm` computes ``Σ k_i·P_i`` on raw coordinates
  (:mod:`~webtabletop.fairplay.ecmath`): Straus for a few terms, Pippenger for many, about 4
  times faster than one ``ecdsa`` multiplication per term for 50 terms.
* **Nothing up my sleeve.** :meth:`Points.hash_to_point` gives a point from a label and an index
  by SHA-256 try-and-increment (:meth:`Group.hash_to_element`), so nobody knows a discrete
  logarithm between two of them or to ``G``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import TypeAlias

from ecdsa.ellipticcurve import INFINITY, PointJacobi

from webtabletop.fairplay.ecmath import Curve
from webtabletop.fairplay.errors import DeckRefused
from webtabletop.fairplay.group import Group
from webtabletop.i18n import _

__all__ = ["INFINITY", "Points"]

Point: TypeAlias = PointJacobi  # ecdsa has no type hints: Any to mypy


#: up to this many terms share one chain of doublings (Straus); more go into Pippenger's buckets
STRAUS_TERMS = 4
#: wNAF widths: any point (8 odd multiples computed per use), ``G`` (64, computed once)
WIDTH, G_WIDTH = 5, 8


class Points:
    """The full points of one :class:`Group`: lift, signs, strict encodings and sums."""

    def __init__(self, group: Group) -> None:
        self.group = group
        self.p, self.n = group.p, group.n
        self.G = group.generator
        self.ops = Curve(group.p, group.a)
        self._g_table: list[tuple[int, int]] | None = None
        #: bytes of one encoded point (sign byte and x)
        self.size = 1 + group.size

    @classmethod
    @cache
    def of(cls, group: Group) -> Points:
        return cls(group)

    # --- points from x ----------------------------------------------------------------------

    def _root(self, x: int) -> int | None:
        """A square root of ``x³ + a·x + b``, or None when ``x`` is not below p or is the x of a
        point of the quadratic twist (one exponentiation: ``p ≡ 3 mod 4``)."""
        if not 0 <= x < self.p:
            return None
        r = self.group._rhs(x)
        y = pow(r, (self.p + 1) // 4, self.p)
        return y if r and y * y % self.p == r else None

    def point(self, x: int, sign: int) -> Point:
        """The point with x-coordinate ``x`` whose y has parity ``sign``; ``x`` must be an element."""
        y = self._root(x) if sign in (0, 1) else None
        if y is None:
            raise ValueError("not the x of a curve point, or not a sign")
        return self._signed(x, y, sign)

    def _signed(self, x: int, y: int, sign: int) -> Point:
        return PointJacobi(self.group.curve, x, y if y & 1 == sign else self.p - y, 1, self.n)

    def lift(self, x: int) -> Point:
        """The canonical lift of ``x``: the point with even y."""
        return self.point(x, 0)

    def hash_to_point(self, label: str, index: int) -> Point:
        """A point nobody knows a discrete logarithm of (see the module text)."""
        return self.lift(self.group.hash_to_element(label, index))

    @staticmethod
    def is_infinity(p: Point) -> bool:
        return p == INFINITY

    def xy(self, p: Point) -> tuple[int, int]:
        """The affine coordinates of a point other than infinity."""
        if p == INFINITY:
            raise ValueError("the point at infinity has no coordinates")
        p.scale()
        return p.x(), p.y()

    def sign(self, p: Point) -> int:
        return self.xy(p)[1] & 1

    # --- arithmetic --------------------------------------------------------------------------

    def mul(self, p: Point, k: int) -> Point:
        """``k·p`` (wNAF on raw coordinates; ``G`` through ``ecdsa``'s fixed-base table)."""
        return self.msm([k], [p])

    @staticmethod
    def add(p: Point, q: Point) -> Point:
        return p + q

    @staticmethod
    def neg(p: Point) -> Point:
        return INFINITY if p == INFINITY else -p

    def sum(self, points: Iterable[Point]) -> Point:
        total = INFINITY
        for p in points:
            total = total + p
        return total

    def msm(self, scalars: Sequence[int], points: Sequence[Point]) -> Point:
        """``Σ scalars[i]·points[i]`` (scalars reduced mod n; infinity and zero terms allowed).

        A few terms share one chain of doublings (Straus), many go through Pippenger's buckets
        (:mod:`~webtabletop.fairplay.ecmath`); ``G`` alone uses ``ecdsa``'s fixed-base table."""
        terms = [(k % self.n, p) for k, p in zip(scalars, points, strict=True)]
        terms = [(k, p) for k, p in terms if k and p != INFINITY]
        if not terms:
            return INFINITY
        if len(terms) == 1 and terms[0][1] is self.G:
            return self.G * terms[0][0]
        ks = [k for k, _p in terms]
        if len(terms) <= STRAUS_TERMS:
            tables = [self._table(p) for _k, p in terms]
            jac = self.ops.straus(ks, [t for t, _w in tables], [w for _t, w in tables])
        else:
            jac = self.ops.pippenger(ks, [self._affine(p) for _k, p in terms], self.n.bit_length())
        return INFINITY if not jac[2] else PointJacobi(self.group.curve, *jac, self.n)

    def _affine(self, p: Point) -> tuple[int, int]:
        p.scale()
        return p.x(), p.y()

    def _table(self, p: Point) -> tuple[list[tuple[int, int]], int]:
        """The odd multiples of ``p`` for Straus and their wNAF width (``G``'s is cached, wider)."""
        if p is self.G:
            if self._g_table is None:
                self._g_table = self.ops.odd_multiples(self._affine(p), 1 << (G_WIDTH - 2))
            return self._g_table, G_WIDTH
        return self.ops.odd_multiples(self._affine(p), 1 << (WIDTH - 2)), WIDTH

    # --- bytes -------------------------------------------------------------------------------

    def digest_bytes(self, p: Point) -> bytes:
        """Any point as 21 bytes for a hash: compressed, or all zero for infinity."""
        if p == INFINITY:
            return bytes(self.size)
        x, y = self.xy(p)
        return bytes([2 | (y & 1)]) + self.group.encode(x)

    def digest_vector(self, points: Iterable[Point]) -> bytes:
        return b"".join(self.digest_bytes(p) for p in points)

    def encode(self, p: Point) -> bytes:
        """One point as 21 bytes (SEC 1 compressed); infinity cannot be sent."""
        if p == INFINITY:
            raise ValueError("the point at infinity is never sent")
        return self.digest_bytes(p)

    def decode(self, data: bytes) -> Point:
        """One point from exactly 21 bytes; anything else is refused (:class:`DeckRefused`)."""
        data = bytes(data)
        if len(data) != self.size or data[0] not in (2, 3):
            raise DeckRefused(_("A point in this link is malformed."))
        return self._point_from(data[1:], data[0] & 1)

    def _point_from(self, data: bytes, sign: int) -> Point:
        """The point whose x is the ``size`` bytes ``data``, refused unless on the curve."""
        x = int.from_bytes(data, "big")
        if self._root(x) is None:
            raise DeckRefused(
                _("A point in this link is not a point of the card group: the link was changed.")
            )
        return self.point(x, sign)

    def vector_size(self, count: int) -> int:
        """Bytes of an encoded vector of ``count`` points."""
        return count * self.group.size + (count + 7) // 8

    def encode_vector(self, points: Sequence[Point]) -> bytes:
        xs, signs = [], bytearray((len(points) + 7) // 8)
        for i, p in enumerate(points):
            if p == INFINITY:
                raise ValueError("the point at infinity is never sent")
            x, y = self.xy(p)
            xs.append(self.group.encode(x))
            if y & 1:
                signs[i // 8] |= 0x80 >> (i % 8)
        return b"".join(xs) + bytes(signs)

    def decode_vector(self, data: bytes, count: int) -> tuple[Point, ...]:
        """``count`` points from exactly :meth:`vector_size` bytes; anything else is refused."""
        data, size = bytes(data), self.group.size
        if len(data) != self.vector_size(count):
            raise DeckRefused(_("A list of points in this link is cut or too long."))
        signs = data[count * size :]
        if count % 8 and signs[-1] & (0xFF >> (count % 8)):
            raise DeckRefused(_("A point in this link is malformed."))
        return tuple(
            self._point_from(data[i * size : (i + 1) * size], signs[i // 8] >> (7 - i % 8) & 1)
            for i in range(count)
        )
