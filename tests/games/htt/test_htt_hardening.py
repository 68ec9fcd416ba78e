"""The HTT documents' schemas are the import checks: crafted collections and set files are
refused with a clear reason before anything is written, and nothing stored can crash or slow a
later start. Also: set-file conflicts, renaming and deleting own sets, safe page keys."""

from __future__ import annotations

import json
import re
import time

import attrs
import pytest

from tests.app.harness import Page
from webtabletop.core import storage
from webtabletop.core.storage import encode_doc
from webtabletop.games.htt.collection.model import Collection
from webtabletop.games.htt.rules.sets.cardset import IMAGE_LIMIT, CardSet
from webtabletop.games.htt.rules.sets.library import get_card
from webtabletop.games.htt.rules.sets.rules import V1_SUMS, generate_set
from webtabletop.games.htt.ui.pages.extension import KEY, SCHEMA
from webtabletop.games.htt.ui.render.art import art_svg

PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
KEY_RE = re.compile(r'data-key=["\']([^"\']*)["\']')


def own_set(set_id: str = "mine", name: str = "Mine", seed: int = 3) -> CardSet:
    return generate_set(seed, 6, 3, name, "Test", set_id=set_id)


def collection_with(*sets: dict, **fields) -> dict:
    c = Collection(**fields)
    data = c.to_json()
    data["custom_sets"] = list(sets)
    return data


def backup(data: dict) -> str:
    docs = {KEY: encode_doc(SCHEMA, data)}
    return json.dumps({"format": "webtabletop-backup", "version": 1, "app": "x", "documents": docs})


def refused(data: dict) -> str:
    """The reason the app's backup import gives for this collection document."""
    with pytest.raises(storage.StorageError) as exc:
        storage.parse_import(backup(data), {KEY: SCHEMA})
    return str(exc.value)


def test_a_valid_collection_passes_the_backup_import():
    docs = storage.parse_import(backup(collection_with(own_set().to_json())), {KEY: SCHEMA})
    assert list(docs) == [KEY]


def test_an_own_set_reusing_a_builtin_id_is_refused():
    emb = own_set("emb", "Fake Embers").to_json()
    assert "uses the id 'emb' of a built-in set" in refused(collection_with(emb))


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda c: c.update(level=10_000_000), "'level' must be from 1 to 11, not 10000000"),
        (lambda c: c.update(level=0), "'level' must be from 1 to 11"),
        (lambda c: c.update(values="12345Q"), "not a card value"),
        (lambda c: c.update(rarity=10**30), "'rarity' must be from 1 to 100"),
        (lambda c: c.update(name="x" * 41), "longer than 40 characters"),
        (lambda c: c.update(id="emb-1a"), "must be the set id"),
        (lambda c: c.update(matter="gold"), "matter must be one of"),
        (lambda c: c.update(image="https://example.com/a.png"), "outside addresses are not allowed"),
        (
            lambda c: c.update(image="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4="),
            "is not a PNG, JPEG, GIF or WebP",
        ),
        (
            lambda c: c.update(image='data:image/png;base64,AAAA" onload="x'),
            "is not a PNG, JPEG, GIF or WebP",
        ),
        (lambda c: c.update(image="data:image/png;base64," + "A" * IMAGE_LIMIT), "larger than 48 KB"),
    ],
)
def test_card_fields_are_checked_against_the_level_table_and_bounds(change, reason):
    doc = own_set().to_json()
    change(doc["cards"][0])
    assert reason in refused(collection_with(doc))


def test_counts_and_lengths_are_bounded():
    big = own_set().to_json()
    big["cards"] = big["cards"] * 3
    assert "a set has at most 126" in refused(collection_with(big))
    assert "'owned' has more than 10,000" in refused(
        collection_with(owned={f"c{i}": 1 for i in range(10_001)})
    )
    assert "whole number from 0 to 9,999" in refused(collection_with(owned={"emb-1a": 10**9}))
    assert "at most 50 sets" in refused(collection_with(*[own_set(f"s{i}").to_json() for i in range(51)]))
    assert "preset's name" in refused(collection_with(presets={"p" * 41: {}}))
    long_name = own_set().to_json()
    long_name["name"] = "n" * 41
    assert "longer than 40 characters" in refused(collection_with(long_name))
    twice = own_set().to_json()
    assert "used twice" in refused(collection_with(twice, twice))


