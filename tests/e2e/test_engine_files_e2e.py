"""The engine's files (src/webtabletop/tools/engine_files.py) in a real browser: a plain start on
one game fetches that game's modules only; another game, opened later, has its modules fetched
when they are first imported (web/worker.py: Later), and plays. A local server's first visit takes
the same files unpacked, and stores them decoded for the next visit."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import DIST, open_app
from tests.e2e.helpers import act, go, log_count
from webtabletop.tools.serve import serve_in_thread


@pytest.fixture()
def visit(browser):
    """(server recording the paths asked for, its URL, a page of a context without a service worker)."""
    server, url = serve_in_thread(DIST)
    server.requested = []
    ctx = browser.new_context(service_workers="block")
    yield server, url, ctx.new_page()
    ctx.close()
    server.shutdown()
    server.server_close()


def test_a_plain_start_fetches_its_games_modules_and_another_game_s_when_it_opens(visit):
    server, url, page = visit
    open_app(page, url, "index.html?snapshot=0&packed=1#/tsifrograd")
    assert page.get_attribute("html", "data-engine").startswith("fresh")
    engine = {p for p in server.requested if p.startswith("engine/")}
    assert "engine/lib-tsifrograd.zip.zst" in engine
    assert not [p for p in engine if p.startswith("engine/lib-") and "tsifrograd" not in p], sorted(engine)
    assert "pyodide/pyodide.asm.wasm" not in server.requested  # the packed one instead
    go(page, "#/dumaraj/play?vs=human")
    assert "engine/lib-dumaraj.zip.zst" in server.requested  # fetched by the import of its modules
    act(page, page.locator(".board [data-pick]").first)  # a piece, then a square it can go to
    act(page, page.locator(".board g.legal[data-pick]").first)
    assert log_count(page) == 1


def test_a_local_first_visit_takes_the_files_unpacked_and_the_next_reads_them_stored(visit):
    server, url, page = visit
    open_app(page, url, "index.html?snapshot=0#/tsifrograd")
    assert "engine/lib.zip" in server.requested and "engine/lib.zip.zst" not in server.requested
    act(page, page.locator(".cell.legal").first)  # the first answer: then the copies are stored
    page.wait_for_function(
        """async () => { const c = await caches.open("webtabletop-unpacked");
        return (await c.keys()).some((r) => r.url.includes("pyodide.asm.wasm.zst")); }""",
        timeout=60_000,
    )
    server.requested = []
    open_app(page, url, "index.html?snapshot=0&packed=1#/tsifrograd")
    assert not [p for p in server.requested if p.startswith("engine/") and p.endswith((".zst", ".zip"))]
    assert log_count(page) >= 1  # the saved game, replayed by the engine from the stored files
