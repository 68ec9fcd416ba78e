"""The history of finished games and "Continue learning" in a real browser, at 1366×800 and at
390×844 (touch): a game finished against the computer lands once (a reload, another tab and the
game reopened add nothing) and its review reopens from the history; a hot-seat game lands as
hot-seat; results by opponent with their win rates (also in Japanese, in the dark theme); the
export is a file "Your data" imports back; a damaged entry is set aside with a message and the
rest is shown; the cap warns before it is reached and a game past it is kept as its result only,
said on screen; the home page's "Continue learning" names the next lesson and the stars. A game
with a friend by link lands in both players' histories (tests/e2e/test_match_endings_e2e.py).

Screenshots go to ``WTT_SCREENS`` (``history-*.png``) or to the test's own folder."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.e2e.conftest import open_app
from tests.e2e.helpers import PHONE, act, go, idle
from tests.e2e.test_endings_e2e import open_menu
from webtabletop.app.model import history
from webtabletop.core.ending import resign_code
from webtabletop.learn import catalog

SIZES = {"desktop": {"viewport": {"width": 1366, "height": 800}}, "phone": PHONE}
#: sets the documents once per browser context, before the page's own scripts read storage
SEED = """
(docs) => {
  if (localStorage.getItem("test-seeded")) return;
  for (const [k, v] of Object.entries(docs)) localStorage.setItem(k, v);
  localStorage.setItem("test-seeded", "1");
}
"""


def shot(page, name: str, tmp_path) -> None:
    folder = Path(os.environ.get("WTT_SCREENS") or tmp_path)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(folder / f"history-{name}.png"), full_page=True)


def context(browser, size: str, **extra):
    return browser.new_context(**SIZES[size], **extra)


def seeded(ctx, docs: dict[str, str]) -> None:
    ctx.add_init_script(f"({SEED})({json.dumps(docs)})")


def doc(game: str, date: float, level: str | None, winner: int | None, side: int | None = 0) -> str:
    """A finished game's stored text: a resignation (or an agreed draw) at once."""
    reason = "resignation" if winner is not None else "draw agreed"
    code = resign_code(1 - winner if winner is not None else 0)
    return history.document(
        {
            "game": game,
            "date": date,
            "opponent": {"kind": "ai", "level": level} if level else {"kind": "hotseat"},
            "side": side if level else None,
            "result": {"winner": winner, "reason": reason},
            "moves": 1,
            "record": {"format": "webtabletop-record", "version": 1, "game": game, "options": {}, "seed": 5,
                       "moves": [code]},
        }
    )


def many(n: int, start: float = 1.7e12) -> dict[str, str]:
    """``n`` finished HTT games against the easy computer, all won, one second apart."""
    return {history.key("htt", f"{i:016x}"): doc("htt", start + 1000 * i, "easy", 0) for i in range(n)}


def resign(page) -> None:
    """Resign the game on screen (on a phone, from its menu), confirmed."""
    open_menu(page)
    act(page, page.locator("[data-key='resign']"))
    act(page, page.locator(".ending-dialog [data-key='resign-confirm']"))


def stored_history(page) -> list[str]:
    return page.evaluate(
        "() => Object.keys(localStorage).filter((k) => k.startsWith('webtabletop:history:')).sort()"
    )


