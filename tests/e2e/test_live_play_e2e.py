"""Live play through the app's own screens in real browsers (issue 43; docs/live-play.md): two
browser contexts (A a desktop, B a phone; nothing shared) start a match with "Play live now";
link 1 (with the offer) and link 2 (with the answer) are copied from the Share window and opened
as a friend would; after link 2 no message is passed by hand: each click's move goes over the
WebRTC data channel and appears by itself in the other browser, to the end of the game.

Chromium runs with its default mDNS host candidates (what a real LAN relies on), and the ICE
servers are set to "none" in both browsers' live play settings (the machine has no internet).
DumaRaj plays the scripted game of tests/e2e/test_dumaraj_e2e.py (a custom start, flex, a
promotion, the editor's line removal, mate in 21 moves), so a whole game stays short.
"""

from __future__ import annotations

import time

import pytest

from tests.e2e.conftest import open_app
from tests.e2e.helpers import PHONE, act, go
from tests.e2e.test_dumaraj_e2e import FEN as DUMARAJ_FEN
from tests.e2e.test_dumaraj_e2e import GAME as DUMARAJ_GAME
from tests.e2e.test_dumaraj_e2e import OPTIONS as DUMARAJ_OPTIONS
from tests.e2e.test_dumaraj_e2e import clicks as dumaraj_clicks
from tests.e2e.test_match_cardgo_e2e import cardgo_turn
from tests.e2e.test_match_cards_e2e import step as sht_step
from tests.e2e.test_match_e2e import DESKTOP, MATCH, TARGET, links, send_link, turn
from webtabletop.core.record import Record

OPEN = "[data-key='live-line'][data-live='open']"


def no_servers(page, site) -> None:
    """The live play settings: no ICE server (the same network only)."""
    open_app(page, site, "#/live")
    page.check("#ice-none")
    act(page, page.locator("[data-key='live-save']"))
    assert page.locator("#ice-none").is_checked()


def htt_turn(page) -> None:
    svg = "svg.htt-wide" if page.viewport_size["width"] > 800 else "svg.htt-tall"
    take = page.locator(".htt-take")
    if take.count():
        act(page, take.first)
        return
    act(page, page.locator(f"{svg} [data-drag^='h']").first)
    act(page, page.locator(f"{svg} [data-pick^='c']").first)


def click_turn(page) -> None:
    act(page, page.locator(TARGET).first)


DUMARAJ_STATES = Record("dumaraj", DUMARAJ_OPTIONS, 0, tuple(DUMARAJ_GAME)).replay()


def dumaraj_options(page) -> None:
    page.select_option("#side", "0")  # the creator plays White and moves in link 1
    page.fill("#opt-fen", DUMARAJ_FEN)
    for name in ("raj_flex", "pair_flex", "editor"):
        page.check(f"#opt-{name}")


def dumaraj_turn(page) -> None:
    """The scripted game's next move, found from the number of moves the page lists."""
    done = page.locator(f"{MATCH} .match-log li").count()
    for selector in dumaraj_clicks(DUMARAJ_STATES[done], DUMARAJ_GAME[done]):
        act(page, page.locator(selector).first)


GAMES = {
    "tsifrograd": (lambda p: p.fill("#opt-radius", "2"), click_turn),
    "sht": (lambda p: p.select_option("#opt-first_player", "first"), None),
    "htt": (lambda p: None, htt_turn),
    "cardgo": (lambda p: (p.fill("#opt-size", "5"), p.fill("#opt-start_time", "15")), lambda p: cardgo_turn(p)),
    "dumaraj": (dumaraj_options, dumaraj_turn),
}


def wait_either(pages, js: str, timeout_s: float = 60.0) -> None:
    """Until ``js`` (a function of no argument) is true on one of ``pages`` (each checked in turn
    for a short while: the two browsers cannot share one wait)."""
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        for page in pages:
            try:
                page.wait_for_function(js, timeout=250)
                return
            except Exception:  # noqa: BLE001 - playwright's TimeoutError: try the other page
                continue
    raise AssertionError(f"none of the pages reached: {js}")


