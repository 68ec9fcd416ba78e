"""Lessons and puzzles add nothing to the start of a game screen: opening a
game's board, in a fresh interpreter like the page's engine, imports no game's lesson data
(``games/<game>/lessons.py``) and reads no ``puzzles.json``; both load when their screen opens.
(The build leaves the lesson data out of the engine's snapshot too: build-steps/make_snapshot.mjs.)
"""

import json
import subprocess
import sys

import pytest

from webtabletop.core.registry import PLAYABLE, game_module

PROBE = """
import json, sys
from webtabletop.app.shell.app import App
from webtabletop.learn import puzzle
app = App()
app.handle({'type': 'start', 'hash': sys.argv[1], 'storage': {}, 'entropy': 1, 'base': '', 'now': 1})
for fragment in sys.argv[2:]:
    app.handle({'type': 'hash', 'hash': fragment, 'now': 1})
print(json.dumps({
    'lessons': sorted(m for m in sys.modules if m.startswith('webtabletop.games.') and m.endswith('.lessons')),
    'puzzle_files': puzzle.puzzles.cache_info().currsize,
}))
"""


def start(*fragments: str) -> dict:
    """What a fresh engine has loaded after opening these screens, one after another."""
    cmd = [sys.executable, "-c", PROBE, *fragments]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.splitlines()[-1])


def test_game_screens_start_without_lessons_or_puzzles():
    boards = [f"#/{game}" for game in PLAYABLE]
    assert start(*boards, *(f"{b}/rules" for b in boards)) == {"lessons": [], "puzzle_files": 0}


@pytest.mark.parametrize("game", ["cardgo", "sht"])
def test_the_probe_sees_them_when_their_screens_open(game):
    assert start(f"#/{game}/learn")["lessons"] == [game_module(game).lessons.module]
    assert start(f"#/{game}/puzzles")["puzzle_files"] == 1
