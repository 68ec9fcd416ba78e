"""A timed match through the app's screens: the clock chosen at invitation, both clocks drawn
from the page's time, and a flag claimed by link (two pages exchange their Share windows' links;
each page's time is the ``now`` its actions carry)."""

from __future__ import annotations

import html
import re

from tests.app.harness import Page
from tests.app.test_match_endings import fixed_secrets  # noqa: F401 (autouse: the same secrets each run)
from tests.app.test_match_flow import open_link, play_turn, shared_link
from webtabletop.core.ending import ON_TIME


class Clocked(Page):
    """A page whose actions carry the time ``t`` (ms) of its own clock."""

    t = 1_800_000_000_000.0

    def send(self, action):
        action.setdefault("now", self.t)
        return super().send(action)


def send(page: Page) -> str:
    page.send({"type": "cmd", "name": "match-send"})
    link = shared_link(page)
    page.send({"type": "cmd", "name": "close-share"})
    return link


def clocks(page: Page) -> dict[str, str]:
    """Each clock's name and its text (m:ss)."""
    found = re.findall(
        r'<span class="match-clock-name">([^<]*)</span><span class="clock[^"]*"[^>]*>([^<]*)</span>',
        page.last["html"],
    )
    return {html.unescape(name): text for name, text in found}


def started(control: str = "3+2") -> tuple[Clocked, Clocked]:
    a = Clocked(hash_="#/tsifrograd/new?mode=link")
    a.send(
        {
            "type": "form",
            "name": "new-game",
            "data": {"mode": "link", "side": "0", "days": "0", "radius": "2", "match_clock": control},
        }
    )
    play_turn(a)
    b = Clocked()
    b.t = a.t + 123_456  # another device's clock: never compared with a's
    open_link(b, send(a))
    b.send({"type": "cmd", "name": "match-join"})
    play_turn(b)
    open_link(a, send(b))
    return a, b


def test_the_new_game_dialog_offers_the_clock():
    page = Page(hash_="#/tsifrograd/new?mode=link")
    text = page.last["html"]
    assert 'name="match_clock"' in text or "name='match_clock'" in text
    assert "5 min + 3 s a move" in html.unescape(text)


def test_an_unknown_clock_is_refused_and_nothing_is_made():
    a = Clocked(hash_="#/tsifrograd/new?mode=link")
    a.send({"type": "form", "name": "new-game", "data": {"mode": "link", "match_clock": "1+999"}})
    assert "unknown clock" in html.unescape(a.last["html"])
    assert a.state.match_open is None


def test_clocks_shown_running_and_a_flag_claimed_by_link():
    a, b = started("3+2")
    assert clocks(a) == {"Your friend": "3:00", "You": "3:00"}
    assert 'data-clock-run="1"' in a.last["html"]  # the creator's clock runs (its move)
    a.t += 10_000
    play_turn(a)
    link = send(a)
    b.t += 10_000
    open_link(b, link)
    assert clocks(b) == {"Your friend": "2:52", "You": "3:00"}  # 3:00 - 10 s + 2 s
    assert 'aria-label="You: 3:00 left, running"' in b.last["html"]
    # B lets its time run out; A's page asks again when its clock reaches zero
    a.t += 181_000
    a.send({"type": "cmd", "name": "clock-check"})
    assert "Your friend's time ran out: you can claim the win." in html.unescape(a.last["html"])
    assert 'class="clock p1 low"' in a.last["html"] or " low" in a.last["html"]
    a.send({"type": "cmd", "name": "match-claim-time"})
    assert "You won on time. Send the link to your friend." in a.last.get("toast", "")
    claim = shared_link(a)
    b.t += 181_000
    open_link(b, claim)
    assert "Your friend claimed the win on time: your clock ran out." in b.last.get("toast", "")
    m = b.state.match_open.match
    assert m.is_over and m.state.outcome().reason == ON_TIME
    assert "ran out of time" in html.unescape(b.last["html"])


def test_a_page_out_of_time_cannot_send():
    a, b = started("3+2")
    a.t += 200_000
    play_turn(a)
    a.send({"type": "cmd", "name": "match-send"})
    assert "Your time ran out" in html.unescape(a.last["html"])


def test_claim_the_win_when_the_friend_left_from_last_seen():
    a, b = started("5+3")
    a.t += 1000
    play_turn(a)
    link = send(a)
    b.t += 1000
    open_link(b, link)
    # A waits for B's move; live play says when it last saw B (here: fed by hand)
    om = a.state.match_open
    om.last_seen = a.t
    a.t += 39_000
    a.send({"type": "cmd", "name": "clock-check"})
    assert 'data-key="match-claim-left"' not in a.last["html"]
    a.t += 1000
    a.send({"type": "cmd", "name": "clock-check"})
    assert 'data-key="match-claim-left"' in a.last["html"]
    a.send({"type": "cmd", "name": "match-claim-left"})
    assert "You claimed the win. Send the link to your friend." in a.last.get("toast", "")
    open_link(b, shared_link(a))
    assert "Your friend claimed the win: you had left the game." in b.last.get("toast", "")
    assert b.state.match_open.match.is_over
    assert "left the game" in html.unescape(b.last["html"])
