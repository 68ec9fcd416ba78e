"""A carrier of links (a messenger, a chat a link was forwarded to) changes a link on its way.

Required: "Anyone who carries a link can rewrite: the last turn; deck messages 2 and 3; HTT's
link-2 commitments; CardGO's future-draw commitments; the final secrets link" — "A changed link is
refused with 'this link was changed after it was sent', and the match is left as it was."

Each test plays a real match through the project's match code (``helpers.play``), keeps the
receiving browser's stored document from just before the link arrives, and replaces only the
carrier's step: bytes of the link changed (its checksum made again, as a deliberate forger does;
the tag kept, since a carrier cannot make one). The receiver refuses each at once, with that
sentence, and its stored document stays byte for byte the same. SHT's long links travel as parts:
a changed part is refused when the parts are put together, or, when the carrier also makes the
parts' id again, by the whole link's tag.
"""

from __future__ import annotations

import base64
import zlib

import pytest

from webtabletop.core.registry import get_game
from webtabletop.correspondence import parts as P
from webtabletop.correspondence.data import unpack
from webtabletop.correspondence.store import from_json, to_json
from webtabletop.fairplay.linkauth import TAG_BYTES, LinkRefused

from .helpers import payload, play, rebuild

CHANGED = "changed after it was sent"


class Enough(Exception):
    pass


def before_each_link(game_id: str, options, side: int, seed: int, last: int, **kw):
    """Links 1..``last`` of a match and, for each link k ≥ 2, its receiver's stored document just
    before it arrived (the sender of link k − 1, right after sending it)."""
    links: list[str] = []
    held: dict[int, dict] = {}

    def each(current, other, spectator, link):
        links.append(link)
        held[len(links) + 1] = to_json(current)
        if len(links) >= last:
            raise Enough

    with pytest.raises(Enough):
        play(game_id, options, side, seed, each=each, **kw)
    return links, held


def body_of(link: str) -> bytes:
    """The link's bytes before its checksum (the tag at the end)."""
    raw = base64.urlsafe_b64decode(payload(link) + "=" * (-len(payload(link)) % 4))
    return raw[:-4]


def section_span(link: str) -> range:
    """Where the link's fair-play section lies in its body (before the tag)."""
    game = link.split("/")[1]
    fair = unpack(game, payload(link), get_game(game).rules_version).data.fair
    body = body_of(link)
    at = body.find(fair)
    assert fair and at > 0
    return range(at, at + len(fair))


def flipped(link: str, at: int, bit: int = 0x01) -> str:
    """``link`` with byte ``at`` of its body changed; the checksum made again, the tag kept (a
    byte of the tag itself when ``at`` points into it)."""
    n = len(body_of(link)) - TAG_BYTES
    if at < n:

        def change(body):
            body[at] ^= bit

        return rebuild(link, change)
    game = link.split("/")[1]
    body = bytearray(body_of(link))
    body[at] ^= bit
    crc = zlib.crc32(b"webtabletop-match/" + game.encode() + bytes(body)) & 0xFFFFFFFF
    text = base64.urlsafe_b64encode(bytes(body) + crc.to_bytes(4, "little")).rstrip(b"=").decode()
    return link.split("?x=", 1)[0] + "?x=" + text


def refused_unchanged(doc: dict, links) -> None:
    """Each of ``links`` is refused as changed by the browser stored as ``doc``, which keeps its
    stored document exactly (one browser for all: a refused link changes nothing)."""
    receiver = from_json(doc)
    before = to_json(receiver)
    assert before == doc
    for bad in links:
        with pytest.raises(LinkRefused, match=CHANGED):
            receiver.receive(bad)
        assert to_json(receiver) == before


def positions(link: str, extra: range = range(0), step: int = 1) -> list[int]:
    """Bytes to change: the header's (format, rules version, options, flags…), every ``step``-th
    byte of the rest, the bytes of ``extra``, and the tag's."""
    n = len(body_of(link))
    return sorted({*range(min(8, n)), *range(0, n, step), *extra, *range(n - TAG_BYTES, n)})


# --- SHT: the second dealing link (the final deck and its proof, in parts), link 3 and 4 -----------

SHT_LINKS, SHT_HELD = before_each_link("sht", {}, 0, 21, last=4)


