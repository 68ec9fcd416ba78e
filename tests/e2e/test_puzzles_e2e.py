"""Puzzles in a real browser: one puzzle per game solved by clicks on its board, at
desktop and phone size (another puzzle of every game, by taps); the stars are kept over a reload; "Show the solution" plays it; the home
page's puzzle of the day opens its puzzle."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import open_app
from tests.e2e.helpers import act, assert_fits, center, idle
from tests.learn.puzzle_clicks import clicks
from webtabletop.core.registry import PLAYABLE
from webtabletop.learn import puzzle as P


def solve(page, game: str, pid: str) -> None:
    for kind, token in clicks(game, pid):
        # the visible one: HTT on a phone draws its tall board and hides the wide one
        act(page, page.locator(f"section.puzzle [data-{kind}='{token}'] >> visible=true").first)


def no_preview_under_a_drag(page) -> None:
    """Holding a hand card over a free cell previews nothing in a puzzle (the result is the
    answer); the card released back on the hand plays nothing."""
    card = page.locator(".panel [data-drag]:visible, .board-wrap [data-drag]:visible").first
    cell = page.locator(".board-wrap [data-drop]:visible").first
    (ax, ay), (bx, by) = center(card), center(cell)
    page.mouse.move(ax, ay)
    page.mouse.down()
    page.mouse.move(bx - 3, by, steps=6)
    page.mouse.move(bx, by, steps=2)
    idle(page)  # the hover's answer is in (web/board.js sends it under a drag)
    assert page.locator(".drag-ghost").count() == 1
    assert page.locator(".board-wrap .preview, .board-wrap .htt-preview, .cg-preview").count() == 0
    page.mouse.move(ax, ay, steps=4)
    page.mouse.up()
    idle(page)


@pytest.mark.parametrize("game", PLAYABLE)
def test_one_puzzle_per_game_solved_by_clicks(page, site, game):
    puzzle = P.puzzles(game)[1]
    open_app(page, site, f"#/{game}/puzzles")
    assert page.locator("[data-puzzle]").count() == len(P.puzzles(game))
    act(page, page.locator(f"[data-puzzle='{puzzle.id}'] a"))
    assert page.locator(f"section.puzzle[data-puzzle='{puzzle.id}'][data-verdict='going']").count() == 1
    assert page.locator(".puzzle-solution").count() == 0
    if game in ("cardgo", "htt"):  # the games whose boards preview a drop's result
        no_preview_under_a_drag(page)
        assert page.locator(f"section.puzzle[data-puzzle='{puzzle.id}'][data-verdict='going']").count() == 1
    solve(page, game, puzzle.id)
    assert page.locator(f"section.puzzle[data-puzzle='{puzzle.id}'][data-verdict='reached']").count() == 1
    assert page.locator(".lesson-verdict.reached [aria-label='3 stars of 3']").count() == 1
    assert page.locator(".lesson-verdict .puzzle-solution").count() == 1
    act(page, page.get_by_role("link", name="All puzzles").first)
    page.reload()
    idle(page)
    assert page.locator(f"[data-puzzle='{puzzle.id}'] [aria-label='3 stars of 3']").count() == 1


@pytest.mark.parametrize("game", PLAYABLE)
def test_puzzle_fits_a_phone_and_solves(phone, site, game):
    puzzle = P.puzzles(game)[2]
    open_app(phone, site, f"#/{game}/puzzles/{puzzle.id}")
    assert_fits(phone, parts=(".board-wrap", ".lesson-goal"))
    solve(phone, game, puzzle.id)
    assert phone.locator("section.puzzle[data-verdict='reached']").count() == 1


def test_show_the_solution_and_the_puzzle_of_the_day(page, site):
    open_app(page, site, "#/")
    box = page.locator("[data-puzzle-of-the-day]")
    assert box.count() == 1
    game, pid = box.get_attribute("data-puzzle-of-the-day").split("/")
    act(page, box.get_by_role("link"))
    assert page.locator(f"section.puzzle[data-game='{game}'][data-puzzle='{pid}'][data-verdict='going']").count() == 1
    act(page, page.locator("[data-cmd='puzzle-solution']"))
    assert page.locator("section.puzzle[data-verdict='shown'] .puzzle-solution").count() == 1
