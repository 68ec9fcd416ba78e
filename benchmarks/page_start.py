"""Page start → interactive board, against a bare Pyodide page measured in the same run.

Both pages are loaded cold (a new browser context each time, so nothing is cached), alternating,
``--runs`` times each. "Interactive board" = the moment web/main.py has put the first game board
into the page with its click handlers live (``performance.mark('board-ready')``). The bare page
is PyScript with the same bundled Pyodide running ``print("hello")`` and marking ``hello``.
Prints a JSON line last: medians in ms and the ratio (goal ≤ 1.3).
"""

from __future__ import annotations

import argparse
import json
import statistics

from benchmarks.browser import DIST, browser_and_site, summary

BARE = """<!doctype html><html><head><meta charset="utf-8"><title>bare</title>
<script type="module" src="../pyscript/core.js"></script></head><body><p id="out">loading</p>
<script type="py" config='{"interpreter": "../pyodide/pyodide.mjs"}'>
from js import document, performance
print("hello")
document.getElementById("out").textContent = "hello"
performance.mark("hello")
</script></body></html>
"""


def measure(browser, url: str, mark: str) -> float:
    ctx = browser.new_context(service_workers="block")
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_function(f"performance.getEntriesByName('{mark}').length > 0", timeout=120_000)
    t = page.evaluate(f"performance.getEntriesByName('{mark}')[0].startTime")
    ctx.close()
    return float(t)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--fragment", default="#/tsifrograd/play?vs=human")
    args = ap.parse_args()
    (DIST / "bench").mkdir(exist_ok=True)
    (DIST / "bench" / "bare.html").write_text(BARE)
    ours, bare = [], []
    with browser_and_site() as (browser, url):
        measure(browser, url + "bench/bare.html", "hello")  # warm the OS file cache once
        for _ in range(args.runs):
            bare.append(measure(browser, url + "bench/bare.html", "hello"))
            ours.append(measure(browser, url + "index.html" + args.fragment, "board-ready"))
    result = {
        "benchmark": "page_start",
        "board_ready_ms": summary(ours),
        "bare_pyodide_hello_ms": summary(bare),
        "ratio_median": round(statistics.median(ours) / statistics.median(bare), 3),
    }
    print(
        f"interactive board: median {result['board_ready_ms']['median']} ms; bare Pyodide hello: median {result['bare_pyodide_hello_ms']['median']} ms; ratio {result['ratio_median']}"
    )
    print(json.dumps(result))


if __name__ == "__main__":
    main()
