"""The lab's numbers from a batch of played games, each with its 95% interval.

Rates count a draw as half a win and carry Wilson intervals; means carry normal intervals
(1.96 standard errors). The measures after Ludii's (``Evaluation/src/metrics/``):

- **balance**: ``1 − |s₁ − s₂|``, the first and second player's scores (1 = even);
- **drawishness**: the share of draws;
- **duration**: plies per game (mean, and a histogram);
- **decisiveness**: the share of a decided game's plies played after the winner's winning chances
  first rose above the highest the loser ever had (the game was decided from then on), averaged
  over decided games;
- **lead changes**: the share of plies after which the player ahead (chances above ½) changed.
The last two need the evaluations along each game (``evals``, see :mod:`webtabletop.lab.play`).

Per item (a card, effect, terrain, mob or move kind: :mod:`webtabletop.lab.items`): how often it
was used, in how many sides' games, and the score of the sides that used it.

:func:`compare` gives B − A for each number with an interval (Newcombe's for two rates, normal
for two means) and says when the interval excludes 0. Everything is computed in task order from
plain numbers, so the same games give the same JSON on any executor.
"""

from __future__ import annotations

import math
from typing import Any

from webtabletop.ai.arena import wilson

Z = 1.959963984540054
#: histogram bins of game length
BINS = 10


def _r(x: float) -> float:
    return round(x, 4)


def _ci(lo_hi: tuple[float, float]) -> list[float]:
    return [_r(lo_hi[0]), _r(lo_hi[1])]


def mean_ci(xs: list[float], share: bool = False) -> tuple[float, list[float]]:
    """The mean and its normal 95% interval (the mean itself twice for fewer than 2 values);
    ``share``: the values are shares, so the interval is kept within 0..1."""
    if not xs:
        return 0.0, [0.0, 0.0]
    m = sum(xs) / len(xs)
    if len(xs) < 2:
        return _r(m), [_r(m), _r(m)]
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))
    half = Z * sd / math.sqrt(len(xs))
    lo, hi = (max(0.0, m - half), min(1.0, m + half)) if share else (m - half, m + half)
    return _r(m), [_r(lo), _r(hi)]


