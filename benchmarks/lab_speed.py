"""The designer's lab, how fast: games per second on the command line with 1 and 2 local workers
and on a local Dask cluster of 2, and in the page with its pool against one worker (with the
longest main-thread task during the run).

    python -m benchmarks.lab_speed [--game tsifrograd] [--games 16] [--players normal,normal]
                                   [--eval none] [--no-page] [--no-cli]

Wall-clock seconds: on a machine shared with other jobs the speed-up from 1 to 2 workers is only
what the free cores allow, so the load average is printed with the numbers. The page's main
thread is traced from the click on "Run" to the run's last render: each task's wall time (what
the Long Tasks API sees, stretched by other jobs on a loaded machine) and its CPU time (the
thread's own time: about what the task takes on a quiet machine). Prints a JSON line last.
"""

from __future__ import annotations

import argparse
import json
import os
import time

from webtabletop.lab.batch import Batch
from webtabletop.lab.run import play_batch, report


def cli_rates(batch: Batch) -> dict[str, float]:
    out = {}
    reference = None
    for name, kwargs in (
        ("workers_1", {"workers": 1}),
        ("workers_2", {"workers": 2}),
        ("dask_local_2", {"workers": 2, "dask": "local"}),
    ):
        t = time.perf_counter()
        results = play_batch(batch, **kwargs)
        seconds = time.perf_counter() - t
        numbers = report(batch, results)
        reference = reference or numbers
        assert numbers == reference, f"{name} gave other numbers"
        out[name] = round(len(results) / seconds, 3)
        print(f"{name}: {len(results)} games in {seconds:.1f} s = {out[name]} games/s", flush=True)
    out["speedup_2"] = round(out["workers_2"] / out["workers_1"], 2)
    return out


def main_thread_tasks(trace: bytes) -> list[tuple[float, float]]:
    """(wall ms, CPU ms) of every task of the page's main thread in a Chromium trace."""
    events = json.loads(trace)["traceEvents"]
    main = {
        (e["pid"], e["tid"])
        for e in events
        if e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"
    }
    return [
        (e["dur"] / 1000, e.get("tdur", 0) / 1000)
        for e in events
        if e.get("name") == "RunTask" and e.get("ph") == "X" and (e["pid"], e["tid"]) in main
    ]


TRACE = ["devtools.timeline", "disabled-by-default-devtools.timeline", "toplevel"]


def page_rates(batch: Batch) -> dict[str, float]:
    from benchmarks.browser import browser_and_site

    out: dict[str, float] = {}
    with browser_and_site() as (browser, url):
        for workers in ("1", "2"):
            page = browser.new_page()
            page.add_init_script(
                "window.wttLong = 0; new PerformanceObserver((l) => { for (const e of l.getEntries())"
                " window.wttLong = Math.max(window.wttLong, e.duration); }).observe({type: 'longtask', buffered: true});"
            )
            page.goto(f"{url}#/{batch.game}/lab")
            page.wait_for_function(
                "() => !!(window.wttBoot && wttBoot.idle && wttBoot.idle.ready())", timeout=180_000
            )
            page.evaluate("window.wttLong = 0")
            form = page.locator("form[data-form='lab']")
            form.locator("#lab-p0").select_option(batch.players[0])
            form.locator("#lab-p1").select_option(batch.players[1])
            form.locator("#lab-games").fill(str(batch.games))
            form.locator("#lab-seed").fill(str(batch.seed))
            form.locator("#lab-eval").select_option(batch.eval_budget)
            form.locator("#lab-workers").select_option(workers)
            browser.start_tracing(page=page, categories=TRACE)
            page.locator("[data-key='lab-run']").click()
            page.get_by_text(f"Done: {batch.games} games in").wait_for(timeout=1_800_000)
            page.wait_for_function("() => !!(window.wttBoot && wttBoot.idle && wttBoot.idle.ready())")
            tasks = main_thread_tasks(browser.stop_tracing())
            text = page.locator(".lab-progress").inner_text()
            rate = float(text.split("(")[1].split()[0])
            out[f"page_workers_{workers}"] = rate
            out[f"page_longest_task_ms_{workers}"] = round(page.evaluate("window.wttLong"), 1)
            out[f"page_longest_task_cpu_ms_{workers}"] = round(max(c for _w, c in tasks), 1)
            out[f"page_tasks_over_50ms_wall_{workers}"] = sum(1 for w, _c in tasks if w > 50)
            out[f"page_tasks_over_50ms_cpu_{workers}"] = sum(1 for _w, c in tasks if c > 50)
            print(
                f"page, {workers} worker(s): {rate} games/s; longest main-thread task {out[f'page_longest_task_ms_{workers}']} ms"
                f" wall, {out[f'page_longest_task_cpu_ms_{workers}']} ms CPU; tasks over 50 ms: "
                f"{out[f'page_tasks_over_50ms_wall_{workers}']} wall, {out[f'page_tasks_over_50ms_cpu_{workers}']} CPU",
                flush=True,
            )
            page.close()
    out["page_speedup_2"] = round(out["page_workers_2"] / out["page_workers_1"], 2)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", default="tsifrograd")
    ap.add_argument("--games", type=int, default=16)
    ap.add_argument("--players", default="normal,normal")
    ap.add_argument("--eval", default="none")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-page", action="store_true")
    ap.add_argument("--no-cli", action="store_true")
    args = ap.parse_args()
    batch = Batch(
        args.game,
        players=tuple(args.players.split(",")),
        games=args.games,
        seed=args.seed,
        eval_budget=args.eval,
    ).check()
    out = {
        "game": args.game,
        "games": args.games,
        "players": args.players,
        "eval": args.eval,
        "load_average": os.getloadavg()[0],
    }
    if not args.no_cli:
        out.update(cli_rates(batch))
    if not args.no_page:
        out.update(page_rates(batch))
    out["load_average_end"] = os.getloadavg()[0]
    print(json.dumps(out))


if __name__ == "__main__":
    main()
