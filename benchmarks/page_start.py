"""Page start, against a bare Pyodide page measured in the same run (only ratios carry over).

Every load is in a new browser context (nothing cached, no service worker) unless it is "warm".
Alternating (a bare load before each site's), ``--runs`` times each:

- ``bare``: PyScript with the same bundled Pyodide running ``print("hello")`` (mark ``hello``);
- ``home_paint``: the first frame showing the home page's list of games;
- ``board_paint``: the first frame showing ``#/tsifrograd``'s board;
- ``main_ready``: in the same load, when the MicroPython script (``web/main.py``, through
  PyScript and its config) has started and marked ``main-ready``;
- ``cold_shown``: the same load, a cell clicked as soon as the board shows, until the move is in
  the move list: on a first visit's board the build's answer to that click (tools/answers.py),
  painted by boot.js before the engine is up;
- ``cold_answered``: the same click (boot.js keeps it), until the engine's answer shows the move
  in the move list — a click answered by the engine;
- ``warm_answered`` / ``offline_answered``: the same on a second visit (a new page in a context
  whose service worker has installed), with the server running / stopped; a new game each time.

Times are ms from navigation start (``performance.now()`` of the page). Prints a JSON line last:
medians and ratios to the bare page's cold median. ``--dist`` measures another build too (e.g. the
site before a change), in the same run, reported under its own name; ``--site ru=dist?lang=ru``
measures this build for a Russian reader. ``--latency MS`` adds that round-trip time to every
request of the cold loads (Chromium's network emulation): localhost hides what a sequence of
requests costs on a real connection.
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path

from benchmarks.browser import DIST, browser_and_site, summary
from webtabletop.tools.serve import serve_in_thread

BARE = """<!doctype html><html><head><meta charset="utf-8"><title>bare</title>
<script type="module" src="../pyscript/core.js"></script></head><body><p id="out">loading</p>
<script type="py" config='{"interpreter": "../pyodide/pyodide.mjs"}'>
from js import document, performance
print("hello")
document.getElementById("out").textContent = "hello"
performance.mark("hello")
</script></body></html>
"""
TIMEOUT = 180_000
BOARD = "#/tsifrograd"
#: run before every warm load: the board opens as a new game, as on the first visit, so all three
#: loads measure the same screen and the same click. (Otherwise the visit after a click resumes
#: that game with the AI to move: the player's click waits for the AI's reply, which measures the
#: AI's thinking, not the start; that made "offline" look 0.2x slower than "online".)
FRESH_GAME = """(() => { for (const k of Object.keys(localStorage))
  if (/^webtabletop(:last:|:game:|\\.screen:)/.test(k)) localStorage.removeItem(k); })()"""


#: added round-trip time of every request (ms; 0: none), set by ``--latency``
LATENCY = 0


def new_page(ctx):
    page = ctx.new_page()
    if LATENCY:
        cdp = ctx.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send(
            "Network.emulateNetworkConditions",
            {"offline": False, "latency": LATENCY, "downloadThroughput": -1, "uploadThroughput": -1},
        )
    return page


def mark(page, name: str) -> float:
    page.wait_for_function(f"performance.getEntriesByName('{name}').length > 0", timeout=TIMEOUT)
    return float(page.evaluate(f"performance.getEntriesByName('{name}')[0].startTime"))


def bare(browser, url: str) -> float:
    ctx = browser.new_context(service_workers="block")
    page = new_page(ctx)
    page.goto(url + "bench/bare.html")
    t = mark(page, "hello")
    ctx.close()
    return t


def click_answered(page) -> float:
    """Click a cell as soon as the board shows; ms until the move is in the engine's move list."""
    return click_shown(page)[1]


def click_shown(page) -> tuple[float, float]:
    """Click a cell as soon as the board shows; ms until the move is in the move list (on a first
    visit's board, the build's answer: tools/answers.py), and until it is in the engine's."""
    page.locator(".board .cell.legal").first.click(timeout=TIMEOUT)
    shown = page.wait_for_function(
        "document.querySelectorAll('.log li').length > 0 ? performance.now() : 0", timeout=TIMEOUT, polling=10
    )
    engine = page.wait_for_function(
        "document.querySelectorAll('.log li').length > 0 && document.body.dataset.ready === '1' ? performance.now() : 0",
        timeout=TIMEOUT,
        polling=10,
    )
    return float(shown.json_value()), float(engine.json_value())


