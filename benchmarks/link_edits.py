"""A carrier's full edit campaign against match links 2 and later.

    python -m benchmarks.link_edits [--games tsifrograd,dumaraj,sht,htt,cardgo] [--budget N]

For one match of each game (``tests/correspondence/edits.py``: every link from link 2, and in a
game with hidden cards a resignation and its answer), every byte of every link gets each of its 8
bits flipped and is set to 4 other values, the link's checksum made again; each edited link goes
to the browser it was sent to and to the one that sent it. Counts what they answered: every edit
must be refused as "changed after it was sent" (``changed``), and neither browser may change.
``--budget N`` runs N edits per link and browser instead (the test's sample). Minutes, not
seconds. Prints a JSON line last.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

sys.path.insert(0, ".")

from tests.correspondence.edits import CHANGED, GAMES, run, targets  # noqa: E402


def main() -> None:
    import webtabletop.games  # noqa: F401 - registers the games

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--budget", type=int, default=None, help="edits per link and browser (default: all)")
    ap.add_argument("--upto", type=int, default=None, help="links of each match kept (default: all)")
    args = ap.parse_args()
    result: dict = {}
    for game in args.games.split(","):
        t = time.process_time()
        counts: dict[str, int] = {}
        links = 0
        for target in targets(game, args.upto):
            links += 1
            for said, n in run(target, args.budget).items():
                counts[said] = counts.get(said, 0) + n
        other = {k: v for k, v in counts.items() if k != CHANGED}
        result[game] = {
            "links": links,
            "edits": sum(counts.values()),
            "changed": counts.get(CHANGED, 0),
            "other": other,
            "cpu_s": round(time.process_time() - t, 1),
        }
        print(game, result[game], file=sys.stderr)
    result["edits"] = sum(r["edits"] for r in result.values() if isinstance(r, dict))
    result["other"] = sum(sum(r["other"].values()) for r in result.values() if isinstance(r, dict))
    print(json.dumps(result))


if __name__ == "__main__":
    main()
