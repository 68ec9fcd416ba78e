"""Live play's signalling in the match links (docs/live-play.md): link 1 carries the creator's
offer, link 2 the joiner's answer, the latest link sent again a new offer or answer to reconnect
(issue 43: "Signalling rides on the links we already send"). A link without a live section is
what it always was; one with it is covered by the tag; a damaged, stale or foreign one gets a
clear sentence and changes nothing."""

from __future__ import annotations

import base64
import random

import attrs
import pytest

from webtabletop.core.registry import get_game
from webtabletop.correspondence import NEWER, OLDER, SAME, Match
from webtabletop.correspondence.data import LIVE_FLAG, first_link, pack, unpack, without_live
from webtabletop.correspondence.errors import MatchError
from webtabletop.correspondence.link import read_link
from webtabletop.correspondence.live.description import (
    Candidate,
    Description,
    LiveError,
    answer_to,
    check_answer,
    encode,
)
from webtabletop.correspondence.store import from_json, to_json
from webtabletop.fairplay.linkauth import LinkRefused

from .helpers import START, entropy, payload, rebuild

GAMES = ["tsifrograd", "dumaraj", "sht", "htt", "cardgo"]
HOSTS = (
    Candidate("9ef861f3-2aa4-4c9f-a6d5-489220ca75a2.local", 36350),
    Candidate("dbdeb904-afb5-40f0-a96d-e4f3b5729e09.local", 40502),
    Candidate("203.0.113.7", 36350, "srflx"),
)


def offer(seat: int, ufrag: str = "7Q5H") -> Description:
    return Description("offer", seat, "actpass", ufrag, "R8Ec6c5XvSJ+q8AtZvXxmXcR", bytes(range(32)), HOSTS)


def answer(seat: int, to: Description) -> Description:
    mine = Description("answer", seat, "active", "k9Zq", "h1Ak0Bq4dNW8hjS/0Yy9Ne3c", bytes(range(1, 33)), HOSTS[:2])
    return answer_to(to, mine)


def turn(match: Match, rnd: random.Random) -> None:
    while match.can_move:
        match.play(rnd.choice(list(match.state.legal_moves())).code)


def body(link: str) -> bytes:
    """The link's bytes before its checksum."""
    p = payload(link)
    return base64.urlsafe_b64decode(p + "=" * (-len(p) % 4))[:-4]


def fmt(link: str) -> int:
    return body(link)[0]


def flags(link: str) -> int:
    """The flags byte (after the format, the rules version and the options' length: no options)."""
    b = body(link)
    assert b[2] == 0
    return b[3]


@attrs.define
class Start:
    a: Match
    b: Match
    links: list[str]
    offer: Description
    answer: Description


def start(game_id: str) -> Start:
    """Links 1 (with the creator's offer) and 2 (with the joiner's answer), received."""
    rnd = random.Random(3)
    a = Match.create(get_game(game_id), None, 0, entropy(f"live/{game_id}/a"), START)
    turn(a, rnd)
    plain1 = a.link(START)
    o = offer(0)
    link1 = a.carry_live(o)
    assert a.latest_link == link1  # sending link 1 again carries the offer too
    b = Match.join(link1, entropy(f"live/{game_id}/b"), START)
    assert b.data.live == o
    turn(b, rnd)
    plain2 = b.link(START)
    assert b.data.live is None  # a new link drops the offer it answered
    ans = answer(1, o)
    link2 = b.carry_live(ans)
    assert a.receive(link2, START) == NEWER and a.live_received == ans
    check_answer(o, a.live_received)
    return Start(a, b, [plain1, link1, plain2, link2], o, ans)


@pytest.mark.parametrize("game_id", GAMES)
def test_offer_in_link_1_and_answer_in_link_2_in_every_game(game_id):
    s = start(game_id)
    plain1, link1, plain2, link2 = s.links
    sectioned = get_game(game_id).cards is not None
    # one format family: 5 (6 with hidden cards) with or without a live section, which flag
    # bit 7 announces; a link without it is byte for byte the plain link
    assert fmt(plain1) == fmt(plain2) == fmt(link1) == fmt(link2) == (6 if sectioned else 5)
    assert not flags(plain1) & LIVE_FLAG and not flags(plain2) & LIVE_FLAG
    assert flags(link1) & LIVE_FLAG and flags(link2) & LIVE_FLAG
    assert body(plain1) == without_live(game_id, body(link1))
    assert first_link(game_id, body(plain1)) == first_link(game_id, body(link1))
    # what the section costs: its bytes and a length byte, in base64 (4 characters per 3 bytes)
    for plain, live, desc in ((plain1, link1, s.offer), (plain2, link2, s.answer)):
        added = len(live) - len(plain)
        assert abs(added - (len(encode(desc)) + 1) * 4 / 3) <= 2, (game_id, added)
    # the next link carries none, and its receiver has nothing live to act on
    rnd = random.Random(5)
    turn(s.a, rnd)
    link3 = s.a.link(START)
    assert not flags(link3) & LIVE_FLAG and read_link(link3).data.live is None
    assert s.b.receive(link3, START) == NEWER and s.b.live_received is None


