"""DumaRaj in the players' languages: every string of the package is translated in ru, zh_Hans
and ja with its placeholders intact, Russian uses the designer's own words, and a pseudo-locale
render leaves no English word on the board, panel, prompt or status."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from webtabletop.core.view import ViewContext
from webtabletop.games.dumaraj import SPEC, VIEW
from webtabletop.i18n import catalogs
from webtabletop.i18n.catalogs import use_language

PLACEHOLDER = re.compile(r"\{[^{}]*\}")


@pytest.fixture(autouse=True)
def back_to_english():
    yield
    use_language("en")


@pytest.mark.parametrize("tag", ["ru", "zh-Hans", "ja"])
def test_every_dumaraj_string_is_translated_with_its_placeholders(tag):
    with catalogs.po_path(tag).open("rb") as fh:
        po = read_po(fh, locale=catalogs.LOCALES[tag])
    ours = [m for m in po if m.id and any("games/dumaraj/" in loc[0] for loc in m.locations)]
    assert len(ours) > 150
    for m in ours:
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        strings = [m.string] if isinstance(m.string, str) else list(m.string)
        assert all(strings), (tag, m.id)
        for s in strings:
            assert set(PLACEHOLDER.findall(s)) == set(PLACEHOLDER.findall(ids[-1])), (tag, m.id, s)


def mid_game():
    state = SPEC.start()
    for code in ("b1c3", "b10c8", "c3d5"):
        before, state = state, state.apply_code(code)
    return before, state, code


def test_russian_screen_uses_the_designers_words():
    # «РАДЖ ФЭДЖ ЛОДЬ СЛОДЬ ГОНЬ ТРИГОНЬ ПИКСА» (dumaraj-moves.ru.txt)
    use_language("ru")
    before, state, code = mid_game()
    svg = VIEW.board(state, ViewContext(last_move=code, previous=before))
    for word in ("Радж", "Фэдж", "Лодь", "Слодь", "Гонь", "Тригонь", "Пикса"):
        assert word in svg
    assert VIEW.describe_move(before, state, code) == "Гонь c3 идёт на d5."
    assert "Пара флекс" in VIEW.options_help()["pair_flex"]
    assert "Радж флекс" in VIEW.rules_html() and "пиКСбумм" in VIEW.rules_html()


def visible_words(html: str) -> list[str]:
    texts = re.findall(r">([^<>]+)<", html) + re.findall(r'aria-label="([^"]*)"', html)
    return [t for t in texts if re.search(r"[A-Za-z]{3,}", t)]


def test_pseudo_locale_leaves_nothing_english():
    use_language("pseudo")
    before, state, code = mid_game()
    ctx = ViewContext(last_move=code, previous=before, selection=None)
    chunks = [
        VIEW.board(state, ctx).split("</defs>")[1],
        VIEW.panel(state, ctx),
        VIEW.prompt(state, ctx),
        VIEW.describe_move(before, state, code),
        " ".join(f"{a} {b}" for a, b in VIEW.status(state)),
        " ".join(VIEW.options_help().values()),
        " ".join(VIEW.options_labels().values()),
        VIEW.seed_help() or "",  # None: DumaRaj has no chance and no seed field
    ]
    for chunk in chunks:
        for text in visible_words(chunk if "<" in chunk else f">{chunk}<"):
            assert "[!!" in text, text
