"""``python -m webtabletop learn mine <game>``: mine puzzles from the AI's own self-play into
``games/<game>/puzzles.json`` (run once by a developer; the file is committed and ``learn check``
proves it, so the build stays fast and deterministic).

The AI plays itself (easy level, seeded); at the start of each turn every kind of the game's
puzzles scores every legal move exactly (:mod:`.puzzle`). A position becomes a puzzle when one
move alone reaches the best value, that value is worth a puzzle, and the game's AI at its hard
level (no clock: a pure function of the seed) picks the same move. At most ``per_game`` puzzles
come from one game, spread over it.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

import attrs

from webtabletop.ai.mcts import game_ai
from webtabletop.core.registry import get_game
from webtabletop.learn import puzzle as P


def candidates(game: str, state, moves: tuple[str, ...], seed: int, options: dict) -> list[P.Puzzle]:
    book = P.book(game)
    if book is None:
        return []
    starts = book.is_turn_start
    if state.is_over or (starts is not None and not starts(state)):
        return []
    found = []
    for kind in book.kinds:
        try:
            table = P.scores(kind, state)
        except ValueError:  # too many lines in the turn: not a puzzle
            continue
        best, top, others = P.best_of(table)
        if len(best) != 1 or top < kind.minimum or top - others < book.gap:
            continue
        scored = table[best[0]]
        found.append(
            P.Puzzle(
                game, f"{seed}-{len(moves)}", options, seed, moves, kind.id, top,
                (best[0],) + scored.line, scored.replies, others,
            )
        )
    return found


def hard_agrees(game: str, state, code: str, seed: int) -> float | None:
    """The hard AI's share of visits on ``code`` when it picks it, else None."""
    result = game_ai(game)(state, "hard", seed=seed, time_limited=False)
    if result.move.code != code:
        return None
    stats = getattr(result, "stats", None) or {}
    total = sum(v for v, _ in stats.values()) if stats else 0
    return stats[code][0] / total if total and code in stats else 1.0


def mine(game: str, count: int, seed: int = 1, per_game: int = 2, level: str = "easy", log=print) -> list[P.Puzzle]:
    spec = get_game(game)
    book = P.book(game)
    options = dict(book.mine_options) if book is not None else {}
    opts = spec.options_from_dict(options)
    ai = game_ai(game)
    out: list[P.Puzzle] = []
    g = seed
    while len(out) < count and g < seed + 400:
        state = spec.new_game(opts, g)
        moves: tuple[str, ...] = ()
        taken = 0
        last_ply = -99
        while not state.is_over and taken < per_game:
            if len(moves) - last_ply >= 6:
                for p in candidates(game, state, moves, g, options):
                    if P.verify(p) is not None:  # e.g. a hidden-card check fails
                        continue
                    share = hard_agrees(game, state, p.solution[0], g)
                    if share is not None:
                        out.append(_with_share(p, share))
                        taken += 1
                        last_ply = len(moves)
                        log(f"{game}: puzzle {p.id} ({p.kind} {p.target}, others {p.others}, hard share {share:.2f}); {len(out)}/{count}")
                        break
            code = ai(state, level, seed=g * 1000 + len(moves), time_limited=False).move.code
            state = state.apply_code(code)
            moves += (code,)
        g += 1
    return out[:count]


def _with_share(p: P.Puzzle, share: float) -> P.Puzzle:
    return attrs.evolve(p, hard_share=share)


def write(game: str, found: list[P.Puzzle], seconds: float) -> Path:
    book = P.book(game)
    if book is None:
        raise ValueError(f"{game} has no puzzles")
    path = Path(str(book.file))
    data: dict[str, Any] = {
        "about": "Mined by `python -m webtabletop learn mine " + game + "`; proved by `learn check`.",
        "mined_seconds": round(seconds, 1),
        "puzzles": [p.to_json() for p in found],
    }
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return path


def main(game: str, count: int, seed: int) -> int:
    t0 = time.perf_counter()
    found = mine(game, count, seed, log=lambda s: print(s, file=sys.stderr, flush=True))
    seconds = time.perf_counter() - t0
    path = write(game, found, seconds)
    print(json.dumps({"game": game, "puzzles": len(found), "seconds": round(seconds, 1), "file": str(path)}))
    return 0 if len(found) >= P.MINIMUM else 1

