"""Resign and "Offer a draw" in a real browser: a hot-seat resignation with its
confirmation (desktop and phone), the computer refusing and accepting a DumaRaj draw offer, and an
HTT draw agreed before the last card that earns no pack. Screenshots: docs/screens/resign-*.png
and draw-*.png
(made by the same steps, saved under the test's temporary folder)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.e2e.conftest import open_app
from tests.e2e.helpers import PHONE, act, idle
from webtabletop.core import sharelink
from webtabletop.core.record import Record

# Black has every Pixa, White a lone Raj / Black a lone Raj against White's whole army
AHEAD = "5k4/pppppppppp/10/10/10/10/10/10/10/5K4 w - 0:3,0:3 - - - 2 0 1"
BEHIND = "5k4/10/10/10/10/10/10/10/PPPPPPPPPP/RNBTQKTBNR w - 0:3,0:3 - - - 2 0 1"
#: an HTT deal (seed 12) where Blue leads 7–3 with four cells left: the computer, Red, is clearly
#: behind and accepts a draw (its search after declining: -0.81 at every seed)
DESKTOP = {"viewport": {"width": 1366, "height": 800}}
HTT_LEAD = Record("htt", {}, 12, ("3a1", "3a2", "4a3", "4b2", "1b1", "2c1", "2b3"))


def open_menu(page):
    """On a phone the secondary actions are folded behind "Menu"."""
    toggle = page.locator("[data-menu]")
    if toggle.is_visible() and toggle.get_attribute("aria-expanded") != "true":
        act(page, toggle)


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_hot_seat_resign_asks_then_ends_the_game(browser, site, size, tmp_path):
    ctx = browser.new_context(**(DESKTOP if size == "desktop" else PHONE))
    page = ctx.new_page()
    open_app(page, site, "#/tsifrograd/play?vs=human")
    act(page, page.locator(".cell.legal").first)  # Orange plays; Blue is to move
    open_menu(page)
    act(page, page.locator("[data-key='resign']"))
    dialog = page.locator(".ending-dialog")
    assert dialog.is_visible() and "Resign this game?" in dialog.inner_text()
    assert "Blue resigns and Orange wins" in dialog.inner_text()
    assert page.evaluate("document.activeElement.dataset.key") == "resign-cancel"
    act(page, dialog.locator("[data-key='resign-cancel']"))  # keep playing
    assert page.locator(".ending-dialog").count() == 0 and page.locator(".result-dialog").count() == 0
    open_menu(page)
    act(page, page.locator("[data-key='resign']"))
    width = "1366" if size == "desktop" else "390"
    page.screenshot(path=str(Path(tmp_path) / f"resign-confirm-{width}.png"))
    act(page, page.locator(".ending-dialog [data-key='resign-confirm']"))
    result = page.locator(".result-dialog")
    assert (
        result.is_visible() and "Orange wins" in result.inner_text() and "Resignation" in result.inner_text()
    )
    assert page.locator(".log li").last.inner_text().endswith("Blue resigns")
    assert "Blue resigned: Orange wins." in page.locator("[data-key='status-line']").inner_text()
    page.screenshot(path=str(Path(tmp_path) / f"resign-over-{width}.png"))
    page.reload()  # the saved game keeps the resignation
    idle(page)
    assert page.locator(".log li").last.inner_text().endswith("Blue resigns")
    ctx.close()


def start_dumaraj_vs_computer(page, site, fen):
    open_app(page, site, "#/dumaraj/new")
    page.select_option("#pl0", "human")
    page.select_option("#pl1", "ai")
    page.fill("#opt-fen", fen)
    act(page, page.get_by_role("button", name="Start the game"))


def test_the_computer_declines_a_draw_when_ahead_and_accepts_when_behind(page, site, tmp_path):
    start_dumaraj_vs_computer(page, site, AHEAD)
    act(page, page.locator("[data-key='offer-draw']"))
    assert "The computer declines the draw" in page.locator(".message").inner_text()
    assert page.locator(".result-dialog").count() == 0
    page.screenshot(path=str(Path(tmp_path) / "draw-declined-1366.png"))
    start_dumaraj_vs_computer(page, site, BEHIND)
    act(page, page.locator("[data-key='offer-draw']"))
    result = page.locator(".result-dialog")
    assert result.is_visible() and "Draw" in result.locator("h2").inner_text()
    assert "Draw agreed" in result.inner_text()
    assert page.locator(".log li").last.inner_text() == "Draw agreed"
    page.screenshot(path=str(Path(tmp_path) / "draw-accepted-1366.png"))


def test_htt_draw_before_the_last_card_earns_no_pack(page, site, tmp_path):
    open_app(page, site, sharelink.make_hash(HTT_LEAD))
    page.select_option("[data-change='player1']", "ai")  # Red is now played by the computer
    idle(page)
    act(page, page.locator(".htt-draw"))  # HTT's own offer; the computer answers with its move
    result = page.locator(".result-dialog")
    assert result.is_visible() and "Draw" in result.locator("h2").inner_text()
    assert "earns no pack" in page.locator("#toast").inner_text()
    page.screenshot(path=str(Path(tmp_path) / "draw-htt-no-pack-1366.png"))
    data = json.loads(page.evaluate("localStorage.getItem('webtabletop:htt:collection')"))["data"]
    assert (data["games_played"], data["earn_progress"], data["packs_available"]) == (0, 0, 1)
    assert [e["result"] for e in data["log"]] == ["draw"]
