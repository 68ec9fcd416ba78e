"""The engine's rehearsal (web/worker.py: ``rehearse``): the moves it plays to warm WebAssembly's
hot paths are nobody's game. The player's game, its saved data and the app's generator stay
exactly as they were, and nothing is rehearsed when no game is on screen."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

WORKER = Path(__file__).resolve().parents[2] / "web" / "worker.py"


@pytest.fixture
def worker():
    spec = importlib.util.spec_from_file_location("wtt_worker_under_test", WORKER)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def send(worker, action: dict) -> dict:
    return json.loads(worker.dispatch(json.dumps(action)))


def test_nothing_is_rehearsed_without_a_game_on_screen(worker):
    send(worker, {"type": "hash", "hash": "#/"})
    assert worker.rehearse(5) == 0


@pytest.mark.parametrize("game", ["tsifrograd", "dumaraj", "sht", "htt", "cardgo"])
def test_rehearsal_leaves_the_players_game_and_data_alone(worker, game):
    send(worker, {"type": "hash", "hash": f"#/{game}/play?vs=human", "now": 1_700_000_000_000})
    app = worker.app.state
    before = (app.session.history.record, dict(app.store), app.rng.state)
    played = sum(worker.rehearse(4) for _ in range(10))
    assert played > 0
    assert worker._rehearsal is not worker.app and worker._rehearsal.state.session.spec.id == game
    after = (app.session.history.record, dict(app.store), app.rng.state)
    assert after == before
    # the player's next move is answered as if nothing had happened
    code = app.session.state.legal_moves()[0].code
    assert send(worker, {"type": "move", "code": code})["html"]
    assert app.session.history.record.moves[-1] == code


def test_a_finished_rehearsal_game_is_replaced_by_a_new_one(worker):
    send(worker, {"type": "hash", "hash": "#/tsifrograd/play?vs=human"})
    total = sum(worker.rehearse(50) for _ in range(6))
    assert total > 100  # longer than one game of the default board (its ply cap is 73)
