"""A first visit over a real network: page start on an emulated link, and every request counted.

The site is served as GitHub Pages serves it (``serve(pages=True)``: ``Cache-Control:
max-age=600``, ETags, gzip for text, JavaScript, JSON and WebAssembly) and Chromium emulates the
link through its DevTools protocol (``Network.emulateNetworkConditions``) on the page, its engine
worker and its service worker alike (the service worker is a target of its own: it is attached
as it starts, throttled, then let run). Links: ``10/40`` (10 Mbit/s down, 5 up, 40 ms round
trip), ``50/20`` (50 / 25 Mbit/s, 20 ms) and ``local`` (no emulation). For each link, ``--runs``
times, alternating:

- ``bare``: the bare PyScript page on the same bundled Pyodide printing "hello" (mark ``hello``),
  in a fresh context, on the same server and link;
- ``board_paint`` / ``cold_shown`` / ``cold_answered``: a first visit to ``#/tsifrograd`` in a
  fresh context (cold cache, no service worker yet): the first frame with the board, then a cell
  clicked at once: the move in the move list (the build's answer, tools/answers.py), then the
  engine's own answer;
- ``first_visit_bytes``: every byte the server sent for that visit until the service worker has
  taken control and the network is quiet; ``twice``: the files it sent more than once;
- ``warm_answered`` / ``warm_bytes``: the same click on a second visit (the service worker
  installed; a new game);
- ``offline_answered``: the same with the server stopped.

``--calibrate N`` measures instead the constant of web/startchoice.mjs's choice (``SAVED_PER_PROBE``):
N pairs of local loads, one restoring the snapshot and one starting the interpreter (``?snapshot=1``
/ ``?snapshot=0``), each giving the engine's phases; the time the snapshot saved (ready, plain start
minus snapshot) over the engine's probe of the device (``phases.choice.probe``), median of the pairs.

Prints, per link, medians and ratios to the bare page's median, the bytes of each part of the
first visit (run 1), and a JSON line last. ``--dist name=path`` measures another build in the
same run (e.g. the site before a change).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from benchmarks.browser import DIST, summary
from benchmarks.page_start import BARE, BOARD, FRESH_GAME, TIMEOUT, click_answered, click_shown, mark, shown
from webtabletop.tools.chromium import ARGS, CHROMIUM
from webtabletop.tools.serve import serve_in_thread

#: name -> (down Mbit/s, up Mbit/s, round trip ms); None: no emulation
LINKS = {"10/40": (10, 5, 40), "50/20": (50, 25, 20), "local": None}

#: parts of a visit, by the first pattern their path contains
PARTS = [
    ("pyodide.asm.wasm", "pyodide.asm.wasm"),
    ("engine snapshot", "engine.snap"),
    ("the standard library, first modules", "engine/stdlib.zip"),
    ("the standard library, the rest", "engine/stdlib-later"),
    ("python_stdlib.zip", "python_stdlib.zip"),
    ("pyodide.asm.mjs", "pyodide.asm.mjs"),
    ("our package and wheels, first modules", "engine/lib.zip"),
    ("our package and wheels, the rest", "engine/lib-later"),
    ("our package, a game's modules", "engine/lib-"),
    ("our package (lib/webtabletop.zip)", "lib/webtabletop"),
    ("wheels (lib/*.whl)", "lib/"),
    ("the engine's decoder and lists", "engine/"),
    ("MicroPython", "micropython/"),
    ("PyScript", "pyscript/"),
    ("Pyodide's loader", "pyodide/"),
    ("pre-rendered screen, catalog", "pre/"),
    ("catalog", "locale/"),
    ("index.html", "index.html"),
    ("service worker", "sw.js"),
]


def conditions(link) -> dict:
    down, up, rtt = link
    return {
        "offline": False,
        "latency": rtt,
        "downloadThroughput": down * 125_000,
        "uploadThroughput": up * 125_000,
    }


def shaped_page(ctx, link):
    """A new page whose requests, and those of every worker it starts (the engine and the service
    worker), go over ``link``."""
    page = ctx.new_page()
    if link is None:
        return page
    cdp = ctx.new_cdp_session(page)
    cond = conditions(link)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", cond)
    calls = iter(range(1000, 10**9))

    def attached(ev):
        for method, params in (
            ("Network.enable", {}),
            (
                "Network.emulateNetworkConditions",
                cond,
            ),  # "not supported" on a dedicated worker: the page's covers it
            ("Runtime.runIfWaitingForDebugger", {}),
        ):
            message = json.dumps({"id": next(calls), "method": method, "params": params})
            cdp.send("Target.sendMessageToTarget", {"sessionId": ev["sessionId"], "message": message})

    cdp.on("Target.attachedToTarget", attached)
    cdp.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": True, "flatten": False})
    return page


def packed(query: str, link) -> str:
    """``query`` for a host elsewhere when a link is emulated (a page from localhost takes the
    engine's files unpacked: web/boot-head.js)."""
    if link is None:
        return query
    return (query + "&" if query else "?") + "packed=1"


def quiet(server, seconds: float = 2.0, limit: float = 120.0) -> None:
    """Wait until the server has answered nothing for ``seconds``."""
    end = time.monotonic() + limit
    seen, since = len(server.log), time.monotonic()
    while time.monotonic() < end:
        time.sleep(0.2)
        if len(server.log) != seen:
            seen, since = len(server.log), time.monotonic()
        elif time.monotonic() - since >= seconds:
            return


def served(log) -> tuple[int, list[str]]:
    """(bytes of all bodies, the files whose body was sent more than once)."""
    count: dict[str, int] = {}
    for e in log:
        if e["status"] == 200:
            path = e["url"].split("?", 1)[0]
            count[path] = count.get(path, 0) + 1
    return sum(e["bytes"] for e in log), sorted(p for p, n in count.items() if n > 1)


def parts(log) -> dict[str, int]:
    out: dict[str, int] = {}
    for e in log:
        path = e["url"].split("?", 1)[0].lstrip("/") or "index.html"
        name = next((n for n, pattern in PARTS if pattern in path), "other: " + path)
        out[name] = out.get(name, 0) + e["bytes"]
    return dict(sorted(out.items(), key=lambda kv: -kv[1]))


def bare(browser, dist: Path, link) -> tuple[float, int]:
    server, url = serve_in_thread(dist, pages=True)
    server.log = []
    ctx = browser.new_context(service_workers="block")
    page = shaped_page(ctx, link)
    page.goto(url + "bench/bare.html")
    t = mark(page, "hello")
    ctx.close()
    server.shutdown()
    server.server_close()
    return t, served(server.log)[0]


def visits(browser, dist: Path, link, query: str = "") -> dict:
    """A first visit, a second one and an offline one, in one context (see the module's doc)."""
    server, url = serve_in_thread(dist, pages=True)
    server.log = []
    out: dict = {}
    ctx = browser.new_context()
    ctx.add_init_script(FRESH_GAME)
    page = shaped_page(ctx, link)
    page.goto(url + "index.html" + packed(query, link) + BOARD)
    out["board_paint"] = shown(page, ".board .cell")
    out["cold_shown"], out["cold_answered"] = click_shown(page)
    out["start"] = page.evaluate(
        "window.wttBoot.engine ? [wttBoot.engine.mode, wttBoot.engine.phases.choice] : null"
    )
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller", timeout=TIMEOUT)
    quiet(server)
    first = list(server.log)
    out["first_visit_bytes"], out["twice"] = served(first)
    out["parts"] = parts(first)
    out["requests"] = first
    page.close()
    server.log = []
    page = shaped_page(ctx, link)
    page.goto(url + "index.html" + packed(query, link) + BOARD)
    out["warm_answered"] = click_answered(page)
    quiet(server, 1.0)
    out["warm_bytes"] = served(server.log)[0]
    page.close()
    server.shutdown()
    server.server_close()
    page = shaped_page(ctx, link)
    page.goto(url + "index.html" + packed(query, link) + BOARD)
    out["offline_answered"] = click_answered(page)
    ctx.close()
    return out


def engine_start(browser, url: str, query: str) -> dict:
    ctx = browser.new_context(service_workers="block")
    page = ctx.new_page()
    page.goto(url + "index.html" + query + BOARD)
    page.wait_for_function("window.wttBoot && wttBoot.engine", timeout=TIMEOUT)
    engine = page.evaluate("wttBoot.engine")
    ctx.close()
    return engine


def calibrate(browser, dist: Path, pairs: int) -> None:
    server, url = serve_in_thread(dist, pages=True)
    ratios = []
    for _ in range(pairs):
        snap = engine_start(browser, url, "?snapshot=1")
        plain = engine_start(browser, url, "?snapshot=0")
        probe = snap["phases"]["choice"]["probe"]
        saved = plain["phases"]["ready"] - snap["phases"]["ready"]
        ratios.append(saved / probe)
        print(
            f"  snapshot ready {snap['phases']['ready']} ms, plain {plain['phases']['ready']} ms, probe {probe} ms: {saved / probe:.0f}"
        )
    server.shutdown()
    print(json.dumps({"benchmark": "first_visit_calibrate", "saved_per_probe": summary(ratios)}))


TIMES = ("board_paint", "cold_shown", "cold_answered", "warm_answered", "offline_answered")
BYTES = ("first_visit_bytes", "warm_bytes")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--link", action="append", choices=list(LINKS), help="default: all")
    ap.add_argument("--site", type=Path, default=DIST, help="the build to measure (default: dist/)")
    ap.add_argument(
        "--dist", action="append", default=[], help="name=path[?query]: another build, measured alongside"
    )
    ap.add_argument("--calibrate", type=int, default=0, metavar="N", help="measure SAVED_PER_PROBE (N pairs)")
    ap.add_argument("--requests", action="store_true", help="print every request of each first visit")
    args = ap.parse_args()
    sites = {"site": (args.site, "")}
    for spec in args.dist:
        name, _, where = spec.partition("=")
        path, _, query = where.partition("?")
        sites[name] = (Path(path), f"?{query}" if query else "")
    for dist, _ in sites.values():
        (dist / "bench").mkdir(exist_ok=True)
        (dist / "bench" / "bare.html").write_text(BARE)
    result: dict = {"benchmark": "first_visit", "runs": args.runs, "links": {}}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        if args.calibrate:
            calibrate(browser, args.site, args.calibrate)
            return
        bare(browser, args.site, None)  # warm the OS file cache once
        for name in args.link or list(LINKS):
            link = LINKS[name]
            bares: list[float] = []
            bare_bytes: list[int] = []
            runs: dict[str, list[dict]] = {s: [] for s in sites}
            for _ in range(args.runs):
                for site, (dist, query) in sites.items():  # a bare load beside each site's
                    t, b = bare(browser, dist, link)
                    bares.append(t)
                    bare_bytes.append(b)
                    runs[site].append(visits(browser, dist, link, query))
                    r = runs[site][-1]
                    print(
                        f"  {name} {site}: "
                        + ", ".join(f"{k} {r[k]:.0f}" for k in TIMES)
                        + f"; bare {t:.0f}; start {r['start']}",
                        flush=True,
                    )
            base = statistics.median(bares)
            entry = {"bare_ms": summary(bares), "bare_bytes": statistics.median(bare_bytes)}
            print(f"{name}: bare Pyodide hello {base:.0f} ms, {entry['bare_bytes'] / 1e6:.2f} MB")
            for site, rs in runs.items():
                rep = {k: summary([r[k] for r in rs]) for k in TIMES}
                rep["ratios"] = {k: round(statistics.median([r[k] for r in rs]) / base, 3) for k in TIMES}
                rep.update({k: statistics.median([r[k] for r in rs]) for k in BYTES})
                rep["twice"] = sorted({p for r in rs for p in r["twice"]})
                rep["parts"] = rs[0]["parts"]
                rep["starts"] = [r["start"] for r in rs]
                entry[site] = rep
                print(
                    f"  {site}: "
                    + ", ".join(f"{k} {rep[k]['median']:.0f} ms ({rep['ratios'][k]}x)" for k in TIMES)
                    + f"; first visit {rep['first_visit_bytes'] / 1e6:.2f} MB, warm {rep['warm_bytes'] / 1e3:.0f} kB"
                    + f"; sent twice: {rep['twice'] or 'none'}"
                )
                for part, size in rep["parts"].items():
                    print(f"      {size / 1e6:8.3f} MB  {part}")
                if args.requests:
                    for e in rs[0]["requests"]:
                        print(f"      {e['status']} {e['bytes']:>9} {e['encoding'] or '-':4} {e['url']}")
            result["links"][name] = entry
        browser.close()
    print(json.dumps(result))


if __name__ == "__main__":
    main()
