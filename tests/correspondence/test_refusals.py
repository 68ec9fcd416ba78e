"""Bad match links are refused with a clear, translated sentence, and change nothing.

Required: "altering a revealed value in a link is detected and refused"; the input boundary
(core/inputs.py): any bad input gives a clear GameError, never a crash.
"""

from __future__ import annotations

import datetime

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from webtabletop.core.errors import GameError
from webtabletop.core.registry import get_game
from webtabletop.correspondence import Match, MatchError
from webtabletop.correspondence.binary import varint
from webtabletop.correspondence.data import unpack
from webtabletop.correspondence.link import read_link
from webtabletop.correspondence.store import from_json, to_json
from webtabletop.fairplay.errors import ChainRefused
from webtabletop.fairplay.linkauth import LinkRefused

from .helpers import START, entropy, payload, play, rebuild, reread, shared_key

GAME = play("tsifrograd", {}, 0, seed=11)  # default options: the options JSON is empty


def offsets(link: str) -> dict[str, int]:
    """Where the date, the latest values and the moves lie in a link's body (default options)."""
    d = read_link(link).data
    pos = 1 + len(varint(d.rules)) + 1 + 1 + len(varint(d.days)) + len(varint(d.count))
    out = {"date": pos}
    pos += len(varint(d.date)) + 16 + len(varint(d.commitments[0].length))
    pos += 16 + len(varint(d.commitments[1].length))
    out["v1"] = pos
    out["v0"] = pos + 16
    keys = 40 if d.authenticated else 0  # both seats' link keys follow the latest values
    out["moves"] = pos + 32 + keys + len(varint(len(d.moves)))
    return out


def receiver_of(k: int) -> Match:
    """The player who receives link ``k`` (1-based), holding everything up to link ``k - 1``."""
    holder = Match.watch(GAME.links[0])  # a stored document to fill in
    seat = k % 2  # link k is sent by seat (k + 1) % 2
    player = GAME.players[seat]
    doc = to_json(player)
    snapshot = to_json(holder)
    snapshot.update(
        seat=seat,
        secret=doc["secret"],
        links=doc["links"][: k - 1],
        pending=[],
    )
    # rebuild that player's view at link k - 1 from the link itself
    before = read_link(GAME.links[k - 2]).data
    snapshot.update(
        date=before.date,
        commitments=[None if c is None else [c.head.hex(), c.length] for c in before.commitments],
        latest=[None if v is None else v.hex() for v in before.latest],
        link_keys=[None if v is None else v.hex() for v in before.link_keys],
        first=doc["first"],  # what the player holds of link 1 (the key of the tags hashes it)
    )
    return from_json(snapshot)


def refused(match: Match, link: str, message: str, error=MatchError) -> None:
    before = to_json(match)
    with pytest.raises(error, match=message):
        match.receive(link, START + datetime.timedelta(days=len(GAME.links)))
    assert to_json(match) == before


K = 12  # a link in the middle of the game


def test_the_honest_link_is_accepted():
    m = receiver_of(K)
    assert m.receive(GAME.links[K - 1]) == "newer"


