"""The layout a newcomer met, on screen at 1366×800 and 390×844:

- the home page: Tsifrograd's card (the fifth) on the first screen of a desktop, and each card's
  buttons in two groups (HTT's seven pages are one link);
- the phone header on one line in Russian (and every language);
- SHT's move list: a long move wraps, never cut with "…";
- "Look at the board" puts the result bar where it covers no part of the board;
- the phone subtitle (the game's options) wraps, never cut;
- DumaRaj's review: both sides of the win-chance chart and bar at 3:1 against the page and each
  other, in both themes (the colours drawn, read back from the page).
"""

from __future__ import annotations

import pytest

from tests.e2e.conftest import open_app
from tests.e2e.helpers import PHONE, act
from tests.records import first_moves
from webtabletop.core.sharelink import encode
from webtabletop.core.view import CHART_CONTRAST, contrast

SIZES = {"1366": {"viewport": {"width": 1366, "height": 800}}, "390": PHONE}


@pytest.fixture()
def context_of(browser):
    made = []

    def make(size: str, scheme: str = "light", locale: str = "en-US"):
        ctx = browser.new_context(color_scheme=scheme, locale=locale, service_workers="block", **SIZES[size])
        made.append(ctx)
        return ctx.new_page()

    yield make
    for ctx in made:
        ctx.close()


def box(page, selector: str) -> dict:
    return page.locator(selector).first.bounding_box()


def test_every_game_card_is_on_a_desktops_first_screen_with_its_buttons_in_two_groups(context_of, site):
    page = context_of("1366")
    open_app(page, site)
    for game in ("htt", "cardgo", "dumaraj", "sht", "tsifrograd"):
        card = f".game-card[data-game='{game}']"
        for part in (f"{card} h2", f"{card} a[href='#/{game}/play?vs=ai']"):
            b = box(page, part)
            assert b["y"] >= 0 and b["y"] + b["height"] <= 800, f"{part} is below the fold: {b}"
    htt = page.locator(".game-card[data-game='htt']")
    assert htt.locator(".actions:not(.more) a").count() <= 4  # the big buttons start a game
    assert htt.locator("a").count() <= 8  # 14 before: the seven pages are one link
    assert htt.locator(".actions.more a[href='#/htt/collection']").count() == 1


@pytest.mark.parametrize("locale", ["ru-RU", "en-US", "ja-JP", "zh-CN"])
def test_the_phone_header_is_one_line(context_of, site, locale):
    page = context_of("390", locale=locale)
    open_app(page, site)
    lines = page.evaluate(
        """() => [...document.querySelectorAll('header.top a')].map((a) => {
          const tops = new Set();
          for (const node of a.childNodes) {  // the words only (the brand's icon is an image)
            if (node.nodeType !== 3 || !node.textContent.trim()) continue;
            const range = document.createRange(); range.selectNodeContents(node);
            for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top));
          }
          return [a.textContent.trim(), tops.size];
        })"""
    )
    assert all(n == 1 for _text, n in lines), lines
    top = page.locator("header.top")
    assert page.evaluate("(el) => el.scrollWidth <= el.clientWidth", top.element_handle())
    assert top.bounding_box()["height"] <= 48


CUT = """(sel) => [...document.querySelectorAll(sel)].filter((el) =>
  el.scrollWidth > el.clientWidth + 1 || getComputedStyle(el).textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth
).map((el) => el.textContent.trim())"""


@pytest.mark.parametrize("size", list(SIZES))
def test_shts_move_list_rows_wrap_and_the_result_bar_leaves_the_board_free(context_of, site, size):
    record = first_moves("sht", 3, 400)  # a whole game of first legal moves
    page = context_of(size, locale="ru-RU")  # the longest move names ("кладёт открытой … (преимущество)")
    open_app(page, site, f"#/sht?r={encode(record)}")
    assert page.evaluate(CUT, ".log button") == []
    assert page.locator(".log button").count() >= 10
    act(page, page.locator(".result-dialog [data-peek]"))
    assert page.locator(".result-dialog.peek").count() == 1
    bar, board = box(page, ".result-dialog.peek"), box(page, ".board-wrap")
    assert bar["y"] + bar["height"] <= board["y"] or bar["y"] >= board["y"] + board["height"], (bar, board)


@pytest.mark.parametrize("locale", ["ru-RU", "ja-JP"])
def test_the_phone_subtitle_wraps_and_is_never_cut(context_of, site, locale):
    page = context_of("390", locale=locale)
    for game in ("cardgo", "dumaraj", "tsifrograd"):
        open_app(page, site, f"#/{game}/play?vs=ai")
        variant = page.locator(".game-head .variant")
        assert page.evaluate(CUT, ".game-head .variant") == [], game
        b = variant.bounding_box()
        assert b["x"] >= 0 and b["x"] + b["width"] <= 390, (game, b)


#: the colours drawn for each side of the chart and of the bar, and the page behind them
DRAWN = """() => {
  const cs = (sel, prop) => getComputedStyle(document.querySelector(sel))[prop];
  return {
    graph: [cs('.review-graph .g-area', 'fill'), cs('.review-graph .g-bg', 'fill')],
    bar: [cs('.eval-bar .p0', 'backgroundColor'), cs('.eval-bar', 'backgroundColor')],
    opacity: [cs('.review-graph .g-area', 'opacity'), cs('.review-graph .g-bg', 'opacity')],
    page: cs('body', 'backgroundColor'),
  };
}"""


def hex_of(css: str) -> str:
    parts = css[css.index("(") + 1 : css.index(")")].replace(",", " ").split()
    return "#" + "".join(f"{int(float(v)):02x}" for v in parts[:3])


@pytest.mark.parametrize(("size", "scheme"), [("1366", "light"), ("1366", "dark"), ("390", "dark")])
def test_dumarajs_review_chart_sides_read_at_3_to_1(context_of, site, size, scheme):
    page = context_of(size, scheme)
    open_app(page, site, f"#/dumaraj/review?r={encode(first_moves('dumaraj', 1, 12))}")
    drawn = page.evaluate(DRAWN)
    assert drawn["opacity"] == ["1", "1"]  # opaque: the page does not show through
    back = hex_of(drawn["page"])
    for part in ("graph", "bar"):
        white, black = (hex_of(c) for c in drawn[part])
        assert contrast(white, back) >= CHART_CONTRAST, (part, "White", white, back)
        assert contrast(black, back) >= CHART_CONTRAST, (part, "Black", black, back)
        assert contrast(white, black) >= CHART_CONTRAST, (part, white, black)