@pytest.mark.parametrize("game_id", ["tsifrograd", "sht"])
def test_reconnect_by_the_latest_link_each_way(game_id):
    """Either player sends the latest link again with a new offer; the other answers on the
    same link: both are SAME links (nothing moves), and each side gets the other's part."""
    s = start(game_id)
    again = offer(1, "Re2n")
    link = s.b.carry_live(again)  # seat 1 re-sends link 2, which it made, with an offer
    assert s.a.receive(link, START) == SAME and s.a.live_received == again
    reply = answer(0, again)
    back = s.a.carry_live(reply)
    assert s.b.receive(back, START) == SAME and s.b.live_received == reply
    check_answer(again, s.b.live_received)
    assert s.a.data.moves == s.b.data.moves  # both on the same position


def test_a_stale_answer_and_an_older_link_change_nothing():
    s = start("tsifrograd")
    newer = offer(0, "Nw01")
    with pytest.raises(LiveError, match="another invitation"):
        check_answer(newer, s.a.live_received)  # the creator made a new offer meanwhile
    before = to_json(s.a)
    assert s.a.receive(s.links[1], START) == OLDER and s.a.live_received is None
    assert to_json(s.a) == before


def test_a_changed_section_is_refused():
    s = start("tsifrograd")
    link1, link2 = s.links[1], s.links[3]
    at = bytes(base64.urlsafe_b64decode(payload(link2) + "==")).find(encode(s.answer))
    assert at > 0

    def flip(body):
        body[at + 10] ^= 1  # a byte of the ICE password

    # a carrier cannot make the tag again: refused as changed, the match as it was
    before = to_json(s.a)
    s.a.receive(s.links[1], START)
    with pytest.raises(LinkRefused, match="changed after it was sent"):
        s.a.receive(rebuild(link2, flip), START)
    assert to_json(s.a) == before
    # a cheating player can: a section its own app never writes is refused as damaged
    key = s.a.mac_key(read_link(link2).data)
    last = at + len(encode(s.answer)) - 19  # the last candidate's first byte (an mDNS name)
    bad = rebuild(link2, lambda body: body.__setitem__(last, body[last] | 0xC0), key)  # reserved bits
    with pytest.raises(LiveError, match="live-play part of this match link is damaged"):
        s.a.receive(bad, START)
    # link 1 has no tag (only its checksum): a section changed by hand is damaged or newer
    at1 = bytes(base64.urlsafe_b64decode(payload(link1) + "==")).find(encode(s.offer))
    with pytest.raises(LiveError, match="damaged"):
        Match.join(rebuild(link1, lambda body: body.__setitem__(at1 + 1, 200)), entropy("x"), START)
    with pytest.raises(LiveError, match="newer version"):
        read_link(rebuild(link1, lambda body: body.__setitem__(at1, body[at1] | 0x10)))


def test_only_a_player_carries_live_and_storage_ignores_it():
    s = start("tsifrograd")
    spectator = Match.watch(s.links[3])
    assert spectator.data.live == s.answer  # anyone may read it; only the players use it
    with pytest.raises(MatchError):
        spectator.carry_live(offer(0))
    with pytest.raises(ValueError):
        s.a.carry_live(offer(1))  # a seat's part carries its own seat
    back = from_json(to_json(s.a))  # a reload: the connection it described is gone with the tab
    assert back.data == s.a.data and back.data.live is None


def test_the_section_is_read_under_the_tag_and_needs_an_authenticated_match():
    s = start("tsifrograd")
    u = unpack("tsifrograd", payload(s.links[3]), get_game("tsifrograd").rules_version)
    assert u.data.live == s.answer and u.tag is not None
    for old in (
        attrs.evolve(s.a.data, link_keys=(None, None), live=s.offer),  # formats 1 and 2
        attrs.evolve(s.a.data, bound=False, live=s.offer),  # formats 3 and 4
    ):
        with pytest.raises(ValueError):
            pack(old, (0, 0))
