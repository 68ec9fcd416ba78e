"""Sums of scalar multiples on a short Weierstrass curve, on raw Jacobian coordinates.

``Σ k_i·P_i`` is the hot loop of the deal v3 proofs. ``ecdsa`` multiplies one point at a time
through its point objects; this module works on plain integer tuples ``(X, Y, Z)``
(``x = X/Z²``, ``y = Y/Z³``, ``Z = 0`` is the point at infinity), with the formulas of the
Explicit-Formulas Database for ``y² = x³ + a·x + b`` (``dbl-2007-bl`` with a general ``a``,
``madd-2007-bl`` and ``add-2007-bl``), and two ways to share the doublings:

* **Straus** (interleaved width-w NAF) for a few terms: one chain of doublings for all of them;
* **Pippenger** (bucket method with signed digits) for many: each window adds every point once
  into a bucket, then sums the buckets.

Inputs are affine points ``(x, y)``; the result is a Jacobian tuple. The tests compare every
result with ``ecdsa``'s own arithmetic.
"""

from __future__ import annotations

from collections.abc import Sequence

INFINITY = (1, 1, 0)
Affine = tuple[int, int]
Jacobian = tuple[int, int, int]


class Curve:
    """The arithmetic of ``y² = x³ + a·x + b`` over GF(p) (the constant ``b`` is not needed)."""

    def __init__(self, p: int, a: int) -> None:
        self.p, self.a = p, a

    def double(self, pt: Jacobian) -> Jacobian:
        x, y, z = pt
        if not z or not y:
            return INFINITY
        p = self.p
        yy = y * y % p
        s = 4 * x * yy % p
        zz = z * z % p
        m = (3 * x * x + self.a * zz * zz) % p
        x3 = (m * m - 2 * s) % p
        return x3, (m * (s - x3) - 8 * yy * yy) % p, 2 * y * z % p

    def add_affine(self, pt: Jacobian, x2: int, y2: int) -> Jacobian:
        """``pt + (x2, y2)`` for an affine point."""
        x1, y1, z1 = pt
        if not z1:
            return x2, y2, 1
        p = self.p
        z1z1 = z1 * z1 % p
        h = (x2 * z1z1 - x1) % p
        r = (y2 * z1 * z1z1 - y1) % p
        if not h:
            return self.double(pt) if not r else INFINITY
        hh = h * h % p
        hhh = h * hh % p
        v = x1 * hh % p
        x3 = (r * r - hhh - 2 * v) % p
        return x3, (r * (v - x3) - y1 * hhh) % p, z1 * h % p

    def add(self, pt: Jacobian, qt: Jacobian) -> Jacobian:
        x1, y1, z1 = pt
        x2, y2, z2 = qt
        if not z1:
            return qt
        if not z2:
            return pt
        p = self.p
        z1z1 = z1 * z1 % p
        z2z2 = z2 * z2 % p
        u1 = x1 * z2z2 % p
        s1 = y1 * z2 * z2z2 % p
        h = (x2 * z1z1 - u1) % p
        r = (y2 * z1 * z1z1 - s1) % p
        if not h:
            return self.double(pt) if not r else INFINITY
        hh = h * h % p
        hhh = h * hh % p
        v = u1 * hh % p
        x3 = (r * r - hhh - 2 * v) % p
        return x3, (r * (v - x3) - s1 * hhh) % p, z1 * z2 * h % p

    def to_affine(self, points: Sequence[Jacobian]) -> list[Affine | None]:
        """Every point in affine form (``None`` for infinity), with one inversion for all
        (Montgomery's trick)."""
        p = self.p
        prefix, acc = [], 1
        for _x, _y, z in points:
            prefix.append(acc)
            if z:
                acc = acc * z % p
        inv = pow(acc, -1, p)
        out: list[Affine | None] = [None] * len(points)
        for i in range(len(points) - 1, -1, -1):
            x, y, z = points[i]
            if not z:
                continue
            zi = inv * prefix[i] % p
            inv = inv * z % p
            zi2 = zi * zi % p
            out[i] = (x * zi2 % p, y * zi2 * zi % p)
        return out

    def odd_multiples(self, pt: Affine, count: int) -> list[Affine]:
        """``P, 3P, 5P, ..., (2·count - 1)·P`` in affine form."""
        twice = self.to_affine([self.double((pt[0], pt[1], 1))])[0]
        jac: list[Jacobian] = [(pt[0], pt[1], 1)]
        for _i in range(count - 1):
            jac.append(self.add_affine(jac[-1], *twice) if twice else INFINITY)
        return [q if q is not None else pt for q in self.to_affine(jac)]  # never infinity: prime order

    def straus(
        self, scalars: Sequence[int], tables: Sequence[Sequence[Affine]], width: Sequence[int]
    ) -> Jacobian:
        """``Σ scalars[i]·P_i`` where ``tables[i]`` holds the odd multiples of ``P_i`` up to
        ``(2^(width[i]-1) - 1)·P_i`` (interleaved wNAF, one chain of doublings)."""
        p = self.p
        nafs = [_wnaf(k, w) for k, w in zip(scalars, width, strict=True)]
        acc = INFINITY
        for i in range(max((len(naf) for naf in nafs), default=0) - 1, -1, -1):
            acc = self.double(acc)
            for naf, table in zip(nafs, tables, strict=True):
                if i < len(naf) and naf[i]:
                    d = naf[i]
                    x, y = table[(d if d > 0 else -d) >> 1]
                    acc = self.add_affine(acc, x, y if d > 0 else p - y)
        return acc

    def pippenger(self, scalars: Sequence[int], points: Sequence[Affine], bits: int) -> Jacobian:
        """``Σ scalars[i]·points[i]`` for scalars below ``2^bits`` (bucket method, signed digits)."""
        c = 4 if len(points) < 120 else 5
        full, half = 1 << c, 1 << (c - 1)
        windows = (bits + c) // c
        p = self.p
        terms = []
        for k, (x, y) in zip(scalars, points, strict=True):
            digits = []
            for _w in range(windows):
                d = k & (full - 1)
                k >>= c
                if d > half:
                    d -= full
                    k += 1
                digits.append(d)
            terms.append((digits, x, y, p - y))
        acc = INFINITY
        for w in range(windows - 1, -1, -1):
            for _i in range(c):
                acc = self.double(acc)
            buckets: list[Jacobian] = [INFINITY] * (half + 1)
            for digits, x, y, neg_y in terms:
                d = digits[w]
                if d > 0:
                    buckets[d] = self.add_affine(buckets[d], x, y)
                elif d < 0:
                    buckets[-d] = self.add_affine(buckets[-d], x, neg_y)
            running = window_sum = INFINITY
            for d in range(half, 0, -1):
                running = self.add(running, buckets[d])
                window_sum = self.add(window_sum, running)
            acc = self.add(acc, window_sum)
        return acc


def _wnaf(k: int, width: int) -> list[int]:
    """The width-``width`` non-adjacent form of ``k >= 0``, least significant digit first."""
    out = []
    full, half = 1 << width, 1 << (width - 1)
    while k:
        if k & 1:
            d = k & (full - 1)
            if d >= half:
                d -= full
            k -= d
        else:
            d = 0
        out.append(d)
        k >>= 1
    return out