def test_a_set_breaking_a_set_rule_is_refused_but_old_level3_cards_are_not():
    doc = own_set().to_json()
    doc["cards"] = doc["cards"][1:]
    assert "breaks the set rules" in refused(collection_with(doc))
    old = generate_set(5, 6, 3, "Old", "", set_id="old", table=V1_SUMS)
    assert old.old_level3 and storage.parse_import(backup(collection_with(old.to_json())), {KEY: SCHEMA})


def test_battle_log_entries_keep_only_bounded_known_fields():
    data = collection_with(log=[{"date": "d" * 5000, "evil": "x", "score": "5–5"}])
    c = Collection.from_json(data)
    assert c.log == [
        {
            "date": "d" * 200,
            "opponent": None,
            "score": "5–5",
            "result": None,
            "rules": None,
            "board": None,
            "taken": None,
        }
    ]


def test_a_crafted_stored_collection_is_set_aside_and_the_start_stays_quick():
    doc = own_set().to_json()
    doc["cards"][0]["level"] = 10_000_000
    raw = json.dumps({"schema": "htt-collection", "version": 1, "data": collection_with(doc)})
    start = time.perf_counter()
    p = Page({KEY: raw}, "#/htt/collection")
    assert time.perf_counter() - start < 5
    assert any("kept aside" in n for n in p.state.notices)
    assert any(k.startswith("webtabletop:aside:htt:collection") for k in p.storage)


def test_set_file_imports_get_the_same_checks():
    p = Page({}, "#/htt/sets")
    emb = own_set("emb", "Fake").dumps()
    p.send({"type": "import", "kind": "htt-set", "name": "emb.json", "text": emb})
    assert "uses the id 'emb' of the built-in set “Embers of the Forge”" in p.last["toast"]
    bad = own_set().to_json()
    bad["cards"][0]["level"] = 10_000_000
    p.send({"type": "import", "kind": "htt-set", "name": "big.json", "text": json.dumps(bad)})
    assert "not a card set file" in p.last["toast"] and "'level' must be from 1 to 11" in p.last["toast"]
    assert KEY not in p.storage or not Collection.from_json(json.loads(p.storage[KEY])["data"]).custom_sets


def test_importing_a_set_that_exists_asks_replace_or_keep_both():
    p = Page({}, "#/htt/sets")
    first = own_set()
    p.send({"type": "import", "kind": "htt-set", "name": "a.json", "text": first.dumps()})
    stored = lambda: Collection.from_json(json.loads(p.storage[KEY])["data"])  # noqa: E731
    c = stored()
    c.add_card("mine-1a")
    p.storage[KEY] = encode_doc(SCHEMA, c.to_json())
    p.state.store[KEY] = p.storage[KEY]
    other = own_set(name="Mine, revised", seed=9)
    p.send({"type": "import", "kind": "htt-set", "name": "b.json", "text": other.dumps()})
    assert p.hash == "#/htt/sets?conflict=1"
    html = p.last["html"]
    assert "you already have a set with that id: “Mine”" in html and "Keep both" in html
    assert stored().sets() == [first]  # nothing changed before the answer
    p.send({"type": "cmd", "name": "import-keep-both"})
    assert [s.id for s in stored().sets()] == ["mine", "u1"] and stored().sets()[1].name == "Mine, revised"
    p.send({"type": "import", "kind": "htt-set", "name": "b.json", "text": other.dumps()})
    p.send({"type": "cmd", "name": "import-replace"})
    c = stored()
    assert c.find_set("mine") == other and c.copies("mine-1a") == 1  # the copies stay
    p.send({"type": "import", "kind": "htt-set", "name": "a.json", "text": first.dumps()})
    p.send({"type": "cmd", "name": "import-cancel"})
    assert "Nothing was imported" in p.last["toast"] and stored().find_set("mine") == other
    p.send({"type": "cmd", "name": "import-replace"})  # the question is gone
    assert stored().find_set("mine") == other


