"""The HTT pages through the app, driven like the browser does (tests/app/harness.py): collection
views, packs, achievements, battle log, set editor, presets, the deck chooser of the new-game
dialog, the game-over hook, and damaged or future collections."""

from __future__ import annotations

import json
import re

import pytest

from tests.app.harness import Page
from webtabletop.app.extensions import PageContext
from webtabletop.app.saves import Players
from webtabletop.core.record import Record
from webtabletop.core.storage import encode_doc
from webtabletop.games.htt import PAGES, SPEC
from webtabletop.games.htt.collection import Collection
from webtabletop.games.htt.library import builtin_set, get_card
from webtabletop.games.htt.options import HttOptions
from webtabletop.games.htt.pages import IMAGE_LIMIT, KEY, SCHEMA
from webtabletop.games.htt.rules import OVER, PICK

DECK = ["emb-1a", "emb-3a", "emb-5a", "emb-7a", "emb-9a"]
PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="


def stored(c: Collection) -> dict[str, str]:
    return {KEY: encode_doc(SCHEMA, c.to_json())}


def with_cards(*ids, **fields) -> Collection:
    c = Collection(**fields)
    for cid in ids:
        c.add_card(cid)
    return c


def collection(page: Page) -> Collection:
    return Collection.from_json(json.loads(page.storage[KEY])["data"])


def new_game(page: Page, **fields):
    page.send({"type": "hash", "hash": "#/htt/new"})
    data = {"player0": "human", "player1": "ai", "level": "easy", "clock": "none", "seed": "7"}
    data.update(fields)
    return page.send({"type": "form", "name": "new-game", "data": data})


def test_every_page_renders_for_a_new_player():
    for page, title in PAGES.nav:
        p = Page({}, f"#/htt/{page}")
        assert p.last["route"] == "page" and f"Hexagonal Triple Triad: {title}" in p.last["html"]
    p = Page({}, "#/htt/collection")
    html = p.last["html"]
    assert "<b>0</b> cards" in html and "<b>1</b> pack to open" in html
    assert html.count('class="htt-card missing"') == 86  # one set at a time
    first = re.search(r'<li class="htt-card missing"[^>]*aria-label="([^"]*)"[^>]*title="([^"]*)"', html)
    assert "level 1" in first[1] and "set Embers of the Forge" in first[1] and first[1] == first[2]
    assert "<title>" in html and "missing" in first[1]


def test_free_pack_then_no_pack_and_the_rule_is_stated():
    p = Page({}, "#/htt/packs")
    assert "for every win" in p.last["html"] and "first pack is free" in p.last["html"]
    p.send({"type": "cmd", "name": "open-pack", "arg": "tid"})
    # issue 11: "notices stay on their own page": the new cards show on the packs page, no toast
    assert "toast" not in p.last
    c = collection(p)
    assert c.total_cards() == 5 and c.packs_available == 0 and c.packs_opened == 1
    assert len({get_card(x).level for x in c.owned}) == 5  # the free pack makes an Own deck
    assert p.hash.startswith("#/htt/packs?opened=") and p.last["html"].count('class="htt-card owned"') == 5
    assert "Your new cards" in p.last["html"] and "disabled" in p.last["html"]
    p.send({"type": "cmd", "name": "open-pack", "arg": "tid"})
    assert "No pack to open" in p.last["toast"] and collection(p).total_cards() == 5
    p.send({"type": "cmd", "name": "open-pack", "arg": "nope"})
    assert "no card set" in p.last["toast"]


