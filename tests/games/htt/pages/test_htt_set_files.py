"""HTT's sets, files and stored collections through the app (tests/app/harness.py): the set
editor, export and import of sets and collections, card pictures and their limits, player-made
cards in play, and damaged, future or old collections (set aside or migrated, never lost)."""

from __future__ import annotations

import json

from tests.app.harness import Page
from webtabletop.games.htt.collection.model import Collection
from webtabletop.games.htt.ui.pages.extension import IMAGE_LIMIT, KEY

from .pages_helpers import PNG, collection, create_set, new_game, stored, with_cards


def test_damaged_collection_is_set_aside_with_a_notice_and_a_fresh_one_starts():
    p = Page({KEY: "{not json"}, "#/htt/collection")
    assert "could not be read" in p.last["html"] and "start with a fresh one" in p.last["html"]
    aside = [k for k in p.storage if k.startswith("webtabletop:aside:htt:collection")]
    assert aside and p.storage[aside[0]] == "{not json"
    assert collection(p).total_cards() == 0
    p.send({"type": "cmd", "name": "dismiss-notices"})
    assert "could not be read" not in p.last["html"]
    p.send({"type": "hash", "hash": "#/htt/packs"})
    assert len([k for k in p.storage if "aside" in k]) == 1  # set aside once
    bad = json.dumps(
        {
            "schema": "htt-collection",
            "version": 1,
            "data": {"format": "htt-collection", "version": 1, "owned": {"x": -1}},
        }
    )
    q = Page({KEY: bad}, "#/htt/collection")
    assert "is damaged" in q.last["html"] and q.storage["webtabletop:aside:htt:collection:1"] == bad


def test_future_collection_is_set_aside_not_lost():
    future = json.dumps({"schema": "htt-collection", "version": 99, "data": {}})
    p = Page({KEY: future}, "#/htt/packs")
    assert "newer version" in p.last["html"]
    assert p.storage["webtabletop:aside:htt:collection:1"] == future


def test_old_collection_versions_migrate():
    old = json.dumps(
        {
            "schema": "htt-collection",
            "version": 1,
            "data": {"format": "htt-collection", "version": 0, "owned": ["emb-1a", "emb-1a"]},
        }
    )
    p = Page({KEY: old}, "#/htt/collection")
    assert "<b>2</b> cards" in p.last["html"]


def test_create_set_export_import_round_trip():
    p = Page({}, "#/htt/sets")
    create_set(p, "")
    assert "Give the set a name" in p.last["toast"]
    create_set(p, "Mine", theme="Cats", per_level="13")
    assert "6 to 12" in p.last["toast"]
    create_set(p, "Mine", theme="Cats", names="\n".join(["x"] * 64))
    assert "set has 63 cards, so it takes at most 63 card names; you gave 64" in p.last["toast"]
    create_set(p, "Mine", theme="Cats", names="Tabby\n\nTom")
    assert "created with 63 cards" in p.last["toast"] and p.hash == "#/htt/collection?set=u1"
    s = collection(p).sets()[0]
    assert s.cards[0].name == "Tabby" and s.cards[2].name == "Tom" and s.cards[1].name
    assert 'data-set="u1"' in p.last["html"] and "0 of 63 cards owned" in p.last["html"]
    p.send({"type": "hash", "hash": "#/htt/packs"})
    assert "Open a pack of Mine" in p.last["html"]
    p.send({"type": "hash", "hash": "#/htt/sets"})
    p.send({"type": "cmd", "name": "export-set", "arg": "u1"})
    dl = p.last["download"]
    assert dl["name"] == "htt-set-u1.json" and json.loads(dl["text"])["format"] == "htt-set"
    p.send({"type": "import", "kind": "htt-set", "name": "a.json", "text": dl["text"]})
    assert "already have the set “Mine” exactly as in a.json" in p.last["toast"]
    p.send({"type": "import", "kind": "htt-set", "name": "b.json", "text": '{"format": "htt-set"}'})
    assert "b.json is not a card set file" in p.last["toast"]
    fresh = Page({}, "#/htt/sets")
    fresh.send({"type": "import", "kind": "htt-set", "name": "a.json", "text": dl["text"]})
    assert [s.id for s in collection(fresh).sets()] == ["u1"]


def test_collection_export_import_backs_up_and_validates_first():
    p = Page(stored(with_cards("emb-1a", "emb-2a")), "#/htt/sets")
    p.send({"type": "cmd", "name": "export-collection"})
    text = p.last["download"]["text"]
    q = Page(stored(with_cards("grv-4a")), "#/htt/sets")
    before = q.storage[KEY]
    q.send(
        {
            "type": "import",
            "kind": "htt-collection",
            "name": "c.json",
            "text": '{"format": "htt-collection", "version": 1, "owned": {"emb-1a": "many"}}',
        }
    )
    assert "not a usable HTT collection" in q.last["toast"] and "nothing was changed" in q.last["toast"]
    assert q.storage[KEY] == before
    q.send({"type": "import", "kind": "htt-collection", "name": "c.json", "text": text})
    assert "backed up first" in q.last["toast"]
    assert sorted(collection(q).owned) == ["emb-1a", "emb-2a"]
    backup = q.storage["webtabletop:backup:htt:collection:before-import:1"]
    assert json.loads(backup)["data"]["owned"] == {"grv-4a": 1}


