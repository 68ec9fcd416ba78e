"""Tsifrograd in a real browser: a whole game by clicks, links, reload, errors, AI, keyboard."""

from __future__ import annotations

import re

from tests.e2e.conftest import open_app, wait_ready
from tests.e2e.helpers import act, board_labels, idle, log_count, press, share_link


def test_whole_game_by_clicks_with_no_request_leaving_localhost(page, site):
    outside = []
    page.on(
        "request",
        lambda r: (
            outside.append(r.url) if not r.url.startswith(("http://127.0.0.1", "data:", "blob:")) else None
        ),
    )
    open_app(page, site)
    assert page.locator(".game-card[data-game='tsifrograd']").count() == 1
    act(page, page.locator(".game-card[data-game='tsifrograd']").get_by_role("link", name="Hot-seat"))
    assert page.locator(".board").is_visible()
    for _ in range(200):
        if page.locator(".result-dialog").count():
            break
        target = page.locator(".cell.target")
        if page.locator("[data-move='-']").count() and target.count():
            act(page, target.first)  # always take a crossing when one is offered
        else:
            act(page, page.locator(".cell.legal").first)
    result = page.locator(".result-dialog")
    assert result.is_visible()
    assert re.search(r"(Orange|Blue) wins", result.inner_text())
    assert page.locator(".cell.empty").count() == 0
    assert outside == [], f"requests left localhost: {outside}"


def test_share_link_opens_the_same_board_in_a_fresh_browser(page, site, browser):
    open_app(page, site, "#/tsifrograd/play?vs=human")
    for _ in range(7):
        act(page, page.locator(".cell.legal").nth(3))
        if page.locator("[data-move='-']").count():
            act(page, page.locator("[data-move='-']"))
    before = board_labels(page)
    link = share_link(page)
    assert "#/tsifrograd?r=" in link and len(link) < 1000
    other = browser.new_context()
    friend = other.new_page()
    friend.goto(link)
    wait_ready(friend)
    # first, while it shows (a toast leaves after 7 s, which a loaded machine can spend)
    assert "Opened the shared game" in friend.locator("#toast").inner_text()
    assert board_labels(friend) == before
    other.close()


def test_reload_mid_game_resumes(page, site):
    open_app(page, site, "#/tsifrograd/play?vs=human")
    for i in range(5):
        act(page, page.locator(".cell.legal").nth(i))
        if page.locator("[data-move='-']").count():
            act(page, page.locator("[data-move='-']"))
    before = board_labels(page)
    moves = log_count(page)
    page.reload()
    wait_ready(page)
    assert board_labels(page) == before and log_count(page) == moves
    assert page.url.endswith("#/tsifrograd")


def test_broken_link_shows_error_and_a_way_out(page, site):
    open_app(page, site, "#/tsifrograd?r=AQAAthisisnotagame")
    alert = page.get_by_role("alert")
    assert "cannot be opened" in alert.inner_text()
    assert "not a webtabletop link" in alert.inner_text()  # core's message since 9b32887
    act(page, page.get_by_role("link", name="Start a new game"))
    assert page.locator("form[data-form='new-game']").is_visible()


def test_truncated_link_and_unknown_game(page, site):
    open_app(page, site, "#/tsifrograd/play?vs=human")
    act(page, page.locator(".cell.legal").first)
    link = share_link(page)
    page.goto(link[: len(link) - 6])
    idle(page)  # the answer to this address, not the screen before it
    assert "cannot be opened" in page.locator(".error-page").inner_text()
    page.goto(site + "#/nosuchgame")
    idle(page)
    assert "unknown game" in page.locator(".error-page").inner_text()


def test_against_the_ai_and_undo(page, site):
    open_app(page, site, "#/tsifrograd/play?vs=ai")
    act(page, page.locator(".cell.legal").first)  # and the computer's answer
    assert log_count(page) >= 2
    assert "Orange" in page.locator(".turn").inner_text()
    act(page, page.locator("[data-cmd='undo']"))
    assert log_count(page) >= 2 and page.locator(".log li.future").count() >= 1
    assert "Orange" in page.locator(".turn").inner_text()


