"""Live play through the app controller (docs/live-play.md): two pages exchange link 1 (with the
offer) and link 2 (with the answer) by hand, then a stand-in for the two pages' channels
(:class:`Wire`: what web/liveplay.mjs does with the engine's ``live`` ops) carries every later
text, and each game is played to its end with no link passed by hand. Faults (duplicates,
reordering, a dropped channel), a forged text on the channel, and bad answers are refused with
the links' own sentences and change nothing."""

from __future__ import annotations

import random

import pytest

from tests.app.harness import Page
from tests.app.test_match_flow import fixed_day, fixed_secrets, open_link, send, shared_link  # noqa: F401 (fixtures)
from webtabletop.app.match.store import MATCH_PREFIX

GAMES = {
    "tsifrograd": {"radius": "2"},
    "dumaraj": {},
    "htt": {},
    "cardgo": {"size": "5", "start_time": "15"},
    "sht": {"first_player": "first"},
}


def desc(kind: str, seat: int, ufrag: str) -> dict:
    """A minimal description as web/livesdp.mjs makes it (an answer without its offer's id)."""
    return {
        "kind": kind,
        "seat": seat,
        "setup": "actpass" if kind == "offer" else "passive",
        "ufrag": ufrag,
        "pwd": "R8Ec6c5XvSJ+q8AtZvXxmXcR",
        "fingerprint": ":".join(["AB"] * 32),
        "candidates": [{"address": "9ef861f3-2aa4-4c9f-a6d5-489220ca75a2.local", "port": 5000 + seat, "type": "host", "protocol": "udp"}],
    }


class Wire:
    """The two pages' channels: answers the engine's ops as web/liveplay.mjs does, and carries
    ``send`` texts to the other page once both are open. ``faults``: a function that gets the
    list of texts in flight and may duplicate, reorder or drop them."""

    def __init__(self, a: Page, b: Page, faults=None) -> None:
        self.pages = (a, b)
        self.peer: dict[int, tuple[str, int]] = {}  # page index -> (key, peer)
        self.accepted = False
        self.open = False
        self.flight: list[tuple[int, str]] = []
        self.faults = faults
        self.ops: list[tuple[int, dict]] = []
        self.sent = 0

    def send(self, i: int, action: dict) -> dict:
        resp = self.pages[i].send(action)
        self.take(i, resp)
        return resp

    def take(self, i: int, resp: dict) -> None:
        for op in resp.get("live") or []:
            self.ops.append((i, op))
            self.run(i, op)

    def run(self, i: int, op: dict) -> None:
        kind = op["op"]
        if kind in ("offer", "answer"):
            self.peer[i] = (op["key"], op["peer"])
            self.open = False
            made = desc(kind, op["seat"], f"u{i}{op['peer']:03d}"[-8:].ljust(4, "x"))
            self.send(i, {"type": "live", "event": "described", "key": op["key"], "peer": op["peer"], "desc": made})
        elif kind == "accept":
            self.connect()
        elif kind == "send" and self.open:
            self.flight.append((1 - i, op["text"]))
            self.sent += 1
        elif kind == "close":
            self.drop()

    def connect(self) -> None:
        self.open = True
        for i in (0, 1):
            key, peer = self.peer[i]
            self.send(i, {"type": "live", "event": "state", "key": key, "peer": peer, "state": "open"})

    def drop(self) -> None:
        if not self.open:
            return
        self.open = False
        self.flight = []
        for i in (0, 1):
            key, peer = self.peer[i]
            self.send(i, {"type": "live", "event": "state", "key": key, "peer": peer, "state": "closed"})

    def deliver(self) -> None:
        while self.flight:
            if self.faults is not None:
                self.flight = self.faults(self.flight)
                if not self.flight:
                    return
            i, text = self.flight.pop(0)
            key, peer = self.peer[i]
            self.send(i, {"type": "live", "event": "message", "key": key, "peer": peer, "text": text})


def shared(page: Page) -> str:
    """The link in the Share window (a link in parts: every part, one per line)."""
    return shared_link(page)


def om(page: Page):
    return page.state.match_open


def start(game: str, options: dict) -> tuple[Page, Page, Wire]:
    """A invites B to play live: link 1 with the offer, B joins (its browser answers), link 2
    with the answer; A opens it and the channel opens."""
    a = Page(hash_=f"#/{game}/new?mode=link")
    b = Page()
    wire = Wire(a, b)
    wire.send(0, {"type": "form", "name": "new-game", "data": {"mode": "link", "side": "0", "days": "0", "live": "true", **options}})
    assert a.state.route[0] == "match" and 'data-live="waiting"' in a.last["html"].replace("'", '"')
    while om(a).match.can_move:  # DumaRaj: link 1 carries the creator's first turn
        wire.send(0, {"type": "move", "code": om(a).match.state.legal_moves()[0].code})
    wire.send(0, {"type": "cmd", "name": "match-send"})
    link1 = shared(a)
    assert "\n" in link1 or len(link1) > len(om(a).match.latest_link)  # the offer rides on it
    for line in link1.splitlines():
        wire.send(1, {"type": "hash", "hash": line[line.index("#") :]})
    assert "data-live='invited'" in b.last["html"]
    wire.send(1, {"type": "cmd", "name": "match-join"})
    while om(b).match.can_move:
        wire.send(1, {"type": "move", "code": om(b).match.state.legal_moves()[0].code})
    wire.send(1, {"type": "cmd", "name": "match-send"})
    link2 = shared(b)
    wire.send(1, {"type": "cmd", "name": "close-share"})
    for line in link2.splitlines():
        wire.send(0, {"type": "hash", "hash": line[line.index("#") :]})
    assert wire.open
    wire.deliver()
    return a, b, wire


