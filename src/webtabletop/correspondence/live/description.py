"""A WebRTC offer or answer reduced to what must travel, in JSON and in a match link's bytes.

Only four things of an SDP offer or answer must reach the other browser for a data channel to
open: the ICE user fragment and password, the DTLS certificate's fingerprint (with the setup role)
and the candidates (webrtcHacks, "The minimum viable SDP"; fippo/sdp-minimizer). Everything else
is the same in every data-channel description, and ``web/livesdp.mjs`` (``expand``) writes it
back. This module holds that minimal form (:class:`Description`), its JSON (:func:`from_json`,
:func:`to_json`: what the page's module makes and takes) and its binary layout (:func:`encode`,
:func:`decode`), which a match link carries as its optional live section (link 1 the offer, link 2
the answer; later links a new offer or answer to reconnect)::

    byte    bit 0 the kind (0 offer, 1 answer); bit 1 the sender's match seat; bits 2-3 the DTLS
            setup role (0 actpass, 1 active, 2 passive: an offer is actpass, an answer is not);
            bits 4-7 the layout version (0; a higher one was written by a newer app)
    (an answer) 4 B  the id of the offer it answers (:func:`offer_id`)
    byte    the ICE user fragment's length (4..32 characters), then its characters, 6 bits each
            (ICE's characters are exactly the base64 alphabet), packed from the high bit, the
            last byte's unused low bits zero
    byte    the ICE password's length (22..64), then its characters, packed the same way
    32 B    the SHA-256 fingerprint of the sender's DTLS certificate
    byte    how many candidates (0..8), then each:
        byte    bits 0-1 the address's form (0 IPv4, 1 IPv6, 2 an mDNS name ``<uuid>.local``);
                bits 2-3 the type (host, srflx, prflx, relay); bits 4-5 the transport (0 udp,
                1 tcp passive, 2 tcp active, 3 tcp simultaneous-open); bits 6-7 zero
        4/16/16 B the address (an mDNS name as the 16 bytes of its UUID, written back in lower case)
        2 B     the port, big-endian, 1..65535

An offer with two mDNS host candidates (Chromium's default) takes 95 bytes (57 before its
candidates), 96 with its length in the link; the characters each link gains are measured in
``docs/live-play.md``.

**Strict both ways.** :func:`decode` accepts only what :func:`encode` writes (every length, kind,
role, form and reserved bit checked; no byte left over), and :func:`from_json` only well-formed
values: so no text can reach the rebuilt SDP but ICE characters, hex digits, addresses and
numbers. Anything else is a :class:`LiveError` with one clear sentence.

**Which answer.** An answer carries the id of the offer it answers, so the browser that made the
offer refuses an answer to another one (an older invitation, another tab's offer, an offer a
carrier swapped into an untagged link 1) with :func:`check_answer`.
"""

from __future__ import annotations

import ipaddress
import re
import uuid
from typing import Any

import attrs

from webtabletop.correspondence.binary import Reader
from webtabletop.correspondence.errors import MatchError, known
from webtabletop.fairplay.kdf import digest
from webtabletop.i18n import _

OFFER, ANSWER = "offer", "answer"
KINDS = (OFFER, ANSWER)
SETUPS = ("actpass", "active", "passive")
TYPES = ("host", "srflx", "prflx", "relay")
#: the transports, as (protocol, tcptype)
TRANSPORTS = (("udp", None), ("tcp", "passive"), ("tcp", "active"), ("tcp", "so"))
IPV4, IPV6, MDNS = 0, 1, 2
VERSION = 0
FINGERPRINT_BYTES = 32
OFFER_ID_BYTES = 4
UFRAG_LENGTHS = (4, 32)
PWD_LENGTHS = (22, 64)
MAX_CANDIDATES = 8
#: the longest section :func:`encode` writes (an answer with eight IPv6 or mDNS candidates)
MAX_BYTES = 1 + OFFER_ID_BYTES + 1 + 24 + 1 + 48 + FINGERPRINT_BYTES + 1 + MAX_CANDIDATES * 19

