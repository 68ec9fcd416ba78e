"""A creator who collects several answers to one link 1 keeps the one it likes: how much it gains.

    python -m benchmarks.match_answers [--trials 60] [--answers 1,2,4,8,16] [--links 6]

The creator of a match sends link 1 to several people (or opens it in several profiles of its own)
and gets ``n`` answers (link 2s). It reads each in a copy of its match, looks at whatever it can
already see of its own luck, and goes on with the answer it likes best; where it can see nothing
yet, it must commit to one answer blind (its link 3 is tagged for that one friend), and the
measure is taken once the value shows up. Played through the project's match code:

* **Tsifrograd**, the creator moving first: the sum of its first two dice (chance: 7);
* **HTT**, a dealt table: the strength of the creator's hand (the sum of its cards' strengths);
* **CardGO**, the creator playing Green (who begins): the values of its opening hand.

``--links`` plays that many random whole matches of each game, both sides, and reports the mean
number of links and the link of the first move: what binding the first random values costs.
Prints a JSON line last.
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import random
import statistics
import sys

sys.path.insert(0, ".")

DAY = datetime.date(2026, 12, 7)


def secret(*parts) -> bytes:
    return hashlib.sha256(b"match-answers/" + "/".join(map(str, parts)).encode()).digest()


def tsifrograd_value(m):
    """The creator's first roll, once it may move with it (None before)."""
    return sum(m.state.roll) if m.can_move else None


def htt_value(m):
    from webtabletop.games.htt.rules.sets.library import get_card

    return None if m.hand is None else sum(get_card(r).strength for r in m.hand)


def cardgo_value(m):
    from webtabletop.games.cardgo.rules.effects import UNSEEN

    hand = m.state.hands[m.role]
    if not hand or any(c == UNSEEN for c in hand):
        return None
    return sum(c.value for c in hand)


GAMES = {
    "tsifrograd": ({"radius": 2}, tsifrograd_value),
    "htt": ({}, htt_value),
    "cardgo": ({"size": 5}, cardgo_value),
}


def advance(creator, joiner, value, rnd) -> int:
    """Play the picked match on (random moves) until the creator sees the value it wanted."""
    current, other = (creator, joiner) if creator.my_link else (joiner, creator)
    for _ in range(12):
        v = value(creator)
        if v is not None:
            return v
        while current.can_move:
            current.play(rnd.choice(list(current.state.legal_moves())).code)
        other.receive(current.link(DAY), DAY)
        current, other = other, current
    raise RuntimeError("the value never showed")


def pick(game: str, n: int, trial: int) -> tuple[int, bool]:
    """(the value the creator ends with, whether it could see the values before committing)."""
    from webtabletop.core.registry import get_game
    from webtabletop.correspondence import Match
    from webtabletop.correspondence.store import from_json, to_json

    options, value = GAMES[game]
    spec = get_game(game)
    creator = Match.create(spec, options, 0, secret(game, "a", trial), DAY)
    link1 = creator.link(DAY)
    held = to_json(creator)
    answers = []
    for j in range(n):
        joiner = Match.join(link1, secret(game, "b", trial, j), DAY)
        copy = from_json(held)
        copy.receive(joiner.link(DAY), DAY)
        answers.append((copy, joiner))
    seen = [value(c) for c, _j in answers]
    if None not in seen:
        best = max(range(n), key=lambda k: seen[k])
        return seen[best], True
    c, j = answers[0]  # blind: nothing to choose by
    return advance(c, j, value, random.Random(trial)), False


def links_per_game(games: int) -> dict:
    from tests.correspondence.helpers import play
    from tests.correspondence.test_htt import keen

    out = {}
    for game, options in (
        ("tsifrograd", {"radius": 2}),
        ("dumaraj", {}),
        ("htt", {}),
        ("cardgo", {"size": 5}),
        ("sht", {}),
    ):
        for side in (0, 1):
            counts, firsts = [], []
            for seed in range(games):
                g = play(game, options, side, 500 + seed, choose=keen if game == "htt" else None)
                d = g.spectator.data
                counts.append(len(g.links))
                firsts.append(next(k for k, codes in enumerate(d.links, start=1) if codes))
            out[f"{game} side {side}"] = {
                "links": round(statistics.mean(counts), 2),
                "first move in link": round(statistics.mean(firsts), 2),
            }
    return out


def main() -> None:
    import webtabletop.games  # noqa: F401 - registers the games

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--trials", type=int, default=60)
    ap.add_argument("--answers", default="1,2,4,8,16")
    ap.add_argument("--links", type=int, default=0, help="whole matches per game and side (0: none)")
    ap.add_argument("--games", default=",".join(GAMES))
    args = ap.parse_args()
    result: dict = {}
    for game in args.games.split(","):
        rows = {}
        for n in (int(x) for x in args.answers.split(",")):
            values, chose = [], []
            for trial in range(args.trials):
                v, c = pick(game, n, trial)
                values.append(v)
                chose.append(c)
            rows[str(n)] = {
                "mean": round(statistics.mean(values), 2),
                "sd": round(statistics.pstdev(values), 2),
                "could choose": all(chose),
            }
            print(game, n, rows[str(n)], file=sys.stderr)
        result[game] = rows
    if args.links:
        result["links per game"] = links_per_game(args.links)
    result["trials"] = args.trials
    print(json.dumps(result))


if __name__ == "__main__":
    main()
