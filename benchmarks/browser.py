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


def wait_ready(page, timeout=120_000):
    page.wait_for_selector("body[data-ready='1']", timeout=timeout)


def click_and_render(page, locator, timeout=60_000):
    before = int(page.get_attribute("body", "data-renders") or 0)
    locator.click()
    page.wait_for_function(f"Number(document.body.dataset.renders || 0) > {before}", timeout=timeout)
