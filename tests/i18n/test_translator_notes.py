"""Translator comments (``#.``) on every entry whose meaning is not plain: what a side's
name placeholder holds, and where a short string shows (i18n/notes.py writes them at extraction)."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from webtabletop.i18n.catalogs import LOCALE_DIR
from webtabletop.i18n.extract import HTT_CARD_CONTEXT
from webtabletop.i18n.notes import notes, screen

SIDE_PLACEHOLDERS = ("player", "winner", "loser", "other", "side", "gainer")


@pytest.fixture(scope="module")
def template():
    with (LOCALE_DIR / "webtabletop.pot").open("rb") as fh:
        return [m for m in read_po(fh) if m.id]


def _text(message) -> str:
    return message.id if isinstance(message.id, str) else message.id[0]


def test_every_side_name_placeholder_is_explained(template):
    bare = [
        (m.context, _text(m))
        for m in template
        for name in SIDE_PLACEHOLDERS
        if f"{{{name}}}" in _text(m) and not any(f"{{{name}}}" in c or "A side's name" in c for c in m.auto_comments)
    ]
    assert not bare, bare


def test_every_short_string_says_where_it_shows(template):
    bare = [
        (m.context, _text(m))
        for m in template
        if m.context != HTT_CARD_CONTEXT
        and len(_text(m).split()) <= 3
        and not re.search(r"\{\w+", _text(m))
        and not m.auto_comments
    ]
    assert not bare, bare


def test_the_notes_follow_the_module():
    assert notes("src/webtabletop/games/dumaraj/rules/texts.py", "{player} to move") == [
        "{player}: White or Black (DumaRaj's sides; Russian: plural «Белые», «Чёрные»)"
    ]
    assert notes("/x/src/webtabletop/app/match/screen.py", "Open") == [
        "Shown in a game with a friend by link (its screen and the list of such games)."
    ]
    assert screen("games/htt/ui/render/rules_page.py") == "HTT's rules page"
    assert screen("games/htt/ui/pages/sets.py").startswith("HTT's own pages")
