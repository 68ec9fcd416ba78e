"""The page's idle signal (web/boot.js, docs/board.md "The idle signal"), which every e2e wait
goes through: off in the same task that starts work, on only once every part of the work is over.
"""

from __future__ import annotations

import json

from tests.e2e.conftest import open_app
from tests.e2e.helpers import can_hold, hold, idle, log_count, release

READY = "wttBoot.idle.ready()"


def test_a_click_turns_it_off_at_once_and_the_answer_on_again(page, site):
    # the answer is held, so that "not idle" is read while it is under way, however slow the test
    # runner (an answer applied between the click and the look would make the page idle again)
    can_hold(page)
    open_app(page, site, "#/tsifrograd/play?vs=human")
    assert page.evaluate("wttBoot.live") is True and page.evaluate(READY) is True
    hold(page, "move")
    page.locator(".cell.legal").first.click()  # page-local: the click's own handler turns the signal off, checked at once
    assert page.evaluate(READY) is False  # the click's own handler counted its work
    release(page)
    idle(page)
    assert log_count(page) == 1


def test_the_computers_move_is_work_until_its_answer_is_applied(page, site):
    can_hold(page)
    open_app(page, site, "#/tsifrograd/play?vs=ai")
    hold(page, "ai")
    page.locator(".cell.legal").first.click()
    page.wait_for_function("document.querySelectorAll('.log li').length === 1")  # the player's move shown
    assert page.evaluate(READY) is False  # while the computer thinks
    release(page)
    idle(page)
    assert log_count(page) == 2


def test_an_address_changed_by_hand_is_work_before_its_event_fires(page, site):
    open_app(page, site, "#/")
    # the hashchange event comes a task later: read in the same task, the page is not idle
    assert page.evaluate("(location.hash = '#/data', wttBoot.idle.ready())") is False
    idle(page)
    assert page.get_attribute("body", "data-route") == "data"


def test_a_running_animation_and_a_pending_hover_keep_it_off(page, site):
    open_app(page, site, "#/")
    html = '<div class="board-wrap"><svg class="board" viewBox="0 0 10 10"><g data-piece="a" data-anim="place"><rect width="5" height="5"/></g></svg></div>'
    meta = json.dumps({"moved": True, "feel": {"motion": True, "sounds": False}})
    running = page.evaluate(
        "([h, m]) => { wttBoard.swap(h, m); return [document.getAnimations().length, wttBoot.idle.ready()]; }",
        [html, meta],
    )
    assert running[0] > 0 and running[1] is False
    idle(page)  # the animation ends (<= 250 ms)
    assert page.evaluate("document.getAnimations().filter(a => a.playState === 'running').length") == 0


def test_a_closing_window_is_work_until_the_engine_drew_the_screen_without_it(page, site):
    open_app(page, site, "#/tsifrograd/play?vs=human")
    page.locator("[data-cmd='share']").first.click()
    idle(page)
    assert page.locator("dialog.share-dialog[open]").count() == 1
    # closed in the page (as Esc does): its close event, which sends the engine the news, comes a
    # task later; read in the same task, the page is not idle
    closing = "() => { document.querySelector('dialog.share-dialog').close(); return wttBoot.idle.ready(); }"
    assert page.evaluate(closing) is False
    idle(page)
    assert page.locator("dialog.share-dialog").count() == 0
