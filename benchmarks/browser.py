"""Shared browser set-up for the page benchmarks (system Chromium, dist/ on localhost)."""

from __future__ import annotations

import contextlib
import statistics
from pathlib import Path

from playwright.sync_api import sync_playwright

from webtabletop.tools.chromium import ARGS, CHROMIUM
from webtabletop.tools.serve import serve_in_thread

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist"


@contextlib.contextmanager
def browser_and_site(dist: Path = DIST):
    if not (dist / "index.html").exists():
        raise SystemExit(f"{dist} is not built: run `python -m webtabletop build` first")
    server, url = serve_in_thread(dist)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield browser, url
        finally:
            browser.close()
            server.shutdown()


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    xs = sorted(values)
    k = (len(xs) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def summary(values: list[float]) -> dict[str, float]:
    return {
        "n": len(values),
        "median": round(statistics.median(values), 2),
        "p95": round(percentile(values, 0.95), 2),
        "max": round(max(values), 2),
        "min": round(min(values), 2),
    }


#: the page's idle signal (web/boot.js; the same one tests/e2e/helpers.py waits for): the start
#: is over, every action answered (the computer's move too), no animation runs
IDLE = "() => !!(window.wttBoot && wttBoot.idle && wttBoot.idle.ready())"


def idle(page, timeout=120_000):
    page.wait_for_function(IDLE, timeout=timeout)


def wait_ready(page, timeout=120_000):
    """The page has started (the engine answered, kept clicks replayed) and is idle."""
    idle(page, timeout)


def click_and_render(page, locator, timeout=60_000):
    """Click, then wait until the page is idle again: the answer is on screen, its animation over
    (and the computer's reply, if the click gave it the move)."""
    locator.click()
    idle(page, timeout)