_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_ICE_CHARS = re.compile(r"[A-Za-z0-9+/]+")
_FINGERPRINT = re.compile(r"([0-9A-Fa-f]{2}:){31}[0-9A-Fa-f]{2}")
_MDNS = re.compile(r"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.local")


class LiveError(MatchError):
    """Live-play data that cannot be used: damaged, from a newer app, or an answer to another offer."""


def _damaged() -> LiveError:
    return LiveError(_("The live-play part of this match link is damaged."))


@attrs.frozen
class Candidate:
    """One ICE candidate that travels: where the other browser may reach this one."""

    address: str  # an IPv4 or IPv6 address in its canonical text, or ``<uuid>.local``
    port: int
    type: str = "host"
    protocol: str = "udp"
    tcptype: str | None = None

    @property
    def form(self) -> int:
        if _MDNS.fullmatch(self.address):
            return MDNS
        return IPV4 if ipaddress.ip_address(self.address).version == 4 else IPV6


@attrs.frozen
class Description:
    """An offer or an answer in its minimal form. ``answers``: the id of the offer an answer
    answers (None in an offer). ``fingerprint``: the 32 bytes of the SHA-256 fingerprint."""

    kind: str
    seat: int
    setup: str
    ufrag: str
    pwd: str
    fingerprint: bytes
    candidates: tuple[Candidate, ...] = ()
    answers: bytes | None = None


# --- binary -------------------------------------------------------------------------------------


