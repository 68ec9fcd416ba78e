"""Every AI level against every other level and against random play, in every game.

Pairings: easy, normal and hard against random, normal against easy, hard against easy and hard
against normal. Each game runs at its defaults (CardGO with its effects and terrain on). Seats
alternate: games ``2k`` and ``2k + 1`` share the deal (terrain, hands, dice) with the seats
swapped. AI players use their levels' iteration budgets (no clock), so the results are the same
for the same ``--seed`` on any machine and with any ``--workers``. Targets: a level beats random
in at least 95% of games, a higher level beats a lower one in at least 65%. Win rates count
draws as not won; each has a 95% Wilson interval.

    python -m benchmarks.ai_levels [--games 20] [--game cardgo,sht] [--pairings hard-normal]
                                   [--workers 2] [--seed 1]

Finished games are kept in ``--cache`` (JSON lines, keyed by the seeds and a fingerprint of the
AI's source), so an interrupted run resumes and a changed AI plays afresh. Prints a table per game
and one JSON line last. Times per move are CPU time of the process (``time.process_time``), so a
machine shared with other jobs does not inflate them; the page is slower (Pyodide).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import sys
import time
from pathlib import Path

from webtabletop.ai.arena import GameResult, game_seeds, play_game, player_for, seats_of, wilson
from webtabletop.core.registry import PLAYABLE

ROOT = Path(__file__).resolve().parents[1]
#: (stronger, weaker, target win rate of the stronger)
PAIRINGS = (
    ("easy", "random", 0.95),
    ("normal", "random", 0.95),
    ("hard", "random", 0.95),
    ("normal", "easy", 0.65),
    ("hard", "normal", 0.65),
    ("hard", "easy", 0.65),
)


def parse_pairing(text: str) -> tuple[str, str, float]:
    """``a-b`` (a the stronger): any two player kinds, ``oracle:<level>`` and ``oracle:exact`` included; the target
    is 95% against random play, else 65%."""
    a, _, b = text.partition("-")
    for kind in (a, b):
        try:
            player_for(kind)
        except ValueError as e:
            raise SystemExit(f"bad pairing {text!r}: {e}") from None
    return (a, b, 0.95 if b == "random" else 0.65)


def fingerprint(game: str) -> str:
    """A hash of the source a game's result depends on (the shared search and players, the core,
    the game's package): a cached game is reused only while none of it changed."""
    h = hashlib.sha256()
    src = ROOT / "src" / "webtabletop"
    shared = [src / "ai" / name for name in ("mcts.py", "players.py", "arena.py")]
    for path in sorted([*shared, *(src / "core").glob("*.py"), *(src / "games" / game).rglob("*.py")]):
        h.update(path.relative_to(src).as_posix().encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:16]


def _play(task: tuple) -> tuple:
    game, a, b, index, seed = task
    deal, moves = game_seeds(seed, game, f"{a}-{b}", index)
    seats = seats_of(a, b, index)
    t0 = time.perf_counter()
    r = play_game(game, seats, deal, moves, clock=time.process_time)
    return task, r, time.perf_counter() - t0


def _key(task: tuple, fps: dict[str, str]) -> str:
    game, a, b, index, seed = task
    return f"{fps[game]}:{seed}:{game}:{a}-{b}:{index}"


def run(games: list[str], pairings, n: int, seed: int, workers: int, cache: Path | None) -> list[dict]:
    fp = {g: fingerprint(g) for g in games}
    done: dict[str, dict] = {}
    if cache is not None and cache.exists():
        for line in cache.read_text().splitlines():
            row = json.loads(line)
            done[row["key"]] = row
    tasks = [(g, a, b, i, seed) for g in games for a, b, _t in pairings for i in range(n)]
    todo = [t for t in tasks if _key(t, fp) not in done]
    started = time.perf_counter()
    out = cache.open("a") if cache is not None else None
    try:
        pool = multiprocessing.Pool(workers) if workers > 1 and len(todo) > 1 else None
        results = pool.imap_unordered(_play, todo) if pool else map(_play, todo)
        for k, (task, r, secs) in enumerate(results, 1):
            row = {"key": _key(task, fp), "winner": r.winner, "plies": r.plies, "moves": list(r.moves), "seconds": list(r.seconds), "wall": round(secs, 2)}
            done[row["key"]] = row
            if out is not None:
                out.write(json.dumps(row) + "\n")
                out.flush()
            g, a, b, i, _s = task
            print(f"[{k}/{len(todo)} {time.perf_counter() - started:.0f}s] {g} {a}-{b} #{i}: winner {r.winner} in {r.plies} plies ({secs:.1f}s)", file=sys.stderr)
        if pool:
            pool.close()
            pool.join()
    finally:
        if out is not None:
            out.close()
    rows = []
    for g in games:
        for a, b, target in pairings:
            rows.append(summarise(g, a, b, target, [_row_result(done[_key((g, a, b, i, seed), fp)]) for i in range(n)]))
    return rows