@pytest.mark.parametrize("k", [2, 3, 4])
def test_sht_dealing_and_share_links_changed_on_their_way(k):
    """Link 2 holds dealing message 2 (the final deck, its proof of shuffle), links 3 and 4 the
    shares that open each hand: any byte changed, the section's included, is refused at once."""
    link = SHT_LINKS[k - 1]
    step = 53 if k == 2 else 1
    span = section_span(link)
    inside = range(span.start, span.stop, 7 if k == 2 else 1)
    refused_unchanged(SHT_HELD[k], [flipped(link, at) for at in positions(link, inside, step)])


def _part_text(game: str, part: P.Part) -> str:
    body = bytes([P.FORMAT]) + part.whole_id + bytes([part.index << 4 | part.count]) + part.chunk
    crc = zlib.crc32(b"webtabletop-part/" + game.encode() + body) & 0xFFFFFFFF
    text = base64.urlsafe_b64encode(body + crc.to_bytes(4, "little")).rstrip(b"=").decode()
    return f"#/{game}/m?{P.PART_PARAM}={text}"


@pytest.mark.parametrize("k", [1, 2])
def test_sht_parts_changed_on_their_way(k):
    """The dealing links travel as parts. A part whose bytes changed (its own checksum made
    again) no longer makes the link its id names; a carrier who makes everything again but the
    tag (the link's checksum, the parts' id and checksums) gets a whole link that its tag
    refuses. Either way: "changed after it was sent", and the receiver of link 2 keeps its match
    (link 1 has no tag: its proof of shuffle refuses a changed deck, test_sht_cheater)."""
    link = SHT_LINKS[k - 1]
    texts = P.split(link)
    assert len(texts) >= 4
    parts = [P.read_part(t) for t in texts]
    size = len(parts[0].chunk)
    forged_links = []
    for i, part in enumerate(parts):
        for at in (0, len(part.chunk) // 2, len(part.chunk) - 1):
            chunk = bytearray(part.chunk)
            chunk[at] ^= 0x10
            changed = P.Part(part.game, part.whole_id, i, part.count, bytes(chunk))
            again = P.read_part(_part_text("sht", changed))  # its own checksum made again
            with pytest.raises(LinkRefused, match=CHANGED):
                P.assemble([*parts[:i], again, *parts[i + 1 :]])
            with pytest.raises(LinkRefused, match=CHANGED):  # the honest part and its changed copy
                P.assemble([part, again])
            where = i * size + at
            if where < len(body_of(link)):  # a byte of the link itself (not its checksum)
                remade = [P.read_part(t) for t in P.split(flipped(link, where, 0x10))]
                forged_links.append(P.assemble(remade))
    assert len(forged_links) >= 3 * len(parts) - 1
    if k == 2:
        refused_unchanged(SHT_HELD[2], forged_links)


# --- HTT: link 2's commitments (the joiner's hand draw, the creator's) ---------------------------

HTT_OWN = {"own_deck": True}


@pytest.mark.parametrize("options", [{}, HTT_OWN], ids=["dealt", "own deck"])
def test_htt_link_2_commitments_changed_on_their_way(options):
    from tests.correspondence.test_htt import hand

    hands = (hand(44), hand(45)) if options else None  # a dealt table deals both hands
    links, held = before_each_link("htt", options, 0, 22, last=2, hands=hands)
    link = links[1]
    refused_unchanged(held[2], [flipped(link, at) for at in positions(link, section_span(link))])


# --- CardGO: the future-draw commitments of a link in the middle of the game -----------------------


def test_cardgo_future_draw_commitments_changed_on_their_way():
    links, held = before_each_link("cardgo", {"size": 5}, 0, 23, last=9)
    for k in (2, 9):  # the joiner's hand commitments; a link with placed cards and new commitments
        link = links[k - 1]
        refused_unchanged(held[k], [flipped(link, at) for at in positions(link, section_span(link))])


# --- DumaRaj: a link with moves, every byte ----------------------------------------------------


def test_dumaraj_link_changed_on_their_way():
    links, held = before_each_link("dumaraj", {}, 0, 24, last=12)
    for k in (2, 12):
        link = links[k - 1]
        refused_unchanged(held[k], [flipped(link, at) for at in positions(link)])
