"""Full points for deal v3: the canonical lift, signs, strict encodings, multi-scalar sums.

Every point that arrives from outside must be a canonical x below p, of a point on the curve (not
of its quadratic twist), with a sign bit; the point at infinity has no encoding at all.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from webtabletop.fairplay.errors import DeckRefused
from webtabletop.fairplay.group import Group
from webtabletop.fairplay.points import INFINITY, Points

G = Group.default()
P = Points.of(G)
BASES = [P.hash_to_point("test", i) for i in range(12)]
scalars = st.integers(min_value=0, max_value=G.n + 5)


def twist_x() -> int:
    x = 1
    while G.is_element(x):
        x += 1
    return x


def test_lift_has_even_y_and_both_signs_are_points_on_the_curve():
    x = G.hash_to_element("test", 0)
    even, odd = P.lift(x), P.point(x, 1)
    assert P.xy(even)[1] % 2 == 0 and P.xy(odd)[1] % 2 == 1
    assert even == -odd and even != odd
    assert G.curve.contains_point(*P.xy(even)) and G.curve.contains_point(*P.xy(odd))
    with pytest.raises(ValueError):
        P.lift(twist_x())


@settings(max_examples=40, deadline=None)
@given(k=st.integers(min_value=1, max_value=G.n - 1))
def test_single_point_round_trip(k):
    point = G.generator * k
    data = P.encode(point)
    assert len(data) == 21 and data[0] in (2, 3)
    assert P.decode(data) == point


@settings(max_examples=25, deadline=None)
@given(ks=st.lists(st.integers(min_value=1, max_value=G.n - 1), min_size=1, max_size=19))
def test_vector_round_trip(ks):
    points = [G.generator * k for k in ks]
    data = P.encode_vector(points)
    assert len(data) == P.vector_size(len(points)) == 20 * len(ks) + (len(ks) + 7) // 8
    assert P.decode_vector(data, len(points)) == tuple(points)


def test_infinity_is_never_encoded_but_can_be_hashed():
    with pytest.raises(ValueError):
        P.encode(INFINITY)
    with pytest.raises(ValueError):
        P.encode_vector([G.generator, INFINITY])
    assert P.digest_bytes(INFINITY) == bytes(21)
    assert P.digest_bytes(G.generator) != bytes(21)


def test_decoding_refuses_every_malformed_point():
    good = P.encode(BASES[0])
    for bad in (
        good[:-1],  # cut
        good + b"\0",  # too long
        b"\x04" + good[1:],  # not a compressed prefix
        b"\x00" * 21,  # "infinity"
        bytes([2]) + G.p.to_bytes(20, "big"),  # x = p: not canonical
        bytes([2]) + (2**160 - 1).to_bytes(20, "big"),  # x above p
        bytes([2]) + twist_x().to_bytes(20, "big"),  # a point of the twist
    ):
        with pytest.raises(DeckRefused):
            P.decode(bad)


def test_vector_decoding_is_strict():
    points = BASES[:5]
    data = bytearray(P.encode_vector(points))
    with pytest.raises(DeckRefused, match="cut or too long"):
        P.decode_vector(bytes(data[:-1]), 5)
    with pytest.raises(DeckRefused, match="cut or too long"):
        P.decode_vector(bytes(data), 4)
    padded = bytearray(data)
    padded[-1] |= 0x01  # an unused sign bit set: not the canonical encoding
    with pytest.raises(DeckRefused, match="malformed"):
        P.decode_vector(bytes(padded), 5)
    twisted = bytearray(data)
    twisted[20:40] = twist_x().to_bytes(20, "big")
    with pytest.raises(DeckRefused, match="not a point"):
        P.decode_vector(bytes(twisted), 5)
    flipped = bytearray(data)
    flipped[-1] ^= 0x80  # the first point's sign: still a valid vector, of another point
    assert P.decode_vector(bytes(flipped), 5)[0] == -points[0]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.binary(min_size=0, max_size=70), count=st.integers(min_value=0, max_value=3))
def test_fuzzed_vectors_decode_or_are_refused_cleanly(data, count):
    try:
        points = P.decode_vector(data, count)
    except DeckRefused as exc:
        assert str(exc)
        return
    assert P.encode_vector(points) == data


@settings(max_examples=30, deadline=None)
@given(ks=st.lists(scalars, min_size=0, max_size=12))
def test_msm_equals_the_sum_of_products(ks):
    points = BASES[: len(ks)]
    expected = INFINITY
    for k, point in zip(ks, points, strict=True):
        if k % G.n:
            expected = expected + point * (k % G.n)
    assert P.msm(ks, points) == expected


def test_msm_handles_infinity_cancellation_and_negative_scalars():
    a = BASES[0]
    assert P.msm([3, -3], [a, a]) == INFINITY
    assert P.msm([5, 7, -12], [a, a, a]) == INFINITY
    assert P.msm([1, 2, 3], [INFINITY, a, INFINITY]) == a * 2
    many = [a] * 40
    assert P.msm([1] * 40, many) == a * 40
    assert P.msm([-1] * 40, many) == P.neg(a * 40)
    assert P.neg(INFINITY) == INFINITY and P.sum([]) == INFINITY


@settings(max_examples=30, deadline=None)
@given(
    ks=st.lists(scalars, min_size=1, max_size=6),
    with_g=st.booleans(),
    many=st.booleans(),
)
def test_raw_arithmetic_agrees_with_ecdsa(ks, with_g, many):
    """Straus (few terms, G with its cached table) and Pippenger (many) against ecdsa's own sums."""
    points = [G.generator if with_g and i == 0 else BASES[i] for i in range(len(ks))]
    if many:  # the same terms three times over and a few more: Pippenger's path
        ks, points = ks * 3 + [1, 2], points * 3 + BASES[10:12]
    expected = INFINITY
    for k, point in zip(ks, points, strict=True):
        if k % G.n:
            expected = expected + point * (k % G.n)
    got = P.msm(ks, points)
    assert got == expected
    if got != INFINITY:
        assert P.xy(got) == (expected.x(), expected.y())
    assert P.mul(points[0], ks[0]) == (points[0] * (ks[0] % G.n) if ks[0] % G.n else INFINITY)


def test_batch_normalisation_keeps_infinity_apart():
    ops = P.ops
    a, b = P.xy(BASES[0]), P.xy(BASES[1])
    jac = [ops.double((*a, 1)), (1, 1, 0), ops.add_affine((*a, 1), *b)]
    out = ops.to_affine(jac)
    assert out[1] is None
    assert out[0] == P.xy(BASES[0] * 2) and out[2] == P.xy(BASES[0] + BASES[1])
    assert ops.odd_multiples(a, 4)[3] == P.xy(BASES[0] * 7)


def test_card_elements_are_distinct_points_of_the_group():
    from webtabletop.fairplay.deck import card_table

    xs, index = card_table(G, 52)
    assert len(set(xs)) == 52 and all(G.is_element(x) for x in xs) and index[xs[9]] == 9
