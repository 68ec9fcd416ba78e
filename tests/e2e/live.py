"""Two browsers on a live channel (web/livechannel.mjs), signalled by real match links.

The pages run the live channel module of the built site; this file plays the engine's part in
between (what live play's second phase wires into the app): it packs each page's minimal offer or
answer into a match link (``Match.carry_live``), and reads it out of the link the other browser
receives (``Match.join``, ``Match.receive``). So the only thing that crosses from one browser to
the other before the channel opens is the text of a match link, as a friend would carry it;
after that nothing is passed by hand. Used by tests/e2e/test_live_channel_e2e.py and
benchmarks/live.py.
"""

from __future__ import annotations

import datetime
import hashlib
import random

import webtabletop.games  # noqa: F401 - registers the games
from webtabletop.core.registry import get_game
from webtabletop.correspondence import NEWER, Match
from webtabletop.correspondence.live.description import (
    Description,
    check_answer,
    from_json,
    offer_id,
    to_json,
)

TODAY = datetime.date(2026, 12, 7)
#: loads the module the page ships, as the app will (web/boot-head.js: wttBoot.liveChannel)
LOAD = "async () => { window.LC = await wttBoot.liveChannel(); return Object.keys(LC).length; }"
#: a peer with its log of states, messages and presence; ``echo``: send every message back
MAKE = """([options, echo]) => {
  if (window.peer) peer.close();
  const p = (window.peer = new LC.LivePeer(options));
  window.states = []; window.inbox = []; window.presence = [];
  p.addEventListener("state", (e) => states.push(e.detail.state));
  p.addEventListener("presence", (e) => presence.push(e.detail.presence));
  p.addEventListener("message", (e) => { inbox.push(e.detail.text); if (echo) p.send(e.detail.text); });
  return true;
}"""


def load(page) -> None:
    assert page.evaluate(LOAD) > 0


def make_peer(page, seat: int, ice="none", echo: bool = False, **options) -> None:
    page.evaluate(MAKE, [{"seat": seat, "ice": ice, **options}, echo])


def wait_state(page, state: str, timeout: float = 30_000) -> None:
    """Until the page's peer is in ``state`` (its last state event)."""
    page.wait_for_function("(s) => window.peer && peer.state === s", arg=state, timeout=timeout)


def wait_inbox(page, n: int, timeout: float = 30_000) -> list[str]:
    """Until the page's peer has received ``n`` messages; they are returned."""
    page.wait_for_function("(n) => window.inbox && inbox.length >= n", arg=n, timeout=timeout)
    return page.evaluate("() => inbox.slice()")


def wait_presence(page, presence: str, timeout: float = 30_000) -> None:
    page.wait_for_function("(p) => window.peer && peer.presence === p", arg=presence, timeout=timeout)


def turn(match: Match, rnd: random.Random) -> None:
    while match.can_move:
        match.play(rnd.choice(list(match.state.legal_moves())).code)


class Pair:
    """The two players' matches (Tsifrograd on the smallest board by default), held as the two
    browsers' engines would hold them, and the links between them."""

    def __init__(self, game: str = "tsifrograd", options=None, seed: int = 0) -> None:
        opts = {"radius": 2} if game == "tsifrograd" and options is None else options
        self.rnd = random.Random(seed)
        self.spec = get_game(game)
        self.a = Match.create(self.spec, opts, 0, self._secret("a", seed), TODAY)
        self.b: Match | None = None
        self.offer: Description | None = None

    @staticmethod
    def _secret(who: str, seed: int) -> bytes:
        return hashlib.sha256(f"live-e2e/{who}/{seed}".encode()).digest()

    @property
    def match_id(self) -> str:
        return self.a.data.key().hex()

    @property
    def offer_id(self) -> str:
        return offer_id(self.offer).hex()

    def link1(self, offer_json: dict) -> tuple[str, str]:
        """Link 1 without and with the creator's offer (what its browser made)."""
        turn(self.a, self.rnd)
        plain = self.a.link(TODAY)
        self.offer = from_json(offer_json)
        return plain, self.a.carry_live(self.offer)

    def join(self, link1: str) -> dict:
        """The friend opens link 1 and joins: the offer for its browser."""
        self.b = Match.join(link1, self._secret("b", 0), TODAY)
        assert self.b.data.live is not None
        return to_json(self.b.data.live)

    def link2(self, answer_json: dict) -> tuple[str, str]:
        """Link 2 without and with the friend's answer."""
        offer = self.b.data.live
        turn(self.b, self.rnd)
        plain = self.b.link(TODAY)
        return plain, self.b.carry_live(from_json(answer_json, offer=offer))

    def receive_answer(self, link2: str) -> dict:
        """The creator opens link 2: the answer, checked against its offer, for its browser."""
        assert self.a.receive(link2, TODAY) == NEWER
        check_answer(self.offer, self.a.live_received)
        return to_json(self.a.live_received)

    def next_link(self) -> tuple[Match, Match, str]:
        """The player to send plays its turn and makes the next link: (sender, receiver, link)."""
        sender, receiver = (self.a, self.b) if self.a.my_link else (self.b, self.a)
        turn(sender, self.rnd)
        return sender, receiver, sender.link(TODAY)


def connect(a_page, b_page, pair: Pair) -> dict:
    """The creator's page offers, link 1 carries it, the friend's page answers, link 2 carries
    it back, the creator's page accepts: both channels open. Returns what was measured."""
    made = a_page.evaluate("() => peer.offer()")
    plain1, link1 = pair.link1(made["desc"])
    answered = b_page.evaluate("(o) => peer.answer(o)", pair.join(link1))
    plain2, link2 = pair.link2(answered["desc"])
    a_page.evaluate("(a) => peer.accept(a)", pair.receive_answer(link2))
    wait_state(a_page, "open")
    wait_state(b_page, "open")
    return {
        "offer": made,
        "answer": answered,
        "links": (plain1, link1, plain2, link2),
        # from the answer taken to the creator's channel open (the friend's opens with it)
        "open_ms": a_page.evaluate("() => peer.stats.openedAt - peer.stats.acceptedAt"),
    }
