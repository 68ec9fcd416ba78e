"""Hardening of the app shell: bad documents are set aside once and stop being re-read, set-aside
copies are bounded, backup imports are checked like the pages check them, the engine always
answers with something the page can show, and hidden cards stay hidden until a deliberate step
after the game."""

from __future__ import annotations

import json

import pytest

from tests.app.harness import Page
from webtabletop.app.model.saves import SAVED_GAME, game_key, last_key
from webtabletop.app.shell.app import App
from webtabletop.app.shell.dispatch import Dispatcher
from webtabletop.core import storage
from webtabletop.core.record import Record
from webtabletop.core.registry import get_game
from webtabletop.core.storage import ASIDE, BACKUP, PREFIX

SETTINGS_KEY = PREFIX + "settings"


def doc(schema: str, data, version: int = 1) -> str:
    return json.dumps({"schema": schema, "version": version, "data": data})


def saved_game(options=None, clock=None, moves=(), players=("human", "ai"), game="tsifrograd", rules=None) -> str:
    """A saved-game document; its record is made under the current rules unless ``rules`` says
    otherwise (a record without a rules field was made before rules versions existed)."""
    rules = get_game(game).rules_version if rules is None else rules
    record = {"format": "webtabletop-record", "version": 1, "game": game, "seed": 7, "moves": list(moves)}
    record["rules"] = rules
    if options is not None:
        record["options"] = options
    data = {"record": record, "cursor": len(moves), "players": {"kinds": list(players), "level": "easy"}}
    data["updated"] = 1_790_000_000_000
    if clock is not None:
        data["clock"] = clock
    return doc("saved-game", data)


BAD_GAME = saved_game(options={"radius": "²"})
BAD_KEY = game_key("tsifrograd", "bad1")


def asides(storage_: dict[str, str]) -> list[str]:
    return sorted(k for k in storage_ if k.startswith(ASIDE))


@pytest.mark.parametrize("apply_removes", [True, False])
def test_twenty_reloads_with_bad_documents_keep_one_copy_each(apply_removes):
    """A corrupt settings document and a saved game whose options are "²": each is set aside
    once (one copy each, however often the page reloads) with one notice per document. When the
    page applies the removals, later loads neither re-read them nor report them again; when a
    removal does not happen (another tab put the document back), each load still makes no new
    copy and shows one notice per document, never two."""
    store = {
        SETTINGS_KEY: "{corrupt",
        BAD_KEY: BAD_GAME,
        last_key("tsifrograd"): doc("last-game", {"slot": "bad1"}),
    }
    counts, notices = [], []
    for _ in range(20):
        page = Page(store, "#/tsifrograd", apply_removes=apply_removes)
        store = page.storage
        counts.append(len(asides(store)))
        notices.append(len(page.state.notices))
        assert page.last["route"] == "game"  # a fresh game opened instead
    assert counts == [2] * 20
    assert {store[k] for k in asides(store)} == {"{corrupt", BAD_GAME}
    if apply_removes:
        assert notices == [2] + [0] * 19
        assert SETTINGS_KEY not in store or json.loads(store[SETTINGS_KEY])["schema"] == "settings"
        assert BAD_KEY not in store
    else:
        # the settings document is re-read at every start (one notice); the bad saved game is
        # not, because the game opened instead of it is the one resumed from then on
        assert notices == [2] + [1] * 19


def test_a_future_settings_document_is_kept_aside_once_and_removed_after_its_copy():
    future = doc("settings", {"ai_level": "hard"}, version=9)
    page = Page({SETTINGS_KEY: future})
    assert "newer version" in page.last["html"]
    assert page.last["writes"][0] == {"key": ASIDE + "settings:1", "value": future}
    assert page.last["removes"] == [{"key": SETTINGS_KEY, "kept_as": ASIDE + "settings:1"}]
    again = Page(page.storage)
    assert "newer version" not in again.last["html"] and again.last["removes"] == []


