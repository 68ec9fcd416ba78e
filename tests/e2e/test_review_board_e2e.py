"""The review's analysis board in a real browser: moves played on the board by
clicks become variations in the move list, each analysed in the engine worker (the evaluation bar
and the computer's line), stepped through with the keys, shared by a link that opens them again,
and deleted. One full test (DumaRaj, by clicks), and a light one in every game (a move played on
the board by clicks becomes a variation with its analysis). Screenshots: docs/screens/analysis-*.png
with WTT_SCREENS=1."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.e2e.conftest import ROOT
from tests.e2e.helpers import PHONE, act, docs_screens_only, idle, press
from tests.e2e.test_dumaraj_e2e import clicks
from tests.e2e.test_pseudo_e2e import played
from tests.e2e.test_review_e2e import stopped_review
from webtabletop.core import sharelink
from webtabletop.core.registry import PLAYABLE, get_game

DESKTOP = {"viewport": {"width": 1366, "height": 800}}


def paused_review(page, site, game: str, plies: int | None) -> None:
    """A game's review with its analysis cancelled at once (the board is what is tested)."""
    fragment = played(game, plies, seed=4).replace(f"#/{game}?", f"#/{game}/review?")
    stopped_review(page, site + fragment)


def play_by_clicks(page, more: bool = False) -> None:
    """Play some legal move on the review's board by clicks, as a player would in any game: a
    move button if the panel offers one, else the first thing to drag (a piece, a hand card),
    then a target the view marks legal; until a variation appears (``more``: until the one shown
    grows by a move; docs/board.md: the tokens)."""
    picked = False
    moves = page.locator(".review-log .variation button")
    goal = moves.count() + 1 if more else 1
    for _ in range(6):
        if moves.count() >= goal:
            return
        picked = click_toward_a_move(page, picked)
    raise AssertionError("no move could be played by clicks")


def click_toward_a_move(page, picked: bool) -> bool:
    """One click of a move on the review's board: a move button, else (once) the first thing to
    drag, else a target the view marks legal, else anything pickable. Returns ``picked``: whether
    something to drag was chosen by now."""
    board = page.locator(".review .board-wrap, .review .side .panel")
    for selector in ("[data-move]", "" if picked else "[data-drag]", ".legal[data-pick]", "[data-pick]"):
        target = board.locator(selector) if selector else None
        if target is not None and target.count():
            act(page, target.first)
            return picked or selector == "[data-drag]"
    return picked


def test_variations_by_clicks_analysed_shared_and_deleted(browser, site):
    ctx = browser.new_context(**DESKTOP)
    page = ctx.new_page()
    paused_review(page, site, "dumaraj", 8)
    act(page, page.locator(".review-log [data-arg='4']"))
    record = sharelink.decode_link(played("dumaraj", 8, seed=4))
    state = record.replay()[4]
    code = next(m.code for m in state.legal_moves() if m.code != record.moves[4] and len(clicks(state, m.code)) == 2)
    for selector in clicks(state, code):
        act(page, page.locator(".board-wrap " + selector))  # idle: the variation's analysis is in
    variation = page.locator(".review-log .variation")
    assert variation.count() == 1
    assert variation.locator("[aria-current='step']").count() == 1
    assert page.locator(".review-chances .eval-bar").count() == 1  # the engine's chances
    assert page.locator(".engine-line").count() == 1  # and its line
    assert page.locator(".variation-info").count() == 1
    # a second move extends the variation; the keys step back along it to the game
    after = state.apply_code(code)
    reply = after.legal_moves()[0].code
    for selector in clicks(after, reply):
        act(page, page.locator(".board-wrap " + selector))
    assert variation.locator("button").count() == 2
    page.locator(".review-log [data-cmd='review-node']").last.focus()
    press(page, "ArrowLeft")
    press(page, "ArrowLeft")
    assert page.locator(".review-log [data-arg='4'][aria-current='step']").count() == 1
    # shared by a link that opens the review with the variation
    act(page, page.locator("[data-cmd='review-share']"))
    link = page.locator("#share-link").input_value()
    assert "&v=" in link
    other = ctx.new_page()
    other.goto(link)
    other.locator("[data-cmd='review-cancel']").click()
    idle(other)
    assert other.locator(".review-log .variation button").count() == 2
    other.close()
    act(page, page.locator("[data-cmd='close-share']"))
    # deleted: back to the game's position it branched from
    act(page, page.locator(".review-log .variation button").first)
    act(page, page.locator("[data-cmd='review-delete']"))
    assert page.locator(".review-log .variation").count() == 0
    assert page.locator(".review-log [data-arg='4'][aria-current='step']").count() == 1
    ctx.close()


@pytest.mark.parametrize("game", PLAYABLE)
def test_a_move_on_the_board_becomes_an_analysed_variation(browser, site, game):
    ctx = browser.new_context(**DESKTOP)
    page = ctx.new_page()
    paused_review(page, site, game, None if get_game(game).hidden_information else 10)
    act(page, page.locator(".review-log [data-arg='3']"))
    play_by_clicks(page)
    assert page.locator(".review-log .variation [aria-current='step']").count() == 1
    assert page.locator(".review-chances .eval-bar").count() == 1
    ctx.close()


@docs_screens_only
def test_screenshots(browser, site, tmp_path):
    """The analysis board at both sizes (docs/screens/analysis-*.png with WTT_SCREENS=1)."""
    out = ROOT / "docs" / "screens" if os.environ.get("WTT_SCREENS") else Path(tmp_path)
    for name, kw in (("analysis-1366.png", DESKTOP), ("analysis-390.png", PHONE)):
        ctx = browser.new_context(**kw)
        page = ctx.new_page()
        page.goto(site + played("tsifrograd", 12, seed=4).replace("#/tsifrograd?", "#/tsifrograd/review?"))
        idle(page)  # the whole review is done
        act(page, page.locator(".review-log [data-arg='5']"))
        play_by_clicks(page)
        play_by_clicks(page, more=True)
        page.evaluate("window.scrollTo(0, 0)")  # the board's click scrolled it into view
        page.screenshot(path=str(out / name), full_page="390" in name)
        ctx.close()
