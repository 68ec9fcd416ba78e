"""AI move time in the page, the longest main-thread task while it thinks, and (for a game with
a depth-first searcher such as DumaRaj) the depth and nodes per second reached in 1 s in the page.

Plays ``--game`` against the AI (``--level``) by clicking the first legal action each turn; a
PerformanceObserver records every main-thread long task (> 50 ms) from the first click on.
Prints a JSON line last.
"""

from __future__ import annotations

import argparse
import json

from benchmarks.browser import browser_and_site, click_and_render, idle, summary, wait_ready

OBSERVE = """window.wttLong = []; new PerformanceObserver(l => { for (const e of l.getEntries()) window.wttLong.push(e.duration); })
.observe({type: 'longtask', buffered: false});"""

#: how the benchmark makes a human move in each game (CSS selectors tried in order)
HUMAN = {
    "tsifrograd": [".cell.target", ".cell.legal"],
    "dumaraj": [".panel button[data-move]"],
    "sht": [".panel button[data-move]:not([disabled])", "[data-pick^='h:']", "[data-pick^='f:']"],
    "htt": [".panel button[data-move]"],
    "cardgo": [".panel button[data-move='skip']", ".panel button[data-move='pass']"],
}
#: games where a move is "pick a hand card, then a cell"
HAND_THEN_CELL = {
    "htt": ("[data-pick^='h']", ".board [data-pick^='c']"),
    "cardgo": ("[data-pick^='h']", ".board [data-pick][data-drop]"),
}


def human_move(page, game: str) -> None:
    if game == "dumaraj":  # a panel choice if one is offered, else the first mob to its first destination
        buttons = page.locator(".panel button[data-move]")
        if not buttons.count():
            click_and_render(page, page.locator("[data-drag]").first)
            click_and_render(page, page.locator("[data-drop]").first)
        buttons = page.locator(".panel button[data-move]")
        if buttons.count():
            click_and_render(page, buttons.first)
        return
    for sel in HUMAN[game]:
        loc = page.locator(sel)
        if loc.count():
            click_and_render(page, loc.first)
            return
    if game in HAND_THEN_CELL:
        hand, cell = HAND_THEN_CELL[game]
        click_and_render(page, page.locator(hand).first)
        click_and_render(page, page.locator(cell).first)
        return
    raise SystemExit(f"no move to click in {game}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="tsifrograd", choices=sorted(HUMAN))
    ap.add_argument("--moves", type=int, default=12)
    ap.add_argument("--level", default="normal")
    args = ap.parse_args()
    with browser_and_site() as (browser, url):
        ctx = browser.new_context(service_workers="block")
        page = ctx.new_page()
        page.goto(url + f"index.html#/{args.game}/play?vs=ai")
        wait_ready(page)
        page.select_option("select[data-change='level']", args.level)
        idle(page)
        page.evaluate(OBSERVE)
        done = 0
        while done < args.moves:  # every click waits for idle: the computer's reply is in
            if page.locator(".result-dialog").count():  # next game: same options, new seed
                click_and_render(page, page.locator("[data-cmd='rematch']"))
                continue
            human_move(page, args.game)
            done += 1
        stats = page.evaluate("Array.from(window.wttAiStats)")
        longs = page.evaluate("window.wttLong")
        one_second = None
        if args.game == "dumaraj":  # depth and speed of the searcher with exactly 1 s, in Pyodide
            page.goto(url + "index.html#/dumaraj/play?vs=human")
            wait_ready(page)
            page.evaluate(
                "window.wttBenchResult = null; window.wttBench(JSON.stringify({type: 'bench', seconds: 1}))"
            )
            page.wait_for_function("window.wttBenchResult !== null", timeout=60_000)
            one_second = page.evaluate("Object.assign({}, window.wttBenchResult)")
        ctx.close()
    times = [s["seconds"] * 1000 for s in stats]
    result = {
        "benchmark": "ai_in_page",
        "game": args.game,
        "level": args.level,
        "ai_moves": len(stats),
        "ai_move_ms": summary(times) if times else None,
        "longest_main_thread_task_ms": round(max(longs), 1) if longs else 0.0,
        "long_tasks": len(longs),
    }
    if one_second:
        result["one_second_search"] = {
            **one_second,
            "nps": round(one_second["nodes"] / one_second["seconds"]),
        }
    med = result["ai_move_ms"]["median"] if times else "n/a"
    print(
        f"{args.game} AI ({args.level}): median {med} ms per move over {len(stats)} moves; longest main-thread task {result['longest_main_thread_task_ms']} ms"
    )
    print(json.dumps(result))


if __name__ == "__main__":
    main()
