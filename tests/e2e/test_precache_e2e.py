"""The service worker precaches what the page loads and nothing it never runs, proved with the
list of files real page loads ask the server for (src/webtabletop/tools/precache.py)."""

from __future__ import annotations

import fnmatch
import re

from tests.e2e.conftest import DIST, open_app
from tests.e2e.helpers import act
from webtabletop.tools.precache import FEATURES, LAZY
from webtabletop.tools.serve import serve_in_thread


def precached() -> set[str]:
    return set(re.findall(r'url:"([^"]+)"', (DIST / "sw.js").read_text()))


def requested_by_a_visit(browser, fragment: str, steps) -> set[str]:
    """Every path a visit asks the server for (no service worker: all requests reach it)."""
    server, url = serve_in_thread(DIST)
    server.requested = []
    ctx = browser.new_context(service_workers="block")
    page = ctx.new_page()
    open_app(page, url, fragment)
    steps(page)
    ctx.close()
    server.shutdown()
    server.server_close()
    return {p or "index.html" for p in server.requested}


def play_and_browse(page):
    act(page, page.locator(".cell.legal").first)  # a move, and the computer's answer
    act(page, page.get_by_role("link", name="Rules").first)
    act(page, page.locator("header a[href='#/']").first)


def test_the_precache_is_exactly_what_the_page_loads(browser):
    seen = requested_by_a_visit(browser, "#/tsifrograd", play_and_browse)
    seen |= requested_by_a_visit(browser, "", lambda page: None)
    cache = precached()
    lazy = {p for p in seen if any(re.search(pattern, "/" + p) for pattern in LAZY)}
    assert lazy, "a board visit fetches its pre-rendered screen"
    # every file a visit requests is precached (or cached when first used: screens, catalogs)
    assert seen - lazy <= cache, f"requested but not precached: {sorted(seen - lazy - cache)}"
    # every precached file is requested by a visit, or only by a feature named with its reason
    optional = {p for p in cache if any(fnmatch.fnmatch(p, glob) for glob in FEATURES)}
    assert cache - seen <= optional, f"precached but never requested: {sorted(cache - seen - optional)}"
    # PyScript's editor, terminal and CodeMirror parts are neither requested nor precached
    heavy = [p for p in seen | cache if re.search(r"codemirror|xterm|toml-|zip-|pyodide_graph", p)]
    assert heavy == []
    assert "pyodide/pyodide-lock.json" not in seen | cache  # the engine needs no package index
