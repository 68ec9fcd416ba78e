"""SHT in a real browser: hot-seat with the privacy screen, and a whole game against the AI."""

from __future__ import annotations

from tests.e2e.conftest import open_app, settle
from tests.e2e.helpers import act

ENABLED_MOVE = ".panel button[data-move]:not([disabled])"


def step(page) -> str:
    """One click of a simple player: reveal, else an offered button, else a hand card, else an attack."""
    if page.locator("[data-cmd='reveal']").count():
        act(page, page.locator("[data-cmd='reveal']"))
        return "reveal"
    buttons = page.locator(ENABLED_MOVE)
    if buttons.count():
        act(page, buttons.first)
        return "move"
    hand = page.locator("[data-pick^='h:']")
    if hand.count() and not page.locator(".card.selected").count():
        act(page, hand.first)
        return "pick"
    field = page.locator("[data-pick^='f:']")
    if field.count():
        act(page, field.first)
        return "attack"
    if hand.count():
        act(page, hand.first)
        return "pick"
    raise AssertionError("nothing to click: " + page.locator(".prompt").inner_text())


def hidden_faces_visible(page) -> bool:
    """While the privacy screen is up no card face of any hand may be in the page."""
    return page.locator(".board .card.face").count() > 0 and page.locator("[data-cmd='reveal']").count() > 0


def test_hot_seat_game_by_clicks_with_privacy_screen(page, site):
    open_app(page, site, "#/sht/play?vs=human")
    reveals = 0
    for _ in range(400):
        if page.locator(".result-dialog").count():
            break
        if page.locator("[data-cmd='reveal']").count():
            # behind the curtain only public information is drawn: no hand card faces
            assert page.locator(".board [data-pick^='h:']").count() == 0
            assert page.locator(".board .card.face.closed").count() == 0
            reveals += 1
        step(page)
    assert page.locator(".result-dialog").is_visible()
    assert reveals >= 2  # the device changed hands at least twice


def test_game_against_the_ai_to_the_end(page, site):
    open_app(page, site, "#/sht/play?vs=ai")
    for _ in range(400):
        settle(page)
        if page.locator(".result-dialog").count():
            break
        assert not page.locator("[data-cmd='reveal']").count()  # no privacy screen against the computer
        step(page)
    assert page.locator(".result-dialog").is_visible()
    stats = page.evaluate("Array.from(window.wttAiStats)")
    assert stats and all(s["game"] == "sht" for s in stats)
