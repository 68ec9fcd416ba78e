"""Fit CardGO's analysis chances (``games/cardgo/ai/choose.py: CHANCE_SCALE, CHANCE_POWER``) to games.

The review turns a position's time lead (with the threat of the player to move) into winning
chances, ``P(win) = 1 / (1 + exp(−2·SCALE·lead / total^POWER))``, ``total`` both players' time
left. This reads the record files of finished games (``python -m webtabletop lab cardgo --players
normal,normal --records DIR``), takes every position before the end, and fits SCALE and POWER by
maximum likelihood (a draw counts half a win), then prints the calibration: the predicted chances
in bins against how often those positions were won, for the fitted constants and for the ones in
the code.

    python -m benchmarks.cardgo_chances DIR [--json]
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

from webtabletop.core.record import Record
from webtabletop.games.cardgo.ai.choose import CHANCE_POWER, CHANCE_SCALE, _lead, lead_value

BINS = (0.05, 0.25, 0.45, 0.55, 0.75, 0.95)


def positions(folder: Path) -> list[tuple[float, int, float]]:
    """(lead of the player to move, both players' time left, that player's result 0/½/1) for every
    position before the end of every finished game in ``folder``."""
    out = []
    for path in sorted(folder.glob("*.json")):
        states = Record.loads(path.read_text()).replay()
        end = states[-1].outcome()
        if end is None:
            continue
        for s in states[:-1]:  # every position before the end: the game is not over there
            result = (end.returns()[s.player] + 1) / 2
            out.append((_lead(s, s.player), s.time[0] + s.time[1], result))
    return out


def chance(lead: float, total: int, scale: float, power: float) -> float:
    """``P(win)`` on the code's own curve (:func:`~webtabletop.games.cardgo.ai.choose.lead_value`)."""
    return (1 + lead_value(lead, total, scale, power)) / 2


def log_likelihood(data, scale: float, power: float) -> float:
    total = 0.0
    for lead, left, y in data:
        p = min(1 - 1e-9, max(1e-9, chance(lead, left, scale, power)))
        total += y * math.log(p) + (1 - y) * math.log(1 - p)
    return total


def fit(data) -> tuple[float, float]:
    """Coordinate search, refined by halving steps (the likelihood is smooth and unimodal here),
    SCALE kept under 50 and POWER in [0, 1.5] (a few games can separate wins from losses)."""
    scale, power, step_s, step_p = CHANCE_SCALE, CHANCE_POWER, 1.0, 0.2
    best = log_likelihood(data, scale, power)
    while step_s > 0.01 or step_p > 0.005:
        moved = False
        for ds, dp in ((step_s, 0), (-step_s, 0), (0, step_p), (0, -step_p)):
            s, p = scale + ds, power + dp
            if not (0 < s <= 50 and 0 <= p <= 1.5):
                continue
            ll = log_likelihood(data, s, p)
            if ll > best:
                scale, power, best, moved = s, p, ll, True
        if not moved:
            step_s, step_p = step_s / 2, step_p / 2
    return round(scale, 2), round(power, 3)


def calibration(data, scale: float, power: float) -> list[dict]:
    """Positions binned by the nearest of :data:`BINS`: mean predicted chances and the share won."""
    rows: dict[float, list[tuple[float, float]]] = {b: [] for b in BINS}
    for lead, left, y in data:
        p = chance(lead, left, scale, power)
        rows[min(BINS, key=lambda b: abs(b - p))].append((p, y))
    return [
        {"bin": b, "positions": len(r), "predicted": round(sum(p for p, _ in r) / len(r), 3),
         "won": round(sum(y for _, y in r) / len(r), 3)}
        for b, r in rows.items() if r
    ]  # fmt: skip


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", type=Path)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    data = positions(args.folder)
    scale, power = fit(data)
    report = {
        "positions": len(data),
        "fitted": {"scale": scale, "power": power, "log_likelihood": round(log_likelihood(data, scale, power), 1)},
        "current": {"scale": CHANCE_SCALE, "power": CHANCE_POWER,
                    "log_likelihood": round(log_likelihood(data, CHANCE_SCALE, CHANCE_POWER), 1)},
        "calibration_fitted": calibration(data, scale, power),
        "calibration_current": calibration(data, CHANCE_SCALE, CHANCE_POWER),
    }  # fmt: skip
    print(json.dumps(report, indent=None if args.json else 2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
