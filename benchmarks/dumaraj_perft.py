"""DumaRaj speed: perft from the Classic 8x8 start (depth 4) against python-chess from the chess
start (depth 4) in the same run, both counting the last ply in bulk (``len(moves)``), plus the AI's
depth and nodes/s in one second from the Classic start.

Run: ``.venv/bin/python benchmarks/dumaraj_perft.py``. The last line is JSON:
``{"dumaraj_nps": ..., "chess_nps": ..., "ratio": ..., "ai_depth_1s": ..., "ai_nps": ...}``.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from webtabletop.games.dumaraj.ai import choose as ai
from webtabletop.games.dumaraj.rules import state as rules
from webtabletop.games.dumaraj.rules.options import DumaRajOptions  # noqa: E402


def chess_perft(board, depth: int) -> int:
    if depth == 1:
        return board.legal_moves.count()
    n = 0
    for move in board.legal_moves:
        board.push(move)
        n += chess_perft(board, depth - 1)
        board.pop()
    return n


def best_of(fn, runs: int = 3) -> tuple[int, float]:
    best = None
    nodes = 0
    for _ in range(runs):
        t = time.perf_counter()
        nodes = fn()
        dt = time.perf_counter() - t
        best = dt if best is None else min(best, dt)
    return nodes, best or 1e-9


def main() -> None:
    import chess

    depth = 4
    state = rules.new_game(DumaRajOptions(preset="classic"))
    d_nodes, d_time = best_of(lambda: rules.perft(state, depth))
    c_nodes, c_time = best_of(lambda: chess_perft(chess.Board(), depth))
    grand = rules.new_game(DumaRajOptions())
    g_nodes, g_time = best_of(lambda: rules.perft(grand, 3), runs=1)
    print(f"DumaRaj Classic perft({depth}) = {d_nodes} in {d_time:.3f} s: {d_nodes / d_time:,.0f} nodes/s")
    print(
        f"chess start perft({depth}) = {c_nodes} in {c_time:.3f} s: {c_nodes / c_time:,.0f} nodes/s (python-chess)"
    )
    print(f"DumaRaj Grand perft(3) = {g_nodes} in {g_time:.3f} s")
    res = ai.choose_move(state, "hard", seed=0, time_limited=True, clock=time.perf_counter)
    lv = ai.Level(64, 10**9, 1.0)
    _m, a_depth, a_nodes, a_secs, _score, _pv = ai.search_board(state.board(), lv, 0, True, time.perf_counter)
    print(
        f"AI, Classic start, 1 s: depth {a_depth}, {a_nodes} nodes, {a_nodes / a_secs:,.0f} nodes/s; hard level 3 s: depth {res.depth}, move {res.move.code}"
    )
    out = {
        "dumaraj_nps": round(d_nodes / d_time),
        "chess_nps": round(c_nodes / c_time),
        "ratio": round((d_nodes / d_time) / (c_nodes / c_time), 3),
        "ai_depth_1s": a_depth,
        "ai_nps": round(a_nodes / a_secs),
    }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
