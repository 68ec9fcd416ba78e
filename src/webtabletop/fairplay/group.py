"""The group for mental poker: points of a prime-order elliptic curve, sent as x-coordinates only.

Commutative encryption (SRA / Pohlig–Hellman) needs a group where ``E_k(P) = k·P`` and
``E_a(E_b(P)) = E_b(E_a(P))``; decryption multiplies by ``k^-1 mod n``. On an elliptic curve
``x(k·P)`` depends only on ``x(P)`` (``-P`` has the same x, and ``k·(-P) = -(k·P)``), so a card
travels as its x-coordinate alone: 20 bytes on a 160-bit curve instead of 256 bytes for a 2048-bit
prime field with the same work per card.

The curve is **brainpoolP160r1** (RFC 5639): prime order ``n`` (cofactor 1, so every point but
infinity generates the whole group and no small subgroup leaks bits of a key, unlike the quadratic
residue leak of SRA over a prime field), parameters derived verifiably from pi, ``p ≡ 3 (mod 4)``.
Its discrete logarithm costs about 2^80 group operations (Pollard rho). The secrets it protects
live only for one game and are all revealed when the game ends, so the question is whether an
opponent can break one key during a game: see ``docs/fair-play.md`` for the trade-off against the
256-bit secp256k1 (``Group.secp256k1()``, 32 bytes per card, about 2^128).

Point arithmetic comes from the pure-Python ``ecdsa`` package (it runs in Pyodide). Every x that
arrives from outside goes through :meth:`Group.decode`: it must be a canonical ``size``-byte
integer below ``p`` with a point on the curve (an x of the quadratic twist would let a sender learn
bits of the receiver's key; it is refused).
"""

from __future__ import annotations

from functools import cache

from ecdsa import curves
from ecdsa.ellipticcurve import PointJacobi

from webtabletop.fairplay.errors import DeckRefused
from webtabletop.fairplay.kdf import digest, wide
from webtabletop.i18n import _


class Group:
    """One elliptic curve used x-only. Scalars are keys in ``[1, n)``; elements are x-coordinates."""

    def __init__(self, curve: curves.Curve) -> None:
        self.name = curve.name
        #: the ``ecdsa`` curve and its generator ``G`` (with ``ecdsa``'s fixed-base table), for the
        #: full points of :mod:`~webtabletop.fairplay.points`
        self.curve = self._curve = curve.curve
        self.generator = curve.generator
        self.p = curve.curve.p()
        self.a = curve.curve.a()
        self.b = curve.curve.b()
        self.n = curve.order
        if self.p % 4 != 3:
            raise ValueError("this group needs p = 3 (mod 4) for its square roots")
        #: bytes per element (one card ciphertext) and per scalar (one card key)
        self.size = (self.p.bit_length() + 7) // 8
        self.scalar_size = (self.n.bit_length() + 7) // 8
        #: the x-coordinate of the curve's standard generator (link keys: ``fairplay.linkauth``)
        self.generator_x = curve.generator.x()

    @classmethod
    @cache
    def default(cls) -> Group:
        """brainpoolP160r1: 20 bytes per card, about 80-bit security (see the module text)."""
        return cls(curves.BRAINPOOLP160r1)

    @classmethod
    @cache
    def secp256k1(cls) -> Group:
        """secp256k1: 32 bytes per card, about 128-bit security."""
        return cls(curves.SECP256k1)

    # --- elements -------------------------------------------------------------------------------

    def _rhs(self, x: int) -> int:
        return (x * x * x + self.a * x + self.b) % self.p

    def is_element(self, x: int) -> bool:
        """True when ``x`` is the x-coordinate of a point of the curve (not of its twist)."""
        if not 0 <= x < self.p:
            return False
        r = self._rhs(x)
        return r != 0 and pow(r, (self.p - 1) // 2, self.p) == 1

    def _point(self, x: int) -> PointJacobi:
        y = pow(self._rhs(x), (self.p + 1) // 4, self.p)
        return PointJacobi(self._curve, x, y, 1, self.n)

    def mul(self, x: int, k: int) -> int:
        """``x(k·P)`` for the point(s) ``P`` with ``x(P) = x``; ``k`` in ``[1, n)``, so never infinity."""
        if not 0 < k < self.n:
            raise ValueError("a key is in [1, n)")
        return (self._point(x) * k).x()

    def hash_to_element(self, label: str, index: int) -> int:
        """A point nobody knows a discrete log of, fixed by ``label`` and ``index`` (try and increment)."""
        counter = 0
        while True:
            x = int.from_bytes(digest("element", self.name, label, index, counter), "big") % self.p
            if self.is_element(x):
                return x
            counter += 1

    # --- scalars --------------------------------------------------------------------------------

    def scalar(self, label: str, *parts: bytes | int | str) -> int:
        """A uniform key in ``[1, n)`` derived from ``parts`` (a 512-bit hash reduced, bias < 2^-256)."""
        return wide("scalar/" + label, self.name, *parts) % (self.n - 1) + 1

    def inverse(self, k: int) -> int:
        return pow(k, -1, self.n)

    # --- bytes ----------------------------------------------------------------------------------

    def encode(self, x: int) -> bytes:
        return x.to_bytes(self.size, "big")

    def decode(self, data: bytes) -> int:
        """An element from exactly ``size`` bytes; anything else is refused."""
        if len(data) != self.size:
            raise DeckRefused(_("A card in this link is malformed."))
        x = int.from_bytes(data, "big")
        if not self.is_element(x):
            raise DeckRefused(
                _("A card in this link is not a point of the card group: the link was changed.")
            )
        return x

    def encode_scalar(self, k: int) -> bytes:
        return k.to_bytes(self.scalar_size, "big")