def shown(page, selector: str) -> float:
    """ms from navigation start to the first animation frame in which ``selector`` is on screen
    (the same probe for any build: the pre-rendered page and the page before it alike)."""
    handle = page.wait_for_function(
        f"document.querySelector({selector!r}) ? performance.now() : 0", timeout=TIMEOUT, polling="raf"
    )
    return float(handle.json_value())


def home_paint(browser, url: str, query: str = "") -> float:
    ctx = browser.new_context(service_workers="block")
    page = new_page(ctx)
    page.goto(url + "index.html" + query)
    t = shown(page, ".games .game-card")
    assert page.locator(".games .game-card").count() == 5
    ctx.close()
    return t


def board_cold(browser, url: str, query: str = "") -> tuple[float, float, float]:
    ctx = browser.new_context(service_workers="block")
    page = new_page(ctx)
    if LATENCY:  # a host elsewhere: localhost's page would take the engine's files unpacked
        query = (query + "&" if query else "?") + "packed=1"
    page.goto(url + "index.html" + query + BOARD)
    painted = shown(page, ".board .cell")
    answered = click_answered(page)
    main_ready = mark(page, "main-ready")
    ctx.close()
    return painted, main_ready, answered


def board_warm(browser, dist: Path, query: str = "") -> tuple[float, float]:
    """Second visits: online, then with the server stopped (the service worker serves all)."""
    server, url = serve_in_thread(dist)
    ctx = browser.new_context()
    ctx.add_init_script(FRESH_GAME)
    page = ctx.new_page()
    page.goto(url + "index.html" + query + BOARD)
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller", timeout=TIMEOUT)
    page.close()
    page = ctx.new_page()
    page.goto(url + "index.html" + query + BOARD)
    online = click_answered(page)
    page.close()
    server.shutdown()
    server.server_close()
    page = ctx.new_page()
    page.goto(url + "index.html" + query + BOARD)
    offline = click_answered(page)
    ctx.close()
    return online, offline


def measure_site(browser, url: str, dist: Path, out: dict[str, list[float]], query: str = "") -> None:
    out.setdefault("home_paint", []).append(home_paint(browser, url, query))
    painted, main_ready, answered = board_cold(browser, url, query)
    out.setdefault("board_paint", []).append(painted)
    out.setdefault("main_ready", []).append(main_ready)
    out.setdefault("cold_answered", []).append(answered)
    online, offline = board_warm(browser, dist, query)
    out.setdefault("warm_answered", []).append(online)
    out.setdefault("offline_answered", []).append(offline)


def report(name: str, times: dict[str, list[float]], base: float) -> dict:
    out = {f"{k}_ms": summary(v) for k, v in times.items()}
    out["ratios"] = {k: round(statistics.median(v) / base, 3) for k, v in times.items()}
    print(
        f"{name}: "
        + ", ".join(f"{k} {statistics.median(v):.0f} ms ({out['ratios'][k]}x)" for k, v in times.items())
    )
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument(
        "--site",
        action="append",
        default=[],
        help="name=path[?query]: another build, or this one with a query (ru=dist?lang=ru), measured alongside",
    )
    ap.add_argument(
        "--latency", type=float, default=0, help="ms of round-trip time added to each request of cold loads"
    )
    args = ap.parse_args()
    global LATENCY
    LATENCY = args.latency
    others = []
    for spec in args.site:
        name, _, where = spec.partition("=")
        path, _, query = where.partition("?")
        others.append((name, Path(path), f"?{query}" if query else ""))
    (DIST / "bench").mkdir(exist_ok=True)
    (DIST / "bench" / "bare.html").write_text(BARE)
    sites: dict[str, dict] = {}
    bare_times: list[float] = []
    with browser_and_site() as (browser, url):
        servers = []
        sites["site"] = {"url": url, "dist": DIST, "query": "", "times": {}}
        for name, path, query in others:
            server, other_url = serve_in_thread(path)
            servers.append(server)
            sites[name] = {"url": other_url, "dist": path, "query": query, "times": {}}
        bare(browser, url)  # warm the OS file cache once
        for _ in range(args.runs):
            for site in sites.values():  # a bare load next to each site's: a busy machine drifts
                bare_times.append(bare(browser, url))
                measure_site(browser, site["url"], site["dist"], site["times"], site["query"])
        for server in servers:
            server.shutdown()
    base = statistics.median(bare_times)
    print(f"bare Pyodide hello: median {base:.0f} ms")
    result = {
        "benchmark": "page_start",
        "runs": args.runs,
        "latency_ms": args.latency,
        "bare_pyodide_hello_ms": summary(bare_times),
    }
    for name, site in sites.items():
        result[name] = report(name, site["times"], base)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