def histogram(lengths: list[int], bins: int = BINS) -> dict[str, list[int]]:
    """Equal-width bins from the shortest to the longest game: ``edges`` (bins + 1) and ``counts``."""
    if not lengths:
        return {"edges": [], "counts": []}
    lo, hi = min(lengths), max(lengths)
    width = max(1, math.ceil((hi - lo + 1) / bins))
    n = max(1, math.ceil((hi - lo + 1) / width))
    counts = [0] * n
    for x in lengths:
        counts[min(n - 1, (x - lo) // width)] += 1
    return {"edges": [lo + i * width for i in range(n + 1)], "counts": counts}


def decisiveness(evals: list[float], winner: int) -> float | None:
    """The share of plies after the point from which the winner was clearly ahead (see above)."""
    if len(evals) < 2 or winner is None:
        return None
    mine = [e if winner == 0 else 1 - e for e in evals]
    threshold = max(1 - e for e in mine)  # the loser's best chances
    plies = len(evals) - 1
    for i, e in enumerate(mine):
        if e > threshold:
            return (plies - i) / plies
    return 0.0


def lead_changes(evals: list[float]) -> float | None:
    """The share of plies after which the player ahead changed (an even position keeps the lead)."""
    if len(evals) < 2:
        return None
    leader, changes = None, 0
    for e in evals:
        now = 0 if e > 0.5 else 1 if e < 0.5 else leader
        if leader is not None and now != leader:
            changes += 1
        leader = now
    return changes / (len(evals) - 1)


def _score(result: dict[str, Any], seat: int) -> float:
    w = result["winner"]
    return 0.5 if w is None else 1.0 if w == seat else 0.0


def per_item(results: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """For each item: ``uses``, ``sides`` (a side = one player in one game that used it at least
    once), ``score`` of those sides (a draw counts half) and its Wilson interval."""
    table: dict[str, list[float]] = {}
    uses: dict[str, int] = {}
    for r in results:
        for seat in (0, 1):
            for item, count in r["items"][seat].items():
                uses[item] = uses.get(item, 0) + count
                table.setdefault(item, []).append(_score(r, seat))
    out = {}
    for item in sorted(table):
        scores = table[item]
        s = sum(scores)
        out[item] = {
            "uses": uses[item],
            "sides": len(scores),
            "score": _r(s / len(scores)),
            "ci95": _ci(wilson(s, len(scores))),
        }
    return out


def summary(results: list[dict[str, Any]]) -> dict[str, Any]:
    """The numbers of one option set's games (see the module's docstring)."""
    n = len(results)
    wins = [sum(1 for r in results if r["winner"] == s) for s in (0, 1)]
    draws = n - wins[0] - wins[1]
    first = sum(_score(r, r["first"]) for r in results)
    first_rate = first / n if n else 0.0
    lengths = [r["plies"] for r in results]
    mean_plies, plies_ci = mean_ci(lengths)
    dec = [d for r in results if (d := decisiveness(r["evals"], r["winner"])) is not None]
    lead = [x for r in results if (x := lead_changes(r["evals"])) is not None]
    by_kind: dict[str, list[float]] = {}
    for r in results:
        for seat, kind in enumerate(r["seats"]):
            by_kind.setdefault(kind, []).append(_score(r, seat))
    lo, hi = wilson(first, n)
    balance = 1 - abs(2 * first_rate - 1)
    # balance is 1 − |2s − 1| of the first player's score s: its interval maps s's interval
    b_ends = sorted(1 - abs(2 * x - 1) for x in (lo, hi))
    b_hi = 1.0 if lo <= 0.5 <= hi else b_ends[1]
    return {
        "games": n,
        "wins": wins,
        "draws": draws,
        "first_player_win_rate": _r(first_rate),
        "ci95": _ci((lo, hi)),
        "draw_rate": _r(draws / n) if n else 0.0,
        "draw_ci95": _ci(wilson(draws, n)),
        "mean_plies": mean_plies,
        "plies_ci95": plies_ci,
        "plies_histogram": histogram(lengths),
        "balance": _r(balance),
        "balance_ci95": [_r(b_ends[0]), _r(b_hi)],
        "drawishness": _r(draws / n) if n else 0.0,
        "decisiveness": mean_ci(dec, share=True)[0] if dec else None,
        "decisiveness_ci95": mean_ci(dec, share=True)[1] if dec else None,
        "lead_changes": mean_ci(lead, share=True)[0] if lead else None,
        "lead_changes_ci95": mean_ci(lead, share=True)[1] if lead else None,
        "score_by_player": {
            k: {"score": _r(sum(v) / len(v)), "ci95": _ci(wilson(sum(v), len(v)))}
            for k, v in sorted(by_kind.items())
        },
        "per_item": per_item(results),
    }


def newcombe(s1: float, n1: int, s2: float, n2: int) -> tuple[float, float]:
    """Newcombe's hybrid score interval of the difference of two rates, ``s2/n2 − s1/n1``."""
    p1, p2 = s1 / n1, s2 / n2
    l1, u1 = wilson(s1, n1)
    l2, u2 = wilson(s2, n2)
    d = p2 - p1
    return (d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2), d + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2))


def _mean_diff(a: list[float], b: list[float]) -> tuple[float, float, float] | None:
    if len(a) < 2 or len(b) < 2:
        return None
    ma, mb = sum(a) / len(a), sum(b) / len(b)
    va = sum((x - ma) ** 2 for x in a) / (len(a) - 1)
    vb = sum((x - mb) ** 2 for x in b) / (len(b) - 1)
    half = Z * math.sqrt(va / len(a) + vb / len(b))
    return mb - ma, mb - ma - half, mb - ma + half


def compare(a: list[dict[str, Any]], b: list[dict[str, Any]]) -> dict[str, Any]:
    """B − A for the rates and means, each ``{"diff", "ci95", "significant"}``."""
    out: dict[str, Any] = {}
    n1, n2 = len(a), len(b)
    for name, score in (
        ("first_player_win_rate", lambda r: _score(r, r["first"])),
        ("draw_rate", lambda r: 1.0 if r["winner"] is None else 0.0),
    ):
        s1, s2 = sum(score(r) for r in a), sum(score(r) for r in b)
        lo, hi = newcombe(s1, n1, s2, n2)
        out[name] = {"diff": _r(s2 / n2 - s1 / n1), "ci95": [_r(lo), _r(hi)], "significant": lo > 0 or hi < 0}
    for name, values in (
        ("mean_plies", lambda rs: [float(r["plies"]) for r in rs]),
        (
            "decisiveness",
            lambda rs: [d for r in rs if (d := decisiveness(r["evals"], r["winner"])) is not None],
        ),
        ("lead_changes", lambda rs: [x for r in rs if (x := lead_changes(r["evals"])) is not None]),
    ):
        got = _mean_diff(values(a), values(b))
        out[name] = (
            None
            if got is None
            else {
                "diff": _r(got[0]),
                "ci95": [_r(got[1]), _r(got[2])],
                "significant": got[1] > 0 or got[2] < 0,
            }
        )
    return out
