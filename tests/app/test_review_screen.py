"""The review screen through the app shell (tests/app/harness.py stands in for the page): opened
from a link, a saved game and a record file; the analysis runs a step per action, can be
cancelled and continued; the board steps through the positions and plays nothing."""

from __future__ import annotations

import json
import re

import pytest

from tests.ai.test_review import played
from tests.app.harness import Page
from webtabletop.core import sharelink
from webtabletop.core.registry import PLAYABLE, get_game


def run(page: Page, resp: dict, limit: int = 500) -> tuple[dict, int]:
    """Follow the answers' ``then`` like web/main.py does; (last answer, steps taken)."""
    steps = 0
    while resp.get("then") and steps < limit:
        resp = page.send(resp["then"])
        steps += 1
    return resp, steps


def finished(game: str = "tsifrograd", plies: int = 6):
    return played(game, ("random", "random"), 5, plies)


def test_a_link_is_reviewed_move_by_move():
    record = finished()
    page = Page(hash_=f"#/tsifrograd/review?r={sharelink.encode(record)}")
    first = page.last
    assert first["route"] == "review" and first["then"] == {"type": "review-step"}
    assert "review-progress" in first["html"] and "<svg" in first["html"]
    seen = []
    resp = first
    while resp.get("then"):
        resp = page.send(resp["then"])
        seen.append(len(page.state.review.reviewer.plies))
    assert seen == sorted(seen) and seen[-1] == len(record.moves)  # results arrive move by move
    r = page.state.review
    assert r.reviewer.done and not r.running
    html = resp["html"]
    assert "review-progress" not in html  # done: no progress bar
    assert html.count("data-cmd='review-goto'") >= 2 * len(record.moves) + 1  # graph columns and moves
    assert "<polyline class='g-line'" in html and "review-summary" in html
    marks = sum(p.mark is not None for p in r.reviewer.plies)
    assert len(re.findall(r"<span class='mk (?:inaccuracy|mistake|blunder)'>", html)) >= marks


def test_stepping_through_the_positions_and_nothing_is_played():
    record = finished()
    page = Page(hash_=f"#/tsifrograd/review?r={sharelink.encode(record)}")
    run(page, page.last)
    r = page.state.review
    assert r.cursor == len(record.moves)
    page.send({"type": "cmd", "name": "back"})
    assert r.cursor == len(record.moves) - 1
    page.send({"type": "cmd", "name": "first"})
    assert r.cursor == 0 and "The start of the game." in page.last["html"]
    page.send({"type": "cmd", "name": "review-goto", "arg": "3"})
    assert r.cursor == 3 and 'aria-current="step"' in page.last["html"]
    page.send({"type": "cmd", "name": "review-goto", "arg": "999"})
    assert r.cursor == len(record.moves)
    page.send({"type": "cmd", "name": "review-goto", "arg": "x"})
    assert r.cursor == len(record.moves)
    before = dict(page.storage)
    legal = record.replay()[r.cursor].legal_moves()
    if legal:
        page.send({"type": "move", "code": legal[0].code})
    page.send({"type": "pick", "token": "0"})
    assert page.storage == before and page.last["route"] == "review"


def test_cancel_stops_the_analysis_and_continue_resumes_it():
    record = finished(plies=8)
    page = Page(hash_=f"#/tsifrograd/review?r={sharelink.encode(record)}")
    resp = page.send(page.last["then"])  # one step
    resp = page.send({"type": "cmd", "name": "review-cancel"})
    stopped = page.send(resp.get("then") or {"type": "review-step"})  # the step already on its way
    r = page.state.review
    assert not r.running and "then" not in stopped and not r.reviewer.done
    assert "review-continue" in stopped["html"]
    resp = page.send({"type": "cmd", "name": "review-continue"})
    assert resp["then"] == {"type": "review-step"}
    run(page, resp)
    assert r.reviewer.done


def test_leaving_the_review_pauses_it_and_coming_back_resumes():
    record = finished(plies=8)
    link = f"#/tsifrograd/review?r={sharelink.encode(record)}"
    page = Page(hash_=link)
    page.send(page.last["then"])
    resp = page.send({"type": "hash", "hash": "#/"})
    assert resp["route"] == "home"
    stray = page.send({"type": "review-step"})
    assert stray.get("quiet") and "then" not in stray
    done = len(page.state.review.reviewer.plies)
    resp = page.send({"type": "hash", "hash": link})
    assert resp["route"] == "review" and resp["then"] == {"type": "review-step"}
    assert len(page.state.review.reviewer.plies) == done  # the same review, not a new one
    again = page.send({"type": "hash", "hash": link})  # e.g. a language switch: the same route again
    assert "then" not in again  # one chain of steps at a time
    run(page, resp)
    assert page.state.review.reviewer.done


