"""Each game in each language at phone size: for the five games and for
Russian, Chinese and Japanese, a position a few moves into a game (a share link: the board, the
hand and the status line on one 390×844 screen), the top of the rules page and the lesson list.

Each screen must fit the phone (nothing sticks out sideways; the board, the prompt and the hand
need no scrolling), speak the language (its turn line, no English word outside the designers'
names) and is saved for a native reader's look: to ``WTT_SCREENS`` (``WTT_SCREENS=docs/screens``
makes ``docs/screens/i18n-<lang>-390-<game>[-rules|-learn].png``) or to the test's own folder.
One browser context per language; screens are reached by changing ``location.hash``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.e2e.conftest import open_app
from tests.e2e.helpers import PHONE, act, assert_fits, go
from tests.e2e.test_language_e2e import SHORT_NAMES, _translated, turn_pattern
from tests.e2e.test_pseudo_e2e import english_words, played
from webtabletop.app.model.modules import game_view
from webtabletop.core.registry import PLAYABLE, get_game

LANGS = ("ru", "zh-Hans", "ja")
#: seeded random plies per game (test_pseudo_e2e.played): a few moves in, nobody has won yet, the
#: side to move holds a hand (CardGO, HTT, SHT) and the log has a few lines to read
PLIES = {"tsifrograd": 6, "cardgo": 6, "dumaraj": 6, "htt": 4, "sht": 4}
#: the hand of the side to move: its cards are tokens of the board contract (docs/board.md)
HAND = {
    "cardgo": "[data-pick^='h'], [data-drag^='h']",
    "htt": "[data-pick^='h']",
    "sht": ".board-wrap .legal",
}
#: names kept as the designers wrote them in every language (glossaries: Proximity, the Flash
#: original of Tsifrograd; piCSbumm, DumaRaj's agreed extra move; CardGO, the game's own name)
KEPT = ("Proximity", "piCSbumm", "CardGO")
#: a reading screenshot: one CSS px per pixel keeps the files small and the text as a phone shows it
SCALE = 1


def out_folder(tmp_path) -> Path:
    return Path(os.environ.get("WTT_SCREENS") or tmp_path)


@pytest.fixture(scope="module", params=LANGS)
def phone_in(request, browser, site):
    """A 390×844 touch phone whose app speaks ``request.param``."""
    ctx = browser.new_context(**{**PHONE, "device_scale_factor": SCALE}, service_workers="block")
    page = ctx.new_page()
    open_app(page, site, f"?lang={request.param}#/")
    assert page.get_attribute("html", "lang") == request.param
    yield request.param, page
    ctx.close()


#: visible elements that stick out of the screen sideways (cut off: the page clips its overflow),
#: except inside a box that scrolls sideways on purpose (a wide table on a phone)
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const scrolls = (e) => {
    for (let a = e.parentElement; a && a !== document.body; a = a.parentElement)
      if (['auto', 'scroll'].includes(getComputedStyle(a).overflowX)) return true;
    return false;
  };
  return [...document.querySelectorAll('body *')]
    .filter(e => e.checkVisibility() && !e.closest('.visually-hidden, svg') && !scrolls(e))
    .filter(e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.right > 0 && (r.right > width + 1 || r.left < -1); })
    .map(e => `${e.tagName.toLowerCase()}.${String(e.className).split(' ').join('.')} ${e.innerText?.slice(0, 30)} `
      + `${Math.round(e.getBoundingClientRect().left)}..${Math.round(e.getBoundingClientRect().right)}`)
    .slice(0, 15);
}"""


def fits_sideways(page) -> None:
    wide = page.evaluate(OVERFLOW)
    assert not wide, f"sticking out of the {page.viewport_size['width']} px screen: {wide}"


def no_english(page, game: str, tag: str, roots: str) -> None:
    title = _translated(tag, get_game(game).title)
    texts = page.evaluate("(s) => [...document.querySelectorAll(s)].map(e => e.innerText)", roots)
    left = [t for t in texts if english_words(t, (title, *SHORT_NAMES.get(game, ()), *KEPT))]
    assert not left, f"{game} in {tag}: {left}"


@pytest.mark.parametrize("game", PLAYABLE)
def test_mid_game_in_each_language_at_phone_size(phone_in, game, tmp_path):
    tag, page = phone_in
    link = played(game, PLIES[game])
    go(page, link)
    if page.locator("#toast:not([hidden])").count():  # "the shared game was opened": read, closed
        page.locator("#toast [data-toast-close]").click()
        page.wait_for_selector("#toast", state="hidden")
    if page.locator("[data-key='reveal']").count():  # the hot-seat privacy screen
        act(page, page.locator("[data-key='reveal']"))
    page.screenshot(path=str(out_folder(tmp_path) / f"i18n-{tag}-390-{game}.png"), full_page=True)
    assert page.locator(f".game[data-game='{game}'] .board-wrap").count() == 1
    assert page.locator(".log li").count() == PLIES[game]
    turn = page.locator(".turn").inner_text().strip().splitlines()[0]  # then HTT's score
    assert turn_pattern(tag, game_view(game).side_names_plural).fullmatch(turn), turn
    if game in HAND:  # the side to move sees its hand (SHT: the cards it may play or put forward)
        assert page.locator(HAND[game]).count() >= 1
    no_english(page, game, tag, ".prompt, .turn, .score, .variant, .log")
    assert_fits(page)
    fits_sideways(page)


@pytest.mark.parametrize("game", PLAYABLE)
def test_rules_page_and_lesson_list_in_each_language_at_phone_size(phone_in, game, tmp_path):
    tag, page = phone_in
    go(page, f"#/{game}/rules")
    page.screenshot(path=str(out_folder(tmp_path) / f"i18n-{tag}-390-{game}-rules.png"))
    assert page.locator("article.rules h1").count() == 1
    no_english(page, game, tag, "article.rules h1")
    fits_sideways(page)
    go(page, f"#/{game}/learn")
    page.screenshot(path=str(out_folder(tmp_path) / f"i18n-{tag}-390-{game}-learn.png"), full_page=True)
    assert page.locator("[data-lesson]").count() >= 8
    no_english(page, game, tag, "[data-lesson], [data-first-game]")
    fits_sideways(page)
