"""The Terelius–Wikström shuffle proof (adapted to scalar multiplication): complete and sound.

Completeness: an honest proof verifies and survives encoding. Soundness, as far as tests can
show it: every tampering with the statement or the proof is refused, and an honest-algorithm
prover fed a list that is not a shuffle (a point replaced by ``k·(X_1 + X_2)``, a duplicate, a
changed key) cannot produce an accepted proof, whatever nonces it draws.
"""

from __future__ import annotations

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from webtabletop.fairplay.errors import DeckRefused
from webtabletop.fairplay.group import Group
from webtabletop.fairplay.kdf import Stream
from webtabletop.fairplay.points import Points
from webtabletop.fairplay.shuffleproof import (
    ShuffleProof,
    generators,
    proof_size,
    prove_shuffle,
    verify_shuffle,
)

G = Group.default()
P = Points.of(G)
N = 8
CTX = b"test-context"
XS = tuple(P.hash_to_point("test-x", i) for i in range(N))
K = 0x1234567890ABCDEF1234567890ABCDEF12345678 % G.n
KEY = G.generator * K
PERM = Stream("test-perm", b"p").permutation(N)
YS = tuple(XS[j] * K for j in PERM)


@pytest.fixture(scope="module")
def proof():
    return prove_shuffle(G, CTX, XS, YS, KEY, PERM, K, b"nonce-key")


def verifies(ys=YS, proof=None, xs=XS, key=KEY, ctx=CTX) -> bool:
    return verify_shuffle(G, ctx, xs, ys, key, proof)


def test_honest_proof_verifies_and_round_trips(proof):
    assert verifies(proof=proof)
    data = proof.encode(G)
    assert len(data) == proof_size(G, N) == 2 * N * 20 + 2 + (2 * N + 5) * 20
    assert ShuffleProof.decode(G, data, N) == proof
    assert proof_size(G, 52) == 4273


def test_proofs_are_deterministic_and_nonces_depend_on_the_statement(proof):
    assert prove_shuffle(G, CTX, XS, YS, KEY, PERM, K, b"nonce-key") == proof
    other = prove_shuffle(G, b"another", XS, YS, KEY, PERM, K, b"nonce-key")
    assert other.commitments != proof.commitments  # fresh nonces for another statement
    assert verify_shuffle(G, b"another", XS, YS, KEY, other)


def test_identity_and_one_point_shuffles():
    perm = list(range(N))
    ys = tuple(x * K for x in XS)
    assert verifies(ys, prove_shuffle(G, CTX, XS, ys, KEY, perm, K, b"n"))
    one = prove_shuffle(G, CTX, XS[:1], (XS[0] * K,), KEY, [0], K, b"n")
    assert verify_shuffle(G, CTX, XS[:1], (XS[0] * K,), KEY, one)


def test_tampered_statements_are_refused(proof):
    changed = list(YS)
    changed[3] = changed[3] + G.generator  # a changed point
    assert not verifies(tuple(changed), proof)
    swapped = list(YS)
    swapped[0], swapped[1] = swapped[1], swapped[0]  # a swapped pair without a new proof
    assert not verifies(tuple(swapped), proof)
    assert not verifies(proof=proof, ctx=b"another deck")  # the proof of another statement
    assert not verifies(proof=proof, xs=XS[::-1])
    assert not verifies(proof=proof, key=KEY + G.generator)  # another key
    negated = tuple(P.neg(y) for y in YS)  # the same x-coordinates, the other signs: -k
    assert not verifies(negated, proof)
    assert not verifies(YS[:-1], proof)  # lengths differ