def test_own_sets_are_renamed_and_deleted_with_confirmation():
    p = Page({}, "#/htt/sets")
    p.send(
        {
            "type": "form",
            "name": "create-set",
            "data": {"name": "Cats", "theme": "Pets", "per_level": "6", "level11": "3"},
        }
    )
    p.send({"type": "hash", "hash": "#/htt/sets"})
    assert 'href="#/htt/sets?rename=u1"' in p.last["html"] and 'href="#/htt/sets?delete=u1"' in p.last["html"]
    p.send({"type": "hash", "hash": "#/htt/sets?rename=u1"})
    assert "New name of “Cats”" in p.last["html"]
    p.send({"type": "form", "name": "rename-set", "data": {"set": "u1", "name": "Lions"}})
    assert "now called “Lions”" in p.last["toast"] and get_card("u1-1a").set_id == "u1"
    p.send({"type": "form", "name": "rename-set", "data": {"set": "emb", "name": "Mine now"}})
    assert "Only your own sets can be changed" in p.last["toast"]
    c = Collection.from_json(json.loads(p.storage[KEY])["data"])
    c.add_card("u1-2a")
    p = Page({KEY: encode_doc(SCHEMA, c.to_json())}, "#/htt/sets?delete=u1")
    assert (
        "Delete your set “Lions” (63 cards)?" in p.last["html"]
        and "The 1 card of it you own stays" in p.last["html"]
    )
    assert Collection.from_json(json.loads(p.storage[KEY])["data"]).sets()  # asking changes nothing
    p.send({"type": "cmd", "name": "delete-set", "arg": "u1"})
    c = Collection.from_json(json.loads(p.storage[KEY])["data"])
    assert c.sets() == [] and c.copies("u1-2a") == 1 and p.hash == "#/htt/sets"
    assert "was deleted" in p.last["toast"]


def test_a_new_sets_card_names_come_from_the_set_name_not_the_theme():
    c = Collection()
    s = c.create_set("Night Owls", "Birds of the dark", 6, 3, None, seed=4)
    assert s.cards[0].name == "Night Owls 1a" and all("Birds" not in x.name for x in s.cards)
    p = Page({}, "#/htt/sets")
    data = {"name": "Moths", "theme": "Wings", "per_level": "6", "level11": "3", "names": "Luna\n\nAtlas"}
    p.send({"type": "form", "name": "create-set", "data": data})
    made = Collection.from_json(json.loads(p.storage[KEY])["data"]).sets()[0]
    assert [x.name for x in made.cards[:4]] == ["Luna", "Moths 1b", "Atlas", "Moths 1d"]


def test_art_svg_escapes_the_picture_address():
    card = get_card("emb-1a")
    evil = attrs.evolve(card, image='data:image/png;base64,A"/><script>alert(1)</script>')
    svg = art_svg(evil)
    assert "<script>" not in svg and "&quot;/&gt;&lt;script&gt;" in svg
    assert art_svg(attrs.evolve(card, image=PNG)).count("<image") == 1


def test_every_data_key_is_a_safe_selector_value():
    c = Collection()
    c.open_pack("emb", 1)
    c.create_set('Odd "] sets', "", 6, 3, None, seed=1)
    c.save_preset('odd"] name', {"open": True})
    c.save_preset("odd'] name\\", {"same": True})
    c.deck = sorted(c.owned)[:3]
    p = Page({KEY: encode_doc(SCHEMA, c.to_json())}, "#/htt/collection")
    for page in ("collection", "packs", "achievements", "log", "deck", "sets", "presets", "new"):
        p.send({"type": "hash", "hash": f"#/htt/{page}"})
        keys = KEY_RE.findall(p.last["html"])
        assert keys or page in ("achievements", "log"), page
        for key in keys:
            assert re.fullmatch(r"[A-Za-z0-9-]+", key), (page, key)
    p.send({"type": "hash", "hash": "#/htt/presets"})
    keys = KEY_RE.findall(p.last["html"])
    assert len({k for k in keys if k.startswith("del-preset")}) == 2


@pytest.mark.parametrize(
    "field",
    [
        {"owned": [1, 2]},
        {"owned": {"emb-1a": True}},
        {"presets": {"p": {"open": [1]}}},
        {"presets": {"p": {"deal_set": "x" * 100}}},
        {"log": [["not", "an", "entry"]]},
        {"deck": ["emb-1a"] * 12},
        {"deck_source": {"own": 1}},
        {
            "custom_sets": [
                {"format": "htt-set", "version": 1, "id": "x", "name": "n", "theme": "", "cards": [[]]}
            ]
        },
        {"games_won": 10**13},
        {"achieved": [None]},
    ],
)
def test_odd_fields_are_refused_with_a_value_error(field):
    data = {**Collection().to_json(), **field}
    with pytest.raises(ValueError):
        Collection.from_json(data)
    assert refused(data)