def test_keyboard_play_and_step_through(page, site):
    open_app(page, site, "#/tsifrograd/play?vs=human")
    cell = page.locator(".cell.legal").first
    cell.focus()
    press(page, "Enter")
    assert log_count(page) == 1
    page.locator("body").click(position={"x": 5, "y": 5})
    press(page, "ArrowLeft")
    assert page.locator(".log li.future").count() == 1
    press(page, "ArrowRight")
    assert page.locator(".log li.future").count() == 0


def test_new_game_dialog_options_and_validation(page, site):
    open_app(page, site, "#/tsifrograd/new")
    page.select_option("#opt-board", "square")
    page.fill("#opt-width", "20")
    act(page, page.get_by_role("button", name="Start the game"))
    assert "width" in page.get_by_role("alert").inner_text()
    page.select_option("#opt-variant", "tsifroshturm")
    page.fill("#opt-width", "5")
    page.fill("#opt-height", "4")
    page.select_option("#opt-adjacency", "4")
    page.select_option("#pl1", "human")
    act(page, page.get_by_role("button", name="Start the game"))
    assert page.locator(".cell").count() == 20
    assert "Tsifroshturm" in page.locator(".variant").inner_text()
    assert "Opening grace" in page.locator(".panel").inner_text()


def test_phone_layout_tap_to_play(browser, site):
    ctx = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, device_scale_factor=2
    )
    page = ctx.new_page()
    open_app(page, site, "#/tsifrograd/play?vs=human")
    box = page.locator(".board").bounding_box()
    assert box["width"] <= 390 and box["width"] > 300
    page.locator(".cell.legal").nth(10).tap()
    idle(page)
    assert log_count(page) == 1
    ctx.close()


def corrected_rule_position():
    """A game (through the rules API) whose next placement crosses under the corrected rule only:
    the enemy number touches another number of the mover that does not touch the placed one
    (the source: «и она соприкасается как минимум еще с одним вашим числом», «она» = the enemy
    digit). Returns (record, cell, today's target cells, the player who places there)."""
    from webtabletop.core.record import Record
    from webtabletop.core.rng import Rng
    from webtabletop.games.tsifrograd import SPEC
    from webtabletop.games.tsifrograd.legacy import old_crossing_targets
    from webtabletop.games.tsifrograd.rules import CROSS, DECLINE, PLACE

    for seed in range(1, 50):
        record = Record.new(SPEC, SPEC.default_options(), seed)
        state, rng, codes = record.start_state(), Rng(seed), []
        while not state.is_over:
            if state.phase == PLACE:
                for move in state.legal_moves():
                    after = state.apply(move)
                    owners, values = list(state.owners), list(state.values)
                    owners[move.cell], values[move.cell] = state.player, state.number
                    g = state.grid
                    old = old_crossing_targets(
                        g.neighbours, owners, values, state.crossed, move.cell, state.player
                    )
                    if after.phase == CROSS and not old:
                        return record.with_moves(tuple(codes)), move.cell, after.targets, state.player
            legal = state.legal_moves()
            move = DECLINE if state.phase == CROSS else legal[rng.randbelow(len(legal))]
            codes.append(move.code)
            state = state.apply(move)
    raise AssertionError("no position found")


def test_highlighted_targets_follow_the_corrected_crossing_rule(page, site):
    from webtabletop.core.sharelink import make_hash
    from webtabletop.games.tsifrograd.rules import PLAYER_NAMES

    record, cell, targets, mover = corrected_rule_position()
    open_app(page, site, make_hash(record))
    assert log_count(page) == len(record.moves)
    assert page.locator(".cell.target").count() == 0
    act(page, page.locator(f".board [data-key='cell-{cell}']"))
    shown = page.locator(".cell.target")
    assert shown.count() == len(targets) > 0
    keys = {shown.nth(i).get_attribute("data-key") for i in range(shown.count())}
    assert keys == {f"cell-{t}" for t in targets}
    label = shown.first.get_attribute("aria-label")
    assert re.search(r"can be crossed out: \d+ \+ \d+ = \d+ is more than \d+ \+ \d+ = \d+", label)
    assert page.locator("[data-move='-']").count() == 1
    act(page, shown.first)  # cross it out: the turn passes, the number is struck through
    assert page.locator(".cell.target").count() == 0
    assert page.locator(".cell.crossed").count() == 1
    assert PLAYER_NAMES[1 - mover] in page.locator(".turn").inner_text()