def test_a_removal_waits_for_its_copy():
    """If the copy could not be written (a full storage), the original stays."""
    page = Page({SETTINGS_KEY: "{bad"}, apply_removes=False)
    store = {SETTINGS_KEY: "{bad"}  # the write of the copy failed: only the original is there
    for r in page.last["removes"]:
        if r["kept_as"] is None or store.get(r["kept_as"]) == store.get(r["key"]):
            store.pop(r["key"])
    assert store == {SETTINGS_KEY: "{bad"}


def test_set_aside_copies_are_bounded_after_a_warning(monkeypatch):
    monkeypatch.setattr(storage, "ASIDE_LIMIT", 3000)
    store = {f"{ASIDE}game:tsifrograd:old{i}:1": "x" * 1000 for i in range(5)}
    first = Page(store)
    assert "Export your data now" in first.last["html"] and "notice-export" in first.last["html"]
    assert len(asides(first.storage)) == 5  # nothing dropped before the player was told
    second = Page(first.storage)
    assert "oldest copies of unreadable data were removed" in second.last["html"]
    assert len(asides(second.storage)) == 2
    assert storage.aside_size(second.storage) <= 3000
    third = Page(second.storage)
    assert "unreadable data" not in third.last["html"]
    assert "aside_warned" not in json.loads(third.storage[SETTINGS_KEY])["data"]


def test_a_saved_game_of_older_rules_is_backed_up_once_and_saved_at_its_last_legal_move(monkeypatch):
    page = Page(hash_="#/tsifrograd/play?vs=human")
    for _ in range(3):
        page.send({"type": "move", "code": page.cells()[0]})
    slot = page.state.session.slot
    key = game_key("tsifrograd", slot)
    data = json.loads(page.storage[key])["data"]
    data["record"]["moves"].append("not-a-move")
    data["record"]["rules"] = 1
    spec = get_game("tsifrograd")
    import attrs

    from webtabletop.core import registry

    monkeypatch.setitem(registry._GAMES, "tsifrograd", attrs.evolve(spec, rules_version=2))
    store = dict(page.storage)
    store[key] = doc("saved-game", data)
    first = Page(store, "#/tsifrograd")
    assert "stops after move 3" in first.last["html"]
    backups = [k for k in first.storage if k.startswith(BACKUP)]
    assert len(backups) == 1 and first.storage[backups[0]] == store[key]
    second = Page(first.storage, "#/tsifrograd")
    assert "stops after move" not in second.last["html"]
    assert [k for k in second.storage if k.startswith(BACKUP)] == backups
    assert second.state.session.history.record.moves == tuple(data["record"]["moves"][:3])


# --- backup import -------------------------------------------------------------------------------
def backup_of(documents: dict[str, str]) -> str:
    return json.dumps({"format": "webtabletop-backup", "version": 1, "app": "t", "documents": documents})


def good_backup() -> tuple[Page, str]:
    page = Page(hash_="#/tsifrograd/play?vs=human")
    page.send({"type": "move", "code": page.cells()[0]})
    page.send({"type": "hash", "hash": "#/data"})
    page.send({"type": "cmd", "name": "export-all"})
    return page, page.last["download"]["text"]


@pytest.mark.parametrize(
    "key, raw, reason",
    [
        (game_key("tsifrograd", "x1"), BAD_GAME, "must be a whole number"),
        (
            game_key("tsifrograd", "x2"),
            saved_game(clock={"preset": "5+0", "remaining": [1, 2]}).replace("[1, 2]", "[Infinity, 2]"),
            "not finite",
        ),
        (game_key("tsifrograd", "x3"), saved_game(moves=["zz9"]), "do not replay"),
        (game_key("sht", "x4"), saved_game(), "holds a tsifrograd game"),
        (PREFIX + "mystery", "{}", "no kind of data"),
        (PREFIX + "settingsX", doc("settings", {}), "no kind of data"),
        (PREFIX + "htt:collection", doc("htt-collection", {"owned": {"x": -1}}), "damaged"),
    ],
)
def test_an_import_with_a_bad_entry_imports_nothing_and_lists_it(key, raw, reason):
    page, text = good_backup()
    data = json.loads(text)
    data["documents"][key] = raw
    before = dict(page.storage)
    page.send({"type": "import", "text": json.dumps(data), "name": "mine.json"})
    assert page.storage == before and page.last["writes"] == []
    assert page.last["route"] == "data"
    html = page.last["html"]
    assert "Nothing was imported from mine.json: 1 entry cannot be used." in html
    assert storage.label(key) in html and reason in html


