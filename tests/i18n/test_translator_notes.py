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


#: placeholders whose name does not say what they hold
UNCLEAR = ("reason", "why", "value", "name", "text", "what", "detail", "title", "error", "field", "file",
           "label", "count", "got", "options", "rule", "rules", "kind", "expected")


def test_every_unclear_placeholder_is_explained(template):
    bare = [
        (_text(m)[:60], name)
        for m in template
        for name in UNCLEAR
        if re.search(rf"\{{{name}[!:}}]", _text(m)) and not any(c.startswith(f"{{{name}}}:") for c in m.auto_comments)
    ]
    assert not bare, bare


def test_a_placeholder_means_what_its_module_makes_it_mean():
    """{reason} is why a game ended, except in HTT's set files, where it is why a file was refused."""
    ended = notes("src/webtabletop/games/sht/rules/summary.py", "{player} wins ({reason})")
    assert any("why the game ended" in n for n in ended), ended
    refused = notes("src/webtabletop/games/htt/ui/pages/set_files.py", "the file {file} cannot be imported: {reason}")
    assert any(n.startswith("{reason}: why the file could not be imported") for n in refused), refused
    assert not any("game ended" in n for n in refused), refused
    assert notes("src/webtabletop/games/tsifrograd/options.py", "not {value}") == [
        "{value}: the option's value as the link or the file gave it (not translated)"
    ]
    assert notes("src/webtabletop/games/tsifrograd/view.py", "{value}") == ["{value}: a number written on a cell"]
    assert notes("src/webtabletop/app/lab/page.py", "stopped: {why}") == [
        "{why}: the error that stopped the lab's run, a translated message"
    ]
