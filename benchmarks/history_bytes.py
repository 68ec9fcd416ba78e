"""Characters a finished game takes in the history (localStorage counts a key and its value in
characters), per game, and what the cap (app/model/keeping.py) means against the browser's budget.

For each game: ``--games-each`` games of the computer against itself (easy level against easy, the
designer's defaults, fixed seeds) finished as a player's game against the computer, kept as the
app keeps them (``keeping.session_document``, ``history.document``); the characters of the whole
entry (key and document) and of its summary, the plies, and the longest entry the game's ply cap
allows (its plies at the cap times the longest move code seen, plus the entry's other fields).

``python -m benchmarks.history_bytes [--games-each 6] [--games htt,sht]`` prints one JSON line per
game, then a summary JSON line last: the mean over the games of their mean entry, what :data:`CAP`
such entries take, and :data:`BUDGET` as a share of a 5 MB (5,000,000 characters) origin.
"""

from __future__ import annotations

import argparse
import json
import statistics

from webtabletop.ai.mcts import game_ai
from webtabletop.app.model import history, keeping
from webtabletop.app.model.saves import Players
from webtabletop.app.model.session import Session
from webtabletop.core.record import History, Record
from webtabletop.core.registry import PLAYABLE, get_game

#: what a browser gives one origin's localStorage (characters; Chromium, Firefox and Safari: about 5 MB)
ORIGIN = 5_000_000
NOW = 1.8e12


def finished(game: str, seed: int) -> Session:
    spec = get_game(game)
    h = History(Record.new(spec, spec.default_options(), seed))
    ai = game_ai(game)
    while not h.state.is_over:
        h.play(ai(h.state, "easy", seed=seed * 1000 + len(h.record.moves)).move.code)
    return Session(spec, "bench", h, Players(("human", "ai"), "easy"))


def measure(game: str, count: int) -> dict:
    sizes, summaries, plies, longest_code = [], [], [], 1
    for seed in range(1, count + 1):
        s = finished(game, seed)
        hid, data = keeping.session_document(s, NOW)
        k = history.key(game, hid)
        text = history.document(data)
        sizes.append(len(k) + len(text))
        summary = history.as_summary(text)
        assert summary is not None
        summaries.append(len(k) + len(summary))
        plies.append(len(s.history.record.moves))
        longest_code = max(longest_code, *(len(m) for m in s.history.record.moves))
    spec = get_game(game)
    cap = spec.ply_cap(spec.default_options())
    per_move = longest_code + 3  # the code in quotes and a comma
    mean_plies = statistics.mean(plies)
    fixed = statistics.mean(sizes) - mean_plies * (statistics.mean(len(m) for m in s.history.record.moves) + 3)
    return {
        "game": game,
        "games": count,
        "plies_mean": round(mean_plies, 1),
        "plies_max": max(plies),
        "entry_mean": round(statistics.mean(sizes)),
        "entry_max": max(sizes),
        "summary_mean": round(statistics.mean(summaries)),
        "ply_cap": cap,
        "entry_at_ply_cap": round(fixed + cap * per_move),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games-each", type=int, default=6)
    parser.add_argument("--games", default=",".join(PLAYABLE))
    args = parser.parse_args()
    rows = []
    for game in args.games.split(","):
        row = measure(game, args.games_each)
        rows.append(row)
        print(json.dumps(row), flush=True)
    mean_entry = statistics.mean(r["entry_mean"] for r in rows)
    worst = max(r["entry_at_ply_cap"] for r in rows)
    print(
        json.dumps(
            {
                "entry_mean_over_games": round(mean_entry),
                "cap_games": keeping.CAP,
                "cap_of_mean_entries": round(keeping.CAP * mean_entry),
                "budget": keeping.BUDGET,
                "budget_share_of_origin": round(keeping.BUDGET / ORIGIN, 3),
                "games_at_budget_if_all_at_ply_cap": keeping.BUDGET // worst,
                "summary_cap_chars": round(keeping.SUMMARY_CAP * statistics.mean(r["summary_mean"] for r in rows)),
            }
        )
    )


if __name__ == "__main__":
    main()