def test_a_saved_game_and_the_game_over_window_lead_to_the_review():
    record = finished()
    page = Page(hash_=f"#/tsifrograd?r={sharelink.encode(record)}")  # opened (and saved) from a link
    s = page.state.session
    resp = page.last
    assert f"#/tsifrograd/review?s={s.slot}" in resp["html"]  # the menu's "Computer analysis"
    resp = page.send({"type": "hash", "hash": f"#/tsifrograd/review?s={s.slot}"})
    assert resp["route"] == "review" and page.hash == f"#/tsifrograd/review?r={sharelink.encode(record)}"
    # the page without a link lists the saved game
    resp = page.send({"type": "hash", "hash": "#/tsifrograd/review"})
    assert (
        resp["route"] == "review"
        and f"review?s={s.slot}" in resp["html"]
        and "data-import='review'" in resp["html"]
    )
    resp = page.send({"type": "hash", "hash": "#/tsifrograd/review?s=nothere"})
    assert resp["route"] == "error"


def test_the_game_over_window_offers_the_computer_analysis():
    record = played("tsifrograd", ("random", "random"), 5, 500)  # to its end
    page = Page(hash_=f"#/tsifrograd?r={sharelink.encode(record)}")
    html = page.last["html"]
    assert "result-dialog" in html
    dialog = html[html.index("result-dialog") :]
    assert f"#/tsifrograd/review?s={page.state.session.slot}" in dialog


def test_a_record_file_is_reviewed():
    record = finished("dumaraj", 4)
    page = Page(hash_="#/dumaraj/review")
    resp = page.send(
        {"type": "import", "kind": "review", "name": "g.json", "text": json.dumps(record.to_json())}
    )
    assert resp["route"] == "review" and resp["then"] == {"type": "review-step"}
    assert page.hash == f"#/dumaraj/review?r={sharelink.encode(record)}"
    resp = page.send({"type": "import", "kind": "review", "name": "bad.json", "text": "{]"})
    assert "bad.json cannot be reviewed" in resp["toast"]


def test_bad_links_and_hidden_cards_before_the_end():
    page = Page(hash_="#/tsifrograd/review?r=AAAA")
    assert page.last["route"] == "error" and "then" not in page.last
    unfinished = played("sht", ("random", "random"), 3, 4)
    page = Page(hash_=f"#/sht/review?r={sharelink.encode(unfinished)}")
    assert page.last["route"] == "error"
    assert "hidden cards can be reviewed once it is over" in page.last["html"]
    page = Page(hash_=f"#/sht?r={sharelink.encode(unfinished)}")
    assert "/review?s=" not in page.last["html"]  # no "Computer analysis" in the menu yet


@pytest.mark.parametrize("game", PLAYABLE)
def test_every_game_is_reviewed_in_the_app(game):
    """A finished game of each game (hidden cards are reviewed only at the end) is reviewed to its
    last move, and each of its positions can be shown."""
    hidden = get_game(game).hidden_information
    options = {"size": 4, "start_time": 12} if game == "cardgo" else {}  # a short game to its end
    record = played(game, ("random", "random"), 2, 500 if hidden else 4, options)
    if not record.replay()[-1].is_over and get_game(game).hidden_information:
        pytest.skip("random play did not end")
    page = Page(hash_=f"#/{game}/review?r={sharelink.encode(record)}")
    resp, _steps = run(page, page.last, limit=5000)
    r = page.state.review
    assert r.reviewer.done and len(r.reviewer.plies) == len(record.moves) and resp["route"] == "review"
    for k in (0, 1, len(record.moves)):
        resp = page.send({"type": "cmd", "name": "review-goto", "arg": str(k)})
        assert r.cursor == k and "board-wrap" in resp["html"]


