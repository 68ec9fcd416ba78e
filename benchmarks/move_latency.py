"""Click → board updated latency inside the page (hot-seat Tsifrograd, a whole game), and the
main thread's long tasks.

web/main.py records, for every click that plays a move, the time from the click handler to the
first animation frame after the worker's answer is applied (web/board.js: the new board is in the
DOM and its move animations have started; animations are on, as by default). A ``longtask`` observer (tasks over
50 ms, buffered from the page's start) reports the longest main-thread task while playing (after
the ``playable`` mark) and, separately, during the start-up before it. Prints a JSON line last (ms).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from benchmarks.browser import DIST, browser_and_site, click_and_render, summary, wait_ready

LONGTASKS = """window.wttLongTasks = window.wttLongTasks || (() => { const out = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) out.push({start: e.startTime, duration: e.duration}); })
    .observe({type: "longtask", buffered: true});
  return out; })()"""


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--options", default="", help="extra hash path, e.g. /new")
    ap.add_argument(
        "--motion",
        choices=("on", "off"),
        default="on",
        help="off: prefers-reduced-motion (no animation), to compare",
    )
    ap.add_argument(
        "--look",
        choices=("none", "rehearsed"),
        default="none",
        help="before the first click: none (at once), or until the engine has rehearsed (web/engine.mjs), "
        "as a player who looks at a new board for a second or two",
    )
    ap.add_argument("--dist", type=Path, default=DIST, help="another build (e.g. the site before a change)")
    args = ap.parse_args()
    lat: list[float] = []
    first_game: list[float] = []
    playing: list[float] = []
    starting: list[float] = []
    page_animations = 0
    with browser_and_site(args.dist) as (browser, url):
        reduced = "reduce" if args.motion == "off" else "no-preference"
        ctx = browser.new_context(service_workers="block", reduced_motion=reduced)
        page = ctx.new_page()
        for g in range(args.games):
            page.goto(url + "index.html#/tsifrograd/play?vs=human" + ("" if g == 0 else f"&g={g}"))
            page.evaluate(LONGTASKS)
            wait_ready(page)
            playable = page.evaluate(
                "(performance.getEntriesByName('playable')[0] || performance.getEntriesByName('board-ready')[0]).startTime"
            )
            if args.look == "rehearsed" and g == 0:
                page.wait_for_function(
                    "performance.getEntriesByName('engine-rehearsed').length > 0", timeout=30_000
                )
            page.evaluate("window.wttLatencies.length = 0")
            while not page.locator(".result-dialog").count():
                target = page.locator(".cell.target")
                if target.count():
                    click_and_render(page, target.first)
                else:
                    click_and_render(page, page.locator(".cell.legal").first)
            game = page.evaluate("Array.from(window.wttLatencies)")
            lat += game
            if g == 0:
                first_game = game
            page_animations += page.evaluate("window.wttBoard ? window.wttBoard.stats.animations : 0")
            tasks = page.evaluate("window.wttLongTasks")
            playing += [t["duration"] for t in tasks if t["start"] >= playable]
            starting += [t["duration"] for t in tasks if t["start"] < playable]
        ctx.close()
    result = {
        "benchmark": "move_latency",
        "click_to_board_ms": summary(lat),
        "first_game_ms": summary(first_game),
        "motion": args.motion,
        "look": args.look,
        "animations": page_animations,
        "longest_task_playing_ms": round(max(playing, default=0.0), 1),
        "long_tasks_playing": len(playing),
        "longest_task_starting_ms": round(max(starting, default=0.0), 1),
        "long_tasks_starting": len(starting),
    }
    print(
        f"longest main-thread task: {result['longest_task_playing_ms']} ms while playing "
        f"({len(playing)} over 50 ms), {result['longest_task_starting_ms']} ms while starting"
    )
    print(
        f"click → first frame of the new position ({page_animations} animations played): median {result['click_to_board_ms']['median']} ms, p95 {result['click_to_board_ms']['p95']} ms over {len(lat)} moves"
    )
    print(json.dumps(result))


if __name__ == "__main__":
    main()
