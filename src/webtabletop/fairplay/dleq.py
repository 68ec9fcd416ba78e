"""Batched Chaum–Pedersen proofs: one key multiplies ``G`` and every base into its target.

Statement: ``K`` and pairs ``(B_j, T_j)``; witness ``k`` with ``K = k·G`` and ``T_j = k·B_j`` for
every ``j`` (equality of discrete logarithms, Chaum and Pedersen 1992). All pairs are proven at
once, as in the batched DLEQ of the IETF VOPRF draft (RFC 9497, "ComputeComposites"): coefficients
``e_j`` hashed from the whole statement combine them into ``B* = Σ e_j·B_j`` and
``T* = Σ e_j·T_j``, and one Schnorr-style proof shows ``log_G K = log_B* T*``. If any pair is
wrong, ``Σ e_j·(T_j − k·B_j) = 0`` holds only with probability ``1/n`` over the coefficients, so
the batch is as sound as one proof. Compressed form: the challenge and the response, 40 bytes on
brainpoolP160r1 for any number of pairs (``s = w + c·k``; the verifier recomputes
``w·G = s·G − c·K`` and ``w·B* = s·B* − c·T*`` and re-hashes). Honest-verifier zero knowledge:
the simulator picks ``c`` and ``s`` and solves for the two commitments.

Deal v3 uses it twice: a player's *shares* (``T_j`` a deck position, ``B_j = k^-1·T_j`` the share
sent) and a *claim* (``B_j`` a card point, ``T_j`` the share the other player sent).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from webtabletop.fairplay.errors import DeckRefused
from webtabletop.fairplay.group import Group
from webtabletop.fairplay.points import Point, Points
from webtabletop.fairplay.transcript import challenge, challenges, nonces, statement_seed
from webtabletop.i18n import _


def proof_size(group: Group) -> int:
    return 2 * group.scalar_size


@attrs.frozen
class DleqProof:
    challenge: int
    response: int

    def encode(self, group: Group) -> bytes:
        return group.encode_scalar(self.challenge) + group.encode_scalar(self.response)

    @classmethod
    def decode(cls, group: Group, data: bytes) -> DleqProof:
        data, size = bytes(data), group.scalar_size
        if len(data) != 2 * size:
            raise DeckRefused(_("The proof in this link is cut or too long."))
        c, s = int.from_bytes(data[:size], "big"), int.from_bytes(data[size:], "big")
        if c >= group.n or s >= group.n:
            raise DeckRefused(_("The proof in this link is malformed."))
        return cls(c, s)


def _statement(
    group: Group, label: str, context: bytes, key: Point, bases, targets
) -> tuple[bytes, Point, Point]:
    """The statement's seed and the combined pair ``(B*, T*)``."""
    pts = Points.of(group)
    seed = statement_seed(
        "dleq/" + label,
        group,
        context,
        len(bases),
        pts.digest_bytes(key),
        pts.digest_vector(bases),
        pts.digest_vector(targets),
    )
    e = challenges(group, seed, len(bases))
    return seed, pts.msm(e, bases), pts.msm(e, targets)


def _challenge(group: Group, label: str, context: bytes, seed: bytes, t1: Point, t2: Point) -> int:
    pts = Points.of(group)
    return challenge(
        group, statement_seed("dleq-c/" + label, group, context, seed, pts.digest_vector((t1, t2)))
    )


def prove_dleq(
    group: Group,
    label: str,
    context: bytes,
    k: int,
    key: Point,
    bases: Sequence[Point],
    targets: Sequence[Point],
    nonce_key: bytes,
) -> DleqProof:
    """Prove ``key = k·G`` and ``targets[j] = k·bases[j]`` (``label`` names the kind of statement)."""
    if len(bases) != len(targets) or not bases:
        raise ValueError("a DLEQ proof needs one target per base")
    seed, b_star, _t_star = _statement(group, label, context, key, bases, targets)
    (w,) = nonces(group, nonce_key, "dleq/" + label, seed + group.encode_scalar(k % group.n), 1)
    pts = Points.of(group)
    c = _challenge(group, label, context, seed, pts.mul(group.generator, w), pts.mul(b_star, w))
    return DleqProof(c, (w + c * k) % group.n)


def verify_dleq(
    group: Group,
    label: str,
    context: bytes,
    key: Point,
    bases: Sequence[Point],
    targets: Sequence[Point],
    proof: DleqProof,
) -> bool:
    """True when ``proof`` shows one ``k`` with ``key = k·G`` and ``targets[j] = k·bases[j]``."""
    if len(bases) != len(targets) or not bases or Points.is_infinity(key):
        return False
    pts = Points.of(group)
    seed, b_star, t_star = _statement(group, label, context, key, bases, targets)
    c, s = proof.challenge, proof.response
    t1 = pts.msm([s, -c], [group.generator, key])
    t2 = pts.msm([s, -c], [b_star, t_star])
    return _challenge(group, label, context, seed, t1, t2) == c
