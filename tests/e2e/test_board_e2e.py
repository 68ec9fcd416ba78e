"""The board module (web/board.js) and the shell around every board, in a real browser
(docs/board.md; "One interaction model for every board", "Phone first").

Positions are built through the public rules API and opened as share links, so each test
starts from the state it checks; every wait is for the page's idle signal (tests/e2e/helpers.py).
"""

from __future__ import annotations

import pytest

from tests.e2e.conftest import open_app
from tests.e2e.helpers import (
    PHONE,
    act,
    animations,
    assert_fits,
    assert_targets,
    can_hold,
    go,
    hold,
    idle,
    log_count,
    press,
    release,
    small_targets,
    touch_drag,
)
from webtabletop.core import sharelink
from webtabletop.core.record import History, Record
from webtabletop.core.registry import get_game


def link(game: str, moves_until=None, seed: int = 11) -> str:
    """A share link (URL fragment) of a game played through the rules: the first legal move
    each turn, until ``moves_until(state, plies)`` says stop (default: the game is over)."""
    spec = get_game(game)
    h = History(Record.new(spec, spec.default_options(), seed))
    while not h.state.is_over and not (moves_until and moves_until(h.state, h.cursor)):
        h.play(h.state.legal_moves()[0].code)
    return sharelink.make_hash(h.current_record())


