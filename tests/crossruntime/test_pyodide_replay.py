"""The same seed and moves give the identical state in CPython and in Pyodide (under Node.js).

Runs the built package (dist/lib) inside Pyodide 314 (Python 3.14) via Node, replays random records
of every playable game and lets the AI choose a move with a fixed seed; CPython must agree exactly.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.test_protocol_properties import random_record
from webtabletop.ai.mcts import game_ai
from webtabletop.core.registry import all_games

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_seeded_games_replay_identically_in_pyodide(tmp_path):
    if not (DIST / "lib" / "webtabletop.zip").exists():
        pytest.fail("dist/ is not built: run `python -m webtabletop build` first")
    requests = []
    expected = []
    for spec in all_games():
        for i, (seed, choice, plies) in enumerate([(1, 2, None), (99, 7, 9), (2**31 + 5, 3, 21)]):
            record, states = random_record(spec.id, seed, choice, plies)
            final = states[-1]
            ai_seed = 1000 + i
            ai = None
            if not final.is_over:
                ai = game_ai(spec.id)(final, "easy", seed=ai_seed, time_limited=False).move.code
            requests.append({"record": record.to_json(), "ai": ai_seed})
            expected.append({"snapshot": json.loads(json.dumps(final.snapshot())), "ai": ai})
    req_file = tmp_path / "requests.json"
    req_file.write_text(json.dumps(requests))
    proc = subprocess.run(
        ["node", str(Path(__file__).with_name("pyodide_replay.mjs")), str(DIST), str(req_file)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    got = json.loads(proc.stdout)
    assert got[0]["python"].startswith("3.1")
    for exp, res in zip(expected, got, strict=True):
        assert res["snapshot"] == exp["snapshot"]
        assert res["ai"] == exp["ai"]
