"""Learn to play in a real browser: from a game's lesson list, the first lesson's goal is reached
in at most 3 clicks, in every game, at desktop and phone size; the stars are kept over a
reload; a miss explains and "Try again" restarts; the screens fit a phone. A screenshot of each
game's first lesson at both sizes goes to ``WTT_SCREENS`` (``WTT_SCREENS=docs/screens``:
``docs/screens/lesson-<game>-<width>.png``) or to the test's own folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.e2e.conftest import open_app
from tests.e2e.helpers import act, assert_fits, idle
from webtabletop.learn import catalog

#: what a newcomer clicks in each game's first lesson after opening it (the lesson's own
#: selectors: the board's tokens)
FIRST_LESSON_CLICKS = {
    "tsifrograd": ["[data-move].legal"],  # any empty cell takes the number
    "cardgo": ["[data-pick='b3']"],  # the only hand card goes where the cell is clicked
    "dumaraj": ['[aria-label^="Black Lod"]'],  # the Raj starts selected, its moves drawn: the Lod' it frags
    "htt": ["[data-pick='h0']", "[data-pick='c4']"],  # the hand card, then b2
    "sht": ["[data-pick='f:8']", "[data-pick='f:8']"],  # the 9 on the field, twice: attack
}


def shot(page, game: str, tmp_path) -> None:
    """The lesson as the learner sees it (docs/screens/lesson-<game>-<width>.png)."""
    folder = Path(os.environ.get("WTT_SCREENS") or tmp_path)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(folder / f"lesson-{game}-{page.viewport_size['width']}.png"))


@pytest.mark.parametrize("game", list(FIRST_LESSON_CLICKS))
def test_first_goal_in_at_most_three_clicks(page, site, game, tmp_path):
    open_app(page, site, f"#/{game}/learn")
    first = catalog.lessons(game)[0].id
    items = page.locator("[data-lesson]")
    assert items.count() == len(catalog.lessons(game))
    clicks = 1
    act(page, page.locator(f"[data-lesson='{first}'] a"))
    assert page.locator(f"section.lesson[data-lesson='{first}'][data-verdict='going']").count() == 1
    shot(page, game, tmp_path)
    for selector in FIRST_LESSON_CLICKS[game]:
        act(page, page.locator(f".lesson {selector}").first)
        clicks += 1
    assert clicks <= 3
    assert page.locator(f"section.lesson[data-lesson='{first}'][data-verdict='reached']").count() == 1
    assert page.locator(".lesson-verdict.reached [aria-label='3 stars of 3']").count() == 1
    # the stars are kept: the list shows them after a reload
    act(page, page.get_by_role("link", name="All lessons").first)
    page.reload()
    idle(page)
    assert page.locator(f"[data-lesson='{first}'] [aria-label='3 stars of 3']").count() == 1


def test_a_miss_explains_and_try_again_restarts(page, site):
    open_app(page, site, "#/dumaraj/learn/lod")
    assert "selected" in page.locator(".lesson [data-pick='s1']").get_attribute(
        "aria-label"
    )  # the Lod' on b1
    act(page, page.locator(".lesson [aria-label^='c1']").first)  # one bit sideways: legal, no frag
    verdict = page.locator(".lesson-verdict.missed")
    assert "Not this time." in verdict.inner_text()
    assert "the Lod" in verdict.inner_text()
    act(page, page.locator("[data-cmd='lesson-retry']"))
    assert page.locator("section.lesson[data-verdict='going']").count() == 1


@pytest.mark.parametrize("game", list(FIRST_LESSON_CLICKS))
def test_first_lesson_on_a_phone(phone, site, game, tmp_path):
    """Lesson 1 of every game at 390×844 (touch): the goal, the board and the hand fit the
    screen, and the same taps as at desktop size reach the goal."""
    first = catalog.lessons(game)[0].id
    open_app(phone, site, f"#/{game}/learn/{first}")
    assert phone.locator(f"section.lesson[data-lesson='{first}'][data-verdict='going']").count() == 1
    shot(phone, game, tmp_path)
    # the goal, the board and the hand below it (HTT's is the board's last row) on one screen:
    # the board takes the room the goal and the hand leave (web/board.js: fit)
    assert_fits(phone, parts=(".lesson-goal", ".board-wrap", ".side > .panel"))
    for selector in FIRST_LESSON_CLICKS[game]:  # HTT on a phone: the tall board (the wide one is hidden)
        act(phone, phone.locator(f".lesson {selector} >> visible=true").first)
    assert phone.locator(f"section.lesson[data-lesson='{first}'][data-verdict='reached']").count() == 1


def test_lesson_fits_a_phone(phone, site):
    open_app(phone, site, "#/cardgo/learn/fire")
    assert_fits(phone, parts=(".board-wrap", ".lesson-goal"))
    act(phone, phone.locator(".lesson [data-pick='b3']").first)
    assert phone.locator("section.lesson[data-verdict='reached']").count() == 1


#: DumaRaj's lessons on the agreed extra moves, solved by clicks: the mob starts selected, then
#: its marked destination (a flex's partner, the bit a Pixa leaped over), then the panel's choice
EXTRA_MOVE_CLICKS = {
    "flex": ["[data-pick='s0']"],  # the Raj on e1 swaps with the Lod' on a1
    "pair-flex": ["[data-pick='s8']"],  # the Lod' on d2 with the Slod' on c2
    "picsbumm": ["[data-pick='s20']"],  # the Pixa on d3 strikes over c4
    "editor": ["[data-pick='s19']", "[data-move='-1']"],  # the Lod' b1 to b4, then rank 1 removed
    "notation": ["[data-pick='s32']", "[data-move='c4c6n']"],  # c4c6n: to c6, then the Gon'
}


@pytest.mark.parametrize("lesson", list(EXTRA_MOVE_CLICKS))
def test_dumaraj_extra_move_lessons_by_clicks(page, site, lesson):
    open_app(page, site, f"#/dumaraj/learn/{lesson}")
    for selector in EXTRA_MOVE_CLICKS[lesson]:
        act(page, page.locator(f"section.lesson {selector}").first)
    assert page.locator(f"section.lesson[data-lesson='{lesson}'][data-verdict='reached']").count() == 1
