"""Adding a game is one folder and one registry line (docs/adding-a-game.md): Nim, a game that is
not one of the five (``tests/tiny/nim.py``), registered for this test only, plays through the app
shell, is reviewed by the shared analysis and runs in the designer's lab, with no change to the
shared code."""

from __future__ import annotations

import pytest

from tests.app.harness import Page
from tests.tiny import nim
from webtabletop.ai.analysis import analyse
from webtabletop.ai.mcts import game_ai
from webtabletop.ai.review import Reviewer
from webtabletop.core import sharelink
from webtabletop.core.record import Record
from webtabletop.core.registry import game_module, get_game
from webtabletop.lab.batch import Batch
from webtabletop.lab.items import label
from webtabletop.lab.run import play_batch, report


def test_the_registry_knows_the_new_game():
    assert get_game("nim") is nim.SPEC and game_module("nim") is nim.GAME


def test_it_plays_through_the_app_shell_against_a_friend_and_the_computer():
    page = Page(hash_="#/nim/play?vs=human")
    assert page.last["route"] == "game" and "class=\"nim\"" in page.last["html"]
    while page.state.session.state.outcome() is None:
        page.send({"type": "move", "code": "1"})
    assert page.state.session.state.outcome().winner == 1  # ten counters, one at a time: the second takes the last
    assert 'role="dialog"' in page.last["html"]
    page = Page(hash_="#/nim/play?vs=ai")
    page.send({"type": "move", "code": "3"})
    assert page.last["ai"] is True
    page.send({"type": "ai"})
    assert page.state.session.state.heap < 7 and page.state.session.state.to_move() == 0


def test_the_shared_computer_plays_it_well():
    state = nim.SPEC.start(nim.NimOptions(heap=6))  # 6 counters: taking 2 leaves the opponent a lost 4
    assert game_ai("nim")(state, "normal", seed=1, time_limited=False).move.code == "2"
    assert analyse(state, "normal", seed=1).best_move == "2"


def test_it_is_reviewed_by_the_shared_analysis_and_the_review_screen():
    record = Record("nim", {"heap": 6}, 0, ("1", "1", "1", "1", "1", "1"))
    reviewer = Reviewer.of_record(record, "easy").run()
    assert reviewer.done and len(reviewer.plies) == 6
    assert reviewer.plies[0].mark is not None  # taking 1 from 6 gives the opponent the win
    page = Page(hash_=f"#/nim/review?r={sharelink.encode(record)}")
    resp = page.last
    for _ in range(100):
        if not resp.get("then"):
            break
        resp = page.send(resp["then"])
    assert page.last["route"] == "review" and page.state.review.reviewer.done


def test_it_runs_in_the_designers_lab():
    batch = Batch("nim", {"heap": 9}, players=("random", "easy"), games=4, seed=2, eval_budget="easy")
    out = report(batch, play_batch(batch))
    assert out["games"] == 4 and sum(out["wins"]) + out["draws"] == 4
    assert "move/take 1" in out["per_item"] and label("move/take 1", "nim").endswith("take 1")


def test_an_unknown_game_is_still_refused():
    with pytest.raises(Exception, match="unknown game"):
        Batch("no-such-game").check()