def test_collection_filters_sort_and_progress():
    c = with_cards("grv-3a", "grv-3a", "grv-5b", "emb-3c")
    p = Page(stored(c), "#/htt/collection")
    html = p.last["html"]
    assert 'data-set="emb"' in html and "1 of 86 cards owned" in html  # the first set with cards
    assert "<b>4</b> cards (3 different)" in html
    assert "×2" in p.send({"type": "change", "name": "nav", "value": "#/htt/collection?set=grv"})["html"]
    option = re.search(r'<option value="(#/htt/collection\?set=grv&amp;level=3[^"]*)"', p.last["html"])[
        1
    ].replace("&amp;", "&")
    p.send({"type": "change", "name": "nav", "value": option})
    assert p.hash == option
    levels = set(re.findall(r'data-level="(\d+)"', p.last["html"]))
    assert levels == {"3"}
    p.send(
        {"type": "change", "name": "nav", "value": "#/htt/collection?set=all&level=3&sort=copies&show=owned"}
    )
    cards = re.findall(r'data-card="([^"]+)"', p.last["html"])
    assert cards == ["grv-3a", "emb-3c"]
    p.send({"type": "change", "name": "nav", "value": "#/htt/collection?set=emb&show=missing"})
    assert "emb-3c" not in re.findall(r'data-card="([^"]+)"', p.last["html"])
    p.send({"type": "change", "name": "nav", "value": "javascript:alert(1)"})
    assert p.hash.startswith("#/htt/collection")


def test_own_deck_new_game_uses_the_chosen_cards_and_remembers_the_deck():
    p = Page(stored(with_cards(*DECK, "emb-2a")), "#/htt/new")
    html = p.last["html"]
    assert 'name="deck_source"' in html and 'name="deck_3"' in html and 'name="own_deck"' not in html
    picks = {f"deck_{get_card(x).level}": x for x in DECK}
    new_game(p, deck_source="own", **picks)
    opts = p.app.session.state.options
    assert opts.own_deck and opts.hand0 == tuple(DECK) and opts.hand1 == ()
    assert [c.level for c in p.app.session.state.decks[1]] == [1, 3, 5, 7, 9]  # dealt, same levels
    # the table shows the player's own deck strength, never the opponent's hidden one
    assert "Deck strength (sum of levels): Blue 25</p>" in p.last["html"] and "Red 25" not in p.last["html"]
    c = collection(p)
    assert c.deck == DECK and c.deck_source == "own"
    p.send({"type": "hash", "hash": "#/htt/new"})
    assert "Deck strength of your saved deck: <b>25</b>" in p.last["html"]
    assert '<option value="emb-5a" selected>' in p.last["html"]
    p.send({"type": "hash", "hash": "#/htt/collection"})
    assert "deck strength 25" in p.last["html"]


def test_invalid_own_deck_goes_back_to_the_form_with_a_message():
    p = Page(stored(with_cards(*DECK)), "#/htt/new")
    new_game(p, deck_source="own", deck_1="emb-1a", deck_3="emb-3a")
    assert p.app.route[0] == "new" and "Own deck: choose 5 cards, not 2" in p.last["html"]
    new_game(
        p,
        deck_source="own",
        deck_1="emb-1a",
        deck_3="emb-3a",
        deck_5="emb-5a",
        deck_7="emb-7a",
        deck_9="emb-9a",
        max_level="8",
    )
    assert "outside 1..8" in p.last["html"]
    p2 = Page(stored(with_cards(*DECK)), "#/htt/new")
    new_game(
        p2,
        deck_source="own",
        deck_1="emb-1a",
        deck_3="emb-3a",
        deck_5="emb-5a",
        deck_7="emb-7a",
        deck_9="emb-9b",
    )
    assert "you own 0 of emb-9b" in p2.last["html"]
    # a form that fails its checks changes nothing stored: not the deck, not the deck choice
    assert collection(p).deck == [] and collection(p).deck_source == ""
    new_game(p, deck_source="own", **{f"deck_{get_card(x).level}": x for x in DECK}, max_level="nine")
    assert p.app.route[0] == "new" and collection(p).deck == [] and collection(p).deck_source == ""


def test_human_as_second_player_and_random_hands():
    p = Page(stored(with_cards(*DECK, "emb-2a", "emb-4a")), "#/htt/new")
    new_game(p, deck_source="random", deck_seat="1", player0="ai", player1="human")
    opts = p.app.session.state.options
    assert opts.random_hands and opts.hand0 == () and len(opts.hand1) == 5
    assert len({get_card(x).level for x in opts.hand1}) == 5
    few = Page(stored(with_cards("emb-1a", "emb-2a")), "#/htt/new")
    new_game(few, deck_source="random")
    assert few.app.route[0] == "new" and "Random needs owned cards of 5 different levels" in few.last["html"]


