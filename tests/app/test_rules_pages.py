"""Rules pages a player can read: the rules first, the way to the lessons at
the top, every correction and the original words it rests on in a "Rules history" at the end;
DumaRaj's Betza codes folded away; HTT's table of sums named where it is."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from tests.app.harness import Page
from webtabletop.app.model.modules import game_view
from webtabletop.core.registry import PLAYABLE
from webtabletop.core.view import GameView
from webtabletop.games.dumaraj.rules.pieces import MOBS
from webtabletop.i18n import catalogs

#: words of each game's corrections (the original's quotes and the version note)
CORRECTION_WORDS = {
    "htt": ("интервал из трёх допустимых сумм", "Hands have 5 cards on the 7-cell board too"),
    "cardgo": ("新的回合获取一张", "Rules version 2 (November 2026) removed a hand limit"),
    "dumaraj": ("Флекс возможно повторить только через 3 хода", "Games recorded before these corrections"),
    "sht": ("場のカードを好きな枚数選んで防御することができます", "Rules version 2 (November 2026)"),
    "tsifrograd": (
        "и она соприкасается как минимум еще с одним вашим числом",
        "Games recorded before this correction",
    ),
}


def rules_html(game: str) -> str:
    page = Page(hash_=f"#/{game}/rules")
    assert page.last["route"] == "rules"
    return page.last["html"]


@pytest.mark.parametrize("game", PLAYABLE)
def test_corrections_are_in_a_rules_history_at_the_end(game):
    html = rules_html(game)
    start = html.index("<section class='rules-history' id='rules-history'><h2>Rules history</h2>")
    rules, history = html[:start], html[start:]
    for words in CORRECTION_WORDS[game]:
        assert words in history and words not in rules, words
    # the last section, after the house rules and play by link: only the page's buttons follow it
    section, rest = history.split("</section>", 1)
    assert "<h3>" in section and "<section" not in section[1:]
    assert re.fullmatch(r"<p class='actions'>.*</p></article>", rest)
    ET.fromstring(section + "</section>")


@pytest.mark.parametrize("game", PLAYABLE)
def test_the_rules_page_opens_with_the_way_to_the_lessons(game):
    html = rules_html(game)
    first = re.search(r"<p class='rules-learn'>(.*?)</p>", html)
    assert first and f'href="#/{game}/learn"' in first.group(1) and "lessons" in first.group(1)
    assert html.index("rules-learn") < html.index("<h2")  # before the rules themselves


def test_dumaraj_shows_each_mob_by_picture_and_name_and_folds_the_betza_codes():
    html = rules_html("dumaraj")
    table = re.search(r'<table class="mobs">(.*?)</table>', html).group(1)
    details = re.search(
        r"<details class='betza'><summary>For those who know Betza notation</summary>(.*?)</details>", html
    )
    assert details, "the Betza codes are in a details block"
    for mob in MOBS.values():
        if len(mob.betza) > 1:  # single letters (K, Q…) are too short to look for
            assert mob.betza not in table and mob.betza in details.group(1)
    assert "<code>" not in table and table.count("<svg") >= len(MOBS)  # each mob's moves on a small board
    outside = html.replace(details.group(0), "")
    assert "mfsW" not in outside and "Betza" not in outside


def test_htts_table_of_sums_is_named_where_it_is():
    html = rules_html("htt")
    table = html.index('id="htt-sums"')
    mention = html.index("table of sums above")
    assert table < mention and "table of sums below" not in html


@pytest.mark.parametrize("tag", ["ru", "zh-Hans", "ja"])
def test_the_new_words_are_translated(tag):
    catalogs.use_language(tag)
    try:
        html = rules_html("dumaraj")
        assert "Rules history" not in html and "For those who know Betza" not in html
        assert "The lessons teach" not in html
        assert "table of sums" not in rules_html("htt")
    finally:
        catalogs.use_language("en")


def test_a_game_without_history_shows_no_empty_section():
    assert GameView().rules_history_html() == ""
    page = Page(hash_="#/tsifrograd/rules")
    view = game_view("tsifrograd")
    view.rules_history_html = lambda: ""  # this instance only
    try:
        page.send({"type": "hash", "hash": "#/tsifrograd/rules"})
        assert "rules-history" not in page.last["html"]
    finally:
        del view.rules_history_html
