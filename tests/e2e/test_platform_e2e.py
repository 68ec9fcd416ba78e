"""Platform checks in a real browser: offline after the first visit, installability, accessibility."""

from __future__ import annotations

import json

import pytest

from tests.e2e.conftest import ROOT, open_app, wait_ready
from tests.e2e.helpers import act, log_count

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


def test_offline_reload_then_play(browser, server_control):
    server, url = server_control
    ctx = browser.new_context()
    outside = []
    ctx.on(
        "request", lambda r: outside.append(r.url) if not r.url.startswith((url, "data:", "blob:")) else None
    )
    page = ctx.new_page()
    open_app(page, url, "#/tsifrograd/play?vs=human")
    # the service worker installs only after precaching what the page loads (22 MB: Pyodide, snapshot)
    page.wait_for_function(
        "navigator.serviceWorker && navigator.serviceWorker.controller !== null", timeout=120_000
    )
    cached = page.evaluate(
        """async () => { const names = await caches.keys(); let n = 0, wasm = false, snap = false;
        for (const name of names) { const c = await caches.open(name); const keys = await c.keys(); n += keys.length;
          wasm = wasm || keys.some(r => r.url.includes('pyodide.asm.wasm'));
          snap = snap || keys.some(r => r.url.includes('engine.snap.gz')); } return {n, wasm, snap}; }"""
    )
    assert cached["wasm"] and cached["snap"] and cached["n"] > 20
    server.shutdown()
    server.server_close()
    page.reload()
    wait_ready(page)
    assert page.locator(".board").is_visible()
    assert page.get_attribute("html", "data-engine") == "snapshot"  # the snapshot works offline too
    act(page, page.locator(".cell.legal").first)
    assert log_count(page) == 1
    assert outside == [], f"requests left the site: {outside}"
    ctx.close()


def test_manifest_and_icons_make_it_installable(page, site):
    open_app(page, site)
    href = page.get_attribute("link[rel=manifest]", "href")
    manifest = json.loads(page.request.get(site + href.lstrip("./")).text())
    assert manifest["display"] == "standalone" and manifest["start_url"]
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert page.request.get(site + icon["src"]).ok


SCREENS = [
    "#/",
    "#/tsifrograd/play?vs=human",
    "#/tsifrograd/rules",
    "#/tsifrograd/new",
    "#/data",
    "#/tsifrograd?r=broken",
    "#/cardgo/play?vs=ai",
    "#/dumaraj/play?vs=human",
    "#/dumaraj/editor",
    "#/htt/collection",
    "#/htt/packs",
]


@pytest.mark.parametrize("fragment", SCREENS)
def test_axe_finds_no_serious_violations(page, site, fragment):
    open_app(page, site, fragment)
    if fragment.startswith("#/tsifrograd/play"):
        act(page, page.locator(".cell.legal").first)
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    bad = [
        (v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    assert bad == [], bad