def _pack_chars(text: str) -> bytes:
    bits = 0
    for ch in text:
        bits = bits << 6 | _B64.index(ch)
    pad = -6 * len(text) % 8
    return (bits << pad).to_bytes((6 * len(text) + pad) // 8, "big")


def _unpack_chars(r: Reader, lengths: tuple[int, int]) -> str:
    n = r.byte()
    if not lengths[0] <= n <= lengths[1]:
        raise _damaged()
    pad = -6 * n % 8
    raw = r.take((6 * n + pad) // 8)
    bits = int.from_bytes(raw, "big")
    if bits & ((1 << pad) - 1):
        raise _damaged()
    bits >>= pad
    return "".join(_B64[bits >> 6 * (n - 1 - i) & 63] for i in range(n))


def encode(desc: Description) -> bytes:
    """The section's bytes (``desc`` as :func:`from_json` or :func:`decode` made it)."""
    _check(desc)
    out = bytearray([KINDS.index(desc.kind) | desc.seat << 1 | SETUPS.index(desc.setup) << 2 | VERSION << 4])
    if desc.kind == ANSWER:
        out += known(desc.answers)  # every answer names the offer it answers (_check)
    for text in (desc.ufrag, desc.pwd):
        out.append(len(text))
        out += _pack_chars(text)
    out += desc.fingerprint
    out.append(len(desc.candidates))
    for c in desc.candidates:
        form = c.form
        out.append(form | TYPES.index(c.type) << 2 | TRANSPORTS.index((c.protocol, c.tcptype)) << 4)
        if form == MDNS:
            out += uuid.UUID(c.address[: -len(".local")]).bytes
        else:
            out += ipaddress.ip_address(c.address).packed
        out += c.port.to_bytes(2, "big")
    return bytes(out)


def decode(data: bytes) -> Description:
    """The description in a section's bytes, or :class:`LiveError` (damaged, or made by a newer
    app). Accepts exactly what :func:`encode` writes."""
    if not isinstance(data, (bytes, bytearray)) or not 0 < len(data) <= MAX_BYTES:
        raise _damaged()
    r = Reader(bytes(data))
    try:
        head = r.byte()
        if head >> 4 != VERSION:
            raise LiveError(
                _("This link's live-play part was made by a newer version of the app: reload the page to update it.")
            )
        kind, seat, setup = KINDS[head & 1], head >> 1 & 1, head >> 2 & 3
        if setup == 3 or (kind == OFFER) != (setup == 0):
            raise _damaged()
        answers = r.take(OFFER_ID_BYTES) if kind == ANSWER else None
        ufrag = _unpack_chars(r, UFRAG_LENGTHS)
        pwd = _unpack_chars(r, PWD_LENGTHS)
        fingerprint = r.take(FINGERPRINT_BYTES)
        count = r.byte()
        if count > MAX_CANDIDATES:
            raise _damaged()
        candidates = tuple(_candidate(r) for _ in range(count))
    except MatchError as exc:
        if isinstance(exc, LiveError):
            raise
        raise _damaged() from None  # the bytes ran out
    if r.pos != len(r.data):
        raise _damaged()
    return Description(kind, seat, SETUPS[setup], ufrag, pwd, fingerprint, candidates, answers)


def _candidate(r: Reader) -> Candidate:
    head = r.byte()
    form, kind, transport = head & 3, head >> 2 & 3, head >> 4 & 3
    if form == 3 or head >> 6:
        raise _damaged()
    if form == MDNS:
        address = f"{uuid.UUID(bytes=r.take(16))}.local"
    else:
        raw = r.take(4 if form == IPV4 else 16)
        address = str(ipaddress.ip_address(raw)) if form == IPV4 else ipaddress.IPv6Address(raw).compressed
    port = int.from_bytes(r.take(2), "big")
    if port == 0:
        raise _damaged()
    protocol, tcptype = TRANSPORTS[transport]
    return Candidate(address, port, TYPES[kind], protocol, tcptype)


# --- JSON (web/livesdp.mjs: minimize, expand) -----------------------------------------------------


def _refused() -> LiveError:
    return LiveError(_("This browser described its live connection in a form this app cannot send."))


def from_json(obj: Any, offer: Description | None = None) -> Description:
    """A description from the page's JSON (``web/livesdp.mjs``: ``minimize``), checked
    field by field; :class:`LiveError` for anything malformed. Addresses are brought to their
    canonical text (lower case, IPv6 compressed). The page does not know offer ids: an answer
    without ``answers`` is made the answer to ``offer`` (:func:`answer_to`), which must then be
    given; one with it (JSON that :func:`to_json` wrote) keeps its own."""
    if not isinstance(obj, dict):
        raise _refused()
    keys = {"kind", "seat", "setup", "ufrag", "pwd", "fingerprint", "candidates"}
    if set(obj) != keys | ({"answers"} & set(obj)) or (obj.get("kind") != ANSWER and "answers" in obj):
        raise _refused()
    fingerprint = obj["fingerprint"]
    answers = obj.get("answers")
    if obj["kind"] == ANSWER and answers is None:
        if offer is None:
            raise ValueError("an answer from the page needs the offer it answers")
        answers = offer_id(offer).hex()
    if not isinstance(fingerprint, str) or not _FINGERPRINT.fullmatch(fingerprint):
        raise _refused()
    if answers is not None and not (isinstance(answers, str) and re.fullmatch(r"[0-9a-f]{8}", answers)):
        raise _refused()
    cands = obj["candidates"]
    if not isinstance(cands, list) or len(cands) > MAX_CANDIDATES:
        raise _refused()
    desc = Description(
        obj["kind"],
        obj["seat"],
        obj["setup"],
        obj["ufrag"],
        obj["pwd"],
        bytes.fromhex(fingerprint.replace(":", "")),
        tuple(_candidate_json(c) for c in cands),
        None if answers is None else bytes.fromhex(answers),
    )
    _check(desc)
    return desc


def _candidate_json(c: Any) -> Candidate:
    if not isinstance(c, dict) or not {"address", "port", "type", "protocol"} <= set(c) <= {
        "address",
        "port",
        "type",
        "protocol",
        "tcptype",
    }:
        raise _refused()
    address, port, tcptype = c["address"], c["port"], c.get("tcptype")
    if not isinstance(address, str) or type(port) is not int or not 1 <= port <= 65535:
        raise _refused()
    if (c["protocol"], tcptype) not in TRANSPORTS or c["type"] not in TYPES:
        raise _refused()
    if not _MDNS.fullmatch(address):
        try:
            if "%" in address:  # a zone id names an interface of the sender's machine only
                raise ValueError(address)
            ip = ipaddress.ip_address(address)
        except ValueError:
            raise _refused() from None
        address = str(ip) if ip.version == 4 else ip.compressed
    return Candidate(address, port, c["type"], c["protocol"], tcptype)


def to_json(desc: Description) -> dict[str, Any]:
    """The page's JSON for ``desc`` (what ``web/livesdp.mjs`` ``expand`` takes)."""
    out: dict[str, Any] = {
        "kind": desc.kind,
        "seat": desc.seat,
        "setup": desc.setup,
        "ufrag": desc.ufrag,
        "pwd": desc.pwd,
        "fingerprint": ":".join(f"{b:02X}" for b in desc.fingerprint),
        "candidates": [
            {"address": c.address, "port": c.port, "type": c.type, "protocol": c.protocol}
            | ({"tcptype": c.tcptype} if c.tcptype else {})
            for c in desc.candidates
        ],
    }
    if desc.answers is not None:
        out["answers"] = desc.answers.hex()
    return out


def _check(desc: Description) -> None:
    """Every field in range, or :class:`LiveError` (a description built by hand, or from JSON)."""
    ok = (
        desc.kind in KINDS
        and type(desc.seat) is int
        and desc.seat in (0, 1)
        and desc.setup in SETUPS
        and (desc.kind == OFFER) == (desc.setup == "actpass")
        and all(
            isinstance(text, str) and _ICE_CHARS.fullmatch(text) and lo <= len(text) <= hi
            for text, (lo, hi) in ((desc.ufrag, UFRAG_LENGTHS), (desc.pwd, PWD_LENGTHS))
        )
        and isinstance(desc.fingerprint, bytes)
        and len(desc.fingerprint) == FINGERPRINT_BYTES
        and (desc.answers is None) == (desc.kind == OFFER)
        and (desc.answers is None or (isinstance(desc.answers, bytes) and len(desc.answers) == OFFER_ID_BYTES))
        and len(desc.candidates) <= MAX_CANDIDATES
        and all(_candidate_ok(c) for c in desc.candidates)
    )
    if not ok:
        raise _refused()


def _candidate_ok(c: Candidate) -> bool:
    if c.type not in TYPES or (c.protocol, c.tcptype) not in TRANSPORTS:
        return False
    if type(c.port) is not int or not 1 <= c.port <= 65535 or not isinstance(c.address, str):
        return False
    if _MDNS.fullmatch(c.address):
        return True
    try:
        ip = ipaddress.ip_address(c.address)
    except ValueError:
        return False
    return c.address == (str(ip) if ip.version == 4 else ip.compressed)


# --- which answer -------------------------------------------------------------------------------


def offer_id(offer: Description) -> bytes:
    """The 4-byte id of an offer (of its bytes: its credentials, fingerprint and candidates),
    which the answer to it carries."""
    if offer.kind != OFFER:
        raise ValueError("only an offer has an offer id")
    return digest("live-offer", encode(offer))[:OFFER_ID_BYTES]


def answer_to(offer: Description, answer: Description) -> Description:
    """``answer`` (as the page made it, with or without an ``answers`` id) marked as the answer
    to ``offer``."""
    return attrs.evolve(answer, answers=offer_id(offer))


def check_answer(offer: Description, answer: Description) -> None:
    """Refuse (:class:`LiveError`) what is not the other player's answer to ``offer``: an offer
    where an answer was awaited, an answer from the same seat, or an answer to another offer."""
    if answer.kind != ANSWER:
        raise LiveError(_("This link carries an offer to play live, not the answer to yours."))
    if answer.seat == offer.seat:
        raise LiveError(_("This live answer comes from your own side of the match, not from your friend."))
    if answer.answers != offer_id(offer):
        raise LiveError(
            _(
                "This live answer is for another invitation to play live (an older one, or one made in another tab): nothing changed, and the game goes on by links."
            )
        )
