"""A zero-knowledge proof that one list of points is a shuffle of another under one secret key.

Statement ``(X_1..X_N, Y_1..Y_N, K)``; witness a permutation ``ψ`` and a key ``k`` with
``Y_i = k·X_ψ(i)`` for every ``i`` and ``K = k·G``. This is the Terelius–Wikström
commitment-consistent proof of a shuffle (Wikström 2009, Terelius and Wikström 2010), in the
form of Haenni, Locher, Koenig and Dubuis, "Pseudo-code algorithms for verifiable re-encryption
mix-nets" (FC 2017 workshops, Algorithms 4.4 and 4.5), written additively and adapted from
ElGamal re-encryption to a shuffle by scalar multiplication:

* ``c_ψ(i) = r_ψ(i)·G + H_i``: Pedersen commitments to the permutation matrix, one per column,
  with independent generators ``H, H_1..H_N`` (:func:`generators`, hashed to the curve);
* ``u = hash(statement, c)``: N challenges; ``u'_i = u_ψ(i)``;
* the commitment chain ``ĉ_0 = H``, ``ĉ_i = r̂_i·G + u'_i·ĉ_(i-1)``, so ``ĉ_N`` commits to
  ``∏ u'_i``, which must equal ``∏ u_i``;
* a Σ-protocol for the openings: ``Σc − ΣH = r̄·G`` (each row of the matrix sums to one),
  ``ĉ_N − (∏u)·H = r̂·G``, ``Σ u_j·c_j = r̃·G + Σ u'_i·H_i``, the chain links, and, in place of
  re-encryption, ``Σ u'_i·Y_i = k·Σ u_j·X_j`` with ``k`` bound to ``K`` by ``ω_4·G``.

The proof is sent in compressed Fiat–Shamir form: the commitments ``c``, the chain ``ĉ``, the
challenge and the responses (``s = ω + challenge·witness``); the verifier recomputes every
``t`` and re-hashes (:mod:`~webtabletop.fairplay.transcript`). Size: ``2N`` points and
``2N + 5`` scalars; for N = 52, 4,273 bytes on brainpoolP160r1 (:func:`proof_size`).
Soundness, zero knowledge and costs: ``docs/fair-play.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import attrs

from webtabletop.fairplay.errors import DeckRefused
from webtabletop.fairplay.group import Group
from webtabletop.fairplay.points import Point, Points
from webtabletop.fairplay.transcript import challenge, challenges, nonces, statement_seed
from webtabletop.i18n import _

#: scalars per proof beyond the 2N responses: challenge, s_1..s_4
FIXED_SCALARS = 5


@lru_cache(maxsize=8)
def generators(group: Group, count: int) -> tuple[Point, tuple[Point, ...]]:
    """``H`` and ``H_1..H_count``: hashed to the curve, so nobody knows a logarithm between them."""
    pts = Points.of(group)
    return pts.hash_to_point("shuffle/h", 0), tuple(
        pts.hash_to_point("shuffle/h", i + 1) for i in range(count)
    )


def proof_size(group: Group, count: int) -> int:
    """Bytes of an encoded proof for ``count`` points."""
    return Points.of(group).vector_size(2 * count) + (2 * count + FIXED_SCALARS) * group.scalar_size


@attrs.frozen
class ShuffleProof:
    """A proof in compressed form (see the module text); immutable."""

    commitments: tuple[Point, ...]  # c_1..c_N, the permutation commitment
    chain: tuple[Point, ...]  # ĉ_1..ĉ_N
    challenge: int
    s: tuple[int, int, int, int]  # s_1..s_4
    s_hat: tuple[int, ...]
    s_prime: tuple[int, ...]

    def encode(self, group: Group) -> bytes:
        """The commitments and the chain as one point vector, then the scalars."""
        return Points.of(group).encode_vector(self.commitments + self.chain) + self.encode_scalars(group)

    def encode_scalars(self, group: Group) -> bytes:
        return b"".join(group.encode_scalar(k) for k in (self.challenge, *self.s, *self.s_hat, *self.s_prime))

    @classmethod
    def decode(cls, group: Group, data: bytes, count: int) -> ShuffleProof:
        """Strict: exactly :func:`proof_size` bytes, valid points, every scalar below ``n``."""
        data = bytes(data)
        if count < 1 or len(data) != proof_size(group, count):
            raise DeckRefused(_("The proof in this link is cut or too long."))
        pts = Points.of(group)
        head = pts.vector_size(2 * count)
        points = pts.decode_vector(data[:head], 2 * count)
        return cls.from_parts(group, points[:count], points[count:], data[head:])

    @classmethod
    def from_parts(cls, group: Group, commitments, chain, scalar_data: bytes) -> ShuffleProof:
        """A proof from its decoded points and its encoded scalars (each below ``n``, else refused)."""
        count, size = len(commitments), group.scalar_size
        if len(chain) != count or len(scalar_data) != (2 * count + FIXED_SCALARS) * size:
            raise DeckRefused(_("The proof in this link is cut or too long."))
        scalars = [int.from_bytes(scalar_data[i : i + size], "big") for i in range(0, len(scalar_data), size)]
        if any(k >= group.n for k in scalars):
            raise DeckRefused(_("The proof in this link is malformed."))
        c, s1, s2, s3, s4 = scalars[:FIXED_SCALARS]
        rest = scalars[FIXED_SCALARS:]
        return cls(
            tuple(commitments), tuple(chain), c, (s1, s2, s3, s4), tuple(rest[:count]), tuple(rest[count:])
        )


def _u_seed(group: Group, context: bytes, xs, ys, key: Point, commitments) -> bytes:
    pts = Points.of(group)
    return statement_seed(
        "shuffle/u",
        group,
        context,
        len(xs),
        pts.digest_vector(xs),
        pts.digest_vector(ys),
        pts.digest_bytes(key),
        pts.digest_vector(commitments),
    )


def _c_seed(group: Group, context: bytes, u_seed: bytes, chain, ts, t_hat) -> int:
    pts = Points.of(group)
    seed = statement_seed(
        "shuffle/c",
        group,
        context,
        u_seed,
        pts.digest_vector(chain),
        pts.digest_vector(ts),
        pts.digest_vector(t_hat),
    )
    return challenge(group, seed)


def prove_shuffle(
    group: Group,
    context: bytes,
    xs: Sequence[Point],
    ys: Sequence[Point],
    key: Point,
    perm: Sequence[int],
    k: int,
    nonce_key: bytes,
) -> ShuffleProof:
    """Prove ``ys[i] = k·xs[perm[i]]`` and ``key = k·G`` (the caller computed ``ys`` and ``key``).

    ``nonce_key`` is a private key derived from the prover's secret; the nonces are hashed from it,
    the statement and the witness. The proof verifies only if the statement holds."""
    n_points = len(xs)
    if len(ys) != n_points or sorted(perm) != list(range(n_points)) or n_points < 1:
        raise ValueError("a shuffle proof needs two lists of equal length and a permutation")
    pts, n, big_g = Points.of(group), group.n, group.generator
    h0, hs = generators(group, n_points)
    witness = b"".join(j.to_bytes(2, "big") for j in perm) + group.encode_scalar(k % n)
    nonce_seed = statement_seed(
        "shuffle/nonce",
        group,
        context,
        pts.digest_vector(xs),
        pts.digest_vector(ys),
        pts.digest_bytes(key),
        witness,
    )
    draws = nonces(group, nonce_key, "shuffle", nonce_seed, 4 * n_points + 4)
    r = draws[:n_points]
    r_hat = draws[n_points : 2 * n_points]
    w_hat = draws[2 * n_points : 3 * n_points]
    w_prime = draws[3 * n_points : 4 * n_points]
    w1, w2, w3, w4 = draws[4 * n_points :]

    commitments: list[Point] = [None] * n_points
    for i, j in enumerate(perm):
        commitments[j] = pts.mul(big_g, r[j]) + hs[i]
    u_seed = _u_seed(group, context, xs, ys, key, commitments)
    u = challenges(group, u_seed, n_points)
    u_prime = [u[j] for j in perm]

    chain, previous = [], h0
    for i in range(n_points):
        previous = pts.msm([r_hat[i], u_prime[i]], [big_g, previous])
        chain.append(previous)
    v = [1] * n_points  # v_i = u'_(i+1)···u'_N
    for i in range(n_points - 2, -1, -1):
        v[i] = u_prime[i + 1] * v[i + 1] % n
    r_bar = sum(r) % n
    r_chain = sum(a * b for a, b in zip(r_hat, v, strict=True)) % n
    r_tilde = sum(a * b for a, b in zip(r, u, strict=True)) % n

    x_tilde = pts.msm(u, xs)
    ts = (
        pts.mul(big_g, w1),
        pts.mul(big_g, w2),
        pts.msm([w3, *w_prime], [big_g, *hs]),
        pts.msm([*w_prime, -w4], [*ys, x_tilde]),
        pts.mul(big_g, w4),
    )
    t_hat = [
        pts.msm([w_hat[i], w_prime[i]], [big_g, h0 if i == 0 else chain[i - 1]]) for i in range(n_points)
    ]
    c = _c_seed(group, context, u_seed, chain, ts, t_hat)
    return ShuffleProof(
        tuple(commitments),
        tuple(chain),
        c,
        ((w1 + c * r_bar) % n, (w2 + c * r_chain) % n, (w3 + c * r_tilde) % n, (w4 + c * k) % n),
        tuple((w_hat[i] + c * r_hat[i]) % n for i in range(n_points)),
        tuple((w_prime[i] + c * u_prime[i]) % n for i in range(n_points)),
    )


def verify_shuffle(
    group: Group, context: bytes, xs: Sequence[Point], ys: Sequence[Point], key: Point, proof: ShuffleProof
) -> bool:
    """True when ``proof`` shows that ``ys`` is ``xs`` shuffled and multiplied by ``log_G key``."""
    n_points = len(xs)
    if not (
        n_points >= 1
        and len(ys) == len(proof.commitments) == len(proof.chain) == n_points
        and len(proof.s_hat) == len(proof.s_prime) == n_points
        and not Points.is_infinity(key)
    ):
        return False
    pts, n, big_g = Points.of(group), group.n, group.generator
    h0, hs = generators(group, n_points)
    cs, chain, c = proof.commitments, proof.chain, proof.challenge
    s1, s2, s3, s4 = proof.s
    u_seed = _u_seed(group, context, xs, ys, key, cs)
    u = challenges(group, u_seed, n_points)
    u_product = 1
    for x in u:
        u_product = u_product * x % n

    c_bar = pts.sum(cs) + pts.neg(pts.sum(hs))
    c_hat = pts.msm([1, -u_product], [chain[-1], h0])
    ts = (
        pts.msm([s1, -c], [big_g, c_bar]),
        pts.msm([s2, -c], [big_g, c_hat]),
        pts.msm([s3, *proof.s_prime, *(-c * x for x in u)], [big_g, *hs, *cs]),
        pts.msm([*proof.s_prime, *(-s4 * x for x in u)], [*ys, *xs]),
        pts.msm([s4, -c], [big_g, key]),
    )
    t_hat = [
        pts.msm([proof.s_hat[i], proof.s_prime[i], -c], [big_g, h0 if i == 0 else chain[i - 1], chain[i]])
        for i in range(n_points)
    ]
    return _c_seed(group, context, u_seed, chain, ts, t_hat) == c
