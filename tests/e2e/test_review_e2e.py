"""The review screen in a real browser: from the game-over window to a finished
review, the graph and the move list step through the positions, Cancel and Continue, and the
analysis never blocks the page's main thread (it runs in the engine worker, one search per
action; its main-thread tasks are measured by benchmarks, not here). Screenshots: docs/screens/review-1366.png and review-390.png come from the same steps."""

from __future__ import annotations

import os
from pathlib import Path

from tests.e2e.conftest import ROOT, open_app
from tests.e2e.helpers import PHONE, act, can_hold, docs_screens_only, idle, press, release
from tests.e2e.test_pseudo_e2e import played

DESKTOP = {"viewport": {"width": 1366, "height": 800}}


def open_review_from_game_over(page, site, fragment):
    open_app(page, site, fragment)
    dialog = page.locator(".result-dialog")
    assert dialog.count() == 1
    act(page, dialog.locator("a.open-review"))  # "Review the game"; idle: every step of the analysis answered
    assert page.locator("body[data-route='review']").count() == 1


def stopped_review(page, url):
    """Opens a review and cancels its analysis during its first search. That search is held
    (the Cancel button stays on screen, not redrawn by results, whatever the machine's speed)
    while Cancel is clicked; its answer comes after, and no search follows the cancel."""
    can_hold(page, "review-step")
    page.goto(url)
    page.wait_for_function("wttTestHold.held() > 0")  # the first search is done and held
    page.locator(".review-progress[data-running='1'] [data-cmd='review-cancel']").click()
    release(page)
    idle(page)
    assert page.locator(".review-progress[data-running='0']").count() == 1


def test_review_from_the_game_over_window(browser, site):
    fragment = played("htt", None, seed=3)
    ctx = browser.new_context(**DESKTOP)
    page = ctx.new_page()
    open_review_from_game_over(page, site, fragment)
    plies = page.locator(".review-log li").count()
    assert plies >= 9
    assert page.locator(".review-progress").count() == 0  # done
    assert page.locator(".review-graph polyline.g-line").count() == 1
    assert page.locator(".review-graph rect.g-hit").count() == plies + 1
    assert page.locator(".review-summary").count() == 1
    # the graph goes to a position, the keys and the move list step through them
    act(page, page.locator(".review-graph rect.g-hit[data-arg='2']"))
    assert page.locator(".review-log [aria-current]").get_attribute("data-arg") == "2"
    page.locator(".review-log [data-arg='2']").focus()
    press(page, "ArrowLeft")
    assert page.locator(".review-log [aria-current]").get_attribute("data-arg") == "1"
    act(page, page.locator(".review-log [data-arg='5']"))
    assert page.locator(".review-log [aria-current]").get_attribute("data-arg") == "5"
    assert page.locator(".review-move .verdict").count() == 1
    ctx.close()


def test_cancel_and_continue(browser, site):
    fragment = played("tsifrograd", 14, seed=4).replace("#/tsifrograd?", "#/tsifrograd/review?")
    ctx = browser.new_context(**DESKTOP)
    page = ctx.new_page()
    stopped_review(page, site + fragment)
    assert page.locator("[data-cmd='review-continue']").count() == 1
    done = page.locator(".review-log .mk").count()
    act(page, page.locator("[data-cmd='review-continue']"))
    assert page.locator(".review-progress").count() == 0
    assert page.locator(".review-log li").count() == 14
    assert page.locator(".review-log .mk").count() >= done
    ctx.close()


@docs_screens_only
def test_screenshots(browser, site, tmp_path):
    """The review at both sizes (docs/screens/review-*.png with WTT_SCREENS=1)."""
    out = ROOT / "docs" / "screens" if os.environ.get("WTT_SCREENS") else Path(tmp_path)
    fragment = played("htt", None, seed=3)
    for name, kw in (("review-1366.png", DESKTOP), ("review-390.png", PHONE)):
        ctx = browser.new_context(**kw)
        page = ctx.new_page()
        open_review_from_game_over(page, site, fragment)
        act(page, page.locator(".review-log .mk").first.locator(".."))  # the first marked move
        page.screenshot(path=str(out / name), full_page="390" in name)
        ctx.close()


def test_learn_from_your_mistakes(browser, site):
    """The marked positions of one player come back on a playable board; the answer is shown on
    demand; the way on leads back to the review."""
    fragment = played("htt", None, seed=3)
    ctx = browser.new_context(**DESKTOP)
    page = ctx.new_page()
    open_review_from_game_over(page, site, fragment)
    start = page.locator("[data-cmd='learn-start']").first
    act(page, start)
    learn = page.locator(".learn[data-status='ask']")
    assert learn.count() == 1
    assert page.locator(".board-wrap [data-pick]").count() > 0  # the learner's board takes moves
    act(page, page.locator("[data-cmd='learn-show']"))
    assert page.locator(".learn[data-status='shown'] .learn-answer").count() == 1
    while page.locator("[data-cmd='learn-next']").count():
        act(page, page.locator("[data-cmd='learn-next']"))
        if page.locator("[data-cmd='learn-show']").count():
            act(page, page.locator("[data-cmd='learn-show']"))
    act(page, page.locator("[data-cmd='learn-stop']"))
    assert page.locator(".learn").count() == 0 and page.locator(".review-summary").count() == 1
    ctx.close()