def test_touch_drag_lands_on_the_cell_and_a_drop_outside_cancels(phone, site):
    # "a CardGO card dragged to e9 landed on d9"; "A drop outside a legal target cancels cleanly"
    open_app(phone, site, "#/cardgo/play?vs=ai")
    card = phone.locator("[data-drag^='h']").first
    # measured in one step in the page: a late preview answer may replace the board's HTML between a
    # locator's lookup and its measurement
    board_y = "document.querySelector('.board-wrap').getBoundingClientRect().y"
    before_y = phone.evaluate(board_y)
    # outside every target (the page's header): no move, no selection, no ghost
    touch_drag(phone, card, (195, 12))
    idle(phone)
    assert log_count(phone) == 0
    assert phone.locator(".drag-ghost, .wtt-float").count() == 0
    assert phone.get_attribute("body", "data-selection") == "0"
    # no layout jump on the first touch: the board is where it was
    assert phone.evaluate(board_y) == pytest.approx(before_y, abs=1)
    cells = phone.locator(".board [data-drop]")
    target = cells.nth(cells.count() // 2)
    name = target.get_attribute("data-drop")
    touch_drag(phone, phone.locator("[data-drag^='h']").first, target)
    idle(phone)
    assert log_count(phone) >= 1
    # the card was played on the intended cell: the move list's first entry names it (not "that
    # cell is no drop target any more": the random terrain may be a crypt that swallows the card or
    # a fire it burns in, which leaves the cell free — it failed so 1 run in 4)
    assert phone.locator(".log li").first.inner_text().endswith(f"→ {name}")
    assert phone.locator(".drag-ghost").count() == 0


def test_game_over_window_closes_with_esc_x_and_a_click_outside(page, site):
    # "The game-over window can be closed (×, Esc, a click outside) and moved aside"
    open_app(page, site, link("tsifrograd"))
    dialog = page.locator(".result-dialog")
    assert dialog.count() == 1
    press(page, "Escape")
    assert dialog.count() == 0
    act(page, page.locator("[data-cmd='show-result']"))
    assert dialog.count() == 1
    act(page, page.locator(".result-dialog [data-cmd='dismiss-result'][aria-label]"))
    assert dialog.count() == 0
    act(page, page.locator("[data-cmd='show-result']"))
    # moved aside: its title bar drags it; "Look at the board" folds it to a bar
    bar = page.locator(".result-bar h2").bounding_box()
    page.mouse.move(bar["x"] + 10, bar["y"] + 10)
    page.mouse.down()
    page.mouse.move(bar["x"] + 10, bar["y"] + 210, steps=4)
    page.mouse.up()
    assert page.locator(".result-bar h2").bounding_box()["y"] == pytest.approx(bar["y"] + 200, abs=2)
    page.locator("[data-peek]").click()  # page-local: web/board.js folds it, no engine action
    assert "peek" in dialog.get_attribute("class")
    # a click outside (on the board) closes it and plays nothing
    box = page.locator(".board-wrap").bounding_box()
    moves = log_count(page)
    page.mouse.click(box["x"] + 5, box["y"] + 5)
    idle(page)
    assert dialog.count() == 0
    assert log_count(page) == moves


def play_first_legal(page):
    before = log_count(page)
    act(page, page.locator(".cell.legal").first)
    assert log_count(page) == before + 1


def test_moves_animate_unless_motion_is_off(page, site):
    # "Respect prefers-reduced-motion and add a setting to turn motion off"
    open_app(page, site, "#/tsifrograd/play?vs=human")
    play_first_legal(page)
    assert animations(page) > 0
    assert page.locator(".status-line").inner_text().strip()  # the move is named in words
    act(page, page.locator("[data-change='setting:motion']"))
    assert page.get_attribute("body", "data-motion") == "off"
    count = animations(page)
    play_first_legal(page)
    assert animations(page) == count
    assert page.evaluate("document.getAnimations().filter(a => a.playState === 'running').length") == 0
    act(page, page.locator("[data-change='setting:motion']"))  # the setting is remembered: back on


def test_reduced_motion_plays_no_animation(browser, site):
    ctx = browser.new_context(reduced_motion="reduce")
    page = ctx.new_page()
    try:
        open_app(page, site, "#/tsifrograd/play?vs=human")
        play_first_legal(page)
        play_first_legal(page)
        assert animations(page) == 0
    finally:
        ctx.close()


def test_hint_names_a_move_and_the_log_marks_it(page, site):
    # "A hint button ... Say in the move log that a hint was used."
    open_app(page, site, "#/tsifrograd/play?vs=human")
    act(page, page.locator("[data-cmd='hint']"))
    assert page.locator(".status-line").inner_text().startswith("Hint: ")
    play_first_legal(page)
    assert page.locator(".log li.hinted .hint-mark").count() == 1
    page.reload()
    idle(page)  # the engine's screen of the saved game (not the first paint kept from the last visit)
    assert page.locator(".log li.hinted .hint-mark").count() == 1


def test_premove_in_dumaraj_is_played_after_the_computer_answers(page, site):
    # "Add Lichess-style premove in DumaRaj (queue one move while the AI thinks)"
    # click-click premove (the DumaRaj e2e file queues one by dragging); bits on the 10-wide board
    b1, c3, e2, e4 = 1, 22, 14, 34
    can_hold(page)  # the computer thinks until the premove is queued
    open_app(page, site, "#/dumaraj/play?vs=ai")
    act(page, page.locator(f".board [data-pick='s{b1}']"))
    hold(page, "ai")
    page.locator(f".board [data-pick='s{c3}']").click()  # the computer starts thinking
    page.wait_for_selector(f".game[data-premove] .board [data-drag='d{e2}']")
    page.locator(f".board [data-drag='d{e2}']").click()  # page-local: a premove's piece, kept by web/board.js
    page.locator(f".board [data-drop='t{e4}']").click()  # page-local: its target, kept too
    assert page.locator(".board .premove").count() == 2  # the queued piece and its target
    release(page)
    idle(page)  # the computer's move, the queued one, and the computer's answer to it
    assert log_count(page) == 4
    assert page.locator(".log li").nth(2).inner_text().endswith("e2–e4")


@pytest.mark.parametrize("game", ["tsifrograd", "cardgo", "dumaraj", "htt", "sht"])
def test_phone_board_hand_and_prompt_fit_and_targets_are_big(browser, site, game):
    # "At 390×844, every game's board, the player's hand and the prompt fit on one screen"
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    try:
        open_app(page, site, f"#/{game}/play?vs=ai")
        assert_fits(page)
        assert_targets(page)
        page.locator("[data-menu]").click()  # page-local: web/board.js opens the menu (secondary actions fold into one menu)
        assert page.locator("#game-menu").is_visible()
        assert_targets(page)
    finally:
        ctx.close()


#: every screen around the boards (route as the shell reports it in body[data-route])
SHELL_SCREENS = (
    "#/data", "#/tsifrograd/rules", "#/htt/rules", "#/cardgo/rules", "#/dumaraj/rules", "#/sht/rules",
    "#/htt/collection", "#/htt/packs", "#/htt/decks", "#/tsifrograd/new", "#/htt/new",
)


def test_every_shell_screen_has_big_touch_targets_on_a_phone(phone, site):
    # "Every touch target is at least 44×44 CSS px" (links, buttons, fields outside the boards)
    open_app(phone, site, "#/")
    assert small_targets(phone) == []
    for fragment in SHELL_SCREENS:
        go(phone, fragment)
        assert small_targets(phone) == [], fragment


# --- web/board.js on its own: the contract's attributes, on a board drawn at twice its size ---
BOARD = (
    '<div class="board-wrap"><svg class="board" viewBox="0 0 200 100" style="width:400px;height:200px">'
    "{}</svg></div>"
)


def piece(key, x, extra=""):
    return f'<g data-piece="{key}" transform="translate({x},10)" {extra}><rect width="20" height="20"/></g>'


#: what the board shows in the same task as the swap (an animation lasts 200 ms: a later look,
#: on a loaded machine, may find it over)
SWAPPED = """([h, m]) => {
  wttBoard.swap(h, m);
  return {
    frames: Object.fromEntries([...document.querySelectorAll('[data-piece]')].map((el) =>
      [el.dataset.piece, el.getAnimations().map((a) => a.effect.getKeyframes()[0].translate || null)])),
    flipping: document.querySelectorAll("[data-piece='new'].anim-flip").length,
    floats: document.querySelectorAll('.wtt-float').length,
  };
}"""


def swap(page, html, moved=True, motion=True) -> dict:
    """Hand web/board.js an answer; what it shows right after (see SWAPPED)."""
    meta = {"moved": moved, "sound": "move", "feel": {"motion": motion, "sounds": False}}
    return page.evaluate(SWAPPED, [html, __import__("json").dumps(meta)])


def test_flip_moves_pieces_by_key_from_their_old_place(page, site):
    # docs/board.md: "data-piece ... the board animates it from its old place to its new one (FLIP)";
    # "data-from ... it flies from there"; "data-anim ... the board plays that animation once"
    open_app(page, site, "#/")
    swap(page, BOARD.format(piece("a", 10) + piece("b", 60) + piece("gone", 100)), moved=False)
    before = page.evaluate("wttBoard.stats.animations")
    shown = swap(page, BOARD.format(piece("a", 150) + piece("c", 10, 'data-from="b"') + piece("new", 120, 'data-anim="flip"')))
    frames = shown["frames"]
    # "a" moved 140 user units right: drawn at scale 2 that is 280 CSS px, and the animation
    # starts 140 units back in the board's own units (the ghost and the piece keep their scale)
    assert frames["a"] and frames["a"][0].startswith("-140px")
    assert frames["c"] and frames["c"][0].startswith("50px")  # came from b at x=60, now at x=10
    assert shown["flipping"] == 1
    assert shown["floats"] == 1  # "gone" leaves as a fading copy
    assert page.evaluate("wttBoard.stats.animations") > before
    # motion off (or a hover re-render): nothing moves
    count = page.evaluate("wttBoard.stats.animations")
    swap(page, BOARD.format(piece("a", 10)), motion=False)
    swap(page, BOARD.format(piece("a", 150)), moved=False)
    assert page.evaluate("wttBoard.stats.animations") == count


def test_sounds_are_off_by_default_and_play_when_turned_on(page, site):
    # "optional sounds (move, capture, check, game end) ... off by default and remembered"
    open_app(page, site, "#/tsifrograd/play?vs=human")
    play_first_legal(page)
    assert page.evaluate("wttBoard.stats.sounds") == 0
    act(page, page.locator("[data-change='setting:sounds']"))
    play_first_legal(page)
    assert page.evaluate("wttBoard.stats.sounds") == 1
    page.reload()
    idle(page)  # the engine's screen, not the first paint kept from the last visit
    assert page.locator("[data-change='setting:sounds']:checked").count() == 1


def test_a_new_board_opens_scrolled_to_its_top(phone, site):
    # "A new board opens scrolled to its top."
    open_app(phone, site, link("tsifrograd", lambda s, n: n >= 16))  # a long move log below
    phone.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    assert phone.evaluate("window.scrollY") > 0
    go(phone, "#/cardgo/play?vs=ai")
    assert phone.locator(".game[data-game='cardgo']").count() == 1
    assert phone.evaluate("window.scrollY") == 0
