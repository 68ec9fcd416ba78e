"""Click → board updated latency inside the page (hot-seat Tsifrograd, a whole game).

web/main.py records, for every click that plays a move, the time from the click handler to the
end of applying the worker's answer (new board in the DOM). Prints a JSON line last (ms).
"""

from __future__ import annotations

import argparse
import json

from benchmarks.browser import browser_and_site, click_and_render, summary, wait_ready


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--options", default="", help="extra hash path, e.g. /new")
    args = ap.parse_args()
    lat: list[float] = []
    with browser_and_site() as (browser, url):
        ctx = browser.new_context(service_workers="block")
        page = ctx.new_page()
        for g in range(args.games):
            page.goto(url + "index.html#/tsifrograd/play?vs=human" + ("" if g == 0 else f"&g={g}"))
            wait_ready(page)
            page.wait_for_selector(".cell.legal")
            page.evaluate("window.wttLatencies.length = 0")
            while not page.locator(".result-dialog").count():
                target = page.locator(".cell.target")
                if target.count():
                    click_and_render(page, target.first)
                else:
                    click_and_render(page, page.locator(".cell.legal").first)
            lat += page.evaluate("Array.from(window.wttLatencies)")
        ctx.close()
    result = {"benchmark": "move_latency", "click_to_board_ms": summary(lat)}
    print(
        f"click → board updated: median {result['click_to_board_ms']['median']} ms, p95 {result['click_to_board_ms']['p95']} ms over {len(lat)} moves"
    )
    print(json.dumps(result))


if __name__ == "__main__":
    main()
