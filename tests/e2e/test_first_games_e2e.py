"""Every game's guided first game in a real browser: from the lesson list the learner
follows the board's marks (``data-hint``) to the end of a whole game, a new tip at every move, and
"Play a real game" ends it. Each click goes to an element the board marked; at desktop size for
every game and at phone size (390×844, touch) for every game."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import open_app
from tests.e2e.helpers import act, idle
from webtabletop.core.registry import PLAYABLE
from webtabletop.games.dumaraj.learn.lessons import bit
from webtabletop.learn import catalog

GOING = "section.lesson[data-lesson='first-game'][data-verdict='going']"


def marked(page, selector: str):
    """The visible elements of the lesson's board and panel that carry the hint mark."""
    return page.locator(f"section.lesson {selector}[data-hint]:visible")


def click_marked(page, selector: str) -> None:
    """Click (a tap on a touch screen) the first marked element that matches, then wait for the
    page's answer."""
    target = marked(page, selector)
    assert target.count() >= 1, f"nothing marked matches {selector}"
    if page.evaluate("matchMedia('(pointer: coarse)').matches"):
        target.first.tap()
        idle(page)
    else:
        act(page, target.first)


def play_marked_move(page, game: str, code: str) -> None:
    """The learner's move ``code`` by clicks and taps on what the board marks for it (the game's
    own way: a card then a cell, a mob then its bit, a card then the panel's button)."""
    if game == "tsifrograd":
        click_marked(page, ".board ")  # the cell (a placement), or the enemy number (a crossing)
    elif game == "htt":
        click_marked(page, "[data-pick^='h']")  # the hand card (data-hint="from")
        click_marked(page, "[data-hint='to']")  # the cell
    elif game == "cardgo":
        slot, _at, cell = code.partition("@")
        click_marked(page, f"[data-pick='h{slot}']")
        click_marked(page, f"[data-pick='{cell}']")
    elif game == "dumaraj":
        click_marked(page, f"[data-pick='{bit(code[:2])}']")
        click_marked(page, f"[data-pick='{bit(code[2:4])}']")
    elif game == "sht":
        # the cards of the move (a defence's cards are already forward), then the panel's button
        # that makes it (putting a card forward is a move of its own: no button)
        kind, _sep, ids = code.partition(":")
        cards = 0 if kind == "d" else len(ids.split(","))
        for _card in range(cards):
            click_marked(page, ".card:not(.selected)")
        if kind != "+":
            click_marked(page, "button")
    else:
        raise AssertionError(game)


def play_first_game(page, site, game: str) -> None:
    open_app(page, site, f"#/{game}/learn")
    act(page, page.locator("[data-first-game] a"))
    guided = catalog.first_game(game)
    tips = []
    for n, code in enumerate(guided.solution):
        assert page.locator(GOING).count() == 1, f"the game ended before move {n + 1}"
        tips.append(page.locator(".lesson-tip").inner_text())
        play_marked_move(page, game, code)
    assert page.locator("section.lesson[data-lesson='first-game'][data-verdict='reached']").count() == 1
    assert len(set(tips)) == len(guided.solution)  # a new tip at every move
    assert page.get_by_role("link", name="Play a real game").count() == 1
    assert page.locator(".lesson-verdict.reached [aria-label='3 stars of 3']").count() == 1


@pytest.mark.parametrize("game", PLAYABLE)
def test_guided_first_game_by_its_marks(page, site, game):
    play_first_game(page, site, game)


@pytest.mark.parametrize("game", PLAYABLE)
def test_guided_first_game_on_a_phone(phone, site, game):
    assert phone.evaluate("matchMedia('(pointer: coarse)').matches")  # taps, not clicks
    play_first_game(phone, site, game)
