"""Command line tools for HTT sets: ``webtabletop htt generate-set`` and ``webtabletop htt check-set``.

``check-set`` exit status: 0 = no broken rule (warnings, such as old level-3 cards made before the
rules correction, are printed but do not fail), 1 = the set breaks a rule, 2 = the file cannot be
read as a set.

:func:`add_commands` adds the ``htt`` parser to the main CLI's subparsers; each subcommand sets
``func`` (args -> exit code).
"""

from __future__ import annotations

import argparse
import sys

from webtabletop.games.htt.rules.sets.cardset import CardSet
from webtabletop.games.htt.rules.sets.check import check_set, errors
from webtabletop.games.htt.rules.sets.rules import generate_set


def _generate(args: argparse.Namespace) -> int:
    try:
        s = generate_set(
            args.seed, args.per_level, args.level11, args.name or "", args.theme or "", set_id=args.id
        )
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(s.dumps(indent=1))
    return 0


def _check(args: argparse.Namespace) -> int:
    try:
        with open(args.file, encoding="utf-8") as f:
            s = CardSet.loads(f.read())
    except OSError as exc:
        print(f"error: cannot read {args.file}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    found = check_set(s)
    for v in found:
        print(v)
    broken = errors(found)
    warnings = len(found) - len(broken)
    if broken:
        print(
            f"{len(broken)} violation(s) and {warnings} warning(s) in set {s.id!r} ({len(s.cards)} cards)",
            file=sys.stderr,
        )
        return 1
    print(
        f"set {s.id!r} ({s.name}, {len(s.cards)} cards): no violation"
        + (f", {warnings} warning(s)" if warnings else "")
    )
    return 0


def add_commands(subparsers) -> None:
    """Add ``htt generate-set`` and ``htt check-set`` to an argparse subparsers object."""
    htt = subparsers.add_parser("htt", help="Hexagonal Triple Triad card-set tools")
    sub = htt.add_subparsers(dest="htt_command", required=True)
    g = sub.add_parser("generate-set", help="generate a valid card set and print it as JSON")
    g.add_argument("--seed", type=int, required=True)
    g.add_argument("--per-level", type=int, default=8, help="cards on each of levels 1..10 (6..12)")
    g.add_argument("--level11", type=int, default=6, help="cards of level 11 (3..6)")
    g.add_argument("--name", default="")
    g.add_argument("--theme", default="")
    g.add_argument("--id", default=None, help="set id (lower-case letters, digits, _; default from the seed)")
    g.set_defaults(func=_generate)
    c = sub.add_parser(
        "check-set", help="check a card set file; exit status 1 if it breaks a rule (warnings alone: 0)"
    )
    c.add_argument("file")
    c.set_defaults(func=_check)
