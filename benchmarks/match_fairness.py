"""Play by link, measured: what fair play costs in link characters and in time.

For one SHT match (deal v3: two shuffles with their proofs, sent in parts; shares and claims with
their proofs; link keys and tags) and one match of each other game, played by two independent
match objects with random legal moves, it reports:

* the characters of every kind of link as sent (the fragment ``#/<game>/m?…``; a link longer than
  ``parts.MAX_CHARS`` is counted as its parts), and how many parts the longest needs;
* the CPU time of the steps a browser takes: making and reading each SHT dealing link (making
  link 2 includes checking link 1's proof; reading link 2 checks its proof), a later link made and
  read, the end check (both secrets revealed: the deal and the game checked), and, for every game,
  a link's tag.

Times are CPU time (``time.process_time``; Node's ``process.cpuUsage`` in Pyodide), the fastest of
``--runs`` runs. Runs in CPython (``python -m benchmarks.match_fairness``) and, with ``--pyodide``,
in Pyodide under Node.js with the built site's files (``tests/crossruntime/pyodide_run.mjs``).
Prints a JSON line last.
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import random
import subprocess
import sys
import time
from pathlib import Path

DAY = datetime.date(2026, 11, 24)


def cpu_clock():
    if sys.platform == "emscripten":
        from js import process

        def node_cpu() -> float:
            usage = process.cpuUsage()
            return (usage.user + usage.system) / 1e6

        return node_cpu
    return time.process_time


def secret(tag: str) -> bytes:
    return hashlib.sha256(f"match-fairness/{tag}".encode()).digest()


def measure(runs: int) -> dict:
    import webtabletop.games  # noqa: F401 - registers the games
    from webtabletop.core.registry import get_game
    from webtabletop.correspondence import Match
    from webtabletop.correspondence.data import decode, tag
    from webtabletop.correspondence.parts import MAX_CHARS, split

    clock = cpu_clock()

    def timed(fn, setup=lambda: None):
        """(result, fastest CPU ms) of ``fn(setup())`` (or ``fn()``); ``setup`` is not timed."""
        best, out = None, None
        for _ in range(runs):
            arg = setup()
            t = clock()
            out = fn() if arg is None else fn(arg)
            dt = clock() - t
            best = dt if best is None else min(best, dt)
        return out, round(best * 1000, 1)

    result: dict = {"implementation": sys.implementation.name + ("/pyodide" if sys.platform == "emscripten" else "")}
    spec = get_game("sht")
    ms: dict[str, float] = {}
    a, ms["link 1 made (deck 1 and its proof)"] = timed(lambda: _created(spec, Match))
    link1 = a.link(DAY)
    b, ms["link 1 read (proof checked)"] = timed(lambda: Match.join(link1, secret("b"), DAY))
    _l, ms["link 2 made (link 1's proof checked, deck 2 and its proof)"] = timed(
        lambda m: m.link(DAY), lambda: _fresh_joiner(link1, Match)
    )
    link2 = b.link(DAY)
    _r, ms["link 2 read (proof checked)"] = timed(lambda m: m.receive(link2, DAY), lambda: _holder(spec, Match))
    a.receive(link2, DAY)
    _l, ms["link 3 made (5 shares)"] = timed(lambda m: m.link(DAY), lambda: _copy(a))
    link3 = a.link(DAY)
    _r, ms["link 3 read (5 shares checked, opened)"] = timed(lambda m: m.receive(link3, DAY), lambda: _copy(b))
    b.receive(link3, DAY)
    # the rest of the game, random legal moves; the slowest later link made and read
    rnd = random.Random(1)
    current, other = b, a
    later_make = later_read = 0.0
    sizes = {"dealing": [len(link1), len(link2)], "later": []}
    end_check = 0.0
    while True:
        while current.can_move:
            current.play(rnd.choice(list(current.state.legal_moves())).code)
        t = clock()
        link = current.link(DAY)
        later_make = max(later_make, clock() - t)
        t = clock()
        other.receive(link, DAY)
        dt = clock() - t
        if other.verdict is not None and not end_check:
            end_check = dt
        else:
            later_read = max(later_read, dt)
        sizes["later"].append(len(link))
        if other.complete if hasattr(other, "complete") else other.is_over:
            break
        current, other = other, current
    ms["a later link made (slowest)"] = round(later_make * 1000, 1)
    ms["a later link read (slowest, shares and claims checked)"] = round(later_read * 1000, 1)
    ms["the end check (deal recomputed, game replayed)"] = round(end_check * 1000, 1)
    body = decode("sht", link.split("?x=", 1)[1])
    _t, ms["a tag (HMAC-SHA-256)"] = timed(lambda: [tag(bytes(32), body) for _ in range(100)])
    ms["a tag (HMAC-SHA-256)"] = round(ms["a tag (HMAC-SHA-256)"] / 100, 3)
    result["sht_ms"] = ms
    result["sht_chars"] = {
        "link 1": len(link1),
        "link 2": len(link2),
        "parts of link 1": [len(p) for p in split(link1)],
        "parts of link 2": [len(p) for p in split(link2)],
        "later links, longest": max(sizes["later"]),
        "part limit": MAX_CHARS,
    }
    result["sht_verdict"] = other.verdict
    return result


def _created(spec, Match):
    m = Match.create(spec, {}, 0, secret("a"), DAY)
    m.link(DAY)
    return m


def _fresh_joiner(link1, Match):
    return Match.join(link1, secret("b"), DAY)


_HOLDERS: dict = {}


def _holder(spec, Match):
    """Seat 0 after link 1, waiting for link 2 (made again for every timed run)."""
    from webtabletop.correspondence.store import from_json, to_json

    if "a" not in _HOLDERS:
        _HOLDERS["a"] = to_json(_created(spec, Match))
    return from_json(_HOLDERS["a"])


def _copy(match):
    from webtabletop.correspondence.store import from_json, to_json

    return from_json(to_json(match))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--pyodide", action="store_true", help="run inside Pyodide under Node.js (needs dist/)")
    args = ap.parse_args()
    if args.pyodide:
        root = Path(__file__).resolve().parents[1]
        runner = root / "tests/crossruntime/pyodide_run.mjs"
        code = Path(__file__).read_text() + f"\nprint(json.dumps(measure({args.runs})))\n"
        out = subprocess.run(
            ["node", str(runner), str(root / "dist")], input=code, text=True, capture_output=True, cwd=root, check=True
        )
        print(out.stdout.strip().splitlines()[-1])
        return
    print(json.dumps(measure(args.runs)))


if __name__ == "__main__":
    main()
