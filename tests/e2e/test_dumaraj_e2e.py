"""DumaRaj in a real browser: a whole game by clicks (flex, promotion, editor line removal, mate),
the new-game dialog with a custom start position, share link round trip, position editor."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import open_app, wait_ready
from tests.e2e.helpers import act, board_labels
from webtabletop.core.record import Record
from webtabletop.games.dumaraj import VIEW
from webtabletop.games.dumaraj import engine as E

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
    page.fill("#opt-seed", "0")
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
    act(page, page.locator(".result-dialog [data-cmd='copy-link']"))
    link = page.locator("#toast .link-field").input_value()
    other = browser.new_context()
    friend = other.new_page()
    friend.goto(link)
    wait_ready(friend)
    friend.wait_for_selector(".board")
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
