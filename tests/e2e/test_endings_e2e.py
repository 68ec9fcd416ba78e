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
from webtabletop.ai.drawoffer import OPENING_TURNS
from webtabletop.core import sharelink
from webtabletop.core.record import History, Record

# Black has every Pixa, White a lone Raj / Black a lone Raj against White's whole army
AHEAD = "5k4/pppppppppp/10/10/10/10/10/10/10/5K4 w - 0:3,0:3 - - - 2 0 1"
BEHIND = "5k4/10/10/10/10/10/10/10/PPPPPPPPPP/RNBTQKTBNR w - 0:3,0:3 - - - 2 0 1"
#: an HTT deal (seed 12) where Blue leads 7–3 with four cells left: the computer, Red, is
#: behind (not ahead) and accepts a draw (its search after declining: -0.81 at every seed)
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
    """A DumaRaj game from ``fen`` past its first moves (ten turns of each side's first legal
    move), White played here and Black by the computer."""
    h = History(Record("dumaraj", {"fen": fen}, 3, ()))
    while len(h.record.moves) < OPENING_TURNS:
        h.play(h.state.legal_moves()[0].code)
    open_app(page, site, sharelink.make_hash(h.record))
    page.select_option("[data-change='player1']", "ai")
    idle(page)


def offer(page, *, confirm=True):
    """Offer a draw: the app asks first; ``confirm``: the offer is made."""
    open_menu(page)
    act(page, page.locator("[data-key='offer-draw']"))
    dialog = page.locator(".ending-dialog")
    assert dialog.is_visible() and "Offer a draw?" in dialog.inner_text()
    assert page.evaluate("document.activeElement.dataset.key") == "offer-cancel"
    act(page, dialog.locator("[data-key='offer-confirm']" if confirm else "[data-key='offer-cancel']"))
    assert page.locator(".ending-dialog").count() == 0


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_offering_a_draw_asks_first_and_the_computer_plays_on_in_the_first_moves(browser, site, size, tmp_path):
    ctx = browser.new_context(**(DESKTOP if size == "desktop" else PHONE))
    page = ctx.new_page()
    open_app(page, site, "#/dumaraj/play?vs=ai&level=easy")
    act(page, page.locator(".board [data-pick='s1']"))  # White's Gon' b1–c3: the computer replies
    act(page, page.locator(".board [data-pick='s22']"))
    moves = page.locator(".log li").count()
    assert moves == 2
    offer(page, confirm=False)  # "Keep playing": no offer made
    assert page.locator(".message").count() == 0 and page.locator(".log li").count() == moves
    width = "1366" if size == "desktop" else "390"
    open_menu(page)
    act(page, page.locator("[data-key='offer-draw']"))
    page.screenshot(path=str(Path(tmp_path) / f"draw-offer-{width}.png"))
    act(page, page.locator(".ending-dialog [data-key='offer-confirm']"))
    assert "it is too early in the game" in page.locator(".message").inner_text()
    assert page.locator(".result-dialog").count() == 0 and page.locator(".log li").count() == moves
    ctx.close()


def test_the_computer_declines_a_draw_when_ahead_and_accepts_when_behind(page, site, tmp_path):
    start_dumaraj_vs_computer(page, site, AHEAD)
    offer(page)
    assert "it does not judge itself behind" in page.locator(".message").inner_text()
    assert page.locator(".result-dialog").count() == 0
    page.screenshot(path=str(Path(tmp_path) / "draw-declined-1366.png"))
    start_dumaraj_vs_computer(page, site, BEHIND)
    offer(page)
    result = page.locator(".result-dialog")
    assert result.is_visible() and "Draw" in result.locator("h2").inner_text()
    assert "Draw agreed" in result.inner_text()
    assert page.locator(".log li").last.inner_text() == "Draw agreed"
    page.screenshot(path=str(Path(tmp_path) / "draw-accepted-1366.png"))


def test_htt_draw_before_the_last_card_earns_no_pack(page, site, tmp_path):
    open_app(page, site, sharelink.make_hash(HTT_LEAD))
    page.select_option("[data-change='player1']", "ai")  # Red is now played by the computer
    idle(page)
    act(page, page.locator(".htt-draw"))  # HTT's own offer (its rules' draw button): asks first
    dialog = page.locator(".ending-dialog")
    assert dialog.is_visible() and "Offer a draw?" in dialog.inner_text()
    act(page, dialog.locator("[data-key='offer-confirm']"))  # played; the computer answers with its move
    result = page.locator(".result-dialog")
    assert result.is_visible() and "Draw" in result.locator("h2").inner_text()
    assert "earns no pack" in page.locator("#toast").inner_text()
    page.screenshot(path=str(Path(tmp_path) / "draw-htt-no-pack-1366.png"))
    data = json.loads(page.evaluate("localStorage.getItem('webtabletop:htt:collection')"))["data"]
    assert (data["games_played"], data["earn_progress"], data["packs_available"]) == (0, 0, 1)
    assert [e["result"] for e in data["log"]] == ["draw"]
