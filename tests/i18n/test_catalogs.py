"""The catalogs are complete and sound: every string of the code is translated in every language,
nothing is fuzzy or empty, and every ``{placeholder}`` survives translation."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from webtabletop import i18n
from webtabletop.i18n import catalogs

PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")
#: languages whose catalogs are declared complete: every string of the code must be translated
#: ("Languages: en (source), ru, zh-Hans, ja, complete").
COMPLETE: tuple[str, ...] = ("ru", "zh-Hans", "ja")


@pytest.fixture(scope="module")
def template():
    return catalogs.extract_template()


def load(tag):
    with catalogs.po_path(tag).open("rb") as fh:
        return read_po(fh, locale=catalogs.LOCALES[tag], domain=catalogs.DOMAIN)


def forms(value):
    return list(value) if isinstance(value, tuple) else [value]


def key(message):
    return (message.context, message.id if isinstance(message.id, str) else message.id[0])


@pytest.mark.parametrize("tag", COMPLETE)
def test_every_string_of_the_code_is_translated(tag, template):
    po = load(tag)
    have = {key(m): m for m in po if m.id}
    missing = [key(m) for m in template if m.id and key(m) not in have]
    assert not missing, f"{tag}: {len(missing)} strings missing (run ./scripts/dev i18n, then translate): {missing[:10]}"
    fuzzy = [key(m) for m in po if m.id and m.fuzzy]
    assert not fuzzy, f"{tag}: fuzzy entries need a translator's check: {fuzzy[:10]}"
    empty = [key(m) for m in po if m.id and not all(forms(m.string))]
    assert not empty, f"{tag}: untranslated entries: {empty[:10]}"


@pytest.mark.parametrize("tag", list(catalogs.LOCALES))
def test_placeholders_survive_translation(tag):
    for m in load(tag):
        if not m.id or not any(forms(m.string)):
            continue
        wanted = [set(PLACEHOLDER.findall(s)) for s in forms(m.id)]
        for i, text in enumerate(forms(m.string)):
            # plural forms may drop {n} only where the language's form names one number ("один ход")
            assert set(PLACEHOLDER.findall(text)) <= wanted[min(i, len(wanted) - 1)] | wanted[-1], (tag, m.id, text)
            if len(wanted) == 1 or i == len(forms(m.string)) - 1:
                assert set(PLACEHOLDER.findall(text)) >= wanted[-1] - {"n"}, (tag, m.id, text)


@pytest.mark.parametrize("tag", list(catalogs.LOCALES))
def test_plural_forms_follow_the_language(tag):
    po = load(tag)
    expected = {"ru": 3, "zh-Hans": 1, "ja": 1}[tag]
    assert po.num_plurals == expected
    for m in po:
        if m.id and isinstance(m.id, tuple) and any(forms(m.string)):
            assert len(forms(m.string)) == expected, (tag, m.id)


def test_pseudo_translation_keeps_placeholders_and_markup():
    text = catalogs.pseudo('Move {n} of <b>{player}</b> &amp; %(x)s')
    assert text.startswith("[!! ") and text.endswith(" !!]")
    assert "{n}" in text and "{player}" in text and "<b>" in text and "&amp;" in text and "%(x)s" in text
    assert "Move" not in text  # visibly changed


def test_an_installed_catalog_translates_and_english_is_the_fallback():
    import io

    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    catalog = Catalog(locale="ru", domain=catalogs.DOMAIN)
    catalog.add(("{n} move", "{n} moves"), ("{n} ход", "{n} хода", "{n} ходов"))
    catalog.add("Free", "Свободна", context="board cell")
    out = io.BytesIO()
    write_mo(out, catalog)
    try:
        catalogs.install("ru", out.getvalue())
        assert i18n.language() == "ru"
        assert [i18n.ngettext("{n} move", "{n} moves", n).format(n=n) for n in (1, 3, 5, 21)] == [
            "1 ход", "3 хода", "5 ходов", "21 ход"
        ]
        assert i18n.pgettext("board cell", "Free") == "Свободна"
        assert i18n._("not in the catalog") == "not in the catalog"
    finally:
        catalogs.install("en", None)
    assert i18n.language() == "en" and i18n.ngettext("{n} move", "{n} moves", 2) == "{n} moves"