def test_a_good_import_says_what_happened_to_each_entry():
    page, text = good_backup()
    fresh = Page()
    fresh.send({"type": "hash", "hash": "#/data"})
    fresh.send({"type": "import", "text": text, "name": "mine.json"})
    html = fresh.last["html"]
    # the saved game, the game to resume and the settings (they remember a game was played)
    assert "Imported 3 entries from mine.json." in html and "imported (new)" in html
    again = Page(fresh.storage, "#/data")
    again.send({"type": "import", "text": text, "name": "mine.json"})
    assert "unchanged" in again.last["html"] and again.last["writes"] == []


def test_a_bad_record_file_says_what_is_wrong_with_the_record():
    page = Page(hash_="#/data")
    text = json.dumps(
        {"format": "webtabletop-record", "version": 1, "game": "tsifrograd", "options": {"radius": "²"}}
    )
    page.send({"type": "import", "text": text, "name": "game.json"})
    assert "whole number" in page.last["toast"] and page.last["writes"] == []


# --- Your data ----------------------------------------------------------------------------------
def test_your_data_lists_saved_games_with_date_players_moves_and_result():
    page = Page(hash_="#/tsifrograd/play?vs=ai")
    page.send({"type": "move", "code": page.cells()[0]})
    page.send({"type": "hash", "hash": "#/data"})
    html = page.last["html"]
    assert "Tsifrograd" in html and "1 move<" in html and "in progress" in html
    assert "Orange (human) vs Blue (computer)" in html
    finished = get_game("tsifrograd").start(None, 3)
    codes = []
    while not finished.is_over:
        move = finished.legal_moves()[0]
        codes.append(move.code)
        finished = finished.apply(move)
    rec = Record("tsifrograd", {}, 3, tuple(codes))
    data = {
        "record": rec.to_json(),
        "cursor": len(codes),
        "players": {"kinds": ["human", "human"]},
        "updated": 1.79e12,
    }
    store = dict(page.storage)
    store[game_key("tsifrograd", "done1")] = storage.write(
        SAVED_GAME, game_key("tsifrograd", "done1"), data
    ).value
    listed = Page(store, "#/data").last["html"]
    assert f"{len(codes)} moves" in listed and "2026-" in listed
    assert "won (" in listed or "draw (" in listed


def test_copies_and_backups_can_be_exported_and_deleted_after_confirmation():
    store = {ASIDE + "settings:1": "{bad", BACKUP + "game:x:rules:1": "{old"}
    page = Page(store, "#/data")
    assert "settings:1" in page.last["html"] and "game:x:rules:1" in page.last["html"]
    page.send({"type": "cmd", "name": "export-entry", "arg": ASIDE + "settings:1"})
    assert page.last["download"]["text"] == "{bad"
    page.send({"type": "cmd", "name": "delete-entry", "arg": ASIDE + "settings:1"})
    assert "cannot be undone" in page.last["html"] and ASIDE + "settings:1" in page.storage
    page.send({"type": "cmd", "name": "cancel-delete"})
    page.send({"type": "cmd", "name": "confirm-delete", "arg": ASIDE + "settings:1"})
    assert ASIDE + "settings:1" in page.storage  # cancelled: nothing to confirm
    page.send({"type": "cmd", "name": "delete-entry", "arg": ASIDE + "settings:1"})
    page.send({"type": "cmd", "name": "confirm-delete", "arg": ASIDE + "settings:1"})
    assert ASIDE + "settings:1" not in page.storage and page.last["removes"] == [
        {"key": ASIDE + "settings:1", "kept_as": None}
    ]
    page.send({"type": "cmd", "name": "delete-entry", "arg": SETTINGS_KEY})
    assert "only saved games, copies kept aside and backups" in page.last["toast"]


