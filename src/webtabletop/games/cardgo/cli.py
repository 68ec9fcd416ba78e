"""Command line tools of CardGO:

- ``webtabletop cardgo preview [--seed N] [--options JSON] [--moves "0@a1 2@c3"] [--diagram FILE]
  [--card I --cell NAME] [--json]``: show a position (from a seed and moves, or a text diagram) and
  the preview of a placement (all placements of card I when --cell is left out, best first);
- ``webtabletop cardgo match --a normal --b random --games N [--seed S]``: AI win rate.

The main CLI calls :func:`add_commands`; :func:`main` runs the same parser on its own.
"""

from __future__ import annotations

import json
import sys
import time

import attrs

from webtabletop.core.protocol import GameError
from webtabletop.games.cardgo.rules.diagram import position


def add_commands(subparsers) -> None:
    p = subparsers.add_parser("cardgo", help="CardGO tools (preview, match)")
    sub = p.add_subparsers(dest="cardgo_command", required=True)
    pv = sub.add_parser("preview", help="show a position and what a placement would do")
    pv.add_argument("--seed", type=int, default=0)
    pv.add_argument("--options", default="", help="rule options as JSON, e.g. '{\"size\": 7}'")
    pv.add_argument("--moves", default="", help="move codes separated by spaces, played from the start")
    pv.add_argument("--diagram", default="", help="a text diagram file instead (see rules.position)")
    pv.add_argument("--hand", default="", help="with --diagram: the mover's hand, e.g. '6 2J'")
    pv.add_argument("--player", type=int, default=0, help="with --diagram: who moves (0 green, 1 red)")
    pv.add_argument("--card", type=int, default=0, help="hand index (from 0)")
    pv.add_argument("--cell", default="", help="cell name, e.g. e5 (default: the best 10 cells)")
    pv.add_argument("--json", action="store_true", help="print the preview(s) as JSON")
    pv.set_defaults(func=run_preview)
    m = sub.add_parser("match", help="play AI levels / random against each other")
    m.add_argument("--a", default="normal", help="easy, normal, hard or random")
    m.add_argument("--b", default="random")
    m.add_argument("--games", type=int, default=10)
    m.add_argument("--seed", type=int, default=0, help="first game seed")
    m.add_argument("--options", default="")
    m.set_defaults(func=run_match)


def _state(args):
    from webtabletop.games.cardgo import SPEC

    data = json.loads(args.options) if args.options else {}
    options = SPEC.options_from_dict(data)
    if args.diagram:
        with open(args.diagram, encoding="utf-8") as f:
            text = f.read()
        hands = (args.hand, "") if args.player == 0 else ("", args.hand)
        return position(text, options, player=args.player, hands=hands)
    state = SPEC.start(options, args.seed)
    for code in args.moves.split():
        state = state.apply_code(code)
    return state


def run_preview(args, out=None) -> int:
    from webtabletop.games.cardgo.rules.preview import describe, preview

    out = out or sys.stdout
    try:
        state = _state(args)
        if state.is_over:
            raise GameError("the game is over")
        cells = [state.grid.index_of(args.cell)] if args.cell else list(state.legal_cells())
    except (GameError, ValueError, KeyError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(state.text(), file=out)
    previews = [preview(state, args.card, c) for c in cells]
    if not args.cell:
        previews = sorted((p for p in previews if p.legal), key=lambda p: -p.expected_gain())[:10]
    if args.json:
        print(json.dumps([attrs.asdict(p) for p in previews], indent=1), file=out)
    else:
        for p in previews:
            print(describe(state, p), file=out)
    return 0


def run_match(args, out=None) -> int:
    from webtabletop.core.rng import Rng
    from webtabletop.games.cardgo import SPEC
    from webtabletop.games.cardgo.ai.choose import choose_move

    out = out or sys.stdout
    try:
        options = SPEC.options_from_dict(json.loads(args.options) if args.options else {})
        for kind in (args.a, args.b):
            if kind not in ("random", "easy", "normal", "hard"):
                raise GameError(f"unknown player {kind!r}")
    except (GameError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2

    def move(kind, state, rng):
        if kind == "random":
            legal = state.legal_moves()
            return legal[rng.randbelow(len(legal))]
        return choose_move(state, kind, seed=rng.next_u64(), time_limited=False).move

    wins = draws = 0
    spent, moves, worst = 0.0, 0, 0.0
    for g in range(args.seed, args.seed + args.games):
        state = SPEC.start(options, g)
        rng = Rng.from_seed(g + 77)
        side = g % 2
        while not state.is_over:
            if state.player == side:
                t = time.perf_counter()
                m = move(args.a, state, rng)
                dt = time.perf_counter() - t
                spent, moves, worst = spent + dt, moves + 1, max(worst, dt)
            else:
                m = move(args.b, state, rng)
            state = state.apply(m)
        outcome = state.outcome()
        wins += outcome.winner == side
        draws += outcome.winner is None
        print(
            f"game {g}: {'win' if outcome.winner == side else 'draw' if outcome.winner is None else 'loss'} {outcome.scores}",
            file=out,
            flush=True,
        )
    print(
        f"{args.a} vs {args.b}: {wins}/{args.games} wins, {draws} draws; {1000 * spent / max(moves, 1):.0f} ms/move, max {1000 * worst:.0f} ms",
        file=out,
    )
    return 0
