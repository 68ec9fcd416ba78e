"""The Share window in a real browser ("Show a QR code of the link, drawn by the
app as SVG"; the windows' conventions: "can be closed (×, Esc, a click outside)").

The QR code is read from the pixels on screen: a screenshot of the code, turned into grey levels by
the browser's own PNG decoder, then decoded by zxing-cpp (an independent decoder).
"""

from __future__ import annotations

import base64
from pathlib import Path

import pytest
import zxingcpp

from tests.e2e.conftest import ROOT, open_app, wait_ready
from tests.e2e.helpers import MIN_TARGET, PHONE, act, board_labels, idle, log_count

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
DESKTOP = {"viewport": {"width": 1366, "height": 800}}
OPEN = "dialog.share-dialog[open]"

GREY = """async (png) => {
  const img = await createImageBitmap(await (await fetch('data:image/png;base64,' + png)).blob());
  const c = new OffscreenCanvas(img.width, img.height);
  const g = c.getContext('2d');
  g.drawImage(img, 0, 0);
  const d = g.getImageData(0, 0, img.width, img.height).data;
  const out = new Uint8Array(img.width * img.height);
  for (let i = 0; i < out.length; i++) out[i] = (d[4 * i] * 299 + d[4 * i + 1] * 587 + d[4 * i + 2] * 114) / 1000;
  let s = ''; for (let i = 0; i < out.length; i += 8192) s += String.fromCharCode(...out.subarray(i, i + 8192));
  return [img.width, img.height, btoa(s)];
}"""


def read_qr_on_screen(page) -> list[str]:
    """What a decoder reads in the QR code as the screen shows it."""
    png = page.locator(f"{OPEN} svg.qr").screenshot()
    width, height, grey = page.evaluate(GREY, base64.b64encode(png).decode())
    pixels = memoryview(base64.b64decode(grey)).cast("B", (height, width))
    return [r.text for r in zxingcpp.read_barcodes(pixels)]


def open_share(page, opener="[data-cmd='share']"):
    """Open the Share window; idle: its QR code (drawn in the worker after the window) is in."""
    act(page, page.locator(opener).first)
    assert page.locator(OPEN).count() == 1
    return page.locator(OPEN)


def close_with(page, how: str) -> None:
    if how == "esc":
        page.keyboard.press("Escape")
    elif how == "x":
        page.locator(f"{OPEN} [data-cmd='close-share']").click()
    else:  # a click on the backdrop, outside the window
        page.mouse.click(4, page.viewport_size["height"] - 4)
    idle(page)
    assert page.locator("dialog.share-dialog").count() == 0


