"""DumaRaj in a real browser: a whole game by clicks (flex, promotion, editor line removal, mate),
the new-game dialog with a custom start position, share link round trip, position editor."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import open_app, wait_ready
from tests.e2e.helpers import act, board_labels, can_hold, hold, idle, log_count, release, share_link
from webtabletop.core.record import Record
from webtabletop.games.dumaraj import VIEW
from webtabletop.games.dumaraj.rules import engine as E

FEN = "4k1/6/6/1P4/6/R1K3 w"
OPTIONS = {"fen": FEN, "raj_flex": True, "pair_flex": True, "editor": True}
# found by a seeded search (a lightly guided player vs random); replayed and checked below
GAME = ["c1a1", "-", "e6d5", "-", "b3b5", "d5e4", "c1c3", "e4d4", "-", "b5b6q", "d4e4", "b6f2", "-6",
        "e4d5", "f2b2", "-f", "d5e4", "-", "b2d2", "e4e5", "c3e3"]  # fmt: skip


def clicks(state, code):
    """The page elements a player clicks to make move ``code`` in ``state``."""
    move = state.move_from_code(code)
    if state.editor is not None or move.kind in (E.PAIRFLEX, E.BUMM):
        return [f"[data-move='{code}']"]
    for frm in range(len(state.cells)):
        if move in VIEW._moves_from(state, frm):
            to = VIEW._dest(move, frm)
            options = [m for m in VIEW._moves_from(state, frm) if VIEW._dest(m, frm) == to]
            tail = [f".panel [data-move='{code}']"] if len(options) > 1 else []
            return [f"[data-pick='s{frm}']", f"[data-pick='s{to}']", *tail]
    raise AssertionError(f"no way to click {code}")


def test_the_scripted_game_has_every_feature():
    states = Record("dumaraj", OPTIONS, 0, tuple(GAME)).replay()
    kinds = {s.move_from_code(c).kind for s, c in zip(states, GAME, strict=False)}
    assert {E.RAJFLEX, E.PROMO, E.CUT} <= kinds
    assert states[-1].outcome().winner == 0 and states[-1].outcome().reason == "mate"


@pytest.mark.parametrize("flip", [False, True])
def test_whole_game_by_clicks_with_flex_promotion_and_editor(page, site, browser, flip):
    open_app(page, site, "#/dumaraj/new")
    page.select_option("#pl1", "human")
    page.fill("#opt-fen", FEN)
    for name in ("raj_flex", "pair_flex", "editor"):
        page.check(f"#opt-{name}")
    act(page, page.get_by_role("button", name="Start the game"))
    assert "custom position" in page.locator(".variant").inner_text()
    if flip:
        act(page, page.locator("[data-cmd='flip']"))
    states = Record("dumaraj", OPTIONS, 0, tuple(GAME)).replay()
    for state, code in zip(states, GAME, strict=False):
        for selector in clicks(state, code):
            act(page, page.locator(selector).first)
    dialog = page.locator(".result-dialog")
    assert dialog.is_visible() and "White wins" in dialog.inner_text()
    assert page.locator(".log li").count() == len(GAME)
    before = board_labels(page)
    link = share_link(page, ".result-dialog [data-cmd='share']")
    other = browser.new_context()
    friend = other.new_page()
    friend.goto(link)
    wait_ready(friend)
    assert friend.locator(".board").count() == 1
    if flip:  # the flip is a display choice of the first browser, not part of the link
        act(friend, friend.locator("[data-cmd='flip']"))
    assert board_labels(friend) == before
    other.close()


def test_position_editor_in_the_browser(page, site):
    open_app(page, site, "#/dumaraj/editor")
    act(page, page.locator("[data-pick='load:empty8']"))
    act(page, page.get_by_role("button", name="White Fej"))
    act(page, page.locator("[data-pick='sq:3']"))
    act(page, page.get_by_role("button", name="Black Pixa"))
    act(page, page.locator("[data-pick='sq:1']"))
    assert "Not a legal start" in page.get_by_role("alert").first.inner_text()
    assert page.locator("[data-cmd='editor-start']").is_disabled()
    act(page, page.locator("[data-pick='sq:1']"))
    assert "Legal position" in page.locator(".ok").inner_text()
    act(page, page.locator("[data-cmd='editor-start']"))
    assert page.locator("#opt-fen").input_value().startswith("4k3/8/8/8/8/8/8/3QK3")
    act(page, page.get_by_role("button", name="Start the game"))
    assert page.locator(".board").is_visible()
    assert "custom position" in page.locator(".variant").inner_text()


CAMEL_FEN = "10/10/10/10/6k3/3K6/10/2T7/10/10 w"


def test_a_camel_move_offers_three_editor_lines(page, site):
    """«Тригонь. Позади фигуры, после совершённого хода, три линии …»: with the Editor agreed, the
    Trigon' camel c3-d6 (north-west 1, north-east 2) leaves the southern rank and both side files
    behind, and the Editor prompt offers all three."""
    open_app(page, site, "#/dumaraj/new")
    page.select_option("#pl1", "human")
    page.fill("#opt-fen", CAMEL_FEN)
    page.check("#opt-editor")
    act(page, page.get_by_role("button", name="Start the game"))
    state = Record("dumaraj", {"fen": CAMEL_FEN, "editor": True}, 0, ()).replay()[-1]
    for selector in clicks(state, "c3d6"):
        act(page, page.locator(selector).first)
    panel = page.locator(".panel .choice")
    assert "may remove an empty outer line" in panel.inner_text()
    offered = panel.locator("[data-move]").evaluate_all("els => els.map(e => e.dataset.move)")
    assert offered == ["-1", "-a", "-j", "-"]
    act(page, panel.locator("[data-move='-j']"))
    assert page.locator(".log li").count() == 2


# --- play feel: drag, touch, premove, languages --------------------------------


def square(name: str, width: int = 10) -> int:
    return "abcdefghij".index(name[0]) + (int(name[1:]) - 1) * width


def centre(page, name: str) -> tuple[float, float]:
    box = page.locator(f"[data-key='bit-{square(name)}']").bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def hot_seat(page, site, lang: str = "en") -> None:
    open_app(page, site, f"?lang={lang}#/dumaraj/new")
    page.select_option("#pl1", "human")
    act(page, page.locator("button[data-key='start']"))
    assert page.locator(f"svg.board [data-pick='s{square('b1')}']").count() == 1


def test_mouse_drag_of_a_mob_to_a_legal_square_makes_the_move(page, site):
    hot_seat(page, site)
    (x0, y0), (x1, y1) = centre(page, "b1"), centre(page, "c3")
    page.mouse.move(x0, y0)
    page.mouse.down()
    for i in range(1, 11):
        page.mouse.move(x0 + (x1 - x0) * i / 10, y0 + (y1 - y0) * i / 10)
    page.mouse.up()
    idle(page)
    assert log_count(page) == 1
    assert page.locator(".log li").first.inner_text().endswith("Gon' b1–c3")
    # the moved mob says where it came from (the board module slides it from there)
    assert page.locator("[data-piece='c3']").get_attribute("data-from") == "b1"
    assert page.locator("[data-piece='b1']").count() == 0


@pytest.fixture()
def phone(browser):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, device_scale_factor=2
    )
    yield context.new_page()
    context.close()


def test_phone_board_and_prompt_fit_and_a_touch_drag_lands_on_its_square(phone, site):
    page = phone
    hot_seat(page, site)
    page.evaluate("window.scrollTo(0, 0)")
    board = page.locator("svg.board").bounding_box()
    prompt = page.locator(".prompt").first.bounding_box()
    for box in (board, prompt):
        assert (
            box["y"] >= 0
            and box["y"] + box["height"] <= 844
            and box["x"] >= 0
            and box["x"] + box["width"] <= 390
        )
    bit = page.locator(f"[data-key='bit-{square('e2')}']").bounding_box()
    assert bit["width"] >= 33  # ten bits across a 390 px screen
    (x0, y0), (_x1, y1) = centre(page, "e2"), centre(page, "e4")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
    for i in range(1, 11):
        y = y0 + (y1 - y0) * i / 10
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x0, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    idle(page)
    assert log_count(page) == 1
    assert page.locator(".log li").first.inner_text().endswith("Pixa e2–e4")
    # no layout jump: the board did not move under the finger
    assert abs(page.locator("svg.board").bounding_box()["y"] - board["y"]) < 1


def test_russian_screen_shows_the_designers_names(page, site):
    # «РАДЖ ... ЛОДЬ ... ПИКСА» (dumaraj-moves.ru.txt)
    hot_seat(page, site, "ru")
    labels = " ".join(board_labels(page))
    for word in ("Радж", "Лодь", "Слодь", "Гонь", "Тригонь", "Пикса", "Фэдж"):
        assert word in labels
    assert "выберите моба" in page.locator(".prompt").first.inner_text()
    act(page, page.locator(f"[data-pick='s{square('b1')}']"))
    act(page, page.locator(f"[data-pick='s{square('c3')}']"))
    assert "Гонь b1–c3" in page.locator(".log li").first.inner_text()


def test_premove_is_played_after_the_ai_answers_and_a_click_cancels_it(page, site):
    can_hold(page)  # the computer thinks until the test has queued its premove
    open_app(page, site, "#/dumaraj/new")
    page.select_option("#pl1", "ai")
    act(page, page.locator("button[data-key='start']"))
    (x0, y0), (x1, y1) = centre(page, "e2"), centre(page, "e4")  # the board does not move
    act(page, page.locator(f"[data-pick='s{square('b1')}']"))
    hold(page, "ai")
    page.locator(f"[data-pick='s{square('c3')}']").click()  # the AI starts thinking
    page.wait_for_selector(".game[data-premove]")
    # queue e2-e4 while the AI thinks: the board shows it as a premove
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x1, y1, steps=8)
    page.mouse.up()
    assert page.locator(".premove").count() >= 1
    release(page)
    idle(page)  # the computer's move, the queued one, and the computer's answer to it
    assert log_count(page) == 4
    assert page.locator(".log li").nth(2).inner_text().endswith("Pixa e2–e4")
    # a queued move cancelled by a click elsewhere is not played
    a2, a4 = centre(page, "a2"), centre(page, "a4")
    act(page, page.locator("svg.board [data-drag]").first)  # any legal move (the AI may have given check)
    hold(page, "ai")
    page.locator("svg.board .legal").first.click()  # the AI thinks again
    page.wait_for_selector(".game[data-premove]")
    page.mouse.move(*a2)
    page.mouse.down()
    page.mouse.move(*a4, steps=8)
    page.mouse.up()
    assert page.locator(".premove").count() == 2
    page.mouse.click(5, 5)  # page-local: web/board.js drops the premove (outside the board: the premove is dropped)
    assert page.locator(".premove").count() == 0
    release(page)
    idle(page)
    assert log_count(page) == 6  # the player's move and the computer's: nothing queued


def test_the_letters_preference_switches_pictures_and_letters(page, site):
    hot_seat(page, site)
    assert page.locator("svg.board use").count() == 40
    act(page, page.locator("[data-key='pref-letters']"))
    assert page.locator("svg.board use").count() == 0
    assert page.locator("svg.board text", has_text="K").count() == 2  # both Rajes, as letters
    act(page, page.locator("[data-key='pref-letters']"))
    assert page.locator("svg.board use").count() == 40
