"""Authenticated links: each player's link key, the key both share, and the tag every link carries.

A CRC detects accidents, not edits: anyone who carries a link (a messenger, a chat it was
forwarded to) could rewrite it and fix the checksum. So each player puts a **public key** in its
first link, ``Q = x(d·G)`` on the card group's curve (x-only, 20 bytes), with ``d`` derived from its
32-byte secret (nothing to store). Both players then derive the same key by Diffie–Hellman,
``K = SHA-256("link-mac", x(d_0·Q_1), match key)`` (an x-coordinate does not depend on the sign of
a point, so x-only keys suffice), and every link from link 2 on carries a **tag**: the first
:data:`TAG_BYTES` bytes of HMAC-SHA-256 under ``K`` over the link's whole content. A link whose tag
does not verify was changed after it was sent, and is refused before anything in it is used.

What it does not do: link 1 has no tag (its sender knows no other key yet), and a player's key is
trusted the first time it arrives ("trust on first use"). Someone who replaces link 1 or link 2
entirely, with a key of their own, takes that player's place in the match; the two players see it
by comparing the match :func:`fingerprint` (16 digits from both keys) by voice or in another chat.
Changing anything else in link 1 makes the creator refuse link 2 as changed: the match id binds the
creator's key, and (link formats 5 and 6) the key of the tags hashes link 1 as each player holds
it. A spectator, who holds no secret, cannot check tags. See ``docs/fair-play.md`` ("Who carries a
link").
"""

from __future__ import annotations

import hashlib
import hmac
from functools import cached_property

from webtabletop.fairplay.errors import FairPlayError
from webtabletop.fairplay.group import Group
from webtabletop.fairplay.kdf import check_secret, digest
from webtabletop.i18n import _

#: bytes of the tag: 80 bits, so a forger's blind guess succeeds with probability 2^-80
TAG_BYTES = 10
_LABEL = b"webtabletop/link-tag\0"


class LinkRefused(FairPlayError):
    """A link whose tag does not verify: it was changed after it was sent."""


def changed() -> LinkRefused:
    return LinkRefused(_("This link was changed after it was sent: ask your friend to send it again."))


class LinkKey:
    """One player's link key, derived from its secret and the match (nothing to store)."""

    def __init__(self, secret: bytes, group: Group | None = None) -> None:
        self.group = group or Group.default()
        self._d = self.group.scalar("link-key", check_secret(secret))

    @cached_property
    def public(self) -> bytes:
        """``x(d·G)``: the 20 bytes this player puts in its first link (a point multiplication:
        computed once per key)."""
        g = self.group
        return g.encode(g.mul(g.generator_x, self._d))

    def sign(self, message: bytes) -> bytes:
        """A signature of ``message`` that only this player can make and anyone can check
        against :attr:`public` (:mod:`~webtabletop.fairplay.signature`)."""
        from webtabletop.fairplay.signature import sign

        return sign(self.group, self._d, message)

    def shared(self, other_public: bytes, match_key: bytes, first: bytes | None = None) -> bytes:
        """The 32-byte key both players derive (``other_public`` must decode to a group element).
        ``first``: what this player holds of link 1 (a match whose link 1 is bound: the key then
        differs unless both players hold the same link 1)."""
        g = self.group
        try:
            q = g.decode(bytes(other_public))
        except FairPlayError:
            raise changed() from None
        shared = g.encode(g.mul(q, self._d))
        if first is None:
            return digest("link-mac", shared, bytes(match_key))
        return digest("link-mac", shared, bytes(match_key), bytes(first))


#: decimal digits of a match fingerprint (four groups of four)
FINGERPRINT_DIGITS = 16


def fingerprint(match_key: bytes, keys: tuple[bytes, bytes]) -> str:
    """The match fingerprint both players compare by voice or in another chat: 16 digits derived
    from the match and both players' link keys, as ``"1234 5678 9012 3456"``.

    Whoever replaces link 1 or link 2 on its way (with a key of its own, to sit between the two
    players) gives each player a different pair of keys, so the two screens show different
    digits. To make them equal it would have to find, after seeing the joiner's key, a key of
    its own whose digits match: about 10^16 (2^53) tries, each a point multiplication.
    """
    value = int.from_bytes(digest("fingerprint", bytes(match_key), bytes(keys[0]), bytes(keys[1])), "big")
    digits = str(value % 10**FINGERPRINT_DIGITS).rjust(FINGERPRINT_DIGITS, "0")
    return " ".join(digits[i : i + 4] for i in range(0, FINGERPRINT_DIGITS, 4))


def tag(key: bytes, content: bytes) -> bytes:
    """The tag of a link's ``content`` (every byte of the link before the tag) under ``key``."""
    return hmac.new(bytes(key), _LABEL + bytes(content), hashlib.sha256).digest()[:TAG_BYTES]


def check_tag(key: bytes, content: bytes, value: bytes) -> None:
    """Refuse (:class:`LinkRefused`) unless ``value`` is the tag of ``content`` under ``key``."""
    if not hmac.compare_digest(tag(key, content), bytes(value)):
        raise changed()
