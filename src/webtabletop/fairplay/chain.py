"""Hash chains: a player commits to a whole sequence of random values with one short head.

A chain of length ``n`` is ``v_n = seed`` and ``v_{i-1} = step(v_i)``; its head ``v_0`` is the
commitment, published (with ``n``) before any value is used. Values are revealed in increasing
index order, ``v_1, v_2, ...``: each is a preimage of the one before, so

* nobody but the owner can compute ``v_{i+1}`` from ``v_0..v_i`` (preimage resistance of SHA-256
  truncated to 128 bits), and
* the owner cannot choose ``v_{i+1}`` after the fact: any other value fails
  ``step(v_{i+1}) == v_i`` (second preimage resistance), so every future value was fixed the
  moment the head was published.

A verifier keeps only the last value it accepted; a new value ``v_j`` is checked by ``j - i``
steps down to it. Values already revealed follow from the latest one (hash it down), so a link
need carry only the head, the length and the latest value of each player.

The seed is derived from the player's 32-byte secret, so revealing the secret at the end of a game
lets anyone recompute the head: the head commits to the secret, too (:meth:`Commitment.opens`).
"""

from __future__ import annotations

import attrs

from webtabletop.fairplay.errors import ChainRefused
from webtabletop.fairplay.kdf import check_secret, digest
from webtabletop.i18n import _

VALUE_BYTES = 16
#: the longest chain anyone may commit to (a verifier hashes at most this many steps per value)
MAX_LENGTH = 4096


def step(value: bytes) -> bytes:
    """One link of the chain: ``SHA-256("webtabletop/chain" || value)`` cut to 16 bytes."""
    return digest("chain", value)[:VALUE_BYTES]


def steps(value: bytes, k: int) -> bytes:
    for _i in range(k):
        value = step(value)
    return value


def chain_seed(secret: bytes) -> bytes:
    """The chain's last value ``v_n``, derived from the player's secret."""
    return digest("chain-seed", check_secret(secret))[:VALUE_BYTES]


@attrs.frozen
class Commitment:
    """What a player publishes first: the chain's head ``v_0`` and its length ``n``."""

    head: bytes
    length: int

    def __attrs_post_init__(self) -> None:
        if len(self.head) != VALUE_BYTES or not 1 <= self.length <= MAX_LENGTH:
            raise ChainRefused(_("A player's commitment in this link is malformed."))

    def opens(self, secret: bytes) -> bool:
        """True when ``secret`` (revealed at the end of a game) is the one this head commits to."""
        try:
            seed = chain_seed(secret)
        except ValueError:
            return False
        return steps(seed, self.length) == self.head


class HashChain:
    """The owner's side: every value of the chain, computed once from the secret."""

    def __init__(self, secret: bytes, length: int) -> None:
        if not 1 <= length <= MAX_LENGTH:
            raise ValueError(f"a chain has 1..{MAX_LENGTH} values")
        values = [chain_seed(secret)]
        for _i in range(length):
            values.append(step(values[-1]))
        values.reverse()  # values[i] is v_i; values[0] is the head
        self._values = values
        self.commitment = Commitment(values[0], length)

    @property
    def length(self) -> int:
        return self.commitment.length

    def value(self, index: int) -> bytes:
        """``v_index`` (1 <= index <= length); index 0 is the head."""
        if not 0 <= index <= self.length:
            raise IndexError("this chain has no value with that index")
        return self._values[index]


@attrs.frozen
class ChainVerifier:
    """The receiver's side: the commitment and the last value accepted (index 0: the head).

    Immutable: :meth:`accept` returns a new verifier, so a refused value leaves the old one intact.
    Invariant: ``steps(value, index) == commitment.head``.
    """

    commitment: Commitment
    index: int = 0
    value: bytes = attrs.field(default=b"")

    def __attrs_post_init__(self) -> None:
        if not self.value:
            object.__setattr__(self, "value", self.commitment.head)

    def accept(self, index: int, value: bytes) -> ChainVerifier:
        """Accept ``v_index`` if it follows the last accepted value; refuse anything else."""
        value = bytes(value)
        if len(value) != VALUE_BYTES:
            raise ChainRefused(_("A random value in this link is malformed."))
        if index == self.index and value == self.value:
            raise ChainRefused(
                _(
                    "Random value number {index} was revealed a second time: a value may be used only once."
                ).format(index=index)
            )
        if index <= self.index:
            raise ChainRefused(
                _(
                    "Random value number {index} arrived after number {last}: values must be revealed in order."
                ).format(index=index, last=self.index)
            )
        if index > self.commitment.length:
            raise ChainRefused(
                _(
                    "Random value number {index} lies beyond the end of the chain the player committed to."
                ).format(index=index)
            )
        if steps(value, index - self.index) != self.value:
            raise ChainRefused(
                _(
                    "Random value number {index} does not match the player's commitment: the link was changed."
                ).format(index=index),
                problem=_("random value number {index} does not match the player's commitment.").format(
                    index=index
                ),
            )
        return attrs.evolve(self, index=index, value=value)

    def value_at(self, index: int) -> bytes:
        """An already accepted value ``v_index`` (0 <= index <= self.index), hashed down from the latest."""
        if not 0 <= index <= self.index:
            raise IndexError("that value has not been revealed yet")
        return steps(self.value, self.index - index)
