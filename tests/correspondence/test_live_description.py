"""The minimal WebRTC offer or answer (correspondence/live/description.py): its bytes and its
JSON round-trip, and nothing but what the encoder writes is accepted (issue 43: "a corrupt
offer ... gets a clear sentence and changes nothing")."""

from __future__ import annotations

import ipaddress
import uuid

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from webtabletop.correspondence.errors import MatchError
from webtabletop.correspondence.live.description import (
    ANSWER,
    MAX_BYTES,
    MAX_CANDIDATES,
    OFFER,
    TRANSPORTS,
    TYPES,
    Candidate,
    Description,
    LiveError,
    answer_to,
    check_answer,
    decode,
    encode,
    from_json,
    offer_id,
    to_json,
)

ICE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

#: what Chromium 156 gave here (headless, its default mDNS host candidates; ICE servers "none")
CHROMIUM_OFFER = {
    "kind": "offer",
    "seat": 0,
    "setup": "actpass",
    "ufrag": "7Q5H",
    "pwd": "R8Ec6c5XvSJ+q8AtZvXxmXcR",
    "fingerprint": "92:D0:9E:21:BB:2A:F0:7E:70:EE:36:AE:9F:DD:89:20:72:12:58:63:54:79:24:A7:6A:9A:BE:4A:EE:B0:F1:FA",
    "candidates": [
        {"address": "9ef861f3-2aa4-4c9f-a6d5-489220ca75a2.local", "port": 36350, "type": "host", "protocol": "udp"},
        {"address": "dbdeb904-afb5-40f0-a96d-e4f3b5729e09.local", "port": 40502, "type": "host", "protocol": "udp"},
    ],
}


def addresses():
    v4 = st.builds(lambda b: str(ipaddress.IPv4Address(b)), st.binary(min_size=4, max_size=4))
    v6 = st.builds(lambda b: ipaddress.IPv6Address(b).compressed, st.binary(min_size=16, max_size=16))
    mdns = st.builds(lambda b: f"{uuid.UUID(bytes=b)}.local", st.binary(min_size=16, max_size=16))
    return st.one_of(v4, v6, mdns)


candidates = st.builds(
    lambda address, port, kind, transport: Candidate(address, port, kind, *transport),
    addresses(),
    st.integers(1, 65535),
    st.sampled_from(TYPES),
    st.sampled_from(TRANSPORTS),
)


@st.composite
def descriptions(draw):
    kind = draw(st.sampled_from((OFFER, ANSWER)))
    return Description(
        kind,
        draw(st.integers(0, 1)),
        "actpass" if kind == OFFER else draw(st.sampled_from(("active", "passive"))),
        draw(st.text(ICE, min_size=4, max_size=32)),
        draw(st.text(ICE, min_size=22, max_size=64)),
        draw(st.binary(min_size=32, max_size=32)),
        tuple(draw(st.lists(candidates, max_size=MAX_CANDIDATES))),
        draw(st.binary(min_size=4, max_size=4)) if kind == ANSWER else None,
    )


@given(descriptions())
def test_bytes_round_trip(desc):
    data = encode(desc)
    assert decode(data) == desc
    assert len(data) <= MAX_BYTES


@given(descriptions())
def test_json_round_trip(desc):
    assert from_json(to_json(desc)) == desc


@given(descriptions(), st.data())
@settings(max_examples=200)
def test_a_cut_section_is_refused_with_a_sentence(desc, data):
    raw = encode(desc)
    cut = data.draw(st.integers(0, len(raw) - 1))
    with pytest.raises(LiveError, match="damaged"):
        decode(raw[:cut])
    with pytest.raises(LiveError, match="damaged"):
        decode(raw + b"\0")  # a byte left over


@given(descriptions(), st.data())
@settings(max_examples=300)
def test_a_changed_section_is_refused_or_reads_as_exactly_those_bytes(desc, data):
    """Any change is either refused with a LiveError (never another exception) or is another
    well-formed description whose encoding is exactly the changed bytes (one form per value)."""
    raw = bytearray(encode(desc))
    i = data.draw(st.integers(0, len(raw) - 1))
    raw[i] ^= data.draw(st.integers(1, 255))
    try:
        other = decode(bytes(raw))
    except LiveError:
        return
    assert encode(other) == bytes(raw)


