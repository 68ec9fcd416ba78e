"""Explanation cards in a real browser (docs/board.md, "Explanation cards"): a CardGO hand card's
effect, a CardGO cell's terrain and a DumaRaj mob say what they do where the player meets them,
in a game and in a lesson. On a 1366×800 desktop a mouse resting on the thing opens the card (and
the I key on the focused thing); on a 390×844 phone a finger held on it does, and that press
selects nothing while the next tap does. The card's text is the thing's accessible description.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import open_app
from tests.e2e.helpers import PHONE, act, center, idle, press

SIZES = {"desktop": {"viewport": {"width": 1366, "height": 800}}, "phone": PHONE}
CARD = "#wtt-info-card"


@pytest.fixture(params=list(SIZES))
def screen(request, browser):
    """A page at 1366×800 with a mouse, or at 390×844 with a touch screen."""
    ctx = browser.new_context(**SIZES[request.param])
    yield ctx.new_page()
    ctx.close()


def touch(page) -> bool:
    return page.viewport_size["width"] < 600


def explain(page, el) -> str:
    """Open ``el``'s card the way the device does (a mouse rests on it, a finger holds it) and
    return the card's text, checked to be on screen and to say the element's description."""
    el.scroll_into_view_if_needed()
    idle(page)
    x, y = center(el)
    if touch(page):
        cdp = page.context.new_cdp_session(page)
        try:
            cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
            page.wait_for_selector(CARD, state="visible")  # shown while the finger is still down
            cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        finally:
            cdp.detach()
    else:
        page.mouse.move(x, y)  # the card waits for the mouse to rest; the page is not idle till then
    idle(page)
    card = page.locator(CARD)
    expect(card).to_be_visible()
    box = card.bounding_box()
    size = page.viewport_size
    assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], box
    assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"], box
    if touch(page):  # above the finger when there is room (the hand covers what is below)
        top = el.bounding_box()["y"]
        assert top < box["height"] + 8 or box["y"] + box["height"] <= top, (box, top)
    text = card.inner_text().replace("\n", " ")  # one line: the name, then each paragraph
    # the card says what a screen reader reads as the element's description (the hidden paragraphs)
    described = el.evaluate(
        "e => e.getAttribute('aria-describedby').split(' ').map(i => document.getElementById(i).textContent)"
    )
    assert described and all(d in text for d in described), (described, text)
    expect(el).to_have_accessible_description(re.compile(re.escape(described[0])))
    assert el.get_attribute("aria-label") in text  # and names the thing first
    return text


def tap(page, el) -> None:
    """A finger's short tap (touch events, as a phone sends them), then the page's answer."""
    el.tap()
    idle(page)


def close(page) -> None:
    """A tap or a click elsewhere (the page's heading) closes the card."""
    act(page, page.locator("h1, h2").first)
    expect(page.locator(CARD)).to_be_hidden()


def start_cardgo(page, site, lang="en"):
    """A 10×10 board with terrain and effects vs the computer (seed 4: highland present)."""
    open_app(page, site, f"?lang={lang}#/cardgo/new")
    page.select_option("#pl1", "ai")
    page.fill("#opt-seed", "4")
    act(page, page.locator("button[data-key='start']"))
    assert page.locator(".board.cardgo").count() == 1


def test_a_cardgo_effect_and_terrain_are_explained_in_a_game(screen, site):
    page = screen
    start_cardgo(page, site)
    hint = page.locator(".info-hint")
    expect(hint).to_have_text(
        "Touch and hold a card, a stone or a cell to see what it does."
        if touch(page)
        else "Point at a card, a stone or a cell to see what it does (or press I on it).",
        use_inner_text=True,  # the page shows one of its two sentences
    )
    # a hand card with an effect: its effect's name and rule
    card = page.locator(".panel [data-drag][data-info]").first
    text = explain(page, card)
    effect = page.locator(f"#{card.get_attribute('aria-describedby')} b").text_content()
    assert effect in card.get_attribute("aria-label") and effect in text
    if touch(page):  # the held finger selected nothing and dragged nothing; the next tap selects
        assert card.get_attribute("aria-pressed") == "false" and page.locator(".drag-ghost").count() == 0
        tap(page, card)
        expect(page.locator(CARD)).to_be_hidden()
        assert page.locator(".panel [data-drag][aria-pressed='true']").count() == 1
    else:
        close(page)
    # a highland cell: the terrain's name and rule
    cell = page.locator(".board .cg-cell.terrain-8").first
    text = explain(page, cell)
    assert "Highland: A stone here is worth 1 more." in text
    close(page)


def test_a_cardgo_effect_is_explained_in_its_lesson(screen, site):
    page = screen
    open_app(page, site, "#/cardgo/learn/joy")
    card = page.locator(".panel [data-info]").first
    text = explain(page, card)
    assert "Joy: This stone needs one less connectivity" in text
    close(page)


def test_a_dumaraj_mob_is_explained(screen, site):
    page = screen
    open_app(page, site, "#/dumaraj/new")
    page.select_option("#pl1", "human")
    act(page, page.locator("button[data-key='start']"))
    gon = page.locator("[data-key='bit-1']")  # b1: White's Gon'
    text = explain(page, gon)
    assert "Gon': The Gon' leaps one bit along a line and then two at a right angle" in text
    if touch(page):  # the next tap selects the Gon' (its moves show)
        tap(page, gon)
        expect(page.locator(CARD)).to_be_hidden()
        assert page.locator("svg.board [data-drop]").count() > 0
    else:
        close(page)


def test_the_i_key_opens_a_card_and_the_arrows_move_it(page, site):
    page.set_viewport_size({"width": 1366, "height": 800})
    open_app(page, site, "?lang=ja#/dumaraj/new")
    page.select_option("#pl1", "human")
    act(page, page.locator("button[data-key='start']"))
    gon = page.locator("[data-key='bit-1']")
    gon.focus()
    press(page, "i")
    card = page.locator(CARD)
    expect(card).to_be_visible()
    assert "ゴーニ" in card.inner_text()  # in the reader's language
    press(page, "ArrowRight")  # c1: the card follows the focus
    c1 = page.locator("[data-key='bit-2']").get_attribute("aria-label")
    expect(card).to_contain_text(c1)
    assert "ゴーニ：" not in card.inner_text()
    press(page, "Escape")
    expect(card).to_be_hidden()
    assert page.evaluate("document.activeElement.getAttribute('data-key')") == "bit-2"
    press(page, "i")
    expect(card).to_be_visible()
    press(page, "i")  # again: closed
    expect(card).to_be_hidden()
