"""Every status and prompt line wraps inside its column: no sentence is cut off, on a desktop
(1366×800) or a phone (390×844), in English and in Russian (whose words are longer). For every
game: a game in the middle (the last move's sentence on screen) and its first lesson.

A line is cut when its text is wider or taller than its box (clipped, an ellipsis, a line clamp),
when its box leaves the column it sits in, or, for a board's words drawn in SVG, when the text
leaves its drawing (SVG text never wraps: "Drag a hand card onto an empty cell (or pick" was
CardGO's line under the board)."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import open_app
from tests.e2e.helpers import PHONE, go, idle
from tests.e2e.test_review_games_e2e import fixed_record
from webtabletop.core import sharelink
from webtabletop.core.registry import PLAYABLE

SIZES = {"1366": {"viewport": {"width": 1366, "height": 800}}, "390": PHONE}
LANGS = ("en", "ru")
#: the screens' lines of words (the game, a lesson, a puzzle share them)
LINES = ".status-line, .status-prev, .prompt, .board-foot, .lesson-goal p, .lesson-verdict, .message, .turn-words"

#: each visible line that is cut off, and each SVG text that leaves its drawing
CUT = """(lines) => {
  const out = [];
  const say = (e, why) => out.push(`${why}: ${e.tagName.toLowerCase()}.${String(e.className.baseVal ?? e.className)} "${e.textContent.trim().slice(0, 60)}"`);
  for (const e of document.querySelectorAll(lines)) {
    if (!e.checkVisibility() || !e.textContent.trim()) continue;
    if (e.scrollWidth > e.clientWidth + 1) say(e, 'wider than its box');
    if (getComputedStyle(e).overflowY !== 'visible' && e.scrollHeight > e.clientHeight + 1) say(e, 'taller than its box');
    const r = e.getBoundingClientRect();
    const column = (a) => a && a.closest('.board-col, .side, .board-wrap, section, main');
    let col = column(e.parentElement);
    while (col && getComputedStyle(col).display === 'contents') col = column(col.parentElement);
    const c = col ? col.getBoundingClientRect() : { left: 0, right: document.documentElement.clientWidth };
    if (r.right > c.right + 1 || r.left < c.left - 1) say(e, 'outside its column');
    if (r.right > document.documentElement.clientWidth + 1) say(e, 'outside the screen');
  }
  for (const t of document.querySelectorAll('svg text')) {
    if (!t.checkVisibility() || !t.textContent.trim()) continue;
    let svg = t.ownerSVGElement;
    while (svg.ownerSVGElement) svg = svg.ownerSVGElement;
    const r = t.getBoundingClientRect(), s = svg.getBoundingClientRect();
    if (r.width && (r.right > s.right + 1 || r.left < s.left - 1)) say(t, 'outside its drawing');
  }
  return out;
}"""


def mid_game(game: str) -> str:
    """A game against the computer halfway through the fixed record, the last move's sentence on
    screen."""
    record = fixed_record(game)
    half = record.with_moves(record.moves[: max(2, len(record.moves) // 2)])
    return sharelink.make_hash(half)


def first_lesson(page) -> str:
    href = page.locator("a[href*='/learn/']").first.get_attribute("href")
    assert href, "the lesson list links no lesson"
    return href[href.index("#") :]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_every_line_wraps_inside_its_column(browser, site, size, lang):
    ctx = browser.new_context(**SIZES[size], service_workers="block")
    page = ctx.new_page()
    open_app(page, site, f"?lang={lang}#/")
    cut: dict[str, list[str]] = {}
    for game in PLAYABLE:
        screens = {"game": mid_game(game), "new": f"#/{game}/play?vs=ai&level=easy"}
        for name, fragment in screens.items():
            go(page, fragment)
            cut[f"{game} {name}"] = page.evaluate(CUT, LINES)
        go(page, f"#/{game}/learn")
        go(page, first_lesson(page))
        idle(page)
        cut[f"{game} lesson"] = page.evaluate(CUT, LINES)
    ctx.close()
    assert {k: v for k, v in cut.items() if v} == {}
