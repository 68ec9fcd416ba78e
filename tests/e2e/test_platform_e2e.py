"""Platform checks in a real browser: offline after the first visit, installability, accessibility."""

from __future__ import annotations

import json

import pytest

from tests.e2e.conftest import ROOT, open_app, wait_ready
from tests.e2e.helpers import act, idle, log_count

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
    act(page, page.locator(".cell.legal").first)  # a game is saved from its first move
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
    assert log_count(page) == 1  # the saved hot-seat game resumed offline
    act(page, page.locator(".cell.legal").first)
    assert log_count(page) == 2
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


def crafted_link(game: str, options: bytes) -> str:
    """A link with a valid checksum around any options (what a crafted link can hold)."""
    import base64
    import zlib

    from webtabletop.core.sharelink import _varint

    body = bytes([2]) + _varint(1) + _varint(5) + _varint(len(options)) + options + _varint(0)
    body += (zlib.crc32(game.encode() + body) & 0xFFFFFFFF).to_bytes(4, "little")
    return f"#/{game}?r=" + base64.urlsafe_b64encode(body).rstrip(b"=").decode()


@pytest.mark.parametrize(
    "options",
    ['{"radius":"²"}'.encode(), b'{"radius":' + b"[" * 1900 + b"]" * 1900 + b"}"],
    ids=["superscript-two", "nested-1900-deep"],
)
def test_a_crafted_link_as_the_first_url_shows_an_error_page(browser, site, options):
    ctx = browser.new_context()  # a fresh page: nothing stored, the engine starts for this link
    page = ctx.new_page()
    open_app(page, site, crafted_link("tsifrograd", options))
    assert page.get_attribute("body", "data-route") == "error"
    alert = page.locator(".error-page[role=alert]")
    assert "This share link cannot be opened" in alert.inner_text()
    assert page.locator(".error-page a[href='#/']").is_visible()  # a way home
    assert not page.locator("#loading-text").is_visible()
    stored = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('webtabletop:'))")
    assert stored == []
    ctx.close()


def test_random_text_as_a_link_is_not_a_webtabletop_link(browser, site):
    ctx = browser.new_context()
    page = ctx.new_page()
    open_app(page, site, "#/tsifrograd?r=Hello-this-is-just-some-text")
    assert page.get_attribute("body", "data-route") == "error"
    text = page.locator(".error-page").inner_text()
    assert "not a webtabletop link" in text and "version" not in text
    ctx.close()


def test_a_key_with_quotes_keeps_focus_and_its_toast(browser, site):
    """Focus is restored through CSS.escape after a render, so a value such as 'odd"] name' in a
    data-key neither breaks the page nor loses the answer's toast."""
    ctx = browser.new_context()
    page = ctx.new_page()
    # stored before the page's own scripts run: the engine's start reads storage once (a key set
    # after the page loaded, in the same tab, sends no storage event)
    page.add_init_script("localStorage.setItem('webtabletop:aside:odd\"] name:1', '{broken')")
    open_app(page, site, "#/data")
    button = page.locator("[data-entry='webtabletop:aside:odd\"] name:1'] [data-cmd=export-entry]")
    button.focus()
    with page.expect_download() as download:
        page.keyboard.press("Enter")
    idle(page)
    assert download.value.suggested_filename.endswith(".txt")
    assert page.locator("#toast:not([hidden])").count() == 1
    assert "Downloaded a copy" in page.locator("#toast").inner_text()
    assert page.evaluate("document.activeElement.dataset.key") == 'export:webtabletop:aside:odd"] name:1'
    ctx.close()


def test_your_data_with_games_copies_and_an_import_report_is_accessible(browser, site):
    ctx = browser.new_context()
    page = ctx.new_page()
    open_app(page, site, "#/tsifrograd/play?vs=ai")
    act(page, page.locator(".cell.legal").first)
    page.evaluate(
        "localStorage.setItem('webtabletop:aside:settings:1', '{bad');"
        "localStorage.setItem('webtabletop:backup:game:x:rules:1', '{old')"
    )
    open_app(page, site, "#/data")
    page.reload()
    wait_ready(page)
    assert "Orange (human) vs Blue (computer)" in page.locator("table.saved").inner_text()
    act(page, page.locator("[data-entry='webtabletop:aside:settings:1'] [data-cmd=delete-entry]"))
    assert "cannot be undone" in page.locator(".data").inner_text()
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    bad = [(v["id"], v["impact"]) for v in result["violations"] if v["impact"] in ("serious", "critical")]
    assert bad == [], bad
    act(page, page.locator("[data-cmd=confirm-delete]"))
    assert page.evaluate("localStorage.getItem('webtabletop:aside:settings:1')") is None
    ctx.close()
