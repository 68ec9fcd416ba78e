"""Built-in card names are translated where shown; a player's card keeps the player's words.

Required: "no untranslated string on any screen". The English name stays the card's name in records,
links and storage: only ``card_name`` (the one place names are displayed) translates it.
"""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from webtabletop.games.htt.rules.sets.cardset import CardSet, SetError
from webtabletop.games.htt.rules.sets.library import builtin_sets, get_card
from webtabletop.games.htt.rules.sets.names import card_name
from webtabletop.i18n import catalogs
from webtabletop.i18n.extract import HTT_CARD_CONTEXT, extract_htt_cards

ROOT = Path(__file__).resolve().parents[4]
BUILTIN = [c for s in builtin_sets() for c in s.cards]


def test_every_built_in_card_name_is_extracted_once_with_context_and_set():
    found = list(extract_htt_cards(ROOT))
    assert len(BUILTIN) == 258
    assert sorted(name for _f, _l, name, _c, _ctx in found) == sorted(c.name for c in BUILTIN)
    assert {ctx for *_rest, ctx in found} == {HTT_CARD_CONTEXT}
    spark = next(f for f in found if f[2] == "Spark Imp")
    assert spark[0].endswith("htt/rules/sets/data/emb.json") and "Embers of the Forge" in spark[3][0]


def test_built_in_names_are_translated_in_every_language_and_stay_english_in_storage():
    imp = get_card("emb-1a")
    expected = {"ru": "Искровой бес", "zh-Hans": "火花小恶魔", "ja": "スパークインプ"}
    try:
        for tag, word in expected.items():
            catalogs.use_language(tag)
            assert card_name(imp) == word
            untranslated = [c.name for c in BUILTIN if card_name(c) == c.name]
            assert untranslated == [], (tag, untranslated)
    finally:
        catalogs.use_language("en")
    assert card_name(imp) == imp.name == "Spark Imp"


def test_a_players_card_keeps_its_name_even_when_it_matches_a_built_in_one():
    mine = attrs.evolve(get_card("emb-1a"), id="mine-1a", set_id="mine")
    catalogs.use_language("ru")
    try:
        assert card_name(mine) == "Spark Imp"
    finally:
        catalogs.use_language("en")


def test_a_broken_set_file_is_explained_in_the_players_language():
    # "no untranslated string on any screen" — the import toast shows these messages
    catalogs.use_language("ru")
    try:
        with pytest.raises(SetError) as info:
            CardSet.from_json(
                {"format": "htt-set", "version": 1, "id": "x", "name": "N", "theme": "", "cards": []}
            )
    finally:
        catalogs.use_language("en")
    assert str(info.value) == "поле набора 'cards' должно быть непустым списком"
