"""The game's flow in a real browser at 1366×800 and on a 390×844 phone:
the computer's reply waits for the player's move to be read, the move log by turn, the new-game
dialog's truthful words, engine details behind a switch, HTT's deck builder with the cards
themselves, and house rules labelled as such.

Screenshots go to the test's temporary folder, or to ``WTT_SCREENS`` (``docs/screens`` makes
the screenshots of the docs: ``WTT_SCREENS=docs/screens pytest tests/e2e/test_flow_e2e.py``).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.e2e.conftest import open_app
from tests.e2e.helpers import PHONE, act, go, idle, press
from tests.e2e.test_pseudo_e2e import played

DESKTOP = {"viewport": {"width": 1366, "height": 800}}
SIZES = {"1366": DESKTOP, "390": PHONE}

#: records when each move appeared: (number of moves in the log, performance.now())
WATCH_LOG = """() => {
  window.wttTestLog = [];
  const count = () => document.querySelectorAll('#app .log li').length;
  let last = count();
  new MutationObserver(() => {
    const n = count();
    if (n !== last) { last = n; window.wttTestLog.push([n, performance.now()]); }
  }).observe(document.getElementById('app'), {childList: true, subtree: true});
}"""


@pytest.fixture(params=list(SIZES))
def sized(request, browser):
    ctx = browser.new_context(**SIZES[request.param])
    page = ctx.new_page()
    page.size_name = request.param
    yield page
    ctx.close()


def shot(page, name, tmp_path):
    out = Path(os.environ.get("WTT_SCREENS") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(out / f"{name}-{page.size_name}.png"))


def open_menu(page):
    """On a phone the settings fold behind "Menu"."""
    toggle = page.locator("[data-menu]")
    if toggle.is_visible() and toggle.get_attribute("aria-expanded") != "true":
        toggle.click()
        idle(page)


def close_menu(page):
    toggle = page.locator("[data-menu]")
    if toggle.is_visible() and toggle.get_attribute("aria-expanded") == "true":
        toggle.click()
        idle(page)


def htt_board(page) -> str:
    """The HTT board drawn for this screen (a tall one on a phone)."""
    return "svg.htt-tall" if page.size_name == "390" else "svg.htt-wide"


def play_htt_move(page):
    if page.locator("[data-key='reveal']").count():  # hot-seat: the privacy screen first
        act(page, page.locator("[data-key='reveal']"))
    act(page, page.locator(f"{htt_board(page)} [data-drag^='h']").first)
    act(page, page.locator(f"{htt_board(page)} [data-pick^='c']").first)


# --- item 7: the computer's reply waits; the last two moves' sentences stay --------------------
def test_computers_reply_waits_for_the_players_move_and_both_sentences_stay(sized, site, tmp_path):
    page = sized
    open_app(page, site, "#/htt/play?vs=ai")
    page.evaluate(WATCH_LOG)
    play_htt_move(page)  # answered by the computer's move (act waits through the idle signal)
    log = page.evaluate("window.wttTestLog")
    mine = next(t for n, t in log if n == log[0][0])
    reply = next(t for n, t in log if n == log[0][0] + 1)
    assert reply - mine >= 650, f"the computer answered {reply - mine:.0f} ms after the player's move showed"
    # both sentences on screen: the player's move above the computer's
    prev = page.locator(".status-prev")
    assert prev.is_visible() and prev.inner_text().startswith(("Blue", "Red"))
    assert page.locator("[data-key='status-line']").inner_text().strip() != ""
    assert prev.inner_text() != page.locator("[data-key='status-line']").inner_text()
    shot(page, "flow-two-sentences", tmp_path)
    # the delay is a setting, stored; 0 allowed
    open_menu(page)
    page.select_option("[data-key='setting-reply_delay']", "0")
    idle(page)
    page.reload()
    idle(page)
    open_menu(page)
    assert page.locator("[data-key='setting-reply_delay']").input_value() == "0"


# --- item 9: one row per turn; aligned; the current move stays in view -------------------------
def test_move_log_by_turn_keeps_rows_aligned_and_the_current_move_in_view(sized, site, tmp_path):
    page = sized
    open_app(page, site, played("sht", 60, seed=4))
    if page.locator("[data-key='result-close']").count():  # the game ended: look at the log
        act(page, page.locator("[data-key='result-close']"))
    rows = page.locator(".log .log-turn")
    steps = page.locator(".log li").count()
    assert 0 < rows.count() < steps  # defences and advantage steps share their turn's row
    for i in range(rows.count()):  # a row's moves come first from the player whose turn it is
        row = rows.nth(i)
        owner = re.search(r"\bp([01])\b", row.get_attribute("class")).group(1)
        assert row.locator("li").first.get_attribute("class").startswith(f"p{owner}")
    # the numbers stand in one column, right-aligned
    rights = page.eval_on_selector_all(".log .turn-no", "els => els.map(e => Math.round(e.getBoundingClientRect().right))")
    assert len(set(rights)) == 1
    # stepping back to the start keeps the current move inside the list's box
    for key in ["Home", "ArrowRight", "ArrowRight"]:
        press(page, key)
    inside = """() => { const c = document.querySelector('.log [aria-current]'); const l = c.closest('.log');
        const a = c.getBoundingClientRect(), b = l.getBoundingClientRect();
        return a.top >= b.top - 1 && a.bottom <= b.bottom + 1; }"""
    assert page.evaluate(inside)
    press(page, "End")
    assert page.evaluate(inside)
    page.locator(".log").scroll_into_view_if_needed()
    shot(page, "flow-log-sht", tmp_path)


def test_htt_log_entries_stay_on_one_line_without_codes(sized, site, tmp_path):
    page = sized
    open_app(page, site, "#/htt/play?vs=human")
    for _ in range(4):
        play_htt_move(page)
    heights = page.eval_on_selector_all(".log li button", "els => els.map(e => e.getBoundingClientRect().height)")
    line = page.evaluate("parseFloat(getComputedStyle(document.querySelector('.log li button')).lineHeight) || 20")
    assert len(heights) == 4 and max(heights) < 2 * line + 12  # one line each (a 44 px touch target on a phone)
    text = page.locator(".log").inner_text()
    assert re.search(r"\([0-9A]{6}\)", text) is None  # no digit code in the list
    rights = page.eval_on_selector_all(".log .turn-no", "els => els.map(e => Math.round(e.getBoundingClientRect().right))")
    assert len(set(rights)) == 1
    if page.locator("[data-key='reveal']").count():  # the next player's cards, for the picture
        act(page, page.locator("[data-key='reveal']"))
    page.locator(".log").scroll_into_view_if_needed()
    shot(page, "flow-log-htt", tmp_path)


# --- item 12: engine details behind a switch; labels start with words --------------------------
def test_engine_details_are_behind_a_switch(sized, site, tmp_path):
    page = sized
    # normal, not the newcomer's easy computer (app/game/newcomer.py): easy runs no playouts to show
    open_app(page, site, "#/htt/play?vs=ai&level=normal")
    play_htt_move(page)
    assert page.locator(".ai-note").count() == 0 and page.locator(".move-code").count() == 0
    labels = page.eval_on_selector_all(f"{htt_board(page)} [aria-label]", "els => els.map(e => e.getAttribute('aria-label'))")
    assert labels and not [x for x in labels if re.match(r"[0-9A]{6}", x)]
    open_menu(page)
    act(page, page.locator("[data-key='setting-engine']"))
    close_menu(page)
    assert "playouts" in page.locator(".ai-note").inner_text()
    assert page.locator(".log .move-code").count() >= 2
    page.locator(".ai-note").scroll_into_view_if_needed()
    shot(page, "flow-engine-details", tmp_path)


def test_htt_deck_builder_shows_the_cards(sized, site, tmp_path):
    page = sized
    from tests.e2e.test_htt_e2e import open_free_pack

    open_free_pack(page, site)
    go(page, "#/htt/deck")
    cards = page.locator("button.htt-put")
    assert cards.count() == 5 and page.locator("button.htt-put svg").count() == 5
    first = cards.first.get_attribute("data-arg")
    act(page, cards.first)
    assert page.locator(f".htt-deck-order [data-card='{first}'] svg").count() == 1
    assert page.locator("select#deck-card").count() == 0  # no text list
    shot(page, "flow-htt-deck", tmp_path)
    go(page, "#/htt/new")
    page.select_option("#htt-deck-source", "own")
    idle(page)
    assert page.locator(".htt-deck-level .htt-pick svg").count() >= 5
    page.locator(".htt-deck-level").first.scroll_into_view_if_needed()
    shot(page, "flow-htt-own-deck", tmp_path)


# --- item 11: the new-game dialog says what is true for the game -------------------------------
def test_new_game_dialog_names_the_players_and_shows_the_seed_only_where_it_matters(sized, site, tmp_path):
    page = sized
    open_app(page, site, "#/htt/new")
    labels = page.locator("label[for='pl0'], label[for='pl1']").all_inner_texts()
    assert labels == ["Blue", "Red"]
    assert page.locator(".first-player-note").inner_text() == "A coin decides who starts."
    assert "First player" not in page.locator("fieldset.local-only").inner_text()
    assert "dice" not in page.locator("label[for='opt-seed'] ~ small").inner_text()
    go(page, "#/dumaraj/new")
    assert page.locator("#opt-seed").count() == 0  # no chance, no seed
    assert page.locator("label[for='pl0']").inner_text() == "White (moves first)"
    go(page, "#/tsifrograd/new")
    assert "same dice" in page.locator("label[for='opt-seed'] ~ small").inner_text()
    page.select_option("#opt-board", "hex")
    idle(page)
    for field in ("width", "height", "adjacency"):
        assert not page.locator(f"#opt-{field}").is_visible()
    assert page.locator("#opt-radius").is_visible()
    shot(page, "flow-tsifrograd-form-hex", tmp_path)
    page.select_option("#opt-board", "square")
    idle(page)
    assert page.locator("#opt-width").is_visible() and not page.locator("#opt-radius").is_visible()


def test_match_invite_is_titled_as_an_invitation(sized, site, tmp_path):
    page = sized
    open_app(page, site, "#/tsifrograd/new")
    page.locator("input[name='mode'][value='link']").check()
    page.select_option("#side", "1")  # the friend moves first: the first link holds no move
    act(page, page.locator("[data-key='start']"))
    act(page, page.locator("[data-key='match-send']"))
    title = page.locator("dialog.share-dialog[open] h2").inner_text()
    assert title == "Invite your friend"
    assert "Waiting for your friend to join." in page.locator(".match .prompt, section.match").first.inner_text()
    shot(page, "flow-match-invite", tmp_path)


# --- item 15: house rules -----------------------------------------------------------------------
def test_house_rules_are_grouped_off_listed_and_named(sized, site, tmp_path):
    page = sized
    open_app(page, site, "#/htt/new")
    group = page.locator("fieldset.house-rules")
    assert group.locator("legend").inner_text() == "House rules (not in the designer's text)"
    switches = group.locator("input[type=checkbox]")
    assert switches.count() == 2 and not any(switches.nth(i).is_checked() for i in range(2))
    assert page.locator("#opt-board option[value='hex19']").count() == 0
    group.scroll_into_view_if_needed()
    shot(page, "flow-house-rules-form", tmp_path)
    page.locator("#house-friendly").check()
    act(page, page.locator("[data-key='start']"))
    named = page.locator(".variant, .htt-rules").filter(has_text="House rule: Friendly table")
    assert any(named.nth(i).is_visible() for i in range(named.count()))  # on screen at both sizes
    shot(page, "flow-house-rule-subtitle", tmp_path)
    go(page, "#/htt/rules")
    section = page.locator("section.house-rules")
    assert "Friendly table" in section.inner_text() and "19-cell board" in section.inner_text()
    assert "(5–5; 10–10 on the 19-cell board)" in page.locator("article.rules").inner_text()
    section.scroll_into_view_if_needed()
    shot(page, "flow-house-rules-page", tmp_path)
    go(page, "#/sht/new")
    assert page.locator("fieldset.house-rules #house-first_turn_rule").count() == 1
    assert not page.locator("#house-first_turn_rule").is_checked()


def test_htt_pick_and_end_text_agree(sized, site, tmp_path):
    # "Red takes face-down card 2: Cuttle Imp." beside "…so no card changes hands."
    page = sized
    open_app(page, site, played("htt", None, seed=4))  # random play to the end; the last move is the pick
    if page.locator("[data-key='result-close']").count():
        act(page, page.locator("[data-key='result-close']"))
    said = page.locator("[data-key='status-line']").inner_text()
    assert "picks face-down card" in said and "takes" not in said
    end = page.locator(".side .panel").inner_text()  # HTT's end text, under the board's panel
    assert "no card changes hands" in end and " takes " not in end
    shot(page, "flow-htt-end", tmp_path)