# --- the engine always answers ------------------------------------------------------------------
class Broken(App):
    def handle(self, action):
        raise ZeroDivisionError("bug")


def test_a_failing_first_answer_is_an_error_page_with_a_way_home():
    d = Dispatcher(Broken())
    first = json.loads(d.dispatch(json.dumps({"type": "start", "hash": "#/tsifrograd?r=x"})))
    assert first["route"] == "error" and 'href="#/"' in first["html"] and first["writes"] == []
    d.rendered = True
    later = json.loads(d.dispatch(json.dumps({"type": "cmd", "name": "flip"})))
    assert "html" not in later and "Something went wrong" in later["toast"]


def test_the_dispatcher_survives_payloads_that_are_not_actions():
    d = Dispatcher()
    for payload in (
        "[1]",
        "nope",
        json.dumps({"type": "start", "storage": [1], "now": "NaN", "entropy": "x"}),
    ):
        resp = json.loads(d.dispatch(payload))
        assert resp.get("html") or resp.get("toast")


# --- hidden information after the game ----------------------------------------------------------
class SpyView:
    """Wraps a game view and records whether each board was drawn with ``reveal_all``."""

    def __init__(self, view):
        self._view = view
        self.reveals: list[bool] = []

    def __getattr__(self, name):
        return getattr(self._view, name)

    def board(self, state, ctx):
        self.reveals.append(ctx.reveal_all)
        return self._view.board(state, ctx)


def finished_game_page(game: str, players=("human", "ai")) -> Page:
    spec = get_game(game)
    state, codes = spec.start(None, 11), []
    while not state.is_over:
        move = state.legal_moves()[-1]
        codes.append(move.code)
        state = state.apply(move)
    rec = Record(game, {}, 11, tuple(codes))
    data = {
        "record": rec.to_json(),
        "cursor": len(codes),
        "players": {"kinds": list(players)},
        "updated": 1.79e12,
    }
    key = game_key(game, "end1")
    store = {
        key: storage.write(SAVED_GAME, key, data).value,
        last_key(game): doc("last-game", {"slot": "end1"}),
    }
    return Page(store, f"#/{game}")


@pytest.mark.parametrize("game", ["htt", "sht"])
def test_hidden_cards_are_revealed_only_after_the_game_and_a_deliberate_step(game):
    page = finished_game_page(game)
    spy = SpyView(page.state.session.view)
    page.state.session.view = spy
    page.send({"type": "cmd", "name": "dismiss-result"})
    assert "Reveal the computer&#x27;s cards" in page.last["html"] and spy.reveals == [False]
    page.send({"type": "cmd", "name": "back"})
    assert spy.reveals[-1] is False
    page.send({"type": "cmd", "name": "reveal-all"})
    assert spy.reveals[-1] is True and "reveal-all" not in page.last["html"]
    page.send({"type": "cmd", "name": "forward"})
    assert spy.reveals[-1] is True
    reloaded = Page(page.storage, f"#/{game}")  # never saved: a reload hides them again
    assert reloaded.state.session.reveal_all is False


def test_nothing_is_revealed_before_the_game_is_over():
    page = Page(hash_="#/sht/play?vs=ai")
    assert "reveal-all" not in page.last["html"]
    page.send({"type": "cmd", "name": "reveal-all"})
    assert page.state.session.reveal_all is False
    assert "until the game is over" in page.last["html"]


def test_hot_seat_games_offer_reveal_all_cards():
    page = finished_game_page("sht", players=("human", "human"))
    page.send({"type": "cmd", "name": "dismiss-result"})
    assert "Reveal all cards" in page.last["html"]
