"""The engine's first answer on a first visit, on a phone and on a 10 Mbit/s link, against a bare
Pyodide page loaded in the same run (only ratios carry over from one machine to another).

Profiles (``--profile``, default both):

- ``mobile``: Lighthouse's mobile profile: 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip
  (Chromium's ``Network.emulateNetworkConditions``, which covers the page's workers too), a
  390x844 touch screen, and the CPU slowed 4x. DevTools slows only a page's main thread
  (``Emulation.setCPUThrottlingRate``; a worker target refuses it: "Operation is only supported
  for pages, not workers"), so this benchmark also slows every dedicated and service worker
  thread of its own browser the same way through a cgroup of the CPU controller (at most
  1/rate of a core: :class:`WorkerThrottle`). Without that, the engine worker ran at full speed
  while the bare page's Pyodide, on its main thread, ran at a quarter. Where cgroups cannot be
  written, it says so and the result records ``workers_throttled: false``;
- ``10/40``: 10 Mbit/s down, 5 up, 40 ms, the CPU as it is, 1366x800.

Serving (``--serving``, default both): ``gzip``, as GitHub Pages serves the site (gzip for text,
JavaScript, JSON and WebAssembly; ``max-age``; ETags), and ``none``, the same headers with no
compression (a plain static host).

Per profile and serving mode, ``--runs`` times, alternating, each load in a fresh context (no
cache, no service worker yet):

- ``bare``: PyScript on the same bundled Pyodide printing "hello" (mark ``hello``), and the bytes
  sent for it;
- ``vs computer``, a newcomer's ``#/tsifrograd`` (``--route``): ``board_painted``, the first frame
  with the board; a legal cell clicked at once, ``move_shown`` (the build's answer, when there
  is one), then ``engine_first_answer``: the computer's reply, the engine's own first answer
  (the move list holds two moves and the page is idle); ``bytes_before_answer``: the bytes of
  every response the page and its workers asked for before then;
- ``hot seat``, ``#/tsifrograd/play?vs=human``: ``hot_seat_answered``, a legal cell clicked as
  soon as the board shows, until the engine's move list holds it (no build's answer here).

Prints each load, then per profile and serving mode the medians and their ratios to the bare
page's median, and a JSON line last. ``--dist name=path`` measures another build in the same
run (the site before a change, say).
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import os
import signal
import statistics
import sys
import threading
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from benchmarks.browser import DIST, summary
from benchmarks.page_start import BARE, TIMEOUT, shown
from webtabletop.tools.chromium import ARGS, CHROMIUM
from webtabletop.tools.serve import serve_in_thread

#: name -> link (down, up Mbit/s; round trip ms), CPU slowdown, screen
PROFILES = {
    "mobile": {"link": (1.6, 0.75, 150), "cpu": 4, "phone": True},
    "10/40": {"link": (10, 5, 40), "cpu": 1, "phone": False},
}
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "has_touch": True,
    "is_mobile": True,
    "device_scale_factor": 2,
}
DESKTOP = {"viewport": {"width": 1366, "height": 800}}
LONG = TIMEOUT * 2  # a 1.6 Mbit/s first visit takes 80 s and more
CGROUP = Path("/sys/fs/cgroup/cpu")
#: the site as from a host elsewhere: a page from localhost takes the engine's files unpacked
#: (web/boot-head.js), which the emulated link would make cost what they weigh
PACKED = "index.html?packed=1"
#: the threads of a renderer that run a page's workers (names as /proc shows them, 15 characters)
WORKER_THREADS = ("DedicatedWorker", "ServiceWorker t")


def _ancestors(pid: int) -> set[int]:
    out = set()
    with contextlib.suppress(OSError, ValueError, IndexError):
        while pid > 1:
            with open(f"/proc/{pid}/stat") as f:
                pid = int(f.read().rsplit(")", 1)[1].split()[1])
            out.add(pid)
    return out


class WorkerThrottle:
    """Slows every worker thread of this process's browsers ``rate`` times, as DevTools slows a
    page's main thread: each such thread is moved, as it appears, into a cgroup (v1 CPU
    controller) that may run at most 1/rate of each 100 ms period. Threads are polled every 20 ms;
    the group is removed when the benchmark ends. ``active`` is False where it cannot be made."""

    def __init__(self):
        self.rate = 1
        self.seen: set[int] = set()
        self.path = CGROUP / f"wtt-bench-{os.getpid()}"
        self.active = False
        with contextlib.suppress(OSError):
            self.path.mkdir(exist_ok=True)
            self.active = (self.path / "tasks").exists()
        self._stop = threading.Event()
        if self.active:
            threading.Thread(target=self._poll, daemon=True).start()

    def set_rate(self, rate: float) -> None:
        self.rate = rate
        if self.active:
            period = int((self.path / "cpu.cfs_period_us").read_text())
            (self.path / "cpu.cfs_quota_us").write_text(str(-1 if rate <= 1 else int(period / rate)))

    def _poll(self) -> None:
        while not self._stop.wait(0.02):
            with contextlib.suppress(OSError):  # a process that ends while it is listed
                self._move_new()

    def _move_new(self) -> None:
        me = os.getpid()
        for task in Path("/proc").glob("[0-9]*/task/[0-9]*"):
            tid = int(task.name)
            if tid in self.seen:
                continue
            with contextlib.suppress(OSError):
                if (task / "comm").read_text().strip() not in WORKER_THREADS:
                    continue
                if me not in _ancestors(int(task.parent.parent.name)):
                    continue  # another program's browser
                (self.path / "tasks").write_text(str(tid))
                self.seen.add(tid)

    def close(self) -> None:
        self._stop.set()
        if self.active:
            time.sleep(0.1)
            with contextlib.suppress(OSError):
                self.path.rmdir()


def new_page(browser, profile: dict, throttle: WorkerThrottle, block_sw: bool = False):
    """A fresh context's page on ``profile``'s link, screen and CPU (its workers' too)."""
    ctx = browser.new_context(
        **(PHONE if profile["phone"] else DESKTOP), **({"service_workers": "block"} if block_sw else {})
    )
    page = ctx.new_page()
    cdp = ctx.new_cdp_session(page)
    down, up, rtt = profile["link"]
    cond = {
        "offline": False,
        "latency": rtt,
        "downloadThroughput": down * 125_000,
        "uploadThroughput": up * 125_000,
    }
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", cond)
    if profile["cpu"] > 1:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": profile["cpu"]})
    throttle.set_rate(profile["cpu"])
    calls = itertools.count(1000)

    def attached(ev):  # a worker: its requests go over the same link (the page's conditions)
        for method, params in (
            ("Network.enable", {}),
            ("Network.emulateNetworkConditions", cond),
            ("Runtime.runIfWaitingForDebugger", {}),
        ):
            message = json.dumps({"id": next(calls), "method": method, "params": params})
            cdp.send("Target.sendMessageToTarget", {"sessionId": ev["sessionId"], "message": message})

    cdp.on("Target.attachedToTarget", attached)
    cdp.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": True, "flatten": False})
    return ctx, page


def sent_before(log: list[dict], page, ms: float) -> int:
    """Bytes of the bodies of every request the server got before ``ms`` of ``page``'s time (the
    server logs wall-clock time: the service worker's precache, which starts right after the
    first answer, is not counted)."""
    cutoff = (float(page.evaluate("performance.timeOrigin")) + ms) / 1000
    return sum(e["bytes"] for e in log if e["t"] <= cutoff)


def moves_and_idle(page, moves: int) -> float:
    """ms (page time) when the move list holds ``moves`` moves and the page is idle."""
    handle = page.wait_for_function(
        f"""document.querySelectorAll('.log li').length >= {moves} && window.wttBoot && wttBoot.idle.ready()
        ? performance.now() : 0""",
        timeout=LONG,
        polling=20,
    )
    return float(handle.json_value())


def bare(browser, dist: Path, profile: dict, throttle, compress: bool) -> dict:
    server, url = serve_in_thread(dist, pages=True, compress=compress)
    server.log = []
    ctx, page = new_page(browser, profile, throttle, block_sw=True)
    page.goto(url + "bench/bare.html")
    page.wait_for_function("performance.getEntriesByName('hello').length > 0", timeout=LONG, polling=50)
    t = float(page.evaluate("performance.getEntriesByName('hello')[0].startTime"))
    ctx.close()
    server.shutdown()
    server.server_close()
    return {"bare": t, "bare_bytes": sum(e["bytes"] for e in server.log)}


def first_visit(browser, dist: Path, profile: dict, throttle, compress: bool, route: str) -> dict:
    out: dict = {}
    server, url = serve_in_thread(dist, pages=True, compress=compress)
    server.log = []
    ctx, page = new_page(browser, profile, throttle)
    page.goto(url + PACKED + "#/" + route)
    out["board_painted"] = shown(page, ".board .cell")
    page.locator(".board .cell.legal").first.click(timeout=LONG)
    out["move_shown"] = float(
        page.wait_for_function(
            "document.querySelectorAll('.log li').length > 0 ? performance.now() : 0",
            timeout=LONG,
            polling=20,
        ).json_value()
    )
    out["engine_first_answer"] = moves_and_idle(page, 2)
    out["bytes_before_answer"] = sent_before(server.log, page, out["engine_first_answer"])
    out["start"] = page.evaluate("wttBoot.engine && [wttBoot.engine.mode, wttBoot.engine.phases]")
    ctx.close()
    server.log = []
    ctx, page = new_page(browser, profile, throttle)
    page.goto(url + PACKED + f"#/{route}/play?vs=human")
    shown(page, ".board .cell")
    page.locator(".board .cell.legal").first.click(timeout=LONG)
    out["hot_seat_answered"] = moves_and_idle(page, 1)
    out["hot_seat_bytes"] = sent_before(server.log, page, out["hot_seat_answered"])
    ctx.close()
    server.shutdown()
    server.server_close()
    return out


TIMES = ("engine_first_answer", "hot_seat_answered", "board_painted", "move_shown")
BYTES = ("bytes_before_answer", "hot_seat_bytes")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=2)
    ap.add_argument("--profile", action="append", choices=list(PROFILES), help="default: both")
    ap.add_argument("--serving", action="append", choices=["gzip", "none"], help="default: both")
    ap.add_argument("--route", default="tsifrograd", help="the game whose board is visited")
    ap.add_argument("--site", type=Path, default=DIST, help="the build to measure (default: dist/)")
    ap.add_argument(
        "--dist", action="append", default=[], help="name=path: another build, measured alongside"
    )
    args = ap.parse_args()
    sites = {"site": args.site, **{s.partition("=")[0]: Path(s.partition("=")[2]) for s in args.dist}}
    for dist in sites.values():
        (dist / "bench").mkdir(exist_ok=True)
        (dist / "bench" / "bare.html").write_text(BARE)
    throttle = WorkerThrottle()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # stopped: the cgroup is still removed
    if not throttle.active:
        print(
            "! cannot write a CPU cgroup: the page's workers run at full speed (only the main thread is slowed)"
        )
    result: dict = {
        "benchmark": "first_answer",
        "runs": args.runs,
        "route": args.route,
        "workers_throttled": throttle.active,
    }
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for name in args.profile or list(PROFILES):
                profile = PROFILES[name]
                for serving in args.serving or ["gzip", "none"]:
                    compress = serving == "gzip"
                    bares: list[dict] = []
                    runs: dict[str, list[dict]] = {s: [] for s in sites}
                    for _ in range(args.runs):
                        for site, dist in sites.items():  # a bare load beside each site's
                            bares.append(bare(browser, dist, profile, throttle, compress))
                            r = first_visit(browser, dist, profile, throttle, compress, args.route)
                            runs[site].append(r)
                            print(
                                f"  {name} {serving} {site}: bare {bares[-1]['bare']:.0f} ms; "
                                + ", ".join(f"{k} {r[k]:.0f}" for k in TIMES)
                                + f"; {r['bytes_before_answer'] / 1e6:.2f} MB before the answer; {r['start'] and r['start'][0]}",
                                flush=True,
                            )
                    base = statistics.median(b["bare"] for b in bares)
                    base_bytes = statistics.median(b["bare_bytes"] for b in bares)
                    entry = {"bare_ms": summary([b["bare"] for b in bares]), "bare_bytes": base_bytes}
                    print(
                        f"{name}, {serving}: bare Pyodide page {base / 1000:.1f} s, {base_bytes / 1e6:.2f} MB"
                    )
                    for site, rs in runs.items():
                        rep: dict = {k: summary([r[k] for r in rs]) for k in TIMES}
                        rep["ratios"] = {k: round(rep[k]["median"] / base, 3) for k in TIMES}
                        rep.update({k: statistics.median(r[k] for r in rs) for k in BYTES})
                        rep["bytes_ratio"] = round(rep["bytes_before_answer"] / base_bytes, 3)
                        rep["starts"] = [r["start"] and r["start"][0] for r in rs]
                        entry[site] = rep
                        print(
                            f"  {site}: engine's first answer {rep['ratios']['engine_first_answer']}x "
                            f"({rep['engine_first_answer']['median'] / 1000:.1f} s), hot-seat click answered "
                            f"{rep['ratios']['hot_seat_answered']}x ({rep['hot_seat_answered']['median'] / 1000:.1f} s), "
                            f"board painted {rep['ratios']['board_painted']}x, bytes before the answer "
                            f"{rep['bytes_before_answer'] / 1e6:.2f} MB ({rep['bytes_ratio']}x)"
                        )
                    result.setdefault(name, {})[serving] = entry
            browser.close()
    finally:
        throttle.close()
    print(json.dumps(result))


if __name__ == "__main__":
    main()
