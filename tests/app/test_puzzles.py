"""The puzzle screens of all five games, through the page's stand-in (tests/app/harness.py)."""

import json
import re

import pytest

from tests.app.harness import Page
from tests.learn.puzzle_clicks import clicks
from webtabletop.app.learn.store import key
from webtabletop.core.registry import PLAYABLE
from webtabletop.learn import puzzle as P


def stars_doc(page, game):
    raw = page.storage.get(key(game))
    return json.loads(raw)["data"]["stars"] if raw else {}


@pytest.mark.parametrize("game", PLAYABLE)
def test_list_has_one_item_per_puzzle(game):
    page = Page(hash_=f"#/{game}/puzzles")
    assert page.last["route"] == "puzzles"
    ids = re.findall(r'data-puzzle="([^"]+)"', page.last["html"])
    assert ids == [p.id for p in P.puzzles(game)]


@pytest.mark.parametrize("game", PLAYABLE)
def test_a_solve_by_clicks_earns_stars_and_shows_the_solution(game):
    puzzle = P.puzzles(game)[0]
    page = Page(hash_=f"#/{game}/puzzles/{puzzle.id}")
    html = page.last["html"]
    assert page.last["route"] == "puzzle" and "data-verdict='going'" in html
    assert 'class="puzzle-solution"' not in html  # not shown before a solve or a give-up
    for kind, token in clicks(game, puzzle.id):
        page.send({"type": "move", "code": token} if kind == "move" else {"type": "pick", "token": token})
    html = page.last["html"]
    assert "data-verdict='reached'" in html
    assert 'class="puzzle-solution"' in html and "Solved!" in html
    assert stars_doc(page, game) == {puzzle.store_id: 3}
    assert not any(k.startswith("webtabletop:game:") for k in page.storage)
    page.send({"type": "hash", "hash": f"#/{game}/puzzles"})
    assert page.last["html"].count('aria-label="3 stars of 3"') == 1
    # a solved puzzle is no finished lesson: "Learn to play" still comes first at home
    page.send({"type": "hash", "hash": "#/"})
    card = re.search(rf'data-game="{game}">.*?</li>', page.last["html"]).group(0)
    assert card.index("Learn to play") < card.index("Play vs AI")


def test_a_miss_then_give_up_shows_the_solution_and_earns_nothing():
    puzzle = P.puzzles("htt")[0]
    page = Page(hash_=f"#/htt/puzzles/{puzzle.id}")
    start = page.state.lesson.start
    wrong = next(m.code for m in start.legal_moves() if m.code != puzzle.solution[0])
    page.send({"type": "move", "code": wrong})
    html = page.last["html"]
    assert "data-verdict='missed'" in html and 'data-cmd="puzzle-solution"' in html
    assert 'class="puzzle-solution"' not in html
    page.send({"type": "cmd", "name": "puzzle-solution"})
    run = page.state.lesson
    assert run.verdict == "shown" and run.session.history.current_record().moves[-1] == puzzle.solution[-1]
    assert 'class="puzzle-solution"' in page.last["html"]
    assert stars_doc(page, "htt") == {}
    page.send({"type": "cmd", "name": "lesson-retry"})
    page.send({"type": "move", "code": puzzle.solution[0]})
    assert stars_doc(page, "htt") == {puzzle.store_id: 1}


def test_sht_puzzle_says_what_the_solver_may_know():
    puzzle = P.puzzles("sht")[0]
    page = Page(hash_=f"#/sht/puzzles/{puzzle.id}")
    assert 'class="puzzle-known"' in page.last["html"] and "the discard pile" in page.last["html"]


def test_home_shows_the_puzzle_of_the_day_and_its_link_opens_it():
    page = Page(hash_="#/")
    found = re.search(r'data-puzzle-of-the-day="([^/]+)/([^"]+)"', page.last["html"])
    assert found
    page.send({"type": "hash", "hash": "#/puzzle"})
    assert page.last["route"] == "puzzle"
    assert (page.state.route[1], page.state.route[2]) == found.groups()


def test_an_unknown_puzzle_is_an_error_screen():
    page = Page(hash_="#/htt/puzzles/nope")
    assert page.last["route"] == "error" and "Puzzle not found" in page.last["html"]


@pytest.mark.parametrize("game", PLAYABLE)
def test_show_the_solution_in_every_puzzle(game):
    page = Page(hash_=f"#/{game}")
    for puzzle in P.puzzles(game):
        page.send({"type": "hash", "hash": f"#/{game}/puzzles/{puzzle.id}"})
        page.send({"type": "cmd", "name": "puzzle-solution"})
        run = page.state.lesson
        assert run.verdict == "shown" and not run.message, (puzzle.id, run.message)
        assert 'class="puzzle-solution"' in page.last["html"]
        assert not page.state.notices, (puzzle.id, page.state.notices)


@pytest.mark.parametrize("game", ["cardgo", "htt"])
def test_a_puzzle_previews_no_result(game):
    """Hovering a drop shows its result in a game (CardGO's damage layer, HTT's turned cards) but
    never in a puzzle, whose answer that result is."""
    import re

    from webtabletop.learn import puzzle as P

    preview = re.compile(r"class=\"(?:preview|htt-preview)\"")

    def hovered(page) -> str:
        html = page.last["html"]
        drag = re.search(r'data-drag="([^"]+)"', html).group(1)
        for drop in re.findall(r'data-drop="([^"]+)"', html):
            out = page.send({"type": "hover", "drag": drag, "token": drop})["html"]
            if preview.search(out):
                return out
        return out

    control = Page(hash_=f"#/{game}/play?vs=human")  # the control: a game previews a drop
    if 'class="privacy"' in control.last["html"]:
        control.send({"type": "cmd", "name": "reveal"})
    for _move in range(4):
        if "data-drag" in control.last["html"] and preview.search(hovered(control)):
            break
        control.send({"type": "move", "code": control.cells()[0]})
        if 'class="privacy"' in control.last["html"]:
            control.send({"type": "cmd", "name": "reveal"})
    else:
        raise AssertionError("no drop previewed in a game")
    for puzzle in P.puzzles(game)[:4]:
        assert not preview.search(hovered(Page(hash_=f"#/{game}/puzzles/{puzzle.id}"))), puzzle.id
