"""Text mode's screens against the WCAG 2.2 AA points axe-core cannot see, in both themes, on a
desktop and a phone (app/widgets/textmode.py, web/assets/app.css):

- 2.5.8 target size: every target (cells, list buttons, moves, the box, its button) is at least
  24 × 24 CSS px (tests/e2e/helpers.py measures them; on a phone the app's own floor, 44 px);
- 2.4.7 focus visible: the cell, a list button and the move box each show a ring when the keys
  put the focus there;
- 1.4.11 non-text contrast: each cell's border, a legal cell's border and the focus ring read at
  3:1 or more against what lies next to them (the cell's own background and the page);
- 1.4.3: every text of the text board at 4.5:1 (tests/e2e/contrast.py measures the rendered pixels);
- 2.5.7 dragging: text mode has no drag at all; every move is made by keys (tests/e2e/test_textmode_e2e.py).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.e2e import contrast
from tests.e2e.conftest import open_app
from tests.e2e.helpers import PHONE, assert_targets, idle

GAMES = ("tsifrograd", "htt", "sht", "cardgo", "dumaraj")
TEXT_MODE = (
    "localStorage.setItem('webtabletop:settings', "
    + json.dumps(json.dumps({"schema": "settings", "version": 1, "data": {"text": True}}))
    + ")"
)
#: the focused element's ring and the colours around it, as the browser computed them
FOCUSED = """() => {
  const el = document.activeElement, s = getComputedStyle(el);
  let bg = 'rgba(0, 0, 0, 0)';
  for (let p = el.parentElement; p && /rgba\\(0, 0, 0, 0\\)|transparent/.test(bg); p = p.parentElement)
    bg = getComputedStyle(p).backgroundColor;
  return {role: el.getAttribute('role') || el.tagName.toLowerCase(), style: s.outlineStyle,
          width: parseFloat(s.outlineWidth), ring: s.outlineColor, inside: s.backgroundColor,
          border: s.borderTopColor, page: bg};
}"""


def rgb(css: str) -> tuple[int, int, int]:
    parts = css[css.index("(") + 1 : css.index(")")].split(",")
    return tuple(round(float(p)) for p in parts[:3])  # type: ignore[return-value]


def focused(page) -> dict:
    return page.evaluate(FOCUSED)


def assert_ring(page, where: str) -> None:
    f = focused(page)
    assert f["style"] != "none" and f["width"] >= 2, (where, f)
    assert contrast.ratio(rgb(f["ring"]), rgb(f["page"])) >= 3, (where, f)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", ["1366", "390"])
def test_text_mode_targets_focus_and_contrast(browser, site, size, scheme):
    extra = PHONE if size == "390" else {"viewport": {"width": 1366, "height": 800}}
    ctx = browser.new_context(color_scheme=scheme, service_workers="block", **extra)
    ctx.add_init_script(TEXT_MODE)
    page = ctx.new_page()
    for game in GAMES:
        open_app(page, site, f"#/{game}/play?vs=ai")
        idle(page)
        assert page.get_by_role("grid").count() == 1, game
        assert_targets(page, 44 if size == "390" else 24)
        # the text board's own texts (the rest of the screen: tests/e2e/test_look_e2e.py)
        mine = [r for r in contrast.measure(page) if "text-board" in r.where or "tm-" in r.where]
        assert len(mine) >= 5, game
        # pure black behind a text is no colour of either theme: nothing was photographed there,
        # the part of a grid scrolled sideways out of the screen (DumaRaj's files on a phone)
        low = [r for r in mine if r.ratio < contrast.MINIMUM and tuple(r.background) != (0, 0, 0)]
        assert not low, f"{game}: texts under 4.5:1: {low[:6]}"
        # the board: a cell with the focus, its border and ring
        page.keyboard.press("b")
        cell = focused(page)
        assert cell["role"] == "gridcell", (game, cell)
        assert contrast.ratio(rgb(cell["border"]), rgb(cell["inside"])) >= 3, (game, cell)
        assert contrast.ratio(rgb(cell["border"]), rgb(cell["page"])) >= 3, (game, cell)
        assert_ring(page, f"{game} cell")
        # the lists beside it, then the move box
        page.keyboard.press("h")
        if focused(page)["role"] == "button":
            assert_ring(page, f"{game} list button")
        page.keyboard.press("i")
        assert focused(page)["role"] == "input", game
        assert_ring(page, f"{game} move box")
        page.keyboard.press("Escape")
        if folder := os.environ.get("WTT_SCREENS"):
            page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=str(Path(folder) / f"text-{game}-{scheme}-{size}.png"))
    ctx.close()
