"""A stone's effect badge is a short form of the effect's name in the reader's language:
"Р" for «Радость», "兴" for 高兴, "喜" for 喜び; the card codes keep their letters."""

from __future__ import annotations

import re

import pytest

from webtabletop.core.view import ViewContext
from webtabletop.games.cardgo import VIEW
from webtabletop.games.cardgo.rules.effects import EFFECTS, badge, card_from_code
from webtabletop.games.cardgo.ui.rules_page import rules_html
from webtabletop.i18n import _, catalogs

from .helpers import pos

LANGS = ["en", "ru", "zh-Hans", "ja"]


@pytest.fixture(params=LANGS)
def lang(request):
    catalogs.use_language(request.param)
    yield request.param
    catalogs.use_language("en")


def test_each_badge_is_taken_from_its_effects_name_and_all_differ(lang):
    badges = [badge(e.id) for e in EFFECTS[1:]]
    assert badge(0) == "" and len(set(badges)) == 12, badges
    for e, mark in zip(EFFECTS[1:], badges, strict=True):
        name = _(e.name).lower()
        assert 1 <= len(mark) <= 2 and all(c in name for c in mark.lower()), (lang, e.name, mark, name)
        if lang in ("zh-Hans", "ja"):
            assert len(mark) == 1  # one character of the name


def test_the_stone_and_the_rules_legend_wear_the_same_badge(lang):
    s = pos("\n".join([". . . . ."] * 5), hands=("3J 4", "")).apply_code("0@c3")
    board = VIEW.board(s, ViewContext(viewer=0))
    joy = badge(3)
    assert re.search(rf'<text class="cg-badge"[^>]*>{re.escape(joy)}</text>', board)
    legend = re.search(
        rf"<tr><td>3</td><td>([^<]*)</td><td>{re.escape(_(EFFECTS[3].name))}</td>", rules_html()
    )
    assert legend and legend.group(1) == joy


def test_card_codes_keep_their_letters_in_every_language(lang):
    assert card_from_code("3J").effect == 3 and card_from_code("2A").effect == 6  # Pain's code is A
    assert [e.letter for e in EFFECTS[1:]] == list("IBJPSAKLVUED")
