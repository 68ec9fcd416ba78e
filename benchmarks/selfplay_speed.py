"""Engine throughput and AI strength in CPython: random self-play moves/s, AI vs random win rate.

Prints a JSON line last. ``--games`` sets the AI-vs-random match length (default 200, seats
alternate every game).
"""

from __future__ import annotations

import argparse
import json
import time

from webtabletop.core.registry import get_game
from webtabletop.core.rng import Rng
from webtabletop.tools.selfplay import selfplay


def random_throughput(game_id: str, seconds: float = 3.0) -> float:
    spec = get_game(game_id)
    rng = Rng(1)
    moves = 0
    t0 = time.perf_counter()
    g = 0
    while time.perf_counter() - t0 < seconds:
        state = spec.start(seed=g)
        g += 1
        while not state.is_over:
            legal = state.legal_moves()
            state = state.apply(legal[rng.randbelow(len(legal))])
            moves += 1
    return moves / (time.perf_counter() - t0)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="tsifrograd")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--level", default="normal")
    args = ap.parse_args()
    mps = random_throughput(args.game)
    match = selfplay(args.game, args.games, 2026, ("random", f"ai:{args.level}"))
    ai_moves = match["plies"] / 2
    result = {
        "benchmark": "selfplay_speed",
        "game": args.game,
        "random_moves_per_second": round(mps, 1),
        "ai_level": args.level,
        "ai_vs_random_games": args.games,
        "ai_win_rate": match["win_rate"][1],
        "ai_wins": match["wins"][1],
        "draws": match["draws"],
        "ai_ms_per_move": round(1000 * match["think_seconds"][1] / ai_moves, 2),
    }
    print(
        f"{args.game}: {result['random_moves_per_second']} random moves/s; AI ({args.level}) beat random in {result['ai_wins']}/{args.games} games ({result['ai_win_rate']:.1%}), {result['ai_ms_per_move']} ms per AI move"
    )
    print(json.dumps(result))


if __name__ == "__main__":
    main()
