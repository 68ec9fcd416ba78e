"""SHT in a real browser: hot-seat with the privacy screen, and a whole game against the AI."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.conftest import open_app
from tests.e2e.helpers import act, assert_fits, idle
from webtabletop.core import sharelink
from webtabletop.core.record import History
from webtabletop.games.sht.rules import cards as C

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


# --- board contract: drag, phone, touch, Japanese -------------------------
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def centre(box):
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def moves_made(page) -> int:
    return page.locator(".log li").count()


def reveal(page):
    if page.locator("[data-cmd='reveal']").count():
        act(page, page.locator("[data-cmd='reveal']"))
    assert page.locator(".board [data-drag^='dh:']").count() >= 1


def field_target(page):
    """A point inside the viewer's field drop zone, clear of the cards already there."""
    box = page.locator("[data-drop='field'] > rect").first.bounding_box()
    return box["x"] + box["width"] * 0.75, box["y"] + box["height"] / 2


def test_dragging_a_hand_card_onto_the_field_plays_it(page, site):
    open_app(page, site, "#/sht/play?vs=human")
    reveal(page)
    card = page.locator(".board [data-drag^='dh:']").first
    piece = card.get_attribute("data-piece")
    (x0, y0), (x1, y1) = centre(card.bounding_box()), field_target(page)
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x1 - 4, y1, steps=8)
    page.mouse.move(x1, y1, steps=2)
    page.mouse.up()
    idle(page)
    # the card now lies on the first player's field (its key is its card id): in the log by name
    assert moves_made(page) == 1
    assert piece.startswith("c")


def test_phone_board_hand_and_prompt_fit(browser, site):
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    open_app(page, site, "#/sht/play?vs=human")
    reveal(page)
    for selector in (".board", ".prompt"):
        box = page.locator(selector).first.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 844, selector
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, selector
    hand = page.locator(".board [data-drag^='dh:']")
    for i in range(hand.count()):
        box = hand.nth(i).bounding_box()
        assert box["y"] + box["height"] <= 844
    ctx.close()


def test_phone_defence_step_fits(browser, site):
    # "At 390×844, every game's board, the player's hand and the prompt fit on one screen":
    # the defence step too (the attack card in the middle, Defend/Decline in the panel)
    link = (Path(__file__).parents[1] / "games/sht/fixtures/b_link.txt").read_text().strip()
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    try:
        open_app(page, site, f"#/sht?r={link}")
        act(page, page.locator("[data-cmd='reveal']"))  # the defender confirms being at the device
        assert page.locator(".panel button[data-move]").count() >= 1
        assert page.locator(".board [data-pick^='d:']").count() >= 2  # field cards to put forward
        assert_fits(page)
    finally:
        ctx.close()


def test_phone_targets_are_44_px(browser, site):
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    open_app(page, site, "#/sht/play?vs=human")
    reveal(page)
    small = page.eval_on_selector_all(
        ".board [data-pick], .panel button",
        """els => els.map(e => [e.getAttribute('aria-label') || e.textContent, e.getBoundingClientRect()])
                   .filter(([_, r]) => r.width > 0 && (r.width < 44 || r.height < 44))
                   .map(([t, r]) => `${t} ${Math.round(r.width)}x${Math.round(r.height)}`)""",
    )
    assert small == [], small
    ctx.close()


def test_touch_drag_lands_on_the_field(browser, site):
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    open_app(page, site, "#/sht/play?vs=human")
    reveal(page)
    (x0, y0), (x1, y1) = (
        centre(page.locator(".board [data-drag^='dh:']").first.bounding_box()),
        field_target(page),
    )
    cdp = page.context.new_cdp_session(page)

    def touch(kind, x, y):
        points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", x0, y0)
    for i in range(1, 11):
        touch("touchMove", x0 + (x1 - x0) * i / 10, y0 + (y1 - y0) * i / 10)
    touch("touchEnd", x1, y1)
    idle(page)
    assert moves_made(page) == 1
    ctx.close()


def test_a_japanese_screen_uses_the_source_terms(page, site):
    # the source: 手札 (hand), シールド (shield), オープン (open)
    open_app(page, site, "?lang=ja#/sht/play?vs=human")
    reveal(page)
    prompt = page.locator(".prompt").inner_text()
    assert "手札" in prompt and "オープン" in prompt
    labels = " ".join(
        page.eval_on_selector_all(".board [aria-label]", "els => els.map(e => e.getAttribute('aria-label'))")
    )
    assert "シールド" in labels and "プレイヤー" in labels
    assert "Player" not in labels and "shield" not in labels
