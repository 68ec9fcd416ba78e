"""A first visit sends every file once, and the visit after it plays offline.

The site is served as GitHub Pages serves it (``serve(pages=True)``: ``max-age=600``, ETags, gzip),
and the server logs every response it sends. The page registers its service worker only after the
engine has put what the visit downloaded into the precache (web/engine.mjs, web/keep.mjs), so the
precache fetches only what no one loaded: no file's body may be sent twice. Both starts are
checked (``?snapshot=1`` / ``?snapshot=0`` force the one the engine would choose by measuring),
and the page as a player gets it, which measures and chooses (``chosen``: either start).
The wait is for the service worker to control the page: it activates only after its precache is
complete, so every request of the first visit is in the log by then.
"""

from __future__ import annotations

import contextlib
import re

import pytest

from tests.e2e.conftest import DIST, open_app
from tests.e2e.helpers import act, log_count
from webtabletop.tools.serve import serve_in_thread

SW_TIMEOUT = 120_000


def precached() -> set[str]:
    return set(re.findall(r'url:"([^"]+)"', (DIST / "sw.js").read_text()))


#: each start, with the engine's files as from a host elsewhere (packed), and as from this machine
FORCE = {
    "snapshot": "?snapshot=1&packed=1",
    "fresh": "?snapshot=0&packed=1",
    "chosen": "?packed=1",
    "local": "?snapshot=0",
}


@pytest.mark.parametrize("start", ["snapshot", "fresh", "chosen", "local"])
def test_a_first_visit_sends_every_file_once_then_plays_offline(browser, start):
    server, url = serve_in_thread(DIST, pages=True)
    server.log = []
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        open_app(page, url, f"index.html{FORCE[start]}#/tsifrograd")
        either = {"chosen": ("snapshot", "fresh"), "local": "fresh"}.get(start, start)
        engine = page.get_attribute("html", "data-engine")
        assert engine.startswith(either), engine
        page.wait_for_function(
            "navigator.serviceWorker && navigator.serviceWorker.controller", timeout=SW_TIMEOUT
        )
        sent: dict[str, int] = {}
        for entry in server.log:
            if entry["status"] == 200:
                path = entry["url"].split("?", 1)[0].lstrip("/") or "index.html"
                sent[path] = sent.get(path, 0) + 1
        assert {p for p in precached() if not p.endswith(".webmanifest")} <= set(sent), (
            "the record is complete"
        )
        twice = sorted(p for p, n in sent.items() if n > 1)
        assert twice == [], f"sent more than once on a first visit: {twice}"
        # the bytes came once, and they are all there: the next visit plays with the server stopped
        server.shutdown()
        server.server_close()
        open_app(page, url, f"index.html{FORCE[start]}#/tsifrograd")
        assert page.get_attribute("html", "data-engine").startswith(either)
        act(page, page.locator(".cell.legal").first)
        assert log_count(page) >= 1
    finally:
        ctx.close()
        with contextlib.suppress(Exception):
            server.shutdown()
