"""Play a friend by link in real browsers: two browser contexts (two people's browsers, nothing
shared but the links) play a Tsifrograd match to the end ("An e2e test with two
browser contexts plays ... a Tsifrograd correspondence game by links, to the end").

Each link is read from the Share window the "Send your move" button opens (what a player copies)
and opened in the other browser by its address (once through the "Paste your friend's link"
box). Moves are the first legal target the board offers, clicked. A third browser opening a link
is read-only ("A link opened by a third person ... is read-only"); an older link says so ("an
older link shows that it is older").
"""

from __future__ import annotations

import time

from tests.e2e.conftest import open_app
from tests.e2e.helpers import PHONE, act, assert_targets, go

DESKTOP = {"viewport": {"width": 1366, "height": 800}}
OPEN = "dialog.share-dialog[open]"
MATCH = "section.match"
#: a legal target on the board, or a move button in the panel (Tsifrograd's "Decline")
TARGET = "#app .board .legal, #app .panel [data-move]"


def turn(page) -> str:
    return page.get_attribute(MATCH, "data-turn")


def links(page) -> int:
    return int(page.get_attribute(MATCH, "data-links"))


def goto_link(page, link: str) -> None:
    """Open ``link`` in a browser that is already on the site (the address changes, no reload);
    a link sent in parts (one per line): each part in turn, as a friend opens each from the
    message (docs/fair-play.md, "Links too long for one message")."""
    for line in link.splitlines():
        go(page, line[line.index("#") :])
    assert page.locator(MATCH).count() == 1


def relay(sender, receiver, sent: list[str]) -> None:
    """``sender`` sends its link (appended to ``sent``) and ``receiver`` opens it."""
    sent.append(send_link(sender))
    goto_link(receiver, sent[-1])


def start(page, side: str = "0") -> None:
    """The new-game form (its options already chosen): play ``side`` by link, and start."""
    page.select_option("#side", side)
    act(page, page.locator("[data-key='start']"))
    assert turn(page) == "send" and links(page) == 0


def play_and_send(page) -> str:
    """Play this browser's whole turn (the first legal target each time), press "Send your
    move", read the link from the Share window and close it."""
    while turn(page) == "move":
        act(page, page.locator(TARGET).first)
    return send_link(page)


def send_link(page) -> str:
    """Press "Send your move" (the turn is complete), read the link from the Share window and
    close it."""
    assert turn(page) == "send"
    act(page, page.locator("[data-key='match-send']"))
    link = page.locator(f"{OPEN} #share-link").input_value()  # a link in parts: all, one per line
    act(page, page.locator(f"{OPEN} [data-cmd='close-share']"))
    assert page.locator("dialog.share-dialog").count() == 0
    assert all("/m?x=" in line or "/m?p=" in line for line in link.splitlines()), link
    return link


def test_two_browsers_play_tsifrograd_by_links_to_the_end(browser, site):
    t0 = time.perf_counter()
    # B is a phone: every target of its screens (join, move, send, wait, paste) is at least 44 px
    ctx_a, ctx_b, ctx_c = browser.new_context(**DESKTOP), browser.new_context(**PHONE), browser.new_context(**DESKTOP)
    a, b = ctx_a.new_page(), ctx_b.new_page()
    open_app(a, site, "#/tsifrograd/new?mode=link")
    assert a.locator("#mode-link").is_checked()
    a.fill("#opt-radius", "2")  # the smallest hexagon (19 cells): a short game
    start(a)
    first = play_and_send(a)
    assert turn(a) == "wait"

    open_app(b, site, first[first.index("#") :])
    assert b.get_attribute(MATCH, "data-match") == "join"
    assert b.locator(".board .legal").count() == 0  # read-only until joined
    assert_targets(b)
    act(b, b.locator("[data-key='match-join']"))
    assert b.get_attribute(MATCH, "data-match") == "play"
    sent = [first, play_and_send(b)]

    # the creator pastes the friend's link into the waiting screen; it moves first, and its first
    # dice come from link 4's seed: link 3 and the friend's link 4 hold no move yet
    a.fill("#match-paste", sent[-1])
    act(a, a.locator("[data-key='match-paste-open']"))
    assert links(a) == 2 and turn(a) == "send"
    # both screens show the same match fingerprint
    prints = [p.inner_text(f"{MATCH} [data-key='match-fingerprint']") for p in (a, b)]
    assert prints[0] == prints[1] and "by voice or in another chat" in prints[0]

    current, other = a, b
    checked = set()
    while turn(current) != "over":
        if current is b and turn(b) not in checked:
            checked.add(turn(b))
            assert_targets(b)
        sent.append(play_and_send(current))
        if current is b and "sent" not in checked:  # the waiting screen with its paste box
            checked.add("sent")
            assert_targets(b)
        goto_link(other, sent[-1])
        assert links(other) == len(sent)
        current, other = other, current
    assert turn(a) == "over" and turn(b) == "over"
    assert a.inner_text(f"{MATCH} .turn-words") == b.inner_text(f"{MATCH} .turn-words")  # the same result
    assert len(sent) > 10

    # a third browser opening a link is read-only and says why
    c = ctx_c.new_page()
    open_app(c, site, sent[5][sent[5].index("#") :])
    assert c.get_attribute(MATCH, "data-match") == "watch"
    assert c.locator("[data-key='match-banner']").is_visible()
    assert c.locator(".board .legal").count() == 0 and c.locator("[data-key='match-send']").count() == 0

    # an older link keeps the latest game and says so
    goto_link(a, sent[3])
    assert links(a) == len(sent) and turn(a) == "over"
    assert a.locator("[data-key='match-notice']").is_visible()

    # both browsers list the game on the home page, finished
    go(b, "#/")
    assert b.locator(".friend-game[data-status='over']").count() == 1
    for ctx in (ctx_a, ctx_b, ctx_c):
        ctx.close()
    # a measure, not a test (a loaded machine is slower): about 30 s on an idle 2-core machine
    print(f"Tsifrograd by links: {len(sent)} links, {time.perf_counter() - t0:.1f} s")