def targets_in(page, root: str) -> list[str]:
    return page.evaluate(
        """([root, min]) => [...document.querySelector(root).querySelectorAll('button, input, a[href]')]
        .filter((el) => el.checkVisibility()).map((el) => [el.dataset.key, el.getBoundingClientRect()])
        .filter(([, r]) => r.width < min - 0.5 || r.height < min - 0.5)
        .map(([k, r]) => `${k} ${Math.round(r.width)}x${Math.round(r.height)}`)""",
        [root, MIN_TARGET],
    )


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_share_window_link_qr_copy_close_and_the_link_opens_the_same_position(browser, site, size):
    ctx = browser.new_context(**(DESKTOP if size == "desktop" else PHONE))
    ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.rstrip("/"))
    page = ctx.new_page()
    open_app(page, site, "#/tsifrograd/play?vs=human")
    act(page, page.locator(".cell.legal").nth(2))
    act(page, page.locator(".cell.legal").nth(5))
    if size == "phone":
        page.locator("[data-menu]").click()  # page-local: web/board.js opens the menu (the menu folds away on a phone)
    dialog = open_share(page)
    assert page.evaluate(f"document.querySelector('{OPEN}').matches(':modal')")
    # the link, selected as soon as the window opens (its field has the focus)
    field = dialog.locator(".share-link")
    link = field.input_value()
    assert link.startswith(site) and "#/tsifrograd?r=" in link
    assert field.get_attribute("readonly") is not None
    assert page.evaluate(
        "(() => { const f = document.activeElement; return f.classList.contains('share-link') "
        "&& f.selectionStart === 0 && f.selectionEnd === f.value.length; })()"
    )
    # the QR code: an accessible picture that reads back as the exact link
    qr = dialog.locator("svg.qr")
    assert qr.get_attribute("role") == "img" and qr.get_attribute("aria-label") == "QR code of the share link"
    box = qr.bounding_box()
    assert 200 <= box["width"] <= 321 and abs(box["width"] - box["height"]) < 1
    assert read_qr_on_screen(page) == [link]
    # the window fits the screen, nothing in it is under 44 px, and axe finds nothing serious
    whole = dialog.bounding_box()
    vw, vh = page.viewport_size["width"], page.viewport_size["height"]
    assert whole["x"] >= 0 and whole["y"] >= 0 and whole["x"] + whole["width"] <= vw and whole["y"] + whole["height"] <= vh
    assert targets_in(page, OPEN) == []
    page.add_script_tag(path=str(AXE))
    result = page.evaluate(f"async () => await axe.run(document.querySelector('{OPEN}'), {{resultTypes: ['violations']}})")
    assert [(v["id"], v["impact"]) for v in result["violations"] if v["impact"] in ("serious", "critical")] == []
    # the system's share sheet: offered only where the browser has one
    has_share = page.evaluate("typeof navigator.share === 'function'")
    assert dialog.locator("[data-native-share]").is_visible() == has_share
    # copy: the clipboard holds the link, a toast says so, the window stays
    act(page, dialog.locator("[data-cmd='copy-link']"))
    assert page.evaluate("navigator.clipboard.readText()") == link
    assert "Share link copied" in page.locator("#toast").inner_text()
    assert page.locator(OPEN).is_visible()
    # keyboard: Tab reaches the window's controls and nothing behind it (the page is inert; past
    # the last control the focus may leave for the browser's own controls, as in every modal)
    reached = set()
    for _ in range(6):
        page.keyboard.press("Tab")
        key = page.evaluate(
            f"(() => {{ const a = document.activeElement; if (!a || a === document.body) return null;"
            f" return document.querySelector('{OPEN}').contains(a) ? a.dataset.key : 'OUTSIDE ' + a.outerHTML.slice(0, 80); }})()"
        )
        assert key is None or not key.startswith("OUTSIDE"), key
        reached.add(key)
    assert {"share-close", "share-link", "share-copy"} <= reached
    # closing: Esc, ×, a click outside; each time the focus returns to the Share button
    for how in ("esc", "x", "outside"):
        close_with(page, how)
        assert page.evaluate("document.activeElement.dataset.key") == "share", how
        assert log_count(page) == 2  # closing changed nothing in the game
        if how != "outside":
            open_share(page)
    # the link opens the same position in a fresh browser
    before = board_labels(page)
    other = browser.new_context(**(DESKTOP if size == "desktop" else PHONE))
    friend = other.new_page()
    friend.goto(link)
    wait_ready(friend)
    assert board_labels(friend) == before and log_count(friend) == 2
    other.close()
    ctx.close()


def test_share_sheet_button_uses_navigator_share_with_the_link(browser, site):
    ctx = browser.new_context(**DESKTOP)
    ctx.add_init_script("navigator.share = (data) => { window.shared = data; return Promise.resolve(); };")
    page = ctx.new_page()
    open_app(page, site, "#/tsifrograd/play?vs=human")
    act(page, page.locator(".cell.legal").first)
    dialog = open_share(page)
    button = dialog.locator("[data-native-share]")
    assert button.is_visible()
    button.click()  # page-local: navigator.share is called in the click itself (a gesture)
    assert page.evaluate("window.shared.url") == dialog.locator(".share-link").input_value()
    ctx.close()


def test_share_from_the_game_over_window_and_back(browser, site):
    from tests.e2e.test_pseudo_e2e import played

    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    open_app(page, site, played("tsifrograd", None))
    assert page.locator(".result-dialog").count() == 1
    open_share(page, ".result-dialog [data-cmd='share']")
    assert page.locator(".result-dialog").count() == 0
    assert read_qr_on_screen(page) == [page.locator(f"{OPEN} .share-link").input_value()]
    close_with(page, "esc")
    assert page.locator(".result-dialog").count() == 1
    assert page.evaluate("document.activeElement.dataset.key") == "result-share"
    ctx.close()


def test_screenshots(browser, site, tmp_path):
    """The window at both sizes, on a DumaRaj game 400 plies long (a dense code: its link is about
    450 characters); saved under the test's temporary folder (docs/screens/share-*.png are made by
    the same steps). The game is not over, so no game-over window takes the first click."""
    from tests.e2e.test_pseudo_e2e import played

    out = Path(tmp_path)
    for name, kw in (("share-1366.png", DESKTOP), ("share-390.png", PHONE)):
        ctx = browser.new_context(**kw)
        page = ctx.new_page()
        open_app(page, site, played("dumaraj", 400, seed=2))
        if "390" in name:
            page.locator("[data-menu]").click()  # page-local: web/board.js opens the menu
        open_share(page)
        assert read_qr_on_screen(page) == [page.locator(f"{OPEN} .share-link").input_value()]
        page.screenshot(path=str(out / name))
        ctx.close()
