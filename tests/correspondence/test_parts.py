"""A match link too long for one message travels as parts (correspondence/parts.py):
"A proof that does not fit in one link may take more dealing links: keep each link under about
2,000 characters"."""

from __future__ import annotations

import base64
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from webtabletop.core.errors import GameError
from webtabletop.correspondence import parts as P
from webtabletop.correspondence.errors import MatchError
from webtabletop.fairplay.linkauth import LinkRefused


def a_link(n_bytes: int, seed: int = 0) -> str:
    data = random.Random(seed).randbytes(n_bytes)
    return "#/sht/m?x=" + base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def test_a_short_link_is_sent_whole():
    link = a_link(1000)
    assert P.split(link) == [link]


@pytest.mark.parametrize("n_bytes", [1400, 3000, 5400, 9000])
def test_a_long_link_splits_into_parts_that_make_it_again_in_any_order(n_bytes):
    link = a_link(n_bytes, n_bytes)
    texts = P.split(link)
    assert len(texts) >= 2
    assert all(len(t) <= P.MAX_CHARS for t in texts), [len(t) for t in texts]
    assert all(P.is_part(t) and not P.is_part(link) for t in texts)
    parts = [P.read_part("https://example.org/app/" + t) for t in texts]
    order = list(range(len(parts)))
    random.Random(1).shuffle(order)
    held = []
    for k, i in enumerate(order):
        held.append(parts[i])
        whole = P.assemble(held)
        if k + 1 < len(parts):
            assert whole is None and len(P.missing(held)) == len(parts) - k - 1
        else:
            assert whole == link and P.missing(held) == []
    assert P.assemble(held + held[:1]) == link  # a part opened twice changes nothing


def test_parts_are_about_as_long_as_the_link():
    """One base64 encoding of the link's bytes, not two: the parts add ~15 bytes each."""
    link = a_link(5400)
    texts = P.split(link)
    assert sum(len(t) for t in texts) < len(link) + 60 * len(texts)


def test_parts_of_two_links_do_not_mix():
    a, b = (P.split(a_link(4000, s)) for s in (1, 2))
    with pytest.raises(MatchError, match="different match links"):
        P.assemble([P.read_part(a[0]), P.read_part(b[1])])


def test_a_changed_part_is_refused():
    texts = P.split(a_link(4000))
    parts = [P.read_part(t) for t in texts]
    # a forger who changes a part's bytes and fixes its checksum: the id no longer fits
    forged = P.Part(
        parts[0].game,
        parts[0].whole_id,
        0,
        parts[0].count,
        bytes([parts[0].chunk[0] ^ 1]) + parts[0].chunk[1:],
    )
    with pytest.raises(LinkRefused, match="changed after it was sent"):
        P.assemble([forged, *parts[1:]])
    with pytest.raises(LinkRefused, match="changed after it was sent"):
        P.assemble([forged, parts[0]])
    # an accident (a character changed): the part's checksum
    t = texts[1]
    i = len(t) // 2
    with pytest.raises(MatchError, match="not a part"):
        P.read_part(t[:i] + ("A" if t[i] != "A" else "B") + t[i + 1 :])


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=400))
def test_fuzz_any_text_is_refused_clearly(text):
    for candidate in (text, "#/sht/m?p=" + text):
        with pytest.raises(GameError):
            P.read_part(candidate)
