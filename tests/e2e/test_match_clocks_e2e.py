"""A timed match (3+2) between two browser contexts that share nothing but the links: both
clocks on screen, the running one counting down by the page's own tick, and a flag claimed by
link.

Time is driven with Playwright's clock (``page.clock``): each context's clock is set apart (the
two devices' clocks are never compared) and paused once the match runs, then jumped forward;
every wait is for the exact text or the page's idle signal, never a fixed sleep. With
WTT_SCREENS=<folder> the screens are saved there, in both themes.
"""

from __future__ import annotations

import datetime
import os
import re
from pathlib import Path

from playwright.sync_api import expect

from tests.e2e.conftest import open_app
from tests.e2e.helpers import PHONE, act
from tests.e2e.test_match_e2e import DESKTOP, MATCH, OPEN, goto_link, play_and_send, start, turn

T0 = datetime.datetime(2026, 12, 7, 12, 0, 0, tzinfo=datetime.UTC)
CLOCKS = f"{MATCH} .match-clocks"


def shot(page, name: str, tmp_path) -> None:
    folder = Path(os.environ.get("WTT_SCREENS") or tmp_path)
    for theme in ("light", "dark"):
        page.evaluate(f"document.documentElement.dataset.theme = '{theme}'")
        page.screenshot(path=str(folder / f"match-clock-{name}-{theme}.png"))


def now_of(page) -> datetime.datetime:
    """The time the page reads (its Date.now())."""
    return datetime.datetime.fromtimestamp(page.evaluate("Date.now()") / 1000, tz=datetime.UTC)


def clock_of(page, who: str):
    """The timer of ``who`` ("You" or "Your friend") on the match screen."""
    name = page.locator(".match-clock-name", has_text=re.compile(f"^{who}$"))
    return page.locator(f"{CLOCKS} .match-clock").filter(has=name).locator("[role='timer']")


def test_clocks_shown_and_a_flag_claimed_by_link(browser, site, tmp_path):
    ctx_a, ctx_b = browser.new_context(**DESKTOP), browser.new_context(**PHONE)
    a, b = ctx_a.new_page(), ctx_b.new_page()
    a.clock.install(time=T0)
    b.clock.install(time=T0 + datetime.timedelta(seconds=97))  # another device, set apart
    open_app(a, site, "#/tsifrograd/new?mode=link")
    a.fill("#opt-radius", "2")
    a.select_option("#match_clock", "3+2")
    start(a)
    first = play_and_send(a)
    open_app(b, site, first[first.index("#") :])
    act(b, b.locator("[data-key='match-join']"))
    second = play_and_send(b)
    goto_link(a, second)
    # from here on the time the engines read (Date.now) moves only when the test moves it; the
    # page's timers keep running, so its idle signal works
    ta, tb = now_of(a), now_of(b)
    a.clock.set_fixed_time(ta)
    b.clock.set_fixed_time(tb)
    goto_link(b, play_and_send(a))  # links 3 and 4 hold no move (the dice wait for link 4)
    goto_link(a, play_and_send(b))
    assert turn(a) == "move" and turn(b) == "wait"
    # links 3 and 4 took (almost) no time: each player got its 2 s increment
    expect(clock_of(a, "Your friend")).to_have_text("3:02")
    expect(clock_of(a, "You")).to_have_attribute("data-clock-run", "1")
    expect(clock_of(a, "You")).to_have_attribute("aria-label", "You: 3:02 left, running")
    expect(clock_of(b, "Your friend")).to_have_attribute("aria-label", "Your friend: 3:02 left, running")
    expect(clock_of(b, "You")).to_have_attribute("aria-label", "You: 3:02 left, stopped")
    expect(clock_of(b, "You")).to_have_text("3:02")
    shot(a, "1366", tmp_path)
    shot(b, "390", tmp_path)
    # the page's tick counts the running clock down between answers, with no engine round trip
    a.clock.fast_forward(12_000)
    expect(clock_of(a, "You")).to_have_text(re.compile(r"^2:(4\d|50)$"))
    # A thinks past its time: on B's page A's clock reaches zero and the page asks the engine
    b.clock.set_fixed_time(tb + datetime.timedelta(seconds=183))
    b.clock.fast_forward(183_000)
    claim = b.locator("[data-key='match-claim-time']")
    expect(claim).to_have_text("Claim the win on time")
    expect(clock_of(b, "Your friend")).to_have_text("0:00")
    expect(clock_of(b, "Your friend")).to_have_class(re.compile(r"\blow\b"))
    expect(b.locator(f"{MATCH} .prompt")).to_have_text("Your friend's time ran out: you can claim the win.")
    shot(b, "flag-390", tmp_path)
    act(b, claim)
    link = b.locator(f"{OPEN} #share-link").input_value()
    act(b, b.locator(f"{OPEN} [data-cmd='close-share']"))
    assert turn(b) == "over"
    a.clock.set_fixed_time(ta + datetime.timedelta(seconds=183))
    goto_link(a, link)
    assert turn(a) == "over"
    expect(a.locator(f"{MATCH} .prompt")).to_contain_text("(time ran out)")
    expect(b.locator(f"{MATCH} .prompt")).to_contain_text("(time ran out)")
    shot(a, "over-1366", tmp_path)
    ctx_a.close()
    ctx_b.close()
