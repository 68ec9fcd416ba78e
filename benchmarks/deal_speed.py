"""Deal protocol v3 (``webtabletop.fairplay.deal`` and ``opening``): sizes and CPU times.

Measures, for a 52-card deck on brainpoolP160r1: making and checking messages 1 and 2 (each
with its shuffle proof), decoding them, five shares with their proof (make, check and open), a
claim (make, check) and ``verify_deal``; and the bytes and base64url characters of each message.
Times are CPU time (``time.process_time``; Node's ``process.cpuUsage`` in Pyodide), the fastest and the median of
``--runs`` runs after one warm-up run that also builds the cached tables (card points,
generators). On a shared machine the fastest run is the better estimate; one ``ecdsa`` point
multiplication is measured alongside as a reference for scaling.

Runs in CPython (``python -m benchmarks.deal_speed``) and, with ``--pyodide``, in Pyodide under
Node.js, loading the built site's files (``dist/lib``) as the page does
(``tests/crossruntime/pyodide_run.mjs``). Prints a JSON line last.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import statistics
import subprocess
import sys
import time
from pathlib import Path

SIZE = 52
HAND = range(5, 10)


def cpu_seconds():
    """A CPU-time clock: ``time.process_time`` in CPython; Node's ``process.cpuUsage()`` in Pyodide
    (whose own clocks count wall time, which a loaded machine inflates)."""
    if sys.platform == "emscripten":
        from js import process  # the Node.js process that runs Pyodide

        def node_cpu() -> float:
            usage = process.cpuUsage()
            return (usage.user + usage.system) / 1e6

        return node_cpu
    return time.process_time


def measure(runs: int) -> dict:
    from webtabletop.fairplay.deal import (
        FIRST,
        SECOND,
        DealKeys,
        DealMessage,
        check_message1,
        check_message2,
        make_message1,
        make_message2,
        message_size,
    )
    from webtabletop.fairplay.group import Group
    from webtabletop.fairplay.opening import DealTable, shares_size, verify_deal

    g = Group.default()
    times: dict[str, list[float]] = {}

    clock = cpu_seconds()

    def timed(name: str, fn, *args):
        t0 = clock()
        out = fn(*args)
        times.setdefault(name, []).append((clock() - t0) * 1000)
        return out

    point = g.generator * 12345
    for run in range(runs + 1):
        for _i in range(20):
            k = int.from_bytes(hashlib.sha256(b"k-%d-%d" % (run, _i)).digest(), "big") % g.n
            timed("one ecdsa multiplication (reference)", point.__mul__, k)
        sa = hashlib.sha256(b"bench-a-%d" % run).digest()
        sb = hashlib.sha256(b"bench-b-%d" % run).digest()
        deck_id = b"bench-%d" % run
        ka = DealKeys(g, sa, deck_id, FIRST, SIZE)
        kb = DealKeys(g, sb, deck_id, SECOND, SIZE)
        m1 = timed("make message 1", make_message1, ka)
        d1 = timed("decode a message", DealMessage.decode, g, m1.encode(g), SIZE)
        timed("check message 1", check_message1, g, deck_id, SIZE, d1)
        m2 = timed("make message 2 (checks message 1 first)", make_message2, kb, d1)
        d2 = DealMessage.decode(g, m2.encode(g), SIZE)
        timed("check message 2", check_message2, g, deck_id, SIZE, m1, d2)
        a, b = DealTable(ka, m1, m2), DealTable(kb, m1, m2)
        shares = timed("make 5 shares", a.shares_for, HAND, b"link 3")
        cards = timed("check and open 5 shares", b.receive_shares, HAND, shares, b"link 3")
        proof = timed("make a claim (2 cards)", b.claim, [5, 6], b"link 5")
        timed("check a claim (2 cards)", a.check_claim, [5, 6], cards[:2], proof, b"link 5")
        timed(
            "verify_deal (both messages, 5 shares, 2 claims)",
            verify_deal,
            g,
            deck_id,
            SIZE,
            (sa, sb),
            (m1, m2),
            [(FIRST, HAND, shares.points)],
            [(SECOND, 5, cards[0]), (SECOND, 6, cards[1])],
        )
    size = message_size(g, SIZE)
    return {
        "python": sys.version.split()[0],
        "implementation": sys.implementation.name + ("/pyodide" if sys.platform == "emscripten" else ""),
        "runs": runs,
        "ms (fastest run)": {name: round(min(v[1:]), 2) for name, v in times.items()},
        "ms (median)": {name: round(statistics.median(v[1:]), 2) for name, v in times.items()},
        "bytes": {
            "message": size,
            "message base64url chars": math.ceil(size * 4 / 3),
            "5 shares with proof": shares_size(g, 5),
            "claim proof": 40,
        },
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--pyodide", action="store_true", help="run inside Pyodide under Node.js (needs dist/)")
    args = ap.parse_args()
    if args.pyodide:
        root = Path(__file__).resolve().parents[1]
        script = root / "tests" / "crossruntime" / "pyodide_run.mjs"
        code = Path(__file__).read_text() + f"\nprint(json.dumps(measure({args.runs})))\n"
        out = subprocess.run(
            ["node", str(script), str(root / "dist")], input=code, capture_output=True, text=True, check=True
        )
        print(out.stdout.strip().splitlines()[-1])
        return
    print(json.dumps(measure(args.runs)))


if __name__ == "__main__":
    main()