def cells(page, opponent: str) -> list[str]:
    """The results row of ``opponent`` (``ai:easy``, ``hotseat:``, ``all``): its numbers."""
    return page.locator(f"table.stats tr[data-opponent='{opponent}'] td").all_inner_texts()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_game_lands_once_and_its_review_reopens(browser, site, size, tmp_path):
    ctx = context(browser, size)
    page = ctx.new_page()
    open_app(page, site, "#/tsifrograd/play?vs=ai&level=easy")
    act(page, page.locator(".cell.legal").first)  # a move, the computer's reply
    resign(page)
    go(page, "#/history")
    assert page.locator("ol.finished-games li.finished").count() == 1
    assert cells(page, "ai:easy") == ["1", "0", "0", "1", "0%"]
    shot(page, f"one-{size}", tmp_path)
    # a reload of the finished game, the same game in another tab, the history reloaded: still one
    go(page, "#/tsifrograd")
    page.reload()
    idle(page)
    other = ctx.new_page()
    open_app(other, site, "#/tsifrograd")
    other.close()
    go(page, "#/history")
    page.reload()
    idle(page)
    assert len(stored_history(page)) == 1
    assert page.locator("ol.finished-games li.finished").count() == 1
    assert "Lost (resignation) · 3 moves" in page.locator("li.finished .finished-result").inner_text()
    # its review reopens from the history, at the game's end
    act(page, page.locator("li.finished a", has_text="Review"))
    assert "/tsifrograd/review?" in page.url
    assert page.locator("section.review").count() == 1
    assert page.locator(".review-progress").count() == 0  # analysed to its end, the resignation too
    assert "not a legal move" not in page.locator("#toast").inner_text()
    assert "resign" in page.locator("section.review .log, section.review ol").first.inner_text().lower()
    shot(page, f"review-{size}", tmp_path)
    ctx.close()


def test_a_hot_seat_game_lands_as_hot_seat(browser, site):
    ctx = context(browser, "desktop")
    page = ctx.new_page()
    open_app(page, site, "#/dumaraj/play?vs=human")
    resign(page)
    go(page, "#/history")
    assert cells(page, "hotseat:") == ["1", "—", "0", "—", "—"]
    assert "White won 0, Black won 1" in page.locator("section.history").inner_text()
    ctx.close()


@pytest.mark.parametrize(("size", "scheme", "lang"), [("desktop", "light", "en"), ("phone", "dark", "ja")])
def test_results_by_opponent_with_win_rates(browser, site, size, scheme, lang, tmp_path):
    docs = {
        history.key("htt", "0000000000000001"): doc("htt", 1.7e12, "easy", 0),
        history.key("htt", "0000000000000002"): doc("htt", 1.7e12 + 1, "easy", 0),
        history.key("sht", "0000000000000003"): doc("sht", 1.7e12 + 2, "easy", 1),
        history.key("sht", "0000000000000004"): doc("sht", 1.7e12 + 3, "hard", None),
        history.key("cardgo", "0000000000000005"): doc("cardgo", 1.7e12 + 4, None, 1),
    }
    ctx = context(browser, size, color_scheme=scheme)
    seeded(ctx, docs)
    page = ctx.new_page()
    open_app(page, site, ("?lang=ja" if lang == "ja" else "") + "#/history")
    assert cells(page, "ai:easy") == ["3", "2", "0", "1", "67%"]
    assert cells(page, "ai:hard") == ["1", "0", "1", "0", "0%"]
    assert cells(page, "hotseat:") == ["1", "—", "0", "—", "—"]
    assert cells(page, "all") == ["4", "2", "1", "1", "50%"]
    if lang == "ja":
        assert "相手ごとの成績" in page.locator("section.history").inner_text()
    # one game's results: SHT only
    act(page, page.locator("nav.history-games a[href*='game=sht']"))
    assert cells(page, "ai:easy") == ["1", "0", "0", "1", "0%"]
    assert page.locator("ol.finished-games li.finished").count() == 2
    # the page fits its width: no sideways scrolling
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    shot(page, f"stats-{size}-{scheme}-{lang}", tmp_path)
    ctx.close()


def test_the_export_is_imported_back_by_your_data(browser, site, tmp_path):
    docs = many(3)
    ctx = context(browser, "desktop")
    seeded(ctx, docs)
    page = ctx.new_page()
    open_app(page, site, "#/history")
    with page.expect_download() as got:
        act(page, page.locator("[data-cmd='history-export']"))
    file = tmp_path / "history.json"
    got.value.save_as(file)
    page.evaluate("(ks) => ks.forEach((k) => localStorage.removeItem(k))", list(docs))
    go(page, "#/data")
    page.reload()
    idle(page)
    page.locator("input[type=file][data-import]").set_input_files(str(file))
    idle(page)
    assert stored_history(page) == sorted(docs)
    assert all(page.evaluate(f"localStorage.getItem({json.dumps(k)})") == v for k, v in docs.items())
    go(page, "#/history")
    assert page.locator("ol.finished-games li.finished").count() == 3
    ctx.close()