def same_links(a, b, timeout: int = 30_000) -> None:
    """Until both browsers hold the newer of their two latest links (one may still be on its way
    over the channel), then they hold the same one."""
    top = max(links(a), links(b))
    for page in (a, b):
        page.wait_for_function(f"() => Number(document.querySelector('{MATCH}').dataset.links) >= {top}", timeout=timeout)
    assert links(a) == links(b)


SETTLED = """() => { const m = document.querySelector('section.match');
  return document.body.dataset.idle === '1' && m && (m.dataset.turn === 'move' || m.dataset.turn === 'over'); }"""


def start_live(a, b, site, game: str, options) -> list[str]:
    """A creates the match with "Play live now", sends link 1 (its offer); B joins (its browser
    answers) and sends link 2; A opens it and the channel opens in both. A turn in link 1 or 2 is
    played by the game's own driver (``GAMES``)."""
    play = GAMES[game][1] or click_turn
    for page in (a, b):
        no_servers(page, site)
    open_app(a, site, f"#/{game}/new?mode=link")
    options(a)
    a.check("#live")
    act(a, a.locator("[data-key='start']"))
    a.wait_for_selector("[data-key='live-line'][data-live='waiting']")
    while turn(a) == "move":  # a creator whose first turn is in link 1
        play(a)
    sent = [send_link(a)]
    lines = sent[0].splitlines()
    open_app(b, site, lines[0][lines[0].index("#") :])
    for line in lines[1:]:  # SHT's dealing link comes in parts
        go(b, line[line.index("#") :])
    b.wait_for_selector("[data-key='live-line'][data-live='invited']")
    act(b, b.locator("[data-key='match-join']"))
    b.wait_for_selector("[data-key='live-line'][data-live='waiting']")
    while turn(b) == "move":
        play(b)
    sent.append(send_link(b))
    a.fill("#match-paste", sent[-1])
    act(a, a.locator("[data-key='match-paste-open']"))
    for page in (a, b):
        page.wait_for_selector(OPEN, timeout=30_000)
    return sent


@pytest.mark.parametrize("game", list(GAMES))
def test_two_browsers_play_live_to_the_end_with_no_link_by_hand(browser, site, game):
    t0 = time.perf_counter()
    ctx_a, ctx_b = browser.new_context(**DESKTOP), browser.new_context(**PHONE)
    a, b = ctx_a.new_page(), ctx_b.new_page()
    options, play_turn = GAMES[game]
    start_live(a, b, site, game, options)
    players = {id(a): {"defences": 0, "attacks": 0, "moves": 0}, id(b): {"defences": 0, "attacks": 0, "moves": 0}}
    clicks = 0
    for _ in range(3000):
        wait_either((a, b), SETTLED, timeout_s=90)
        if turn(a) == "over" and turn(b) == "over":
            break
        page = a if turn(a) == "move" else b if turn(b) == "move" else None
        if page is None:
            continue  # one side is over, the other's last link is on its way
        assert page.locator("[data-key='match-send']").count() == 0 or turn(page) == "move"
        if play_turn is None:
            sht_step(page, players[id(page)])
        else:
            play_turn(page)
        clicks += 1
    else:
        raise AssertionError("the game did not end")
    for page in (a, b):
        page.wait_for_function("() => document.querySelector('section.match').dataset.turn === 'over'")
    same_links(a, b)  # the last link (with hidden cards: the secrets) may still be on its way
    assert a.inner_text(f"{MATCH} .prompt") == b.inner_text(f"{MATCH} .prompt") or "Verified" in a.inner_text(MATCH)
    assert a.locator("dialog.share-dialog").count() == 0  # no link was shown to copy after link 2
    count = links(a)
    for ctx in (ctx_a, ctx_b):
        ctx.close()
    print(f"{game} live: {count} links, {clicks} clicks, {time.perf_counter() - t0:.1f} s")
