"""CardGO in a real browser: a whole game by dragging cards (preview visible during the drag),
share link round trip, reload resumes."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.e2e.conftest import open_app, wait_ready
from tests.e2e.helpers import act, board_labels, center, idle, log_count, press, share_link


def start_small_game(page, site, opponent="human", start_time=12, size=5):
    open_app(page, site, "#/cardgo/new")
    page.select_option("#pl1", opponent)
    page.fill("#opt-start_time", str(start_time))
    page.fill("#opt-size", str(size))
    page.fill("#opt-seed", "7")
    act(page, page.get_by_role("button", name="Start the game"))
    assert page.locator(".board").count() == 1


def drag_card_to_cell(page, card, cell, check_preview=False):
    """Press on a hand card, move over a cell (the preview appears), release: the card is played.
    Starts and ends with the page idle: the hand at rest, the answer (and the computer's reply) in."""
    idle(page)
    name = cell.get_attribute("data-drop")
    (ax, ay), (bx, by) = center(card), center(cell)
    before = log_count(page)
    page.mouse.move(ax, ay)
    page.mouse.down()
    page.mouse.move(bx - 3, by, steps=6)
    page.mouse.move(bx, by, steps=2)
    # still held: the hover preview of this card on this cell is on the board (read out for screen
    # readers as "<cell>: …"), under the ghost
    idle(page)
    if check_preview:
        assert page.locator(".board .preview").count() == 1
        assert page.locator(".cg-preview").text_content().startswith(f"{name}:")
        assert page.locator(".drag-ghost").count() == 1
    page.mouse.up()
    idle(page)
    assert log_count(page) > before, "the drop played no card"


def play_one_turn(page, check_preview=False):
    if page.locator("[data-cmd='reveal']").count():  # hot-seat: hands are private
        act(page, page.locator("[data-cmd='reveal']"))
    skip = page.locator(".panel button[data-move='skip'], .panel button[data-move='pass']")
    if skip.count():
        act(page, skip.first)
        return
    cards = page.locator("[data-drag]")
    cells = page.locator(".board [data-drop]")
    n = cells.count()
    drag_card_to_cell(page, cards.first, cells.nth(n // 2), check_preview)


def test_whole_game_by_dragging_with_preview(page, site):
    """Green (human) drags every card; Red is the computer. Small board, little time: a short game."""
    start_small_game(page, site, opponent="ai", start_time=8, size=5)
    moves = 0
    for i in range(300):
        if page.locator(".result-dialog").count():
            break
        play_one_turn(page, check_preview=(i < 3))
        moves += 1
    assert page.locator(".result-dialog").is_visible()
    assert log_count(page) >= moves // 2


def test_share_link_and_reload(page, site, browser):
    start_small_game(page, site, opponent="ai", start_time=60, size=7)
    for _ in range(4):
        play_one_turn(page)
    before = board_labels(page)
    page.reload()
    wait_ready(page)
    assert board_labels(page) == before
    link = share_link(page)
    other = browser.new_context()
    friend = other.new_page()
    friend.goto(link)
    wait_ready(friend)
    assert friend.locator(".board").count() == 1
    # the friend sees the same public board (hidden values stay hidden for every viewer alike)
    assert len(board_labels(friend)) == len(before)
    other.close()


def test_click_to_place_and_keyboard(page, site):
    start_small_game(page, site, opponent="ai", start_time=60, size=7)
    act(page, page.locator("[data-pick^='h']").first)
    before = log_count(page)
    act(page, page.locator(".board [data-pick][data-drop]").nth(3))  # the computer's reply too
    assert log_count(page) > before
    # keyboard: focus a card, Enter selects it; focus a cell (the preview shows), Enter places it
    before = log_count(page)
    page.locator("[data-pick^='h']").first.focus()
    press(page, "Enter")
    cell = page.locator(".board [data-pick][data-drop]").nth(5)
    name = cell.get_attribute("data-drop")
    cell.focus()  # a keyboard focus (:focus-visible, after a key) asks for the preview
    idle(page)
    assert page.locator(".board .preview").count() == 1
    assert page.locator(".cg-preview").text_content().startswith(f"{name}:")
    press(page, "Enter")  # the re-rendered cell has the focus back (data-key)
    assert log_count(page) > before


def hand_cards(page):
    return page.locator(".cg-hand [data-key^='card-']")


def place_by_clicks(page, card, cell):
    """Pick a hand card, then a cell (each click waits for its render); skip any extra play."""
    act(page, card)
    before = log_count(page)
    act(page, cell)
    assert log_count(page) > before
    skip = page.locator(".panel button[data-move='skip']")
    if skip.count():
        act(page, skip.first)


def test_love_leaves_its_player_one_card_richer(page, site):
    """喜爱: «打出时,额外抽取一张卡牌» (on play, draw one extra card), and every new turn draws:
    Red plays Love from a full hand (6 cards) and starts its next turn with 7 (the old hand cap
    left it at 6). Hot-seat, seed 6, no terrain: Red's starting hand holds a Love card."""
    open_app(page, site, "#/cardgo/new")
    page.select_option("#pl1", "human")
    page.fill("#opt-start_time", "60")
    page.fill("#opt-size", "5")
    page.uncheck("#opt-terrain")
    page.fill("#opt-seed", "6")
    act(page, page.get_by_role("button", name="Start the game"))
    # Green's first turn (no draw): any card
    act(page, page.locator("[data-cmd='reveal']"))
    place_by_clicks(page, hand_cards(page).first, page.locator(".board [data-drop]").first)
    # Red: 5 cards + the turn's draw; play the Love card
    act(page, page.locator("[data-cmd='reveal']"))
    assert hand_cards(page).count() == 6
    love = page.locator(".cg-hand [aria-label*='Love']").first
    place_by_clicks(page, love, page.locator(".board [data-drop]").last)
    # Green sees Red still holding 6 cards: one played, one drawn by Love
    act(page, page.locator("[data-cmd='reveal']"))
    assert page.locator(".cg-other", has_text="Red holds 6 cards.").count() == 1
    place_by_clicks(page, hand_cards(page).first, page.locator(".board [data-drop]").first)
    # Red's next turn draws on top: 7 cards on screen
    act(page, page.locator("[data-cmd='reveal']"))
    assert hand_cards(page).count() == 7
    assert "drew 1 extra card" in page.locator(".cg-log").text_content()  # the log is closed


# --- play feel: terrain, touch, phone layout, languages -----------------------


def start_default_board(page, site, query="", seed="4"):
    """A 10×10 board with terrain (seed 4: e9 is land, d9 plain, highland present), vs the computer."""
    open_app(page, site, f"{query}#/cardgo/new")
    page.select_option("#pl1", "ai")
    page.fill("#opt-seed", seed)
    act(page, page.locator("button[data-key='start']"))
    assert page.locator(".board.cardgo").count() == 1


def test_terrain_colour_survives_the_generic_cell_css(page, site):
    """«8 高地 N 放置的棋子时间值+1»: a highland cell is drawn in highland colour with its symbol,
    not repainted by the page's generic .cell rules; placing a card there shows why it grew."""
    start_default_board(page, site)
    ground = page.locator(".board .cg-cell.terrain-8 .cg-ground").first
    fill = ground.evaluate("el => getComputedStyle(el).fill")
    assert fill == "rgb(201, 164, 107)", fill  # #c9a46b, not the generic #efe9dc / #fbf7ec
    legal = page.locator(".board .cg-cell.legal.terrain-1 .cg-ground").first
    assert legal.evaluate("el => getComputedStyle(el).fill") == "rgb(226, 211, 168)"
    text = page.locator(".board .cg-cell.terrain-8 .cg-ticon").first
    assert text.evaluate("el => getComputedStyle(el).fill") == "rgb(17, 17, 17)"  # not the generic #fff
    # place the first card on a highland cell by dragging; its label says why the value grew, and
    # its description (its explanation card) what highland does
    cell = page.locator(".board .cg-cell.legal.terrain-8").first
    name = cell.get_attribute("data-drop")
    drag_card_to_cell(page, page.locator("[data-drag]").first, cell)
    placed = page.locator(f".board [data-key='cell-{name}']")
    assert "+1 Highland" in placed.get_attribute("aria-label")
    expect(placed).to_have_accessible_description(re.compile("Highland: A stone here is worth 1 more"))


def _phone(browser, **extra):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, **extra)
    return ctx, ctx.new_page()


def _touch_drag(page, start, end):
    """A real touch drag (CDP touch events: the page sees pointerType "touch")."""
    cdp = page.context.new_cdp_session(page)

    def touch(kind, x, y):
        points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", *start)
    for k in range(1, 9):
        touch("touchMove", start[0] + (end[0] - start[0]) * k / 8, start[1] + (end[1] - start[1]) * k / 8)
    touch("touchEnd", *end)


def _centre(box):
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_phone_board_hand_and_prompt_fit_and_targets_are_big(browser, site):
    ctx, page = _phone(browser)
    try:
        start_default_board(page, site)
        page.evaluate("window.scrollTo(0, 0)")
        for sel in (".board.cardgo", ".cg-hand", ".prompt"):
            box = page.locator(sel).first.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= 390 + 0.5, sel
        # CardGO's own targets: hand cards, buttons and summaries at least 44 px; cells their size
        small = page.eval_on_selector_all(
            ".cg-hand [data-drag], .panel .choice button, .cg-log summary, .cg-legend summary",
            "els => els.map(e => e.getBoundingClientRect()).filter(r => r.width < 44 || r.height < 44).length",
        )
        assert small == 0
        cells = page.locator(".board .cg-cell").first.bounding_box()
        assert cells["width"] >= 30  # 10×10 at 390 px: the largest board that fits
        # accessible names of hand cards contain their visible text
        for card in page.locator(".cg-hand [data-drag]").all():
            assert card.inner_text().split()[0] in card.get_attribute("aria-label")
    finally:
        ctx.close()


def test_phone_everything_on_one_screen(browser, site):
    ctx, page = _phone(browser)
    try:
        start_default_board(page, site)
        for sel in (".board.cardgo", ".cg-hand", ".prompt"):
            box = page.locator(sel).first.bounding_box()
            assert box["y"] >= 0 and box["y"] + box["height"] <= 844, (sel, box)
    finally:
        ctx.close()


def test_touch_drag_lands_on_the_intended_cell(browser, site):
    """Required: "a CardGO card dragged to e9 landed on d9". The preview line the panel drew during a
    drag pushed the board down under the finger; it is now read out only. A real touch drag lands."""
    ctx, page = _phone(browser)
    try:
        start_default_board(page, site)
        target = page.locator(".board [data-drop='e9']")
        page.evaluate("window.scrollTo(0, 0)")  # card and e9 both on screen: nothing scrolls
        card = page.locator(".cg-hand [data-drag]").first
        start = _centre(card.bounding_box())
        before = log_count(page)
        _touch_drag(page, start, _centre(target.bounding_box()))
        idle(page)
        assert log_count(page) > before
        assert page.locator(".board [data-piece='e9']").count() == 1
        assert page.locator(".board [data-piece='d9']").count() == 0
    finally:
        ctx.close()


def test_chinese_screen_shows_the_designers_terms(page, site):
    """zh-Hans: CardGO's own words (绿方, 地形图例, the source's terrain names) on the board screen."""
    start_default_board(page, site, query="?lang=zh-Hans")
    panel = page.locator(".panel").first.inner_text()
    assert "绿方" in panel and "地形图例" in panel
    page.locator(".cg-legend summary").click()  # page-local: a <details> opens itself
    assert "高地" in page.locator(".cg-legend").inner_text()
    assert "把手牌拖到空区域" in page.locator(".prompt").first.inner_text()
    labels = " ".join(board_labels(page))
    assert "空" in labels and "Green" not in panel and "Terrain legend" not in panel


def test_a_legal_dot_leaves_the_last_moves_mark_readable(page, site):
    """Green's first card burned in the fire on g1 ("−2" in the middle of the now empty cell): the
    legal dot of that cell sits in its corner, clear of the mark, not on top of it."""
    open_app(page, site, "#/cardgo?r=AgIBGnsic2l6ZSI6Nywic3RhcnRfdGltZSI6NDB9ASIz1KJW")
    if page.locator("[data-cmd='reveal']").count():  # hot-seat: hands are private
        act(page, page.locator("[data-cmd='reveal']"))
    mark = page.locator(".board .took-effect text").first
    assert mark.text_content() == "−2"
    dot = page.locator(".board [data-key='cell-g1'] .cg-dot")
    assert dot.count() == 1
    m, d = mark.bounding_box(), dot.bounding_box()
    apart = d["x"] >= m["x"] + m["width"] or d["x"] + d["width"] <= m["x"] or d["y"] >= m["y"] + m["height"] or d["y"] + d["height"] <= m["y"]
    assert apart, (m, d)