def test_dealt_is_the_default_for_a_first_time_player():
    p = Page({}, "#/htt/new")
    assert '<option value="dealt" selected>' in p.last["html"] and "open your free pack" in p.last["html"]
    new_game(p)  # the form as sent without touching the deck fields
    opts = p.app.session.state.options
    assert opts.hand0 == opts.hand1 == () and not opts.own_deck


def test_presets_save_apply_and_delete():
    p = Page({}, "#/htt/presets")
    assert "No saved presets yet" in p.last["html"] and 'name="own_deck"' not in p.last["html"]
    form = {"preset_name": "combo night", "board": "rhombus9", "same": "true", "plus": "true", "combo": "true",
            "minus": "false", "wall": "none", "min_level": "1", "max_level": "11"}  # fmt: skip
    p.send({"type": "form", "name": "save-preset", "data": form})
    assert "saved" in p.last["toast"] and "Same, Plus, Combo" in p.last["html"]
    p.send({"type": "form", "name": "save-preset", "data": {**form, "preset_name": " "}})
    assert "1..40 characters" in p.last["toast"]
    new_game(p, htt_preset="combo night", same="false")
    opts = p.app.session.state.options
    assert opts.same and opts.plus and opts.combo
    new_game(p, htt_preset="gone")
    assert "no saved preset" in p.last["html"]
    new_game(p, save_preset="walls", wall="wall")
    assert collection(p).presets["walls"] == {"wall": "wall"}
    p.send({"type": "hash", "hash": "#/htt/presets"})
    p.send({"type": "cmd", "name": "delete-preset", "arg": "combo night"})
    assert set(collection(p).presets) == {"walls"}


def finished_record(options: HttOptions, want_winner: int | None, friendly_pick: int = 0) -> Record:
    """A finished game (both sides play their first legal card) with the wanted winner."""
    for seed in range(300):
        state, moves = SPEC.start(options, seed), []
        while state.phase not in (OVER, PICK):
            legal = [m for m in state.legal_moves() if m.code != "draw"]
            move = legal[(seed + len(moves)) % len(legal)]
            moves.append(move.code)
            state = state.apply(move)
        if state.phase == PICK:
            moves.append(state.legal_moves()[friendly_pick].code)
            state = state.apply(state.legal_moves()[friendly_pick])
        if state.outcome().winner == want_winner:
            return Record("htt", json.loads(json.dumps(options_dict(options))), seed, tuple(moves))
    raise AssertionError("no such game")


def options_dict(options):
    from webtabletop.core.protocol import options_to_dict

    return {k: list(v) if isinstance(v, tuple) else v for k, v in options_to_dict(options).items()}


def report(page: Page, record: Record, human: int = 0) -> None:
    state = record.final_state()
    kinds = ("human", "ai") if human == 0 else ("ai", "human")
    page.app._resp = {"writes": []}
    PAGES.game_over(record, state.outcome(), Players(kinds, "easy"), PageContext(page.app))
    for w in page.app._resp["writes"]:
        page.storage[w["key"]] = w["value"]
    page.last = page.app._resp


def test_a_won_game_against_the_ai_takes_a_card_and_a_lost_one_gives_one():
    p = Page(stored(with_cards(*DECK, packs_available=0)), "#/htt/log")
    won = finished_record(HttOptions(hand0=tuple(DECK), own_deck=True), 0)
    taken = won.final_state().taken_card
    report(p, won)
    c = collection(p)
    assert c.copies(taken.id) == 1 and c.games_won == 1 and c.packs_available == 1
    assert p.last["toast"].startswith("You won ") and f"took {taken.name}" in p.last["toast"]
    assert "1 new pack earned!" in p.last["toast"]
    assert c.log[-1]["opponent"] == "Computer (easy)" and c.log[-1]["result"] == "win"
    lost = finished_record(HttOptions(hand1=tuple(DECK), own_deck=True), 0)
    gone = lost.final_state().taken_card
    report(p, lost, human=1)
    c = collection(p)
    assert c.copies(gone.id) == 0 and c.ai_won == {gone.id: 1}
    assert "You lost" in p.last["toast"] and f"the computer took your {gone.name}" in p.last["toast"]
    p.send({"type": "hash", "hash": "#/htt/log"})
    assert p.last["html"].count("<tr>") == 3 and "Computer (easy)" in p.last["html"]


