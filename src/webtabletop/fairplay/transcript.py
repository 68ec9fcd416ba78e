"""Fiat–Shamir challenges and derandomized nonces for the zero-knowledge proofs of deal v3.

* **Challenges.** A proof's challenge is a hash of a domain label, the group's name, the context
  bytes its caller passes (the deck id, the link, the seat: whatever the proof is about) and the
  *whole statement* with every commitment the prover sent before the challenge. Leaving any part of
  the statement out of the hash is the classic way to break a Fiat–Shamir proof ("weak
  Fiat–Shamir", Bernhard, Pereira and Warinschi 2012); every hash here takes the complete byte
  encoding of every point, length-prefixed by :func:`~webtabletop.fairplay.kdf.digest`.
* **Nonces.** There is no global randomness in rules code, so a prover derives its nonces as a
  hash of a key only it knows (from its 32-byte secret), the domain label and the digest of the
  whole statement (as RFC 6979 does for signatures). The same nonce therefore never serves two
  different statements, which is what would leak the witness; the same statement proven twice
  gives the same proof.
* Scalars come from 512-bit hashes reduced mod ``n`` (:func:`~webtabletop.fairplay.kdf.wide`),
  so they are uniform up to a bias below 2^-256.
"""

from __future__ import annotations

from webtabletop.fairplay.group import Group
from webtabletop.fairplay.kdf import digest, wide


def statement_seed(label: str, group: Group, context: bytes, *parts: bytes | int | str) -> bytes:
    """The 32-byte digest of a statement (label, group, context and every part)."""
    return digest("fs/" + label, group.name, bytes(context), *parts)


def challenge(group: Group, seed: bytes, index: int = 0) -> int:
    """Challenge number ``index`` from a statement seed: uniform in ``[0, n)``."""
    return wide("fs-challenge", seed, index) % group.n


def challenges(group: Group, seed: bytes, count: int) -> list[int]:
    return [challenge(group, seed, i) for i in range(count)]


def nonces(group: Group, key: bytes, label: str, seed: bytes, count: int) -> list[int]:
    """``count`` secret nonces in ``[1, n)`` for the statement with digest ``seed``.

    ``key`` is the prover's private nonce key (derived from its secret, never sent)."""
    return [wide("nonce/" + label, bytes(key), seed, i) % (group.n - 1) + 1 for i in range(count)]
