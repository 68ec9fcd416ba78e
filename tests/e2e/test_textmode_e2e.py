"""Text mode by keyboard and ear alone (app/widgets/textmode.py, web/text-mode.js): each of the
five games played to its end against the computer with keys only, reading only what a screen
reader hears: the accessibility tree (Playwright's ARIA snapshots, roles and names) and the
page's two live regions (the "Read out" status, the "What happened" log). No CSS selector points
into the board, and nothing is clicked.

Each turn: T reads whose turn it is (or the end), B goes to the board, M reads the legal moves
with what to type for each ("Write 12 on g3 (g3)"), I goes to the move box, the first move's
code is typed and Enter plays it; Esc goes back to the board. The computer's reply comes by
itself. The game starts from the skip link at the top of the screen (Tab, Enter), which turns
text mode on and puts the focus on the board.
"""

from __future__ import annotations

import re

import pytest

from tests.e2e.conftest import open_app
from tests.e2e.helpers import press

GAMES = ("tsifrograd", "htt", "sht", "cardgo", "dumaraj")
#: more than any of these games lasts against the computer's easy level (CardGO: about 40 turns)
MAX_TURNS = 150


def region_text(page, role: str, name: str) -> str:
    """The newest sentence of a live region, found by its role and name as a screen reader finds it."""
    region = page.get_by_role(role, name=name)
    lines = [line for line in region.inner_text().splitlines() if line.strip()]
    return lines[-1] if lines else ""


def ask(page, key: str) -> str:
    """Press a reading key; what it read out (the key's handler writes it synchronously)."""
    page.keyboard.press(key)
    return region_text(page, "status", "Read out")


def focused_name(page) -> str:
    """The accessible text of the element with the keyboard's focus."""
    return page.evaluate("() => (document.activeElement && document.activeElement.textContent || '').trim()")


def first_code(moves: str) -> str:
    """The code to type for the first move the M key read ("3 legal moves: Write 12 on g3 (g3); …")."""
    first = moves.split("; ", 1)[0]
    found = re.search(r"\(([^()]+)\)$", first)
    assert found, moves
    return found.group(1)


@pytest.mark.parametrize("game", GAMES)
def test_a_game_is_played_to_its_end_by_keys_and_ear_alone(browser, site, game):
    ctx = browser.new_context(viewport={"width": 1366, "height": 800}, service_workers="block")
    page = ctx.new_page()
    open_app(page, site, f"#/{game}/play?vs=ai&level=easy")
    # the skip link is among the first stops of the Tab key, and turns text mode on
    for _ in range(12):
        page.keyboard.press("Tab")
        if focused_name(page) == "Play in text mode (for screen readers)":
            break
    else:
        pytest.fail("no skip link among the first 12 Tab stops")
    press(page, "Enter")
    grid = page.get_by_role("grid")
    assert grid.count() == 1
    assert page.evaluate("() => document.activeElement.getAttribute('role')") == "gridcell"
    # the keys' help
    page.keyboard.press("?")
    dialog = page.get_by_role("dialog")
    assert "Keys in text mode" in dialog.aria_snapshot()
    page.keyboard.press("Escape")
    assert page.get_by_role("dialog").count() == 0
    assert ask(page, "l")  # the last move: none yet, or the computer's first
    played = 0
    for _turn in range(MAX_TURNS):
        turn = ask(page, "t")
        if turn.startswith("Game over"):
            break
        page.keyboard.press("b")
        code = first_code(ask(page, "m"))
        page.keyboard.press("i")
        page.keyboard.type(code)
        press(page, "Enter")  # the move, and the computer's reply
        refused = region_text(page, "status", "Read out")
        assert "is not a move" not in refused, (code, refused)
        played += 1
        press(page, "Escape")  # from the move box back to the board
    else:
        pytest.fail(f"{game}: no end after {MAX_TURNS} turns")
    assert played > 0
    # every change was read out; the last of them says how the game ended
    news = page.get_by_role("log", name="What happened").inner_text()
    assert "Game over" in news, news
    # the board is a grid of named cells: every gridcell has a name
    snap = grid.aria_snapshot()
    cells = [line for line in snap.splitlines() if "gridcell" in line]
    assert cells and all('gridcell "' in line for line in cells), snap[:2000]
    ctx.close()
