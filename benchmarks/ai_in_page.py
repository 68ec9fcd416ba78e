"""AI move time in the page and the longest main-thread task while it thinks.

Plays Tsifrograd against the AI (normal level) by clicking; a PerformanceObserver records every
main-thread long task (> 50 ms) from the first click on. Prints a JSON line last.
"""

from __future__ import annotations

import argparse
import json

from benchmarks.browser import browser_and_site, click_and_render, summary, wait_ready

OBSERVE = """window.wttLong = []; new PerformanceObserver(l => { for (const e of l.getEntries()) window.wttLong.push(e.duration); })
.observe({type: 'longtask', buffered: false});"""


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--moves", type=int, default=12)
    ap.add_argument("--level", default="normal")
    args = ap.parse_args()
    with browser_and_site() as (browser, url):
        ctx = browser.new_context(service_workers="block")
        page = ctx.new_page()
        page.goto(url + "index.html#/tsifrograd/play?vs=ai")
        wait_ready(page)
        page.select_option("select[data-change='level']", args.level)
        page.wait_for_timeout(300)
        page.evaluate(OBSERVE)
        done = 0
        while done < args.moves and not page.locator(".result-dialog").count():
            click_and_render(
                page,
                page.locator(".cell.target").first
                if page.locator(".cell.target").count()
                else page.locator(".cell.legal").first,
            )
            page.wait_for_function("!document.body.hasAttribute('data-ai')", timeout=60_000)
            done += 1
        stats = page.evaluate("Array.from(window.wttAiStats)")
        longs = page.evaluate("window.wttLong")
        ctx.close()
    times = [s["seconds"] * 1000 for s in stats]
    result = {
        "benchmark": "ai_in_page",
        "level": args.level,
        "ai_move_ms": summary(times),
        "iterations": summary([s["iterations"] or 0 for s in stats]),
        "longest_main_thread_task_ms": round(max(longs), 1) if longs else 0.0,
        "long_tasks": len(longs),
    }
    print(
        f"AI ({args.level}) move: median {result['ai_move_ms']['median']} ms, max {result['ai_move_ms']['max']} ms; longest main-thread task {result['longest_main_thread_task_ms']} ms"
    )
    print(json.dumps(result))


if __name__ == "__main__":
    main()
