"""axe-core on every kind of screen, in every language and both themes, at every impact (minor
included): home, a game against the computer in each of the five games, rules, new game, learn,
a lesson, the guided first game, puzzles and a puzzle, review, the lab, "Your data", friends, a
match by link, HTT's collection and packs.

Lean on purpose (CI runs on 2 cores): one page per language and theme, whose screens are reached
by changing ``location.hash`` (no new engine start per screen). The screens other than the five
games' boards rotate through the games from one page to the next, so that over the eight pages
each kind of screen is checked in every game; and half the pages draw every board in text mode
(app/widgets/textmode.py), each language and each theme once with it and once without.

axe-core is the pinned npm package (package.json), injected from node_modules by this test and
never served to players. Its default rules run (WCAG 2.x A and AA and best practices).
"""

from __future__ import annotations

import json

import pytest

from tests.e2e.conftest import ROOT, open_app
from tests.e2e.helpers import act, go, idle, press
from tests.records import first_moves
from webtabletop.core import sharelink
from webtabletop.learn import catalog
from webtabletop.learn.puzzle import puzzles

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
GAMES = ("tsifrograd", "htt", "sht", "cardgo", "dumaraj")
LANGS = ("en", "ru", "zh-Hans", "ja")
THEMES = ("light", "dark")
REVIEWED = ("tsifrograd", "htt", "sht", "dumaraj")
PAGES = [(lang, theme) for lang in LANGS for theme in THEMES]


def review_link(game: str) -> str:
    """A short finished game to review (its analysis is quick)."""
    record = first_moves(game, 7, 400)
    assert record.replay()[-1].is_over, game
    return sharelink.encode(record)


def screens(n: int) -> list[tuple[str, str]]:
    """(kind, address) of the screens page ``n`` checks: the five boards, then one game's turn at
    every other kind of screen (the game moves on from page to page)."""
    out = [("home", "#/"), ("friends", "#/friends"), ("data", "#/data")]
    out += [(f"play {g}", f"#/{g}/play?vs=ai") for g in GAMES]
    kinds = ["rules", "new", "learn", "lesson", "first", "puzzles", "puzzle", "review", "lab", "match"]
    for k, kind in enumerate(kinds):
        g = GAMES[(n + k) % len(GAMES)]
        if kind == "lesson":
            out.append((f"lesson {g}", f"#/{g}/learn/{catalog.lessons(g)[0].id}"))
        elif kind == "first":
            first = next(x for x in GAMES[(n + k) % 5 :] + GAMES if catalog.first_game(x) is not None)
            out.append((f"first game {first}", f"#/{first}/learn/{catalog.FIRST_GAME}"))
        elif kind == "puzzle":
            out.append((f"puzzle {g}", f"#/{g}/puzzles/{puzzles(g)[0].id}"))
        elif kind == "review":  # CardGO's analysis outlasts the idle wait on this machine: not reviewed here
            g = REVIEWED[(n + k) % len(REVIEWED)]
            out.append((f"review {g}", f"#/{g}/review?b=easy&r={review_link(g)}"))
        elif kind == "match":
            out.append((f"match {g}", f"#/{g}/new?mode=link"))
        else:
            out.append((f"{kind} {g}", f"#/{g}/{kind}"))
    out += [("collection", "#/htt/collection"), ("packs", "#/htt/packs")]
    return out


def violations(page) -> list[dict]:
    result = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    return [
        {"rule": v["id"], "impact": v["impact"], "nodes": [n["target"] for n in v["nodes"]][:4]}
        for v in result["violations"]
    ]


@pytest.mark.parametrize(("lang", "theme"), PAGES, ids=[f"{lang}-{theme}" for lang, theme in PAGES])
def test_axe_finds_no_violation_on_any_screen(browser, site, lang, theme):
    n = PAGES.index((lang, theme))
    text_mode = (LANGS.index(lang) + THEMES.index(theme)) % 2 == 1
    ctx = browser.new_context(viewport={"width": 1366, "height": 800}, color_scheme=theme, service_workers="block")
    ctx.add_init_script(
        "if (!localStorage.getItem('webtabletop:settings')) localStorage.setItem('webtabletop:settings', "
        + json.dumps(json.dumps({"schema": "settings", "version": 1, "data": {"text": text_mode}}))
        + ")"
    )
    page = ctx.new_page()
    open_app(page, site, f"?lang={lang}#/")
    assert page.get_attribute("html", "data-theme") == theme
    found = {}
    for kind, fragment in screens(n):
        go(page, fragment)
        if kind.startswith("match"):  # the new-game form's "Play a friend by link"
            act(page, page.locator("form[data-form=new-game] [type=submit]").first)
            assert page.get_attribute("body", "data-route") == "match", kind
            press(page, "Escape")  # the Share window closes; the match screen stays
        idle(page)
        if not page.evaluate("typeof axe !== 'undefined'"):
            page.add_script_tag(path=str(AXE))
        bad = violations(page)
        if bad:
            found[kind] = bad
    ctx.close()
    assert not found, json.dumps(found, indent=1, ensure_ascii=False)
