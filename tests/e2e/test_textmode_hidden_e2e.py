"""Text mode hides what its reader may not know, in real browsers: two browsers play SHT by link in
text mode (their moves typed with keys), and after every turn the accessibility tree of each page
(everything a screen reader can reach: the grid, the lists, the moves, both live regions) names
none of the cards the other player holds hidden, its hand and its closed field cards, as that
player's own tree lists them. The rules behind it, over whole random games of SHT, HTT and CardGO
for both players and behind the privacy screen: tests/app/test_textmode_hidden.py.
"""

from __future__ import annotations

import json

from tests.e2e.helpers import press
from tests.e2e.test_match_cards_e2e import begin, contexts
from tests.e2e.test_match_e2e import goto_link, send_link, turn
from tests.e2e.test_textmode_e2e import ask, first_code
from webtabletop.games.sht.rules import cards as C

TEXT_MODE = (
    "if (!localStorage.getItem('webtabletop:settings')) localStorage.setItem('webtabletop:settings', "
    + json.dumps(json.dumps({"schema": "settings", "version": 1, "data": {"text": True}}))
    + ")"
)


def tree(page) -> str:
    """Everything the page's accessibility tree holds (visually hidden names and live regions too)."""
    return page.locator("body").aria_snapshot()


def private(page) -> set[int]:
    """The cards only this page's player may know, as its own tree names them: its hand (the
    list "Your hand …") and its closed field cards ("… (closed)" in the grid)."""
    hand = page.get_by_role("list", name="Your hand", exact=False)
    listed = hand.aria_snapshot() if hand.count() else ""
    grid = page.get_by_role("grid").aria_snapshot()
    return {c for c in range(52) if C.long_name(c) in listed or f"{C.long_name(c)} (closed)" in grid}


def assert_nothing_hidden(a, b) -> int:
    mine = {id(a): private(a), id(b): private(b)}
    for page, other in ((a, b), (b, a)):
        said = tree(page)
        leaked = [C.long_name(c) for c in mine[id(other)] if C.long_name(c) in said or C.symbol(c) in said]
        assert not leaked, leaked
    return len(mine[id(a)]) + len(mine[id(b)])


def play_turn(page) -> None:
    """This browser's whole turn by keys: B (board), M (the moves, with their codes), I (the box),
    the first move typed, Enter; Esc back to the board."""
    for _ in range(20):
        if turn(page) != "move":
            return
        page.keyboard.press("b")
        code = first_code(ask(page, "m"))
        page.keyboard.press("i")
        page.keyboard.type(code)
        press(page, "Enter")
        press(page, "Escape")
    raise AssertionError("the turn did not end")


def test_neither_page_of_an_sht_match_in_text_mode_names_the_others_hidden_cards(browser, site):
    ctx_a, ctx_b, ctx_c = contexts(browser)
    ctx_c.close()
    for ctx in (ctx_a, ctx_b):
        ctx.add_init_script(TEXT_MODE)
    a, b = ctx_a.new_page(), ctx_b.new_page()
    begin(a, b, site, "sht", lambda page: page.select_option("#opt-first_player", "first"), paste=True)
    assert a.get_by_role("grid").count() == 1 and b.get_by_role("grid").count() == 1
    checked = assert_nothing_hidden(a, b)
    current, other = a, b
    for _link in range(8):  # the deal's keys (links with no move), then moves, each sent by link
        if turn(current) == "over":
            break
        play_turn(current)
        checked += assert_nothing_hidden(a, b)
        goto_link(other, send_link(current))
        checked += assert_nothing_hidden(a, b)
        current, other = other, current
    assert checked >= 20  # hands were there to hide: the check saw cards every time
    ctx_a.close()
    ctx_b.close()
