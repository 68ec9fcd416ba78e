"""``python -m webtabletop lab GAME …``: a batch of AI games and the designer's numbers.

    python -m webtabletop lab GAME [--games N] [--options JSON] [--compare JSON] [--players A,B]
                                   [--seed S] [--eval easy|normal|hard|none]
                                   [--workers N | --dask ADDRESS|local] [--records DIR] [--journal FILE] [--skill] [--json]

``--games`` is per option set. ``--workers`` defaults to every local core; ``--dask tcp://host:8786``
uses an existing Dask cluster and ``--dask local`` starts one on this machine. The JSON is the
same for the same set-up on any executor (timing goes to stderr, never into the JSON).
``--journal FILE`` writes each game down as it ends; the same command run again after a stop
plays only the games not yet in it (:mod:`webtabletop.lab.journal`).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from webtabletop.core.inputs import load_json
from webtabletop.core.protocol import GameError
from webtabletop.lab.batch import EVALS, Batch
from webtabletop.lab.journal import Journal
from webtabletop.lab.run import play_batch, report, write_records


def _options(text: str | None, flag: str) -> dict[str, Any] | None:
    if text is None:
        return None
    value = load_json(text, flag)
    if not isinstance(value, dict):
        raise GameError(f"{flag} must be a JSON object of option names and values")
    return value


def _text(out: dict[str, Any]) -> str:
    fp = out["first_player_win_rate"]
    lo, hi = out["ci95"]
    lines = [
        f"{out['games']} games of {out['game']}: seat wins {out['wins'][0]}–{out['wins'][1]}, draws {out['draws']}",
        f"first player's score {fp:.1%} (95%: {lo:.1%}–{hi:.1%}); balance {out['balance']:.2f}; mean length {out['mean_plies']} plies",
    ]
    if out["decisiveness"] is not None:
        lines.append(
            f"decisiveness {out['decisiveness']:.2f}; lead changes {out['lead_changes']:.2f} per ply"
        )
    for step in out.get("skill_trace", []):
        lo, hi = step["ci95"]
        lines.append(
            f"skill: {step['stronger']} scores {step['score']:.1%} against {step['weaker']} (95%: {lo:.1%}–{hi:.1%})"
        )
    if out["compare"]:
        for name, d in out["compare"]["diff"].items():
            if d and d["significant"]:
                lines.append(
                    f"B − A: {name} {d['diff']:+} (95%: {d['ci95'][0]:+} to {d['ci95'][1]:+}), a real difference"
                )
    return "\n".join(lines)


def cmd_lab(args: argparse.Namespace) -> int:
    players = tuple(p.strip() for p in args.players.split(","))
    if len(players) != 2:
        raise GameError("--players needs two kinds, e.g. normal,normal")
    batch = Batch(
        args.game,
        _options(args.options, "--options") or {},
        _options(args.compare, "--compare"),
        players,  # type: ignore[arg-type]
        args.games,
        args.seed,
        args.eval,
        args.skill,
    ).check()
    workers = args.workers or os.cpu_count() or 1
    t0 = time.perf_counter()

    journal = Journal(Path(args.journal)) if args.journal else None
    resumed: int | None = None  # the games the journal held: progress's first call

    def progress(done: int, total: int) -> None:
        nonlocal resumed
        if resumed is None:
            resumed = done
        if not args.quiet:
            print(f"\r{done}/{total} games", end="", file=sys.stderr, flush=True)

    results = play_batch(batch, workers=workers, dask=args.dask, progress=progress, journal=journal)
    seconds = time.perf_counter() - t0
    if not args.quiet:
        new = len(results) - (resumed or 0)
        held = f", {resumed} of them from {args.journal}" if resumed else ""
        print(
            f"\r{len(results)} games{held}; {new} played in {seconds:.1f} s ({new / seconds:.2f} games/s)",
            file=sys.stderr,
        )
    if args.records:
        write_records(batch, results, Path(args.records))
    out = report(batch, results)
    if not args.json:
        print(_text(out))
    print(json.dumps(out, ensure_ascii=False))
    return 0


def add_commands(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("lab", help="play a batch of AI games and measure the game's balance")
    p.add_argument("game")
    p.add_argument("--games", type=int, default=20, help="games per option set (default 20)")
    p.add_argument("--options", help="option set A as JSON (default: the designer's defaults)")
    p.add_argument("--compare", help="option set B as JSON, to compare with A")
    p.add_argument("--players", default="normal,normal", help="two of random, easy, normal, hard")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument(
        "--eval", default="normal", choices=EVALS, help="budget of the evaluations along each game"
    )
    where = p.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, help="local processes (default: every core)")
    where.add_argument("--dask", help="a Dask scheduler address, or 'local' for a LocalCluster here")
    p.add_argument("--records", help="write each game's record file into this folder")
    p.add_argument(
        "--journal",
        help="write each game to this file as it ends; run the same command again to go on after a stop",
    )
    p.add_argument(
        "--skill",
        action="store_true",
        help="add a skill trace: easy against random, normal against easy, hard against normal",
    )
    p.add_argument("--json", action="store_true", help="print only the JSON line")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    p.set_defaults(func=cmd_lab)
