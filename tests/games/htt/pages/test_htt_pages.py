"""The HTT pages through the app, driven like the browser does (tests/app/harness.py): collection
views, packs, achievements, battle log, presets, the deck chooser of the new-game dialog and the
game-over hook. Sets, files, pictures and stored collections: test_htt_set_files.py."""

from __future__ import annotations

import json
import re

import pytest

from tests.app.harness import Page
from webtabletop.app.model.effects import Effects
from webtabletop.app.model.extensions import PageContext
from webtabletop.app.model.saves import Players
from webtabletop.core.record import Record
from webtabletop.games.htt import PAGES, SPEC
from webtabletop.games.htt.collection.model import Collection
from webtabletop.games.htt.rules.options import HttOptions
from webtabletop.games.htt.rules.sets.library import builtin_set, get_card
from webtabletop.games.htt.rules.state import OVER, PICK
from webtabletop.games.htt.ui.pages.extension import KEY

from .pages_helpers import DECK, collection, new_game, stored, with_cards


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
    # "notices stay on their own page": the new cards show on the packs page, no toast
    assert "toast" not in p.last
    c = collection(p)
    assert c.total_cards() == 5 and c.packs_available == 0 and c.packs_opened == 1
    assert len({get_card(x).level for x in c.owned}) == 5  # the free pack makes an Own deck
    assert p.hash.startswith("#/htt/packs?opened=") and p.last["html"].count('class="htt-card owned htt-reveal"') == 5
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
    opts = p.state.session.state.options
    assert opts.own_deck and opts.hand0 == tuple(DECK) and opts.hand1 == ()
    assert [c.level for c in p.state.session.state.decks[1]] == [1, 3, 5, 7, 9]  # dealt, same levels
    # the table shows the player's own deck strength, never the opponent's hidden one
    assert "Deck strength (sum of levels): Blue 25</p>" in p.last["html"] and "Red 25" not in p.last["html"]
    c = collection(p)
    assert c.deck == DECK and c.deck_source == "own"
    p.send({"type": "hash", "hash": "#/htt/new"})
    assert "Deck strength of your saved deck: <b>25</b>" in p.last["html"]
    assert 'value="emb-5a" checked' in p.last["html"]  # the chosen card, shown as a card
    p.send({"type": "hash", "hash": "#/htt/collection"})
    assert "deck strength 25" in p.last["html"]


def test_invalid_own_deck_goes_back_to_the_form_with_a_message():
    p = Page(stored(with_cards(*DECK)), "#/htt/new")
    new_game(p, deck_source="own", deck_1="emb-1a", deck_3="emb-3a")
    assert p.state.route[0] == "new" and "Own deck: choose 5 cards, not 2" in p.last["html"]
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
    assert "you own 0 copies of emb-9b" in p2.last["html"]
    # a form that fails its checks changes nothing stored: not the deck, not the deck choice
    assert collection(p).deck == [] and collection(p).deck_source == ""
    new_game(p, deck_source="own", **{f"deck_{get_card(x).level}": x for x in DECK}, max_level="nine")
    assert p.state.route[0] == "new" and collection(p).deck == [] and collection(p).deck_source == ""


def test_human_as_second_player_and_random_hands():
    p = Page(stored(with_cards(*DECK, "emb-2a", "emb-4a")), "#/htt/new")
    new_game(p, deck_source="random", deck_seat="1", player0="ai", player1="human")
    opts = p.state.session.state.options
    assert opts.random_hands and opts.hand0 == () and len(opts.hand1) == 5
    assert len({get_card(x).level for x in opts.hand1}) == 5
    few = Page(stored(with_cards("emb-1a", "emb-2a")), "#/htt/new")
    new_game(few, deck_source="random")
    assert few.state.route[0] == "new" and "Random needs owned cards of 5 different levels" in few.last["html"]


def test_dealt_is_the_default_for_a_first_time_player():
    p = Page({}, "#/htt/new")
    assert '<option value="dealt" selected>' in p.last["html"] and "open your free pack" in p.last["html"]
    new_game(p)  # the form as sent without touching the deck fields
    opts = p.state.session.state.options
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
    opts = p.state.session.state.options
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
    fx = Effects()
    PAGES.game_over(record, state.outcome(), Players(kinds, "easy"), PageContext(page.state, fx))
    for w in fx.writes:
        page.storage[w["key"]] = w["value"]
    page.last = fx.to_json()


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
    fx = Effects()
    PAGES.game_over(rec, rec.final_state().outcome(), Players(("human", "human")), PageContext(p.state, fx))
    assert fx.writes == [] and p.storage[KEY] == before


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
        if p.state.session.state.is_over:
            break
        if p.last.get("ai"):
            p.send({"type": "ai"})
        else:
            p.send({"type": "move", "code": p.cells()[0] if p.cells()[0] != "draw" else p.cells()[1]})
    assert p.state.session.state.is_over and p.state.session.reported
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


def test_drag_preview_marks_the_cards_that_would_turn():
    from webtabletop.core.view import ViewContext
    from webtabletop.games.htt import VIEW
    from webtabletop.games.htt.rules.deal import position

    s = position(HttOptions(), {"b3": (1, "111111")}, hands=[["999999"], ["111111"]], player=0)
    cell = s.board.grid.names.index("b2")
    for hover, selection in ((f"h0@c{cell}", None), (f"c{cell}", "h0")):
        svg = VIEW.board_svg(s, ViewContext(viewer=0, selection=selection, hover=hover))
        assert 'stroke-dasharray="6 4"' in svg and "#fff6c8" in svg
    assert 'stroke-dasharray="6 4"' not in VIEW.board_svg(s, ViewContext(viewer=0, hover=f"c{cell}"))


def test_the_navigation_marks_the_current_page_and_phones_get_one_menu():
    # "The HTT navigation shows the current page" (not "Play" on every page);
    # one menu serves every game on a phone: the shared one (folded behind "Menu"), no HTT copy
    p = Page({}, "#/htt/packs")
    html = p.last["html"]
    nav = re.search(r"<nav class='game-nav'.*?</nav>", html, re.S)[0]
    assert re.findall(r'<a aria-current="page" class="btn small primary" href="([^"]+)"', nav) == [
        "#/htt/packs"
    ]
    assert "primary" not in re.search(r'<a [^>]*href="#/htt">', nav)[0]
    menu = re.search(r'<div class="game-menu" id="game-menu".*?</nav></div>', html, re.S)[0]
    assert nav in menu and 'data-menu="1"' in html
    assert "htt-menu" not in html and "<details" not in html