@given(st.binary(max_size=MAX_BYTES + 8))
def test_any_bytes_give_a_description_or_a_live_error(raw):
    try:
        desc = decode(raw)
    except LiveError:
        return
    assert encode(desc) == raw


def test_chromiums_offer_and_its_size():
    desc = from_json(CHROMIUM_OFFER)
    assert to_json(desc) == CHROMIUM_OFFER
    # header 1, ufrag 1 + 3, password 1 + 18, fingerprint 32, count 1, two mDNS candidates 2 x 19
    assert len(encode(desc)) == 95


def test_a_newer_layout_says_so():
    raw = bytearray(encode(from_json(CHROMIUM_OFFER)))
    raw[0] |= 1 << 4
    with pytest.raises(LiveError, match="newer version"):
        decode(bytes(raw))


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.update(ufrag="ab\r\na=x"),  # a line injected into the rebuilt SDP
        lambda d: d.update(ufrag="abc"),  # shorter than ICE allows
        lambda d: d.update(pwd="x" * 65),
        lambda d: d.update(fingerprint=d["fingerprint"][:-3]),
        lambda d: d.update(fingerprint=d["fingerprint"].replace(":", "-")),
        lambda d: d.update(setup="active"),  # an offer is actpass
        lambda d: d.update(seat=True),
        lambda d: d.update(seat=2),
        lambda d: d.update(kind="pranswer"),
        lambda d: d.update(extra=1),
        lambda d: d.update(answers="00000000"),  # an offer answers nothing
        lambda d: d["candidates"][0].update(address="fe80::1%eth0"),  # a zone id
        lambda d: d["candidates"][0].update(address="example.com"),
        lambda d: d["candidates"][0].update(address="9EF861F3-2AA4-4C9F-A6D5-489220CA75A2.local"),
        lambda d: d["candidates"][0].update(port=0),
        lambda d: d["candidates"][0].update(port="80"),
        lambda d: d["candidates"][0].update(type="relayed"),
        lambda d: d["candidates"][0].update(protocol="tcp"),  # tcp needs its tcptype
        lambda d: d["candidates"][0].update(tcptype="passive"),  # and udp has none
        lambda d: d.update(candidates=d["candidates"] * 5),  # more than eight
    ],
)
def test_malformed_json_is_refused(change):
    import copy

    d = copy.deepcopy(CHROMIUM_OFFER)
    change(d)
    with pytest.raises(LiveError):
        from_json(d)


def test_addresses_are_made_canonical():
    d = {**CHROMIUM_OFFER, "candidates": [{"address": "FD00:0:0::2", "port": 9, "type": "host", "protocol": "udp"}]}
    assert from_json(d).candidates[0].address == "fd00::2"


def test_an_answer_names_its_offer_and_another_offer_is_refused():
    offer = from_json(CHROMIUM_OFFER)
    page_answer = {**CHROMIUM_OFFER, "kind": "answer", "seat": 1, "setup": "active", "ufrag": "k9Zq"}
    with pytest.raises(ValueError):
        from_json(page_answer)  # the page knows no offer id: the engine gives the offer
    answer = from_json(page_answer, offer=offer)
    assert answer.answers == offer_id(offer)
    assert from_json(to_json(answer)) == answer  # handed from tab to tab, it keeps its id
    check_answer(offer, answer)
    newer_offer = attrs.evolve(offer, ufrag="Zz99")
    with pytest.raises(LiveError, match="another invitation"):
        check_answer(newer_offer, answer)
    with pytest.raises(LiveError, match="not the answer"):
        check_answer(offer, newer_offer)
    with pytest.raises(LiveError, match="your own side"):
        check_answer(offer, attrs.evolve(answer_to(offer, answer), seat=0))
    assert issubclass(LiveError, MatchError)  # the app shows it like any refused link