def test_learn_from_your_mistakes():
    """Each marked move of the chosen player comes back; the move played is no answer, a move
    as good as the best is found, two wrong tries show the computer's move; navigation waits."""
    record = played("dumaraj", ("random", "normal"), 11, 12)
    page = Page(hash_=f"#/dumaraj/review?r={sharelink.encode(record)}")
    resp, _steps = run(page, page.last)
    r = page.state.review
    mistakes = [p for p in r.reviewer.plies if p.player == 0 and p.mark]
    assert mistakes, "random play made no marked move"
    assert 'data-cmd="learn-start"' in resp["html"] or "data-cmd='learn-start'" in resp["html"]
    resp = page.send({"type": "cmd", "name": "learn-start", "arg": "0"})
    first = mistakes[0]
    assert r.learn is not None and r.cursor == first.ply - 1 and "class='learn'" in resp["html"]
    assert "engine-line" not in resp["html"]  # the computer's line would give the answer away
    page.send({"type": "cmd", "name": "forward"})
    assert r.cursor == first.ply - 1  # the position stays while the player is asked
    resp = page.send({"type": "move", "code": first.move})  # the mistake itself
    assert r.learn.tries == 1 and r.learn.status == "ask" and r.learn.tone == ""
    assert "engine-line" not in resp["html"]
    resp = page.send({"type": "move", "code": r.reviewer.analyses[first.ply - 1].best_move})
    assert r.learn.status == "found" and r.learn.found == 1
    assert "learn-answer good" in resp["html"] and "engine-line" in resp["html"]
    page.send({"type": "cmd", "name": "learn-next"})
    for p in mistakes[1:]:
        assert r.cursor == p.ply - 1 and r.learn.status == "ask"
        page.send({"type": "move", "code": p.move})
        page.send({"type": "move", "code": p.move})
        assert r.learn.status == "shown"  # two tries: the answer
        page.send({"type": "cmd", "name": "learn-next"})
    resp = page.send({"type": "move", "code": "x"})
    assert r.learn.ply is None and "1 of" in resp["html"]
    page.send({"type": "cmd", "name": "learn-stop"})
    assert r.learn is None
    before = dict(page.storage)
    page.send({"type": "move", "code": record.replay()[0].legal_moves()[0].code})
    assert page.storage == before  # outside the lesson the board plays nothing


@pytest.mark.parametrize(
    ("b", "budget", "caption"),
    [("easy", "easy", "quick"), ("hard", "hard", "deep"), ("grand", "normal", "normal")],
)
def test_the_links_budget(b, budget, caption):
    """``b=`` names the review's budget: ``easy`` (the quick analysis the browser tests use),
    ``hard``; anything else is the normal one."""
    record = finished(plies=2)
    page = Page(hash_=f"#/tsifrograd/review?r={sharelink.encode(record)}&b={b}")
    resp, _steps = run(page, page.last)
    assert page.state.review.reviewer.budget == budget
    assert f"Summary ({caption} analysis)" in resp["html"]


def test_a_try_is_judged_against_the_best_move():
    """A try that is not found carries the review's mark for what it loses against the best move
    (its class on screen), never the look of an error for a found one."""
    from webtabletop.ai.review import MARKS
    from webtabletop.app.review import learn as reviewlearn

    record = played("dumaraj", ("random", "normal"), 11, 12)
    page = Page(hash_=f"#/dumaraj/review?r={sharelink.encode(record)}")
    run(page, page.last)
    r = page.state.review
    page.send({"type": "cmd", "name": "learn-start", "arg": "0"})
    ply = r.learn.ply
    best = r.reviewer.analyses[ply - 1].best_move
    tones = set()
    for move in r.states[ply - 1].legal_moves()[:12]:
        if move.code in (best, record.moves[ply - 1]):
            continue
        r.learn.status, r.learn.tries = "ask", 0
        reviewlearn.attempt(page.state, r, move.code)
        tones.add(r.learn.tone)
        if r.learn.tone in {m for _least, m in MARKS}:
            html = page.send({"type": "cmd", "name": "deselect"})["html"]
            cls = {"?!": "inaccuracy", "?": "mistake", "??": "blunder"}[r.learn.tone]
            assert f"learn-answer {cls}" in html and "engine-line" not in html
            break
    else:
        raise AssertionError(f"no worse try among the first moves: {tones}")


@pytest.mark.parametrize("game", ["sht", "tsifrograd"])
def test_the_move_list_has_one_row_per_turn_as_the_game_screen(game):
    """A turn of several moves (SHT's attack and its defence, Tsifrograd's number and its
    cross-out) is one row of the review's move list, as on the game screen: the same rows."""
    record = played(game, ("random", "random"), 5, 3000 if game == "sht" else 24)
    link = sharelink.encode(record)
    review = Page(hash_=f"#/{game}/review?r={link}&b=easy")
    html = run(review, review.last, limit=5000)[0]["html"]
    game_screen = Page(hash_=f"#/{game}?r={link}").last["html"]
    turns = html.count("class='log-turn ")
    assert turns == game_screen.count('class="log-turn ') > 0
    assert turns < len(record.moves)  # some turn has more than one move
    assert html.count("data-cmd='review-goto' data-arg=") == len(record.moves) + len(record.moves) + 1