def test_every_part_of_the_proof_is_checked(proof):
    bumped = lambda t, i: t[:i] + ((t[i] + 1) % G.n,) + t[i + 1 :]  # noqa: E731
    point = lambda t, i: t[:i] + (t[i] + G.generator,) + t[i + 1 :]  # noqa: E731
    variants = [
        attrs.evolve(proof, challenge=(proof.challenge + 1) % G.n),
        *(attrs.evolve(proof, s=bumped(proof.s, i)) for i in range(4)),
        attrs.evolve(proof, s_hat=bumped(proof.s_hat, 0)),
        attrs.evolve(proof, s_hat=bumped(proof.s_hat, N - 1)),
        attrs.evolve(proof, s_prime=bumped(proof.s_prime, 2)),
        attrs.evolve(proof, commitments=point(proof.commitments, 1)),
        attrs.evolve(proof, chain=point(proof.chain, 0)),
        attrs.evolve(proof, chain=point(proof.chain, N - 1)),
        attrs.evolve(proof, commitments=proof.commitments[::-1]),
    ]
    for bad in variants:
        assert not verifies(proof=bad)


def test_a_different_key_cannot_be_proven():
    # the prover claims K but multiplied by another scalar
    ys = tuple(XS[j] * (K + 1) for j in PERM)
    for tag in range(8):
        assert not verifies(ys, prove_shuffle(G, CTX, XS, ys, KEY, PERM, K, b"n%d" % tag))
        assert not verifies(ys, prove_shuffle(G, CTX, XS, ys, KEY, PERM, K + 1, b"n%d" % tag))


def non_shuffles():
    planted = list(YS)
    planted[0] = (XS[PERM[0]] + XS[PERM[1]]) * K  # k·(X_a + X_b): a planted sum
    duplicated = list(YS)
    duplicated[1] = YS[0]  # an entry twice, another lost
    copied = list(YS)
    copied[2] = YS[3] * 5  # a re-keyed copy
    return {"planted sum": planted, "duplicate": duplicated, "re-keyed copy": copied}


@pytest.mark.parametrize("kind", sorted(non_shuffles()))
def test_an_honest_prover_fed_a_non_shuffle_cannot_make_an_accepted_proof(kind):
    ys = tuple(non_shuffles()[kind])
    for tag in range(12):  # whatever nonces it draws
        assert not verifies(ys, prove_shuffle(G, CTX, XS, ys, KEY, PERM, K, b"nonce-%d" % tag))
    # and with the permutation that fits all but the bad entry best (every other one)
    for perm in ([*PERM[1:], PERM[0]], list(range(N))):
        assert not verifies(ys, prove_shuffle(G, CTX, XS, ys, KEY, perm, K, b"n"))


def test_generators_are_independent_looking_points():
    h0, hs = generators(G, 52)
    xs = {P.xy(h)[0] for h in (h0, *hs)}
    assert len(xs) == 53 and P.xy(G.generator)[0] not in xs
    assert generators(G, 8)[1] == hs[:8]  # H_i does not depend on the deck size


def test_bad_inputs_to_the_prover_are_programming_errors():
    with pytest.raises(ValueError):
        prove_shuffle(G, CTX, XS, YS[:-1], KEY, PERM, K, b"n")
    with pytest.raises(ValueError):
        prove_shuffle(G, CTX, XS, YS, KEY, [0] * N, K, b"n")


def test_decoding_refuses_malformed_proofs(proof):
    data = bytearray(proof.encode(G))
    with pytest.raises(DeckRefused, match="cut or too long"):
        ShuffleProof.decode(G, bytes(data[:-1]), N)
    with pytest.raises(DeckRefused, match="cut or too long"):
        ShuffleProof.decode(G, bytes(data), N + 1)
    high = bytearray(data)
    high[-20:] = G.n.to_bytes(20, "big")  # a scalar not below n
    with pytest.raises(DeckRefused, match="malformed"):
        ShuffleProof.decode(G, bytes(high), N)
    off = bytearray(data)
    off[0:20] = G.p.to_bytes(20, "big")  # a point not canonical
    with pytest.raises(DeckRefused):
        ShuffleProof.decode(G, bytes(off), N)


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(edit=st.tuples(st.integers(min_value=0, max_value=10_000), st.integers(min_value=1, max_value=255)))
def test_fuzzed_proofs_are_refused_cleanly(proof, edit):
    data = bytearray(proof.encode(G))
    where, flip = edit
    data[where % len(data)] ^= flip
    try:
        decoded = ShuffleProof.decode(G, bytes(data), N)
    except DeckRefused as exc:
        assert str(exc)
        return
    assert not verifies(proof=decoded)