def test_a_changed_byte_fails_the_checksum():
    link = GAME.links[K - 1]
    text = payload(link)
    for i in (3, len(text) // 2, len(text) - 8):
        flipped = text[:i] + ("A" if text[i] != "A" else "B") + text[i + 1 :]
        refused(receiver_of(K), link.replace(text, flipped), "not a match link")


@pytest.mark.parametrize("cut", [1, 2, 5, 20, 60])
def test_a_truncated_link_is_refused(cut):
    link = GAME.links[K - 1]
    refused(receiver_of(K), link[:-cut], "not a match link|cut short")


KEY = shared_key(GAME, GAME.links[K - 1])  # what a cheating player holds (and a carrier does not)
CHANGED = "changed after it was sent"


def test_a_changed_chain_value_is_refused_even_with_a_fresh_checksum():
    link = GAME.links[K - 1]
    at = offsets(link)
    sender_value = "v0" if K % 2 else "v1"  # link K's sender revealed this value in it

    def change(body):
        body[at[sender_value]] ^= 1

    # a carrier of the link cannot make its tag; the cheating sender can, and then
    # the chain refuses the value, naming the sender (its tag proves the link its own), and the
    # finding sticks to the match: the honest link is refused afterwards too
    refused(receiver_of(K), rebuild(link, change), CHANGED, LinkRefused)
    m = receiver_of(K)
    before = to_json(m)
    with pytest.raises(ChainRefused, match="does not match the player's commitment") as err:
        m.receive(rebuild(link, change, KEY))
    assert err.value.seat == (K + 1) % 2 and "cheated" in str(err.value)
    after = to_json(m)
    assert after.pop("finding") == {"seat": err.value.seat, "text": str(err.value)} and after == before
    with pytest.raises(MatchError, match="Cheating was detected"):
        m.receive(link)
    assert reread(m).finding == m.finding and not m.can_move and not m.can_send


@pytest.mark.parametrize("key", [None, KEY], ids=["carrier", "player"])
def test_a_changed_earlier_move_is_refused_even_with_a_fresh_checksum(key):
    link = GAME.links[K - 1]
    at = offsets(link)

    def change(body):
        body[at["moves"]] ^= 1  # the lowest digits are the first moves

    with pytest.raises(GameError) as err:
        receiver_of(K).receive(rebuild(link, change, key))
    if key is None:
        assert CHANGED in str(err.value)
    else:
        assert "changes moves that were already played" in str(err.value) or "damaged" in str(err.value)


@pytest.mark.parametrize("k", range(2, len(GAME.links) + 1))
def test_every_changed_byte_of_a_tagged_link_is_refused_as_changed(k):
    """Required: "A changed link is refused with 'this link was changed after it was sent',
    and the match is left as it was" — bytes of content from the format byte to the tag, checksum
    fixed, in each link from link 2 on (link 1 has no tag: its sender knows no other key yet).
    The format byte and the rules version are covered by the tag and checked after it, so a
    carrier who writes a newer version there is reported as a change, not as a newer app."""
    link = GAME.links[k - 1]
    n = len(unpack("tsifrograd", payload(link), get_game("tsifrograd").rules_version).tagged) - len(
        b"tsifrograd\0"
    )
    every = range(n) if k in (2, 3, K) else sorted({0, 1, n // 3, n // 2, n - 1})
    for at in every:

        def change(body, at=at):
            body[at] ^= 0x40

        refused(receiver_of(k), rebuild(link, change), CHANGED, LinkRefused)


def test_a_newer_version_is_reported_only_when_the_tag_holds_or_cannot_be_checked():
    """A link made by a newer app (its tag made over its new version bytes) says so; the same
    bytes written by a carrier (the old tag kept) are a change; a spectator, who cannot check a
    tag, is told about the newer version."""
    link = GAME.links[K - 1]
    rules = read_link(link).data.rules

    def newer_format(body):
        body[0] = 9

    def newer_rules(body):
        body[1 : 1 + len(varint(rules))] = varint(rules + 1)

    for change, said in ((newer_format, "newer version"), (newer_rules, "newer rules")):
        refused(receiver_of(K), rebuild(link, change, KEY), said)
        refused(receiver_of(K), rebuild(link, change), CHANGED, LinkRefused)
        with pytest.raises(MatchError, match=said):
            Match.watch(rebuild(link, change))


def test_a_changed_date_is_refused():
    link = GAME.links[K - 1]
    at = offsets(link)
    held = receiver_of(K)

    d = read_link(link).data.date

    def dated(days):
        def change(body):
            new = varint(d + days)
            assert len(new) == len(varint(d)) == 3
            body[at["date"] : at["date"] + 3] = new

        return change

    earlier, later = dated(-30), dated(400)  # before the link it answers; far in the future
    refused(held, rebuild(link, earlier), CHANGED, LinkRefused)  # on its way: the tag
    refused(held, rebuild(link, earlier, KEY), "date in this link is impossible")  # by its sender
    refused(held, rebuild(link, later, KEY), "date in this link is impossible")


def test_a_link_of_another_match_is_refused():
    other = play("tsifrograd", {}, 0, seed=12)
    refused(receiver_of(K), other.links[K - 1], "another match")


def test_a_link_cannot_carry_a_move_of_the_receiver():
    m = receiver_of(K)
    refused(m, GAME.links[K], "move of yours that this browser did not send")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=300))
def test_fuzz_any_text_is_refused_clearly(text):
    with pytest.raises(GameError):
        read_link(text)
    with pytest.raises(GameError):
        read_link("#/tsifrograd/m?x=" + text)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(0, len(GAME.links) - 1),
    st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 255)), max_size=4),
    st.booleans(),
)
def test_fuzz_changed_links_give_a_game_error_or_a_valid_match(k, edits, fix_checksum):
    link = GAME.links[k]

    def change(body):
        for at, value in edits:
            body[at % len(body)] = value

    if fix_checksum:
        bad = rebuild(link, change)
    else:
        raw = bytearray(payload(link).encode())
        for at, value in edits:
            raw[at % len(raw)] = b"AZaz09-_"[value % 8]
        bad = link.replace(payload(link), raw.decode())
    try:
        opened = read_link(bad)
    except GameError as exc:
        assert str(exc) and "Traceback" not in str(exc)
    else:  # an edit that still makes a valid match: it is a consistent, replayable game
        assert opened.data.count >= 1


def test_a_changed_last_turn_is_caught_by_its_sender_on_the_reply():
    """docs/fair-play.md, "What the link does not protect": the newest link's moves are not bound
    to its chain value, so a link changed on its way is accepted by the receiver; the sender's
    browser refuses the reply, which does not extend the link it sent. Link 1 (no tag) changed
    this way: the key of the joiner's tags hashes the link 1 it got, so the creator refuses its
    reply as changed on its way, blaming nobody."""
    a = Match.create(get_game("dumaraj"), None, 0, entropy("mitm/a"), START)
    forger = from_json(to_json(a))  # what a re-encoder can make: the same values, other moves
    a.play(a.state.legal_moves()[0].code)
    forger.play(forger.state.legal_moves()[1].code)
    sent, forged = a.link(START), forger.link(START)
    assert sent != forged
    b = Match.join(forged, entropy("mitm/b"), START)
    b.play(b.state.legal_moves()[0].code)
    refused(a, b.link(START), CHANGED, LinkRefused)
