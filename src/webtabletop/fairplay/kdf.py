"""Domain-separated SHA-256: every hash, key and shuffle in fair play is derived here.

Invariants:

* Every digest is ``SHA-256(b"webtabletop/" + label + b"\\0" + part_1 + ... + part_n)`` where each
  part is length-prefixed (4 bytes, big-endian) and integers are 8-byte big-endian, so two
  different argument lists never hash the same bytes: a value made for one purpose (a chain step,
  a card key, a shuffle) can never be passed off as a value of another purpose.
* Everything is a pure function of its arguments: no clock, no I/O, no global randomness. The
  only entropy is the 32-byte secret the caller passes in (the app draws it from ``secrets``).
* :class:`Stream` turns a secret into unbiased integers (rejection sampling), so a shuffle drawn
  from it is uniform over all permutations, not only over the 2^64 a 64-bit seed could reach.
"""

from __future__ import annotations

import hashlib

PREFIX = b"webtabletop/"
SECRET_BYTES = 32


def _part(p: bytes | int | str) -> bytes:
    if isinstance(p, bool):
        raise TypeError("booleans are not hash parts")
    if isinstance(p, int):
        if not 0 <= p < 1 << 64:
            raise ValueError("an integer hash part must fit 64 bits")
        b = p.to_bytes(8, "big")
    elif isinstance(p, str):
        b = p.encode("utf-8")
    else:
        b = bytes(p)
    return len(b).to_bytes(4, "big") + b


def digest(label: str, *parts: bytes | int | str) -> bytes:
    """The 32-byte SHA-256 digest of ``parts`` under ``label`` (see the module invariants)."""
    h = hashlib.sha256(PREFIX + label.encode("ascii") + b"\0")
    for p in parts:
        h.update(_part(p))
    return h.digest()


def wide(label: str, *parts: bytes | int | str) -> int:
    """A 512-bit integer from two digests: reduced modulo a group order of at most 256 bits, its
    bias is below 2^-256, so keys derived from it are uniform for every practical purpose."""
    lo = digest(label + "/0", *parts)
    hi = digest(label + "/1", *parts)
    return int.from_bytes(hi + lo, "big")


def check_secret(secret: bytes) -> bytes:
    """A player's secret: exactly :data:`SECRET_BYTES` bytes of fresh entropy from the caller."""
    secret = bytes(secret)
    if len(secret) != SECRET_BYTES:
        raise ValueError(f"a fair-play secret is {SECRET_BYTES} bytes of entropy")
    return secret


class Stream:
    """An endless, deterministic stream of unbiased integers drawn from ``SHA-256(label, key, i)``."""

    __slots__ = ("_buf", "_counter", "_key", "_label")

    def __init__(self, label: str, key: bytes) -> None:
        self._label = label
        self._key = bytes(key)
        self._counter = 0
        self._buf = b""

    def _take(self, n: int) -> bytes:
        while len(self._buf) < n:
            self._buf += digest(self._label, self._key, self._counter)
            self._counter += 1
        out, self._buf = self._buf[:n], self._buf[n:]
        return out

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (rejection sampling over 8 bytes per try)."""
        if n <= 0:
            raise ValueError("below needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = int.from_bytes(self._take(8), "big")
            if x < limit:
                return x % n

    def permutation(self, n: int) -> list[int]:
        """A uniform permutation of ``range(n)`` (Fisher–Yates)."""
        perm = list(range(n))
        for i in range(n - 1, 0, -1):
            j = self.below(i + 1)
            perm[i], perm[j] = perm[j], perm[i]
        return perm
