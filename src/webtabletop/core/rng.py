"""A tiny seeded random generator that gives identical numbers in CPython and Pyodide.

SplitMix64 (Steele, Lea & Flood 2014): the state is one 64-bit integer that advances by a fixed
odd constant; each output is a bijective mix of the state. Pure integer arithmetic masked to 64
bits, so every Python gives the same sequence. The state is a plain ``int`` that game states
store; :class:`Rng` is a short-lived cursor over it::

    r = Rng(state.rng_state)
    die = r.randint(1, 6)
    new_state = attrs.evolve(state, rng_state=r.state)
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

MASK64 = (1 << 64) - 1
GOLDEN_GAMMA = 0x9E3779B97F4A7C15


def mix64(z: int) -> int:
    """The SplitMix64 output function (a bijection on 64-bit integers)."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def seed_state(seed: int | str) -> int:
    """Turn a user seed (any int, or text) into a 64-bit generator state."""
    if isinstance(seed, str):
        acc = 0xCBF29CE484222325  # FNV-1a over UTF-8 bytes
        for b in seed.encode("utf-8"):
            acc = ((acc ^ b) * 0x100000001B3) & MASK64
        return mix64(acc)
    return mix64(seed & MASK64)


class Rng:
    """A cursor over a SplitMix64 state. Copy with :meth:`copy`; read the state back with ``.state``."""

    __slots__ = ("state",)

    def __init__(self, state: int = 0) -> None:
        self.state = state & MASK64

    @classmethod
    def from_seed(cls, seed: int | str) -> Rng:
        return cls(seed_state(seed))

    def copy(self) -> Rng:
        return Rng(self.state)

    def next_u64(self) -> int:
        self.state = (self.state + GOLDEN_GAMMA) & MASK64
        return mix64(self.state)

    def randbelow(self, n: int) -> int:
        """Uniform integer in ``[0, n)``, unbiased (rejection sampling)."""
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        if n == 1:
            return 0
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def randint(self, a: int, b: int) -> int:
        """Uniform integer in ``[a, b]`` (both ends included)."""
        if b < a:
            raise ValueError("randint needs a <= b")
        return a + self.randbelow(b - a + 1)

    def random(self) -> float:
        """Uniform float in ``[0, 1)`` with 53 random bits."""
        return (self.next_u64() >> 11) / float(1 << 53)

    def choice(self, seq: Sequence[T]) -> T:
        if not seq:
            raise IndexError("choice from an empty sequence")
        return seq[self.randbelow(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher–Yates shuffle in place."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.randbelow(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        pool = list(seq)
        if not 0 <= k <= len(pool):
            raise ValueError("sample larger than population")
        for i in range(k):
            j = i + self.randbelow(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]

    def weighted_index(self, weights: Sequence[int]) -> int:
        """Index drawn with probability proportional to non-negative integer ``weights``."""
        total = sum(weights)
        if total <= 0:
            raise ValueError("weights must have a positive sum")
        x = self.randbelow(total)
        for i, w in enumerate(weights):
            if x < w:
                return i
            x -= w
        raise AssertionError("unreachable")