def test_card_pictures_size_and_type_limits():
    p = Page({}, "#/htt/sets")
    p.send({"type": "import", "kind": "image", "name": "a.png", "mime": "image/png", "size": 10, "data": PNG})
    assert "Create a set first" in p.last["toast"]
    create_set(p, "Pics")
    p.send({"type": "hash", "hash": "#/htt/sets?card=u1-2b"})
    assert "Card pictures" in p.last["html"]
    p.send(
        {
            "type": "import",
            "kind": "image",
            "name": "big.png",
            "mime": "image/png",
            "size": 400_000,
            "data": None,
        }
    )
    assert "too large (390 KB)" in p.last["toast"] and "up to 48 KB" in p.last["toast"]
    huge = "data:image/png;base64," + "A" * IMAGE_LIMIT
    p.send(
        {
            "type": "import",
            "kind": "image",
            "name": "mid.png",
            "mime": "image/png",
            "size": 49_500,
            "data": huge,
        }
    )
    assert "too large (48 KB)" in p.last["toast"]
    p.send(
        {
            "type": "import",
            "kind": "image",
            "name": "notes.txt",
            "mime": "text/plain",
            "size": 5,
            "data": "data:text/plain;base64,aGk=",
        }
    )
    assert "notes.txt is not a picture" in p.last["toast"]
    p.send(
        {
            "type": "import",
            "kind": "image",
            "name": "a.svg",
            "mime": "image/svg+xml",
            "size": 50,
            "data": "data:image/svg+xml;base64,PHN2Zz4=",
        }
    )
    assert "PNG, JPEG, GIF or WebP" in p.last["toast"]
    p.send({"type": "import", "kind": "image", "name": "a.png", "mime": "image/png", "size": 70, "data": PNG})
    assert "Picture set for" in p.last["toast"]
    card = next(c for c in collection(p).sets()[0].cards if c.id == "u1-2b")
    assert card.image == PNG and f'href="{PNG}"' in p.last["html"]
    p.send({"type": "cmd", "name": "remove-picture", "arg": "u1-2b"})
    assert next(c for c in collection(p).sets()[0].cards if c.id == "u1-2b").image is None


def test_player_made_cards_play_as_inline_codes():
    p = Page({}, "#/htt/sets")
    create_set(p, "Own")
    c = collection(p)
    s = c.sets()[0]
    deck = [s.by_level(lv)[0].id for lv in (1, 2, 3, 4, 5)]
    for cid in deck:
        c.add_card(cid)
    p2 = Page(stored(c), "#/htt/new")
    new_game(
        p2, deck_source="own", **{f"deck_{lv}": cid for lv, cid in zip((1, 2, 3, 4, 5), deck, strict=True)}
    )
    hand = p2.state.session.state.options.hand0
    assert all(x.startswith("~") for x in hand)
    state = p2.state.session.state  # a game is saved from its first move
    if p2.state.session.players.is_ai(state.to_move()):
        p2.send({"type": "ai"})
    else:
        p2.send({"type": "move", "code": state.legal_moves()[0].code})
    saved = [k for k in p2.storage if k.startswith("webtabletop:game:htt:")]
    assert (
        saved
        and Page({k: v for k, v in p2.storage.items() if k != KEY}, "#/htt").state.session.state.options.hand0
        == hand
    )


def test_page_actions_say_what_is_wrong():
    p = Page({}, "#/htt/presets")
    p.send({"type": "cmd", "name": "delete-preset", "arg": "none"})
    assert "no preset" in p.last["toast"]
    p.send({"type": "cmd", "name": "export-set", "arg": "emb"})
    assert "Only your own sets" in p.last["toast"]
    p.send({"type": "import", "kind": "any", "name": "x", "text": "{}"})
    assert "imports set files" in p.last["toast"]
    p.send({"type": "form", "name": "save-preset", "data": {"preset_name": "x", "board": "nope"}})
    assert "Cannot save the preset" in p.last["toast"]


def test_imported_sets_with_bad_pictures_are_refused():
    p = Page({}, "#/htt/sets")
    create_set(p, "S")
    doc = collection(p).sets()[0].to_json()
    doc["cards"][0]["image"] = "javascript:alert(1)"
    fresh = Page({}, "#/htt/sets")
    fresh.send({"type": "import", "kind": "htt-set", "name": "s.json", "text": json.dumps(doc)})
    assert "is not a PNG, JPEG, GIF or WebP picture" in fresh.last["toast"] and KEY not in fresh.storage
    c = Collection(custom_sets=[doc])
    fresh.send({"type": "import", "kind": "htt-collection", "name": "c.json", "text": c.dumps()})
    assert "nothing was changed" in fresh.last["toast"] and KEY not in fresh.storage