def test_friendly_and_dealt_games_move_no_card_and_hot_seat_is_not_recorded():
    p = Page(stored(with_cards(*DECK)), "#/htt/log")
    report(p, finished_record(HttOptions(hand0=tuple(DECK), own_deck=True, friendly=True), 0))
    report(p, finished_record(HttOptions(), 0))
    c = collection(p)
    assert sorted(c.owned) == sorted(DECK) and c.games_won == 2
    before = p.storage[KEY]
    rec = finished_record(HttOptions(hand0=tuple(DECK)), 1)
    p.app._resp = {"writes": []}
    PAGES.game_over(rec, rec.final_state().outcome(), Players(("human", "human")), PageContext(p.app))
    assert p.app._resp["writes"] == [] and p.storage[KEY] == before


def test_a_whole_game_against_the_ai_through_the_app_reports_once():
    p = Page(stored(with_cards(*DECK)), "#/htt/new")
    new_game(
        p,
        deck_source="own",
        **{f"deck_{get_card(x).level}": x for x in DECK},
        same="true",
        plus="true",
        combo="true",
    )
    for _ in range(40):
        if p.app.session.state.is_over:
            break
        if p.last.get("ai"):
            p.send({"type": "ai"})
        else:
            p.send({"type": "move", "code": p.cells()[0] if p.cells()[0] != "draw" else p.cells()[1]})
    assert p.app.session.state.is_over and p.app.session.reported
    c = collection(p)
    assert c.games_played == 1 and len(c.log) == 1 and "Same, Plus, Combo" in c.log[0]["rules"]
    assert c.total_cards() in (4, 5, 6)
    p.send({"type": "cmd", "name": "undo"})
    assert collection(p).games_played == 1