def test_a_damaged_entry_is_set_aside_and_the_rest_is_shown(browser, site):
    docs = many(2)
    broken = history.key("htt", "00000000000000ff")
    ctx = context(browser, "desktop")
    seeded(ctx, {**docs, broken: '{"schema": "finished-game", "version": 1, "data": {"game": "htt"'})
    page = ctx.new_page()
    open_app(page, site, "#/history")
    assert page.locator("ol.finished-games li.finished").count() == 2
    notices = page.locator(".notices, [role=alert], [role=status]").all_inner_texts()
    assert any("kept aside" in n for n in notices), notices
    kept = page.evaluate("() => Object.keys(localStorage)")
    assert all(k in kept for k in docs) and broken not in kept
    copies = [k for k in kept if k.startswith("webtabletop:aside:")]
    assert len(copies) == 1
    assert page.evaluate(f"localStorage.getItem({json.dumps(copies[0])})").startswith('{"schema"')
    ctx.close()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_cap_warns_first_and_a_game_past_it_is_kept_as_its_result(browser, site, size, tmp_path):
    ctx = context(browser, size)
    seeded(ctx, many(499))
    page = ctx.new_page()
    open_app(page, site, "#/tsifrograd/play?vs=ai&level=easy")
    resign(page)  # the 500th game: kept in full, and the history says it is full
    text = page.locator("body").inner_text()
    assert "Your history of finished games is 100% full (500 of 500 games)." in text
    shot(page, f"warning-{size}", tmp_path)
    act(page, page.locator("[data-cmd='dismiss-notices']").first)
    go(page, "#/tsifrograd/play?vs=ai&level=easy")
    if page.locator("[data-key='resign']").count() == 0 and page.locator("[data-cmd='rematch']").count():
        act(page, page.locator("[data-cmd='rematch']").first)
    resign(page)  # the 501st: kept as its result only, and said so
    assert "this game was kept as its result only" in page.locator("body").inner_text()
    assert len(stored_history(page)) == 501
    go(page, "#/history")
    newest = page.locator("ol.finished-games li.finished").first
    assert "(kept as its result only)" in newest.inner_text()
    assert newest.locator("a", has_text="Review").count() == 0
    assert "1 older game is kept as its result only." in page.locator("section.history").inner_text()
    ctx.close()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_continue_learning_names_the_next_lesson_and_the_stars(browser, site, size, tmp_path):
    lessons = catalog.lessons("tsifrograd")
    stars = 3 * len(lessons)
    ctx = context(browser, size)
    page = ctx.new_page()
    open_app(page, site, "#/")
    assert page.locator("aside.continue-learning").count() == 0  # no game played yet
    open_app(page, site, f"#/tsifrograd/learn/{lessons[0].id}")
    act(page, page.locator(".lesson [data-move].legal").first)  # lesson 1: three stars
    open_app(page, site, "#/tsifrograd/play?vs=ai&level=easy")
    resign(page)
    go(page, "#/")
    box = page.locator("aside.continue-learning")
    assert box.get_attribute("data-continue") == "tsifrograd"
    text = box.inner_text()
    assert f"Next: lesson 2 of {len(lessons)}, “{lessons[1].title}”." in text
    assert f"3 stars of {stars} in lessons" in text
    shot(page, f"continue-{size}", tmp_path)
    act(page, box.get_by_role("link", name="Continue"))
    assert page.locator(f"section.lesson[data-lesson='{lessons[1].id}']").count() == 1
    ctx.close()
