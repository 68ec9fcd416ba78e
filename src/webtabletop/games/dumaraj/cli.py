"""Command line tools of DumaRaj: ``python -m webtabletop dumaraj perft [--fen FEN] --depth N
[--divide] [--options JSON]``.

The main CLI (``webtabletop.cli``) calls :func:`add_commands` with its sub-parsers.
"""

from __future__ import annotations

import json
import sys
import time

from webtabletop.core.protocol import GameError, options_from_dict


def add_commands(subparsers) -> None:
    """Add the ``dumaraj`` command (with its ``perft`` subcommand) to an argparse sub-parser set."""
    p = subparsers.add_parser("dumaraj", help="DumaRaj tools (perft)")
    sub = p.add_subparsers(dest="dumaraj_command", required=True)
    pf = sub.add_parser("perft", help="count the leaves of the move tree")
    pf.add_argument("--fen", default="", help="start position (default: the preset of the options)")
    pf.add_argument("--depth", type=int, required=True, help="plies (an Editor phase is a ply)")
    pf.add_argument("--divide", action="store_true", help="also print the count below each move")
    pf.add_argument("--options", default="", help="rule options as JSON, e.g. '{\"warp\": true}'")
    pf.set_defaults(func=run_perft)


def run_perft(args, out=None) -> int:
    from webtabletop.games.dumaraj.rules import state as rules
    from webtabletop.games.dumaraj.rules.options import DumaRajOptions

    out = out or sys.stdout
    try:
        data = json.loads(args.options) if args.options else {}
        if args.fen:
            if not data:
                state = rules.state_from_fen(args.fen)
            else:
                options = options_from_dict(DumaRajOptions, {**data, "fen": args.fen})
                state = rules.new_game(options)
        else:
            state = rules.new_game(options_from_dict(DumaRajOptions, data))
        if args.depth < 0:
            raise GameError("--depth must be 0 or more")
    except (GameError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    start = time.perf_counter()
    if args.divide and args.depth >= 1:
        total = 0
        for code, n in rules.divide(state, args.depth):
            print(f"{code}: {n}", file=out)
            total += n
        print(file=out)
    else:
        total = rules.perft(state, args.depth)
    seconds = time.perf_counter() - start
    print(f"Nodes searched: {total}", file=out)
    print(f"Time: {seconds:.3f} s ({total / seconds if seconds > 0 else 0:.0f} nodes/s)", file=out)
    return 0
