"""Game review numbers, per game:

- **speed**: seconds to review a game of up to 60 plies (random play against the normal AI, or
  ``--seats``: DumaRaj's random player is mated early, so its 60 plies are normal against normal) at the
  normal budget, in CPython and, with ``--pyodide``, in Pyodide under Node.js (the page's
  interpreter); CPU time both, so a busy machine does not inflate them;
- **marks**: marks per move of random play and of the normal AI in games between them (seats in
  turn, fixed seeds), and their ratio (the issue asks at least 3);
- **hard**: the share of the hard AI's moves marked ``?`` or ``??`` in games of the hard AI against
  the normal AI (the issue asks under 5%).

``python -m benchmarks.review [--games tsifrograd,htt] [--only speed|marks|hard] [--pyodide]``
prints one JSON line per game, then a summary JSON line last.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

from webtabletop.ai.arena import player_for
from webtabletop.ai.review import Reviewer, review
from webtabletop.core.record import Record
from webtabletop.core.registry import PLAYABLE
from webtabletop.core.rng import Rng

ROOT = Path(__file__).resolve().parents[1]
PLIES = 60


def played(game_id: str, seats: tuple[str, str], seed: int, plies: int) -> Record:
    """``plies`` moves (or to the end) between two player kinds, from fixed seeds."""
    record = Record(game_id, {}, seed, ())
    state = record.start_state()
    players = [player_for(seats[0]), player_for(seats[1])]
    rng = Rng.from_seed(seed)
    moves: list[str] = []
    while len(moves) < plies and not state.is_over:
        move = players[state.to_move()](state, rng)
        moves.append(move.code)
        state = state.apply(move)
    return record.with_moves(tuple(moves))


def speed(game_id: str, pyodide: bool, seats: tuple[str, str] = ("random", "normal")) -> dict:
    record = played(game_id, seats, 1, PLIES)
    t = time.process_time()
    review(record, "normal", seed=1)
    out = {"plies": len(record.moves), "cpython_cpu_s": round(time.process_time() - t, 1)}
    if pyodide:
        out["pyodide_cpu_s"] = round(pyodide_cpu(record, review=True) - pyodide_cpu(record, review=False), 1)
    return out


def pyodide_cpu(record: Record, review: bool) -> float:
    """CPU seconds of a Node.js process that starts Pyodide, replays ``record`` and, with
    ``review``, reviews it at the normal budget (the difference of the two is the review's cost;
    CPU time, so a busy machine does not inflate it)."""
    code = (
        "from webtabletop.core.record import Record\nfrom webtabletop.ai.review import review\n"
        f"record = Record.loads({json.dumps(record.dumps())})\nrecord.replay()\n"
        + ("review(record, 'normal', seed=1)\n" if review else "")
    )
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(
        ["node", str(ROOT / "tests" / "crossruntime" / "pyodide_run.mjs"), str(ROOT / "dist")],
        input=code,
        capture_output=True,
        text=True,
        check=True,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def marks(game_id: str, games: int = 4) -> dict:
    count = {"random": [0, 0], "normal": [0, 0]}  # marks, moves
    for g in range(games):
        seats = ("random", "normal") if g % 2 == 0 else ("normal", "random")
        record = played(game_id, seats, 100 + g, PLIES)
        for p in review(record, "normal", seed=g).plies:
            kind = seats[p.player]
            count[kind][0] += p.mark is not None
            count[kind][1] += 1
    rate = {k: round(m / max(1, n), 3) for k, (m, n) in count.items()}
    ratio = rate["random"] / rate["normal"] if rate["normal"] else None
    return {
        "marks_per_move": rate,
        "moves": {k: n for k, (_m, n) in count.items()},
        "ratio": None if ratio is None else round(ratio, 2),
    }


def hard(game_id: str, games: int = 2) -> dict:
    marked = moved = 0
    for g in range(games):
        seats = ("hard", "normal") if g % 2 == 0 else ("normal", "hard")
        record = played(game_id, seats, 200 + g, PLIES)
        for p in Reviewer.of_record(record, "normal", seed=g).run().plies:
            if seats[p.player] == "hard":
                moved += 1
                marked += p.mark in ("?", "??")
    return {"hard_moves": moved, "hard_marked_?_or_??": marked, "rate": round(marked / max(1, moved), 3)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", default=",".join(PLAYABLE))
    ap.add_argument("--only", choices=["speed", "marks", "hard"])
    ap.add_argument("--pyodide", action="store_true", help="also time the review in Pyodide (needs dist/)")
    ap.add_argument(
        "--seats", default="random,normal", help="the players of the speed test's game (normal,normal: 60 plies of DumaRaj)"
    )
    args = ap.parse_args()
    summary = {}
    for game_id in args.games.split(","):
        row: dict = {"game": game_id}
        if args.only in (None, "speed"):
            row["speed"] = speed(game_id, args.pyodide, tuple(args.seats.split(",")))
        if args.only in (None, "marks"):
            row["marks"] = marks(game_id)
        if args.only in (None, "hard"):
            row["hard"] = hard(game_id)
        print(json.dumps(row), flush=True)
        summary[game_id] = row
    print(json.dumps({"benchmark": "review", "python": sys.version.split()[0], "games": summary}))


if __name__ == "__main__":
    main()