def test_achievement_reward_is_claimed_with_a_chosen_set():
    c = with_cards()
    c.games_played = 10
    c.update_achievements()
    p = Page(stored(c), "#/htt/achievements")
    assert "Rewards waiting" in p.last["html"] and "10 games played" in p.last["html"]
    p.send({"type": "form", "name": "claim", "data": {"achievement": "played:10", "set": "grv"}})
    assert "Reward:" in p.last["toast"] and "level 11" in p.last["toast"]
    c = collection(p)
    assert c.rewards_pending == [] and [get_card(x).level for x in c.owned] == [11]
    p.send({"type": "form", "name": "claim", "data": {"achievement": "played:10", "set": "grv"}})
    assert "No reward waiting" in p.last["toast"]


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
    p.send(
        {
            "type": "form",
            "name": "create-set",
            "data": {"name": "", "theme": "", "per_level": "6", "level11": "3", "names": ""},
        }
    )
    assert "Give the set a name" in p.last["toast"]
    p.send(
        {
            "type": "form",
            "name": "create-set",
            "data": {"name": "Mine", "theme": "Cats", "per_level": "13", "level11": "3", "names": ""},
        }
    )
    assert "6 to 12" in p.last["toast"]
    p.send(
        {
            "type": "form",
            "name": "create-set",
            "data": {
                "name": "Mine",
                "theme": "Cats",
                "per_level": "6",
                "level11": "3",
                "names": "\n".join(["x"] * 64),
            },
        }
    )
    assert "64 card names, but the set has 63" in p.last["toast"]
    p.send(
        {
            "type": "form",
            "name": "create-set",
            "data": {
                "name": "Mine",
                "theme": "Cats",
                "per_level": "6",
                "level11": "3",
                "names": "Tabby\n\nTom",
            },
        }
    )
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
    p.send(
        {
            "type": "form",
            "name": "create-set",
            "data": {"name": "Pics", "theme": "", "per_level": "6", "level11": "3", "names": ""},
        }
    )
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
    p.send(
        {
            "type": "form",
            "name": "create-set",
            "data": {"name": "Own", "theme": "", "per_level": "6", "level11": "3", "names": ""},
        }
    )
    c = collection(p)
    s = c.sets()[0]
    deck = [s.by_level(lv)[0].id for lv in (1, 2, 3, 4, 5)]
    for cid in deck:
        c.add_card(cid)
    p2 = Page(stored(c), "#/htt/new")
    new_game(
        p2, deck_source="own", **{f"deck_{lv}": cid for lv, cid in zip((1, 2, 3, 4, 5), deck, strict=True)}
    )
    hand = p2.app.session.state.options.hand0
    assert all(x.startswith("~") for x in hand)
    saved = [k for k in p2.storage if k.startswith("webtabletop:game:htt:")]
    assert (
        saved
        and Page({k: v for k, v in p2.storage.items() if k != KEY}, "#/htt").app.session.state.options.hand0
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


def test_builtin_set_sizes_match_the_pages():
    assert len(builtin_set("emb").cards) == 86
    with pytest.raises(ValueError):
        Collection.from_json({"format": "htt-collection", "version": 1, "deck": "emb-1a"})


def test_wins_under_a_saved_preset_are_counted():
    c = with_cards(*DECK)
    c.save_preset("sp", HttOptions(same=True, plus=True))
    c.save_preset("broken", HttOptions())
    c.presets["broken"] = {"board": "nope"}
    p = Page(stored(c), "#/htt/log")
    report(p, finished_record(HttOptions(hand0=tuple(DECK), own_deck=True, same=True, plus=True), 0))
    report(p, finished_record(HttOptions(same=True), 0))
    assert collection(p).preset_wins == {"sp": 1}


def test_imported_sets_with_bad_pictures_are_refused():
    p = Page({}, "#/htt/sets")
    p.send(
        {
            "type": "form",
            "name": "create-set",
            "data": {"name": "S", "theme": "", "per_level": "6", "level11": "3", "names": ""},
        }
    )
    doc = collection(p).sets()[0].to_json()
    doc["cards"][0]["image"] = "javascript:alert(1)"
    fresh = Page({}, "#/htt/sets")
    fresh.send({"type": "import", "kind": "htt-set", "name": "s.json", "text": json.dumps(doc)})
    assert "is not a PNG, JPEG, GIF or WebP picture" in fresh.last["toast"] and KEY not in fresh.storage
    c = Collection(custom_sets=[doc])
    fresh.send({"type": "import", "kind": "htt-collection", "name": "c.json", "text": c.dumps()})
    assert "nothing was changed" in fresh.last["toast"] and KEY not in fresh.storage


def test_drag_preview_marks_the_cards_that_would_turn():
    from webtabletop.core.view import ViewContext
    from webtabletop.games.htt import VIEW
    from webtabletop.games.htt.deal import position

    s = position(HttOptions(), {"b3": (1, "111111")}, hands=[["999999"], ["111111"]], player=0)
    cell = s.board.grid.names.index("b2")
    for hover, selection in ((f"h0@c{cell}", None), (f"c{cell}", "h0")):
        svg = VIEW.board_svg(s, ViewContext(viewer=0, selection=selection, hover=hover))
        assert 'stroke-dasharray="6 4"' in svg and "#fff6c8" in svg
    assert 'stroke-dasharray="6 4"' not in VIEW.board_svg(s, ViewContext(viewer=0, hover=f"c{cell}"))


def test_the_navigation_marks_the_current_page_and_phones_get_one_menu():
    # issue 11: "The HTT navigation shows the current page" (not "Play" on every page)
    p = Page({}, "#/htt/packs")
    html = p.last["html"]
    nav = re.search(r"<nav class='game-nav'.*?</nav>", html, re.S)[0]
    assert re.findall(r'<a aria-current="page" class="btn small primary" href="([^"]+)"', nav) == [
        "#/htt/packs"
    ]
    assert "primary" not in re.search(r'<a [^>]*href="#/htt">', nav)[0]
    menu = re.search(r'<details class="htt-menu">.*?</details>', html, re.S)[0]
    assert re.findall(r'<a href="([^"]+)" aria-current="page">', menu) == ["#/htt/packs"]
    assert menu.count("<li>") == 9 and "<summary" in menu and ">Packs</summary>" in menu
