"""Lessons, puzzles and the review in text mode, by keys and ear (app/learn, app/review): the same
grid, keys and move box as a game; a move typed in a lesson or a puzzle is read out with the
other side's reply; the review's graph is also a table of numbers, one row per position.
Only roles, names, ARIA snapshots and the live regions are read, as in tests/e2e/test_textmode_e2e.py.
"""

from __future__ import annotations

import json

import pytest

from tests.e2e.conftest import open_app
from tests.e2e.helpers import go, idle, press
from tests.e2e.test_axe_e2e import review_link
from tests.e2e.test_textmode_e2e import ask, first_code
from webtabletop.learn import catalog
from webtabletop.learn.puzzle import puzzles

TEXT_MODE = (
    "localStorage.setItem('webtabletop:settings', "
    + json.dumps(json.dumps({"schema": "settings", "version": 1, "data": {"text": True}}))
    + ")"
)


@pytest.fixture()
def page(browser):
    ctx = browser.new_context(viewport={"width": 1366, "height": 800}, service_workers="block")
    ctx.add_init_script(TEXT_MODE)
    yield ctx.new_page()
    ctx.close()


def typed_move(page) -> str:
    """Play the first legal move by keys (B, M, I, the code, Enter); what the log read out."""
    page.keyboard.press("b")
    code = first_code(ask(page, "m"))
    page.keyboard.press("i")
    page.keyboard.type(code)
    press(page, "Enter")
    return page.get_by_role("log", name="What happened").inner_text()


@pytest.mark.parametrize(
    "fragment",
    [f"#/htt/learn/{catalog.lessons('htt')[0].id}", f"#/tsifrograd/puzzles/{puzzles('tsifrograd')[0].id}"],
    ids=["lesson", "puzzle"],
)
def test_a_lesson_and_a_puzzle_take_a_typed_move_and_read_it_out(page, site, fragment):
    open_app(page, site, "#/")
    go(page, fragment)
    assert page.get_by_role("grid").count() == 1
    assert ask(page, "t")  # whose turn
    news = typed_move(page)
    assert news.strip(), "nothing was read out"


def test_the_review_reads_its_graph_as_a_table(page, site):
    open_app(page, site, "#/")
    go(page, f"#/tsifrograd/review?b=easy&r={review_link('tsifrograd')}")
    idle(page)
    table = page.get_by_role("table", name="Winning chances, move by move")
    snap = table.aria_snapshot()
    rows = [line for line in snap.splitlines() if line.strip().startswith("- row")]
    assert len(rows) >= 8, snap  # the header and one row per position of the 7-move game
    assert "%" in snap
    assert page.get_by_role("grid").count() == 1  # the position under review, in text mode too
