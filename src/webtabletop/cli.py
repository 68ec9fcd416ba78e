"""Command line: ``python -m webtabletop {serve,build,selfplay,replay,review,lab,…}``.

Game packages add their own subcommands through ``games/<game>/cli.py:add_commands``.

Every subcommand runs behind one boundary (:func:`main`): a player's mistake (a bad link, file
or option) prints ``error: <why>`` on one line and exits 1; anything else that escapes prints a
one-line ``error:`` too (never a traceback; set ``WTT_TRACEBACK=1`` to see one) and exits 2.
``replay`` of a link or record made under older rules that stops early prints the position it
reached on stdout, the reason on stderr, and exits 1.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from pathlib import Path

from webtabletop.core.inputs import load_json
from webtabletop.core.protocol import GameError
from webtabletop.core.registry import all_modules

#: the largest record file replay reads
MAX_FILE = 8_000_000

def _cmd_build(args: argparse.Namespace) -> int:
    from webtabletop.tools.build import build

    build(Path(args.dist) if args.dist else None)
    return 0


def _cmd_serve(args: argparse.Namespace) -> int:
    from webtabletop.tools.build import ROOT, build
    from webtabletop.tools.serve import make_server

    dist = Path(args.dist) if args.dist else ROOT / "dist"
    if not args.no_build:
        build(dist)
    server = make_server(dist, args.host, args.port, verbose=args.verbose)
    print(
        f"webtabletop is served at http://{args.host}:{server.server_address[1]}/  (Ctrl+C to stop)",
        flush=True,
    )
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()
    return 0


def _cmd_selfplay(args: argparse.Namespace) -> int:
    from webtabletop.tools.selfplay import selfplay

    players = tuple(p.strip() for p in args.players.split(","))
    if len(players) != 2:
        print("error: --players needs two kinds, e.g. random,ai", file=sys.stderr)
        return 2
    options = load_json(args.options, "--options") if args.options else {}
    if not isinstance(options, dict):
        raise GameError("--options must be a JSON object of option names and values")
    result = selfplay(args.game, args.games, args.seed, players, options)
    if not args.json:
        a, b = result["players"]
        print(
            f"{result['games']} games of {args.game}: {a} won {result['wins'][0]}, {b} won {result['wins'][1]}, draws {result['draws']}"
        )
        print(
            f"win rates: {a} {result['win_rate'][0]:.1%}, {b} {result['win_rate'][1]:.1%}; {result['plies']} moves in {result['seconds']} s = {result['moves_per_second']} moves/s"
        )
    print(json.dumps(result))
    return 0


def _load_source(source: str):
    """(record, why a link stops early or None) of a share link or a record file."""
    from webtabletop.core import sharelink
    from webtabletop.core.record import Record

    path = Path(source)
    if "#" in source or "r=" in source:
        return sharelink.decode_link_upto(source)
    if len(source) < 4096 and path.is_file():
        if path.stat().st_size > MAX_FILE:
            raise GameError(f"{source!r} is larger than any webtabletop record")
        return Record.loads(path.read_text(encoding="utf-8", errors="replace")), None
    raise GameError(f"{source[:80]!r} is neither a share link nor an existing file")


def _cmd_review(args: argparse.Namespace) -> int:
    from webtabletop.ai.review import Reviewer, mark_for

    record, problem = _load_source(args.source)
    if problem is not None:
        raise GameError(f"the game cannot be replayed to its end: {problem}")
    reviewer = Reviewer.of_record(record, args.budget, args.seed)
    total = reviewer.total
    while reviewer.step():
        if args.progress:
            print(f"{reviewer.done_steps}/{total}", file=sys.stderr, flush=True)
    out = reviewer.to_json()
    if args.json:
        print(json.dumps(out))
        return 0
    for r in reviewer.plies:
        mark = r.mark or ""
        better = f"  (better {r.best}: {' '.join(r.line)})" if mark_for(r.loss) else ""
        print(f"{r.ply:4d}. P{r.player + 1} {r.move}{mark:<3}  {r.chances[0]:.2f}-{r.chances[1]:.2f}{better}")
    for s in out["summary"]["players"]:
        marks = ", ".join(f"{k} {v}" for k, v in s["marks"].items())
        print(
            f"player {s['player'] + 1}: {marks}; average loss {s['average_loss']:.3f}, accuracy {s['accuracy']}"
        )
    return 0


def _cmd_replay(args: argparse.Namespace) -> int:
    from webtabletop.core.record import RecordError
    from webtabletop.i18n import _, ngettext

    record, problem = _load_source(args.source)
    result = record.replay_upto()
    if result.problem is not None and not record.older_rules and problem is None:
        raise RecordError(result.problem)
    problem = problem or result.problem
    record = record.with_moves(record.moves[: len(result.states) - 1])
    final = result.states[-1]
    if args.json:
        out = {"record": record.to_json(), "final": final.snapshot(), "outcome": None, "stopped": problem}
        outcome = final.outcome()
        if outcome is not None:
            out["outcome"] = {
                "winner": outcome.winner,
                "scores": list(outcome.scores),
                "reason": outcome.reason,
            }
        print(json.dumps(out))
    else:
        n = len(record.moves)
        print(
            ngettext(
                "{game}, seed {seed}, options {options}, {n} move",
                "{game}, seed {seed}, options {options}, {n} moves",
                n,
            ).format(game=record.game_id, seed=record.seed, options=record.options or _("default"), n=n)
        )
        print(final.text())
        outcome = final.outcome()
        if outcome is not None:
            who = _("draw") if outcome.winner is None else _("player {n} wins").format(n=outcome.winner + 1)
            print(
                _("result: {result} {scores} ({reason})").format(
                    result=who, scores=outcome.scores, reason=outcome.reason
                )
            )
    if problem is not None:
        print(f"error: the game stops after move {len(record.moves)}: {problem}", file=sys.stderr)
        return 1
    return 0


def _cmd_learn_check(args: argparse.Namespace) -> int:
    from webtabletop.learn import check

    return check.main(args.json, args.allow_uncovered)


def _cmd_learn_mine(args: argparse.Namespace) -> int:
    from webtabletop.learn import mine

    return mine.main(args.game, args.count, args.seed)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m webtabletop",
        description="webtabletop: build and serve the site, play and check games.",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("build", help="assemble the static site in dist/")
    p.add_argument("--dist", help="output folder (default: dist/)")
    p.set_defaults(func=_cmd_build)
    p = sub.add_parser("serve", help="build, then serve the site on localhost")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--dist")
    p.add_argument("--no-build", action="store_true", help="serve dist/ as it is")
    p.add_argument("--verbose", action="store_true")
    p.set_defaults(func=_cmd_serve)
    p = sub.add_parser("selfplay", help="play games between random and AI players")
    p.add_argument("game")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--players", default="random,ai", help="two of random, ai, ai:easy, ai:normal, ai:hard")
    p.add_argument("--options", help="game options as JSON")
    p.add_argument("--json", action="store_true", help="print only the JSON line")
    p.set_defaults(func=_cmd_selfplay)
    p = sub.add_parser("replay", help="decode a share link or a record file and print the final position")
    p.add_argument("source", help="a share URL (or #/game?r=…) or a record .json file")
    p.add_argument("--json", action="store_true")
    p.add_argument(
        "--lang",
        default="en",
        choices=["en", "ru", "zh-Hans", "ja"],
        help="language of the printed position and messages (default: English; other commands always print English)",
    )
    p.set_defaults(func=_cmd_replay)
    p = sub.add_parser("learn", help="lessons: check that every lesson still teaches what it says")
    learn = p.add_subparsers(dest="learn_command", required=True)
    q = learn.add_parser(
        "check", help="replay every lesson's solution through the rules (exit 1 on a failure or a section without a lesson)"
    )
    q.add_argument("--json", action="store_true", help="print one JSON object: per game, counts and uncovered sections")
    q.add_argument("--allow-uncovered", action="store_true", help="do not fail when a rules section or an item (effect, terrain, mob, card value) has no lesson")
    q.set_defaults(func=_cmd_learn_check)
    q = learn.add_parser("mine", help="mine puzzles from the AI's self-play into games/<game>/puzzles.json")
    q.add_argument("game")
    q.add_argument("--count", type=int, default=24)
    q.add_argument("--seed", type=int, default=1)
    q.set_defaults(func=_cmd_learn_mine)
    p = sub.add_parser("review", help="analyse every move of a game: winning chances, marked mistakes, luck")
    p.add_argument("source", help="a share URL (or #/game?r=…) or a record .json file")
    p.add_argument(
        "--budget", default="normal", choices=["normal", "hard"], help="the analysis's search budget"
    )
    p.add_argument(
        "--seed", type=int, default=0, help="the review's seed (the same seed gives the same review)"
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--progress", action="store_true", help="print the steps done on stderr")
    p.set_defaults(func=_cmd_review)
    from webtabletop.lab.cli import add_commands as add_lab

    add_lab(sub)
    for module in all_modules():  # each game's own subcommands (GameModule.cli)
        if module.cli is not None:
            module.cli()(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """The entry point of every subcommand: errors become one line on stderr, never a traceback."""
    from webtabletop.i18n import catalogs

    catalogs.use_language("en")  # the command line speaks English (stable for scripts)
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        if getattr(args, "lang", "en") != "en":
            catalogs.use_language(args.lang)  # ``replay --lang ru``: the position in Russian
        return int(args.func(args) or 0)
    except GameError as exc:
        print(f"error: {_one_line(exc)}", file=sys.stderr)
        return 1
    except (OSError, ValueError) as exc:  # a missing file, bad JSON in a game's --options
        print(f"error: {_one_line(exc)}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("error: interrupted", file=sys.stderr)
        return 130
    except SystemExit:
        raise
    except BaseException as exc:  # noqa: BLE001 - the boundary: never a traceback
        if os.environ.get("WTT_TRACEBACK"):
            raise
        print(f"error: the command failed ({type(exc).__name__}: {_one_line(exc)})", file=sys.stderr)
        return 2
    finally:
        catalogs.use_language("en")


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return text if len(text) <= 300 else text[:297] + "…"
