"""The game-over window's ways on, in a real browser: "Review the game" opens the computer's
review of the game, and after "Look at the board" the first click on "Computer analysis" opens
it too (a click outside the window on something that acts is never eaten by closing the window,
and closing it moves no button of the menu). Desktop and phone."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import open_app
from tests.e2e.helpers import PHONE, act, press
from webtabletop.core import sharelink
from webtabletop.core.record import History, Record
from webtabletop.core.registry import get_game

SIZES = {"1366": {"viewport": {"width": 1366, "height": 800}}, "390": PHONE}


def finished(game: str, seed: int = 5) -> str:
    """A share link of a game played to its end through the rules (the first legal move that is
    no draw offer, each turn)."""
    spec = get_game(game)
    h = History(Record.new(spec, spec.default_options(), seed))
    while not h.state.is_over:
        codes = [m.code for m in h.state.legal_moves()]
        h.play(next((c for c in codes if c != "draw"), codes[0]))
    return sharelink.make_hash(h.record)


def opens_the_review(page, target, game: str) -> None:
    """One click on ``target`` opens the game's review (its move list on screen; the analysis
    goes on: a long game's takes longer than a test waits for the page to be idle)."""
    target.click()
    page.wait_for_selector("body[data-route='review'] .review-log li[value]")
    assert page.url.split("#", 1)[1].startswith(f"/{game}/review")


@pytest.fixture(params=list(SIZES))
def sized(request, browser):
    ctx = browser.new_context(**SIZES[request.param])
    yield request.param, ctx.new_page()
    ctx.close()


@pytest.mark.parametrize("game", ["htt", "tsifrograd"])
def test_review_the_game_opens_the_review(sized, site, game):
    size, page = sized
    open_app(page, site, finished(game))
    dialog = page.locator(".result-dialog")
    assert dialog.is_visible()
    opens_the_review(page, dialog.get_by_role("link", name="Review the game"), game)


@pytest.mark.parametrize("game", ["htt", "sht", "tsifrograd"])
def test_the_first_click_after_look_at_the_board_is_not_lost(sized, site, game):
    size, page = sized
    open_app(page, site, finished(game))
    dialog = page.locator(".result-dialog")
    page.locator("[data-peek]").click()  # page-local: web/board.js sets the window aside
    assert "peek" in dialog.get_attribute("class")
    if size == "390":  # the menu is folded on a phone: its button is a click that acts too
        act(page, page.locator("[data-menu]"))
        assert dialog.count() == 1  # left as it was
    opens_the_review(page, page.locator(".game-menu a.analysis"), game)


def test_closing_the_window_moves_no_button_of_the_menu(browser, site):
    ctx = browser.new_context(**SIZES["1366"])
    page = ctx.new_page()
    open_app(page, site, finished("sht"))
    before = page.locator(".game-menu a.analysis").bounding_box()
    press(page, "Escape")
    assert page.locator(".result-dialog").count() == 0
    assert page.locator("[data-cmd='show-result']").count() == 1
    assert page.locator(".game-menu a.analysis").bounding_box() == before
    ctx.close()
