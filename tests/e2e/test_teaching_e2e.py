"""What a newcomer reads and waits for, on screen (tests/app/test_teaching_texts.py checks every
screen's words in CPython; these show them in a real browser, at 1366×800 and 390×844):

- teaching texts read as sentences: an HTT lesson names its card by its values, SHT's puzzle
  answer says what the attack does and then why, CardGO's cells name no "None" terrain,
  Tsifrograd's lab says "write a number", and no screen holds a code or a broken sentence;
- a guided first game's opponent answers after the reply delay, and the status line then shows
  its move, as in a real game (never the tip's "Hint: …").
"""

from __future__ import annotations

import pytest

from tests.app.test_teaching_texts import BROKEN
from tests.e2e.conftest import open_app
from tests.e2e.helpers import PHONE, act, idle
from webtabletop.games.htt.learn.lessons import FIRST_GAME as HTT_FIRST
from webtabletop.learn import puzzle as P

SIZES = {"1366": {"viewport": {"width": 1366, "height": 800}}, "390": PHONE}

#: every text the page shows or names (visible text, and the labels and titles of elements)
WORDS = """() => {
  const out = [document.querySelector('#app').innerText];
  for (const el of document.querySelectorAll('#app [aria-label], #app [title]')) {
    out.push(el.getAttribute('aria-label') || '', el.getAttribute('title') || '');
  }
  return out.filter(Boolean);
}"""


def broken(page, where: str) -> list[str]:
    found = []
    for text in page.evaluate(WORDS):
        for what, pattern in BROKEN:
            if m := pattern.search(text):
                found.append(f"{where}: {what} ({m.group(0)!r}) in {text[:140]!r}")
    return found


@pytest.fixture(params=list(SIZES))
def sized(browser, request):
    ctx = browser.new_context(**SIZES[request.param])
    yield ctx.new_page()
    ctx.close()


def test_teaching_texts_read_as_sentences_on_screen(sized, site):
    page, found = sized, []
    # HTT's first lesson: the card is named by its values, in the status line and the labels
    open_app(page, site, "#/htt/learn/turn")
    act(page, page.locator("[data-pick='h0']:visible"))  # (HTT draws a wide and a tall board)
    act(page, page.locator("[data-pick='c4']:visible"))  # b2, the middle of the rhombus
    status = page.locator("[data-key='status-line']").inner_text()
    assert "Card 6-1-1-1-1-2" in status and "T611112" not in status, status
    found += broken(page, "htt lesson")
    # SHT's first puzzle, given up: what the attack does, then why
    sht = P.puzzles("sht")[0]
    open_app(page, site, f"#/sht/puzzles/{sht.id}")
    act(page, page.locator("[data-cmd='puzzle-solution']"))
    answer = page.locator("[data-key='puzzle-solution']").inner_text()
    assert "attacks with the" in answer and "That attack beats every defence" in answer, answer
    found += broken(page, "sht puzzle")
    # CardGO: a cell without terrain is "a1, empty"
    open_app(page, site, "#/cardgo/play?vs=ai")
    labels = page.evaluate("[...document.querySelectorAll('.board [aria-label]')].map(e => e.getAttribute('aria-label'))")
    assert any(label.startswith("a1, empty") for label in labels) and not any("None" in x for x in labels)
    found += broken(page, "cardgo play")
    # Tsifrograd's lab: the move item in the game's own words
    open_app(page, site, "#/tsifrograd/lab")
    found += broken(page, "tsifrograd lab")
    # the guided first game: the tip names where the cards turn
    open_app(page, site, "#/htt/learn/first-game")
    found += broken(page, "htt first game")
    assert not found, "\n".join(found[:12])


#: the times (performance.now) at which the status line's sentence changed, and the sentences
WATCH = """() => {
  window.wttLines = [];
  const seen = () => {
    const el = document.querySelector("[data-key='status-line']");
    const text = el ? el.textContent : "";
    const last = window.wttLines[window.wttLines.length - 1];
    if (!last || last.text !== text) window.wttLines.push({ t: performance.now(), text });
  };
  new MutationObserver(seen).observe(document.querySelector('#app'), { subtree: true, childList: true, characterData: true });
  seen();
}"""


@pytest.mark.parametrize("size", list(SIZES))
def test_the_guided_game_replies_after_the_reply_delay_with_a_real_games_status(browser, site, size):
    ctx = browser.new_context(**SIZES[size])
    page = ctx.new_page()
    open_app(page, site, "#/htt/learn/first-game")
    page.evaluate(WATCH)
    clicked = page.evaluate("performance.now()")
    page.locator("section.lesson [data-pick^='h'][data-hint]:visible").first.click()
    idle(page)
    page.locator("section.lesson [data-hint='to']:visible").first.click()
    idle(page)
    lines = page.evaluate("window.wttLines")
    texts = [x["text"] for x in lines]
    mine = next(x for x in lines if x["text"].startswith("Blue plays"))
    reply = next(x for x in lines if x["text"].startswith("Red plays"))
    # the page's "Computer replies" default, 0.7 s, from the learner's move on screen to the reply
    assert reply["t"] - mine["t"] >= 650, texts
    assert mine["t"] > clicked
    assert not any("Hint" in t for t in texts), texts
    assert page.locator("[data-key='status-line']").inner_text().startswith("Red plays")
    assert page.locator("[data-key='status-prev']").inner_text().startswith("Blue plays")
    # the next tip, and the board's mark, are back for the learner's second move
    assert page.locator(".lesson-tip").inner_text().find(HTT_FIRST.tips[1][:30]) >= 0
    ctx.close()