#: DumaRaj's random games last hundreds of links: its player resigns after this many moves (the
#: resignation is a link too, and goes over the channel)
RESIGN_AFTER = {"dumaraj": 30}


def play_out(a: Page, b: Page, wire: Wire, seed: int, limit: int = 3000, during=None) -> int:
    """Both players move (random legal moves) until the game ends; nothing passes by hand."""
    rnd = random.Random(seed)
    moves = 0
    game = om(a).spec.id
    for step in range(limit):
        wire.deliver()
        if during is not None:
            during(step)
        if moves == RESIGN_AFTER.get(game, -1) and not om(a).match.is_over:
            wire.send(0, {"type": "cmd", "name": "match-resign"})
            wire.send(0, {"type": "cmd", "name": "match-resign-yes"})
            moves += 1
            continue
        mover = next((i for i, p in enumerate((a, b)) if om(p).match.can_move), None)
        if mover is None:
            if om(a).match.is_over and om(b).match.is_over and not wire.flight:
                return moves
            if not wire.flight and not (om(a).match.can_send or om(b).match.can_send):
                ma, mb = om(a).match, om(b).match
                raise AssertionError(f"stuck at links {ma.data.count} and {mb.data.count}: {(ma.can_send, ma.is_over, ma.state.is_over, mb.can_send, mb.is_over, mb.state.is_over, a.last.get('toast'), om(a).message, om(b).message)}")
            continue
        m = om((a, b)[mover]).match
        wire.send(mover, {"type": "move", "code": rnd.choice(list(m.state.legal_moves())).code})
        moves += 1
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game", list(GAMES))
def test_each_game_plays_live_to_its_end_with_no_link_by_hand(game):
    a, b, wire = start(game, GAMES[game])
    for page in (a, b):
        assert page.state.live[om(page).key].status == "open"
        assert "data-live='open'" in page.send({"type": "cmd", "name": "close-share"})["html"]
    play_out(a, b, wire, seed=1)
    ma, mb = om(a).match, om(b).match
    assert ma.is_over and mb.is_over and ma.data == mb.data
    assert ma.verdict is not None and "Not verified" not in ma.verdict and mb.verdict == ma.verdict
    assert wire.sent >= ma.data.count - 2  # every link after link 2 went on the channel
    # stored as any match by link: the friends list has it, finished
    for page in (a, b):
        assert any(k.startswith(MATCH_PREFIX + game) for k in page.storage)


@pytest.mark.parametrize("game", list(GAMES))
def test_faults_on_the_channel_lose_nothing(game):
    """Texts duplicated and reordered, then the channel dropped mid-game: the game goes on by
    links from exactly where it is, and both sides end on the same position."""
    rnd = random.Random(7)

    def shuffle(flight):
        if len(flight) >= 1 and rnd.random() < 0.3:
            flight.append(flight[0])  # a duplicate
        if len(flight) >= 2 and rnd.random() < 0.5:
            flight[0], flight[1] = flight[1], flight[0]  # reordered
        return flight

    a, b, wire = start(game, GAMES[game])
    wire.faults = shuffle

    def drop_once(step):
        if step == 12:
            wire.drop()
            for p in (a, b):
                p.send({"type": "cmd", "name": "close-share"})
                assert "data-live='lost'" in p.last["html"]

    def by_links(step):
        # once the channel is gone, the player who can send sends by hand and the other opens it
        if not wire.open and step > 12:
            for p, q in ((a, b), (b, a)):
                if om(p).match.can_send:
                    p.send({"type": "cmd", "name": "match-send"})
                    link = shared(p)
                    p.send({"type": "cmd", "name": "close-share"})
                    open_link(q, link)
            for p, q in ((a, b), (b, a)):  # "Send the link again": a link the friend has not got
                mp, mq = om(p).match, om(q).match
                if mp.data != mq.data and (mp.data.count, mp.ending is not None) > (mq.data.count, mq.ending is not None):
                    open_link(q, mp.latest_link)

    def during(step):
        drop_once(step)
        by_links(step)

    play_out(a, b, wire, seed=2, during=during)
    assert om(a).match.data == om(b).match.data and om(a).match.is_over


def test_a_forged_text_on_the_channel_is_refused_as_by_links():
    a, b, wire = start("tsifrograd", GAMES["tsifrograd"])
    before = om(a).match.data
    latest = om(b).match.latest_link
    forged = latest[:-6] + ("A" if latest[-6] != "A" else "B") + latest[-5:]
    key, peer = wire.peer[0]
    wire.send(0, {"type": "live", "event": "message", "key": key, "peer": peer, "text": forged})
    assert om(a).match.data == before
    assert "This link was not accepted" in a.last["html"]
