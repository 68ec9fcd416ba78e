"""SHT in a real browser: hot-seat with the privacy screen, and a whole game against the AI."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.conftest import open_app, settle
from tests.e2e.helpers import act
from webtabletop.core import sharelink
from webtabletop.core.record import History
from webtabletop.games.sht import cards as C

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


def test_the_later_of_two_equal_cards_defends_on_screen(page, site):
    """«場のカードを好きな枚数選んで防御することができます» (any number of field cards): a game saved in
    a battle under rules version 1 (its v1 share link), where the defender holds two equal kings;
    version 1 offered only the earlier one. On screen the later king is put forward and defends."""
    link = (Path(__file__).parents[1] / "games/sht/fixtures/b_link.txt").read_text().strip()
    state = History.upto(sharelink.decode("sht", link))[0].state
    field = state.fields[state.to_move()]
    kings = [x.card for x in field if C.value(x.card) == 13 and x.open]
    assert len(kings) == 2 and f"d:{kings[1]}" not in [m.code for m in state.quick_defences()]
    later = kings[1]

    open_app(page, site, f"#/sht?r={link}")
    act(page, page.locator("[data-cmd='reveal']"))  # the defender confirms being at the device
    act(page, page.locator(f".board [data-pick='d:{later}']"))  # put the later king forward
    assert page.locator(f".board [data-card='{C.name(later)}'][data-forward='1']").count() == 1
    defend = page.locator(f".panel button[data-move='d:{later}']")
    assert defend.is_enabled()
    act(page, defend)
    text = page.locator(".last-battle").inner_text()
    assert f"defended with {C.symbol(later)}" in text
    # the earlier king is still on the defender's field
    assert page.locator(f".board [data-card='{C.name(kings[0])}']").count() == 1