# --- board contract: drag, phone, touch, languages ------------------------
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def centre(box):
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def mouse_drag(page, source, target):
    """Press on ``source``, move onto ``target`` in small steps, release; wait for the move."""
    (x0, y0), (x1, y1) = centre(source.bounding_box()), centre(target.bounding_box())
    moves = log_count(page)
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x1 - 4, y1, steps=8)
    page.mouse.move(x1, y1, steps=2)
    page.mouse.up()
    idle(page)
    assert log_count(page) > moves


def touch_drag(page, source, target):
    """The same drag with a finger (Chrome DevTools touch events: pointer events of type touch)."""
    (x0, y0), (x1, y1) = centre(source.bounding_box()), centre(target.bounding_box())
    cdp = page.context.new_cdp_session(page)
    moves = log_count(page)

    def touch(kind, x, y):
        points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", x0, y0)
    for i in range(1, 11):
        touch("touchMove", x0 + (x1 - x0) * i / 10, y0 + (y1 - y0) * i / 10)
    touch("touchEnd", x1, y1)
    idle(page)
    assert log_count(page) > moves


def test_dragging_the_dice_onto_a_cell_writes_the_number(page, site):
    open_app(page, site, "#/tsifrograd/play?vs=human")
    dice = page.locator(".dice[data-drag]")
    number = page.locator(".dice").get_attribute("aria-label").rsplit("= ", 1)[1]
    cell = page.locator(".cell.legal").nth(12)
    key = cell.get_attribute("data-key")
    mouse_drag(page, dice, cell)
    placed = page.locator(f".board [data-key='{key}']")
    assert "p0" in placed.get_attribute("class").split()
    assert placed.locator("text").text_content() == number
    assert log_count(page) == 1


def test_phone_board_dice_and_prompt_fit_and_targets_are_big_enough(browser, site):
    """The game's own targets (cells, dice, buttons of the panel); the shell's are the board
    branch's (docs/board.md)."""
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    open_app(page, site, "#/tsifrograd/play?vs=human")
    for selector in (".board", ".dice", ".prompt"):
        box = page.locator(selector).first.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 844, selector
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, selector
    cells = page.locator(".cell.legal")
    smallest = min(
        min(b["width"], b["height"]) for b in (cells.nth(i).bounding_box() for i in range(cells.count()))
    )
    # the hexagon of 37 cells at the full width of a 390 px phone: each cell is about 45 px wide
    assert smallest >= 40, smallest
    small = page.eval_on_selector_all(
        ".panel button, .panel [data-move], .panel [data-drag]",
        """els => els.filter(e => e.offsetParent !== null || e.getBBox)
                   .map(e => [e.outerHTML.slice(0, 60), e.getBoundingClientRect()])
                   .filter(([_, r]) => r.width > 0 && (r.width < 44 || r.height < 44))
                   .map(([h, r]) => `${h} ${Math.round(r.width)}x${Math.round(r.height)}`)""",
    )
    assert small == [], small
    ctx.close()


def test_touch_drag_lands_on_the_intended_cell(browser, site):
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    open_app(page, site, "#/tsifrograd/play?vs=human")
    cell = page.locator(".cell.legal").nth(20)
    key = cell.get_attribute("data-key")
    touch_drag(page, page.locator(".dice[data-drag]"), cell)
    assert "p0" in page.locator(f".board [data-key='{key}']").get_attribute("class").split()
    ctx.close()


def test_a_russian_screen_speaks_the_designers_words(page, site):
    open_app(page, site, "?lang=ru#/tsifrograd/play?vs=human")
    assert "впишите своё число" in page.locator(".prompt").inner_text()
    assert "на кубиках" in page.locator(".panel").inner_text()
    act(page, page.locator(".cell.legal").nth(5))
    assert "Синий: впишите" in page.locator(".prompt").inner_text()
    labels = " ".join(board_labels(page))
    assert "Оранжевый" in labels and "свободна" in labels