def _row_result(row: dict) -> GameResult:
    return GameResult(row["winner"], row["plies"], tuple(row["moves"]), tuple(row["seconds"]))


def summarise(game: str, a: str, b: str, target: float, results: list[GameResult]) -> dict:
    """Wins of ``a`` (the stronger) over ``b``; ``results[i]`` is game ``i`` (seats by :func:`seats_of`)."""
    wins = draws = losses = 0
    time_ = {a: 0.0, b: 0.0}
    moves = {a: 0, b: 0}
    first = 0
    for i, r in enumerate(results):
        seats = seats_of(a, b, i)
        a_seat = seats.index(a) if a != b else i % 2
        for seat in (0, 1):
            time_[seats[seat]] += r.seconds[seat]
            moves[seats[seat]] += r.moves[seat]
        if r.winner is None:
            draws += 1
        elif r.winner == a_seat:
            wins += 1
        else:
            losses += 1
        first += r.winner == 0
    # deals played from both seats: did the same seat win both games (the deal or the seat decided),
    # or the same player (the play decided)?
    same_seat = same_player = 0
    for k in range(0, len(results) - 1, 2):
        w0, w1 = results[k].winner, results[k + 1].winner
        if w0 is not None and w1 is not None:
            if w0 == w1:
                same_seat += 1
            else:
                same_player += 1
    n = len(results)
    lo, hi = wilson(wins, n)
    return {
        "game": game,
        "a": a,
        "b": b,
        "games": n,
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "win_rate": round(wins / n, 4) if n else None,
        "ci95": [round(lo, 4), round(hi, 4)],
        "score": round((wins + draws / 2) / n, 4) if n else None,
        "target": target,
        "met": bool(n) and wins / n >= target,
        "first_seat_wins": first,
        "deal_pairs": {"pairs": n // 2, "same_seat_won_both": same_seat, "same_player_won_both": same_player},
        "mean_plies": round(sum(r.plies for r in results) / n, 1) if n else None,
        "ms_per_move": {k: round(1000 * time_[k] / moves[k], 1) if moves[k] else None for k in (a, b)},
    }


def table(rows: list[dict]) -> str:
    lines = []
    for game in dict.fromkeys(r["game"] for r in rows):
        lines.append(f"\n{game}")
        lines.append(f"  {'pairing':22} {'games':>5} {'W-D-L':>10} {'win rate':>8} {'95% CI':>14} {'target':>6}  {'CPU ms/move':>15} {'plies':>6}")
        for r in (r for r in rows if r["game"] == game):
            wdl = f"{r['wins']}-{r['draws']}-{r['losses']}"
            ci = f"{r['ci95'][0]:.2f}–{r['ci95'][1]:.2f}"
            ms = "/".join(f"{r['ms_per_move'][k]:.0f}" if r["ms_per_move"][k] is not None else "-" for k in (r["a"], r["b"]))
            ok = "ok" if r["met"] else "MISS"
            lines.append(
                f"  {r['a'] + ' vs ' + r['b']:22} {r['games']:5} {wdl:>10} {r['win_rate']:8.1%} {ci:>14} {r['target']:6.0%} {ok:4} {ms:>11} {r['mean_plies']:6}"
            )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20, help="games per pairing (even: each deal is played from both seats)")
    ap.add_argument("--game", default=",".join(PLAYABLE), help="comma-separated game ids (default: all)")
    ap.add_argument(
        "--pairings",
        default="",
        help="comma-separated, e.g. hard-normal,normal-easy (default: the six level pairings); "
        "oracle:hard-random measures luck: that AI reads every hidden card and future draw; "
        "oracle:exact-normal (HTT) pits perfect play with perfect information against a level",
    )
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1, choices=(1, 2), help="processes (this is a 2-core machine)")
    ap.add_argument("--cache", default=str(ROOT / "benchmarks" / "results" / "ai_levels.jsonl"))
    ap.add_argument("--no-cache", action="store_true")
    args = ap.parse_args(argv)
    games = [g for g in args.game.split(",") if g]
    for g in games:
        if g not in PLAYABLE:
            raise SystemExit(f"unknown game {g!r} (games: {', '.join(PLAYABLE)})")
    pairings = PAIRINGS
    if args.pairings:
        pairings = tuple(parse_pairing(p) for p in args.pairings.split(","))
    cache = None
    if not args.no_cache:
        cache = Path(args.cache)
        cache.parent.mkdir(parents=True, exist_ok=True)
    rows = run(games, pairings, args.games, args.seed, args.workers, cache)
    print(table(rows))
    print(json.dumps({"benchmark": "ai_levels", "games_per_pairing": args.games, "seed": args.seed, "results": rows}))


if __name__ == "__main__":
    main()
