"""Schnorr signatures under a player's link key (x-only, as BIP 340 does).

The tag of a link (:mod:`~webtabletop.fairplay.linkauth`) is made with a key *both* players hold,
so it stops whoever carries a link, not the other player. A message that only one player may send
— a resignation, a draw offer and its answer (:mod:`webtabletop.correspondence.endings`) — is
therefore also **signed** with the sender's own link key ``d`` (public ``x(d·G)``, already in its
first link), and anyone holding the link checks it, a spectator too.

Signing (``x``-only keys, BIP 340's convention): ``d'`` is ``d`` or ``n − d``, whichever gives the
point with even y; the nonce ``k`` is derived from ``d`` and the message (RFC 6979 style, no
randomness); ``R = k·G`` with ``k`` negated for an even y; ``e = H(x(R), x(Q), message)``;
``s = k + e·d'``. Verifying: ``R = s·G − e·lift(x(Q))`` must have even y and ``x(R) = r``. The
signature is ``r`` and ``s``, 20 bytes each on brainpoolP160r1: 40 bytes, about 80-bit
security like the rest of the card group.
"""

from __future__ import annotations

from webtabletop.fairplay.group import Group
from webtabletop.fairplay.kdf import wide
from webtabletop.fairplay.points import Points


def signature_size(group: Group) -> int:
    return group.size + group.scalar_size


def _challenge(group: Group, r: int, public: bytes, message: bytes) -> int:
    return wide("sig/challenge", group.name, group.encode(r), bytes(public), bytes(message)) % group.n


def sign(group: Group, d: int, message: bytes) -> bytes:
    """The signature of ``message`` under the private scalar ``d``."""
    pts = Points.of(group)
    q = pts.mul(pts.G, d)
    if pts.sign(q):
        d = group.n - d
    public = group.encode(pts.xy(q)[0])
    k = wide("sig/nonce", group.name, group.encode_scalar(d), bytes(message)) % (group.n - 1) + 1
    r_point = pts.mul(pts.G, k)
    r, y = pts.xy(r_point)
    if y & 1:
        k = group.n - k
    s = (k + _challenge(group, r, public, message) * d) % group.n
    return group.encode(r) + group.encode_scalar(s)


def verifies(group: Group, public: bytes, message: bytes, signature: bytes) -> bool:
    """``signature`` is the signature of ``message`` by the owner of the x-only key ``public``."""
    pts = Points.of(group)
    signature = bytes(signature)
    if len(signature) != signature_size(group) or len(bytes(public)) != group.size:
        return False
    r = int.from_bytes(signature[: group.size], "big")
    s = int.from_bytes(signature[group.size :], "big")
    qx = int.from_bytes(bytes(public), "big")
    if r >= group.p or s >= group.n or not group.is_element(qx):
        return False
    e = _challenge(group, r, public, message)
    point = pts.msm([s, group.n - e], [pts.G, pts.lift(qx)])
    if pts.is_infinity(point):
        return False
    x, y = pts.xy(point)
    return x == r and y & 1 == 0
