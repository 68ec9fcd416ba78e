"""Link keys: the one place where a player applies a key to a point the other chose freely.

Required: "Any other place where one browser applies a secret key to a point chosen by the other
needs the same treatment, or a proof that it leaks nothing." The link key's Diffie–Hellman step
multiplies the other player's public key by this player's link scalar. docs/fair-play.md ("The
link key") says why that leaks nothing; these tests hold the checks it relies on: a key off the
curve (an x of the quadratic twist, an x of p or more, a wrong length) is refused before any
multiplication, in a link as soon as it is read; the shared point only ever enters a hash; the
link scalar is none of the dealing keys.
"""

from __future__ import annotations

import base64
import math
import zlib

import pytest

from tests.correspondence.helpers import START, entropy, payload
from tests.fairplay.test_points import twist_x
from webtabletop.core.registry import get_game
from webtabletop.correspondence import Match, MatchError
from webtabletop.correspondence.link import read_link
from webtabletop.fairplay.deal import DealKeys
from webtabletop.fairplay.group import Group
from webtabletop.fairplay.linkauth import LinkKey, LinkRefused
from webtabletop.fairplay.points import Points

G = Group.default()
MATCH = b"m" * 16


def test_both_players_derive_one_key_bound_to_the_match():
    a, b = LinkKey(entropy("la")), LinkKey(entropy("lb"))
    assert a.shared(b.public, MATCH) == b.shared(a.public, MATCH)
    assert a.shared(b.public, MATCH) != a.shared(b.public, b"n" * 16)
    assert len(a.shared(b.public, MATCH)) == 32  # a hash: the shared point itself never leaves


@pytest.mark.parametrize(
    "bad",
    [
        twist_x().to_bytes(20, "big"),  # a point of the quadratic twist
        G.p.to_bytes(20, "big"),  # not a canonical coordinate
        (G.p + 1).to_bytes(20, "big"),
        b"\x00" * 19,  # a wrong length
        b"\x00" * 21,
    ],
    ids=["twist", "p", "above p", "short", "long"],
)
def test_a_key_off_the_curve_is_refused_before_any_multiplication(bad, monkeypatch):
    key = LinkKey(entropy("la"))
    calls = []
    monkeypatch.setattr(G, "mul", lambda *a: calls.append(a))
    with pytest.raises(LinkRefused):
        key.shared(bad, MATCH)
    assert calls == []


def test_the_curve_has_no_small_subgroup_to_land_in():
    """brainpoolP160r1 has prime order and cofactor 1: every point but infinity (which has no
    x-only encoding) has the full order n, so no accepted key can confine the shared point to a
    few values."""
    from ecdsa import curves

    assert curves.BRAINPOOLP160r1.generator.order() == G.n
    assert pow(2, G.n - 1, G.n) == 1 and all(G.n % q for q in (2, 3, 5, 7, 11, 13))
    # Hasse: #E = h·n lies within p + 1 ± 2·sqrt(p), and 2·n lies beyond it, so h = 1
    assert abs(G.p + 1 - G.n) <= 2 * math.isqrt(G.p) + 2
    assert 2 * G.n > G.p + 1 + 2 * math.isqrt(G.p) + 2
    pts = Points.of(G)
    x = G.hash_to_element("test", 3)
    assert pts.is_infinity(pts.mul(pts.lift(x), G.n))


def test_the_link_scalar_is_none_of_the_dealing_keys():
    secret = entropy("la")
    d = LinkKey(secret)._d
    for role in (0, 1):
        assert DealKeys(G, secret, MATCH, role, 52).key != d


def _with_key(link: str, old: bytes, new: bytes) -> str:
    """``link`` with the 20 bytes ``old`` (a link key) replaced and its checksum made again."""
    game = link.split("/")[1]
    raw = bytearray(base64.urlsafe_b64decode(payload(link) + "=" * (-len(payload(link)) % 4))[:-4])
    at = raw.find(old)
    assert at > 0
    raw[at : at + 20] = new
    crc = zlib.crc32(b"webtabletop-match/" + game.encode() + bytes(raw)) & 0xFFFFFFFF
    text = base64.urlsafe_b64encode(bytes(raw) + crc.to_bytes(4, "little")).rstrip(b"=").decode()
    return link.split("?x=", 1)[0] + "?x=" + text


def test_a_link_with_a_key_off_the_curve_is_refused_when_it_is_read():
    spec = get_game("tsifrograd")
    creator = Match.create(spec, {}, 0, entropy("curve/a"), START)
    link1 = creator.link(START)
    bad1 = _with_key(link1, read_link(link1).data.link_keys[0], twist_x().to_bytes(20, "big"))
    for opening in (Match.watch, lambda t: Match.join(t, entropy("curve/b"), START)):
        with pytest.raises(MatchError, match="not a point of the curve"):
            opening(bad1)
    joiner = Match.join(link1, entropy("curve/b"), START)
    link2 = joiner.link(START)
    bad2 = _with_key(link2, read_link(link2).data.link_keys[1], twist_x().to_bytes(20, "big"))
    with pytest.raises(MatchError, match="not a point of the curve"):
        Match.watch(bad2)
    with pytest.raises(LinkRefused):  # the creator: a link 2 changed on its way
        creator.receive(bad2, START)
    assert creator.data.count == 1
