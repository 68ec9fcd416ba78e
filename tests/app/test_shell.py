"""The app controller in CPython: routes, playing, undo, saves, links, bad input."""

import json

import pytest

from tests.app.harness import Page
from webtabletop.core.storage import PREFIX


def test_home_lists_playable_games():
    page = Page()
    assert page.last["route"] == "home"
    assert "Tsifrograd" in page.last["html"] and 'href="#/tsifrograd/play?vs=ai"' in page.last["html"]


def test_play_hot_seat_saves_and_resumes_after_reload():
    page = Page(hash_="#/tsifrograd/play?vs=human")
    assert page.hash == "#/tsifrograd" and page.last["route"] == "game"
    assert 'data-move="0"' in page.last["html"]
    for _ in range(3):
        page.send({"type": "move", "code": page.cells()[0]})
    moves = page.state.session.history.record.moves
    assert len(moves) >= 3
    reloaded = Page(page.storage, "#/tsifrograd")
    assert reloaded.state.session.history.record.moves == moves
    assert reloaded.state.session.history.record.seed == page.state.session.history.record.seed


def test_against_ai_the_page_is_told_to_ask_the_ai():
    page = Page(hash_="#/tsifrograd/play?vs=ai")
    assert page.last["ai"] is False  # the human (Orange) moves first
    page.send({"type": "move", "code": page.cells()[0]})
    assert page.last["ai"] is True and "Computer is thinking" in page.last["html"]
    page.send({"type": "move", "code": page.cells()[0]})
    assert "computer&#x27;s turn" in page.last["html"]
    page.send({"type": "ai"})
    assert page.state.session.state.to_move() == 0 and page.last["ai"] is False
    page.send({"type": "cmd", "name": "undo"})
    assert page.state.session.history.cursor == 0  # back to the human's turn


def test_share_link_round_trip_and_keeps_other_games():
    page = Page(hash_="#/tsifrograd/play?vs=human")
    for _ in range(4):
        page.send({"type": "move", "code": page.cells()[-1]})
    page.send({"type": "cmd", "name": "copy-link"})
    link = page.last["clipboard"]
    assert link.startswith("http://x/#/tsifrograd?r=")
    friend = Page(hash_=link[len("http://x/") :])
    assert friend.state.session.state == page.state.session.state
    # the address bar keeps the shared position in its canonical form (it can be bookmarked)
    assert friend.hash == link[len("http://x/") :]
    # the same link again (a reload of the bookmark) opens the game it made, not a copy
    games = {k for k in friend.storage if k.startswith(PREFIX + "game:")}
    again = Page(storage=friend.storage, hash_=friend.hash)
    assert {k for k in again.storage if k.startswith(PREFIX + "game:")} == games
    assert again.state.session.slot == friend.state.session.slot
    # a link to another position opened in the first browser keeps the game that was there
    friend.send({"type": "move", "code": friend.cells()[0]})
    friend.send({"type": "cmd", "name": "copy-link"})
    other = friend.last["clipboard"]
    before = {k for k in page.storage if k.startswith(PREFIX + "game:")}
    page.send({"type": "hash", "hash": other[len("http://x/") :]})
    after = {k for k in page.storage if k.startswith(PREFIX + "game:")}
    assert before < after


@pytest.mark.parametrize(
    "frag",
    [
        "#/tsifrograd?r=garbage!!",
        "#/tsifrograd?r=",
        "#/tsifrograd?r=AQ",
        "#/nogame?r=abc",
        "#/tsifrograd/nopage",
    ],
)
def test_broken_links_show_a_message_and_lose_nothing(frag):
    page = Page(hash_="#/tsifrograd/play?vs=human")
    page.send({"type": "move", "code": page.cells()[0]})
    saved = dict(page.storage)
    page.send({"type": "hash", "hash": frag})
    assert page.last["route"] == "error"
    assert "role='alert'" in page.last["html"]
    assert page.storage == saved


def test_illegal_move_gets_a_message():
    page = Page(hash_="#/tsifrograd/play?vs=human")
    page.send({"type": "move", "code": "999"})
    assert "not a legal move" in page.last["html"]


def test_corrupt_saved_game_is_set_aside_with_a_notice():
    store = {
        PREFIX + "last:tsifrograd": json.dumps({"schema": "last-game", "version": 1, "data": {"slot": "s1"}}),
        PREFIX + "game:tsifrograd:s1": "{broken",
    }
    page = Page(store, "#/tsifrograd")
    assert page.storage[PREFIX + "aside:game:tsifrograd:s1:1"] == "{broken"
    assert "could not be read" in page.last["html"]
    assert page.last["route"] == "game"


def test_saved_game_with_illegal_moves_opens_at_its_last_legal_position():
    """A saved game whose moves stop being legal opens before the first illegal one, says why,
    and keeps the whole original document as a backup."""
    data = {
        "record": {
            "format": "webtabletop-record",
            "version": 1,
            "game": "tsifrograd",
            "options": {},
            "seed": 1,
            "moves": ["0", "0"],
        },
        "cursor": 0,
        "players": {"kinds": ["human", "human"], "level": "normal"},
        "updated": 0,
    }
    store = {PREFIX + "game:tsifrograd:s1": json.dumps({"schema": "saved-game", "version": 1, "data": data})}
    original = store[PREFIX + "game:tsifrograd:s1"]
    page = Page(store, "#/tsifrograd")
    backups = [k for k in page.storage if k.startswith(PREFIX + "backup:game:tsifrograd:s1:rules")]
    assert len(backups) == 1 and page.storage[backups[0]] == original
    assert page.state.session.history.record.moves == ("0",)
    assert "stops after move 1" in page.last["html"] and "not legal" in page.last["html"]


def test_new_game_form_validates_and_starts():
    page = Page(hash_="#/tsifrograd/new")
    assert "<form data-form='new-game'" in page.last["html"]
    page.send(
        {
            "type": "form",
            "name": "new-game",
            "data": {"variant": "tsifroshturm", "board": "hex", "radius": "99", "seed": ""},
        }
    )
    assert page.last["route"] == "new" and "radius" in page.last["html"]
    page.send(
        {
            "type": "form",
            "name": "new-game",
            "data": {
                "variant": "proximity",
                "_preset": "large",
                "radius": "3",
                "grace": "",
                "seed": "42",
                "player0": "human",
                "player1": "human",
            },
        }
    )
    assert page.last["route"] == "game"
    rec = page.state.session.history.record
    assert rec.seed == 42 and rec.options == {"variant": "proximity", "radius": 4}


def test_step_through_and_goto():
    page = Page(hash_="#/tsifrograd/play?vs=human")
    for _ in range(3):
        page.send({"type": "move", "code": page.cells()[0]})
    n = page.state.session.history.cursor
    page.send({"type": "cmd", "name": "back"})
    assert page.state.session.history.cursor == n - 1
    page.send({"type": "cmd", "name": "goto", "arg": "1"})
    assert page.state.session.history.cursor == 1 and 'aria-current="step"' in page.last["html"]
    page.send({"type": "cmd", "name": "last"})
    assert page.state.session.history.cursor == n


def test_export_import_data_and_record_files():
    page = Page(hash_="#/tsifrograd/play?vs=human")
    page.send({"type": "move", "code": page.cells()[0]})
    page.send({"type": "cmd", "name": "export-game"})
    record_text = page.last["download"]["text"]
    page.send({"type": "hash", "hash": "#/data"})
    page.send({"type": "cmd", "name": "export-all"})
    backup = page.last["download"]["text"]
    fresh = Page()
    fresh.send({"type": "import", "name": "game.json", "text": record_text})
    assert fresh.last["route"] == "game" and len(fresh.state.session.history.record.moves) == 1
    other = Page()
    other.send({"type": "import", "name": "data.json", "text": backup})
    assert "Imported" in other.last["toast"]
    other.send({"type": "import", "name": "junk.json", "text": "junk"})
    assert "not a webtabletop backup" in other.last["toast"] or "not valid JSON" in other.last["toast"]


def test_storage_event_from_another_tab_updates_snapshot():
    page = Page()
    page.send({"type": "storage", "key": PREFIX + "game:tsifrograd:zz", "value": "{}"})
    assert page.last.get("quiet") is True
    assert PREFIX + "game:tsifrograd:zz" in page.state.store


def test_rules_and_data_pages():
    page = Page(hash_="#/tsifrograd/rules")
    assert "Tsifroshturm" in page.last["html"] and "second player" in page.last["html"]
    page.send({"type": "hash", "hash": "#/data"})
    assert "Export all data" in page.last["html"]


def test_full_game_result_screen_and_rematch():
    page = Page(hash_="#/tsifrograd/play?vs=human")
    while page.state.session.state.outcome() is None:
        page.send({"type": "move", "code": page.cells()[0]})
    assert 'role="dialog"' in page.last["html"] and " wins" in page.last["html"]
    seed = page.state.session.history.record.seed
    page.send({"type": "cmd", "name": "rematch"})
    assert page.state.session.history.record.moves == () and page.state.session.history.record.seed != seed


def test_form_error_keeps_what_was_typed():
    page = Page(hash_="#/tsifrograd/new")
    page.send(
        {
            "type": "form",
            "name": "new-game",
            "data": {
                "variant": "tsifroshturm",
                "board": "square",
                "width": "20",
                "height": "4",
                "seed": "77",
                "player1": "human",
            },
        }
    )
    html = page.last["html"]
    assert "width" in html and 'value="20"' in html and 'value="tsifroshturm" selected' in html
    assert "value='77'" in html or 'value="77"' in html


def _hand_names(state, player):
    from webtabletop.games.sht.rules import cards

    return [cards.name(c) for c in state.hands[player]]


def test_hot_seat_privacy_screen_for_hidden_information():
    page = Page(hash_="#/sht/play?vs=human")
    html = page.last["html"]
    assert "Pass the device to" in html
    state = page.state.session.state
    for p in (0, 1):  # nothing private of either player is drawn behind the screen
        for name in _hand_names(state, p):
            assert f'data-card="{name}"' not in html
    page.send({"type": "cmd", "name": "reveal"})
    me = state.to_move()
    html = page.last["html"]
    assert "Pass the device to" not in html
    for name in _hand_names(state, 1 - me):
        assert f'data-card="{name}"' not in html
    own = _hand_names(state, me)
    assert any(f'data-card="{n}"' in html for n in own)
    # play until the turn passes: the screen comes back for the other player
    for _ in range(10):
        s = page.state.session.state
        if s.to_move() != me:
            break
        page.send({"type": "move", "code": s.legal_moves()[0].code})
    assert page.state.session.state.to_move() != me
    assert "Pass the device to" in page.last["html"]


def test_hidden_information_share_link_opens_behind_the_privacy_screen():
    page = Page(hash_="#/sht/play?vs=ai")
    for _ in range(6):
        s = page.state.session.state
        if s.is_over:
            break
        if page.last.get("ai"):
            page.send({"type": "ai"})
        else:
            page.send({"type": "move", "code": s.legal_moves()[0].code})
    page.send({"type": "cmd", "name": "copy-link"})
    friend = Page(hash_=page.last["clipboard"][len("http://x/") :])
    if not friend.state.session.state.is_over:
        assert "Pass the device to" in friend.last["html"]


def test_two_tabs_on_the_same_game_never_overwrite_each_other():
    first = Page(hash_="#/tsifrograd/play?vs=human")
    first.send({"type": "move", "code": first.cells()[0]})
    second = Page(first.storage, "#/tsifrograd")  # the same saved game in another tab
    second.send({"type": "move", "code": second.cells()[0]})
    key = next(k for k, v in second.storage.items() if k.startswith(PREFIX + "game:"))
    first.storage.update(second.storage)
    first.send({"type": "storage", "key": key, "value": second.storage[key]})
    first.send({"type": "move", "code": first.cells()[-1]})
    games = {
        k: json.loads(v)["data"]["record"]["moves"]
        for k, v in first.storage.items()
        if k.startswith(PREFIX + "game:")
    }
    assert len(games) == 2  # the other tab's game and this tab's game are both kept
    assert "another tab" in first.last["toast"]


def test_dumaraj_position_editor_to_new_game():
    page = Page(hash_="#/dumaraj/editor")
    assert page.last["route"] == "editor" and "Legal position" in page.last["html"]
    page.send({"type": "pick", "token": "load:empty8"})
    page.send({"type": "pick", "token": "sq:0"})
    assert "Choose a mob" in page.last["html"]
    page.send({"type": "pick", "token": "tool:Q"})
    page.send({"type": "pick", "token": "sq:3"})  # d1: a white Fej
    text = page.state.editor["text"]
    assert text.startswith("4k3/8/8/8/8/8/8/3QK3") and text.endswith(" w")
    page.send({"type": "pick", "token": "tool:p"})
    page.send({"type": "pick", "token": "sq:1"})  # a black Pixa on its finist line (b1) is illegal
    assert "Not a legal start" in page.last["html"]
    page.send({"type": "cmd", "name": "editor-start"})
    assert page.last["route"] == "editor" and "Pixa" in page.last["html"]
    page.send({"type": "pick", "token": "sq:1"})  # clicking the same mob again removes it
    page.send({"type": "form", "name": "editor-text", "data": {"text": "nonsense"}})
    assert "cannot be read" in page.last["html"]
    page.send({"type": "cmd", "name": "editor-start"})
    assert page.last["route"] == "new" and "3QK3" in page.last["html"]
    page.send(
        {
            "type": "form",
            "name": "new-game",
            "data": {"fen": page.state.editor["text"], "player0": "human", "player1": "human", "seed": "1"},
        }
    )
    assert page.last["route"] == "game"
    assert page.state.session.state.fen().startswith("4k3/8/8/8/8/8/8/3QK3 w")
    page.send({"type": "cmd", "name": "export-text"})
    assert page.last["clipboard"].startswith("4k3/")


def test_clock_runs_for_the_player_to_move_and_flags():
    page = Page(hash_="#/tsifrograd/new")
    page.send(
        {
            "type": "form",
            "name": "new-game",
            "data": {"player0": "human", "player1": "human", "clock": "3+2", "seed": "5"},
            "now": 1000,
        }
    )
    assert 'role="timer"' in page.last["html"] and "3:00" in page.last["html"]
    page.send({"type": "move", "code": page.cells()[0], "now": 11_000})  # Orange took 10 s
    clock = page.state.session.clock
    mover_left = clock.remaining[0]
    assert mover_left == 180_000 - 10_000 + (2000 if page.state.session.state.to_move() == 1 else 0)
    reloaded = Page(page.storage, "#/tsifrograd")
    assert reloaded.state.session.clock.remaining == clock.remaining  # saved (paused while away)
    page.send({"type": "cmd", "name": "clock-check", "now": 11_000 + 181_000})
    html = page.last["html"]
    assert "time ran out" in html and 'role="dialog"' in html
    page.send({"type": "move", "code": page.cells()[0], "now": 400_000})
    assert "game is over" in page.last["html"]


def test_clock_form_rejects_unknown_preset():
    page = Page(hash_="#/tsifrograd/new")
    page.send({"type": "form", "name": "new-game", "data": {"clock": "1+1"}})
    assert page.last["route"] == "new" and "unknown clock" in page.last["html"]


def test_display_preferences_are_saved_per_game():
    page = Page(hash_="#/cardgo/play?vs=ai")
    assert 'data-change="pref:preview"' in page.last["html"] and "checked" in page.last["html"]
    assert page.state.session.context(page.state.settings).prefs == {"preview": True}
    page.send({"type": "change", "name": "pref:preview", "value": "false"})
    assert page.state.session.context(page.state.settings).prefs == {"preview": False}
    again = Page(page.storage, "#/cardgo")
    assert again.state.session.context(again.state.settings).prefs == {"preview": False}


def test_a_game_is_saved_from_its_first_move_and_every_saved_row_can_be_deleted():
    """A "Play vs AI" click that is never played leaves no "in progress" row;
    a row of "Your data" is deleted after a confirmation, and the page then resumes no deleted game."""
    page = Page(hash_="#/tsifrograd/play?vs=human")
    saved = lambda: sorted(k for k in page.storage if k.startswith(PREFIX + "game:"))  # noqa: E731
    assert saved() == []
    page.send({"type": "hash", "hash": "#/data"})
    assert "data-saved=" not in page.last["html"]
    page.send({"type": "hash", "hash": "#/tsifrograd"})
    page.send({"type": "move", "code": page.cells()[0]})
    (key,) = saved()
    page.send({"type": "cmd", "name": "undo"})
    assert json.loads(page.storage[key])["data"]["cursor"] == 0  # saved back to no moves, not dropped
    page.send({"type": "hash", "hash": "#/data"})
    assert f"data-saved='{key}'" in page.last["html"] and f"delete:{key}" in page.last["html"]
    page.send({"type": "cmd", "name": "delete-entry", "arg": key})
    assert "Delete this saved game for good?" in page.last["html"] and key in page.storage
    page.send({"type": "cmd", "name": "confirm-delete", "arg": key})
    assert saved() == [] and PREFIX + "last:tsifrograd" not in page.storage
    assert "data-saved=" not in page.last["html"]
    page.send({"type": "hash", "hash": "#/tsifrograd"})  # a fresh game, not the deleted one
    assert page.last["route"] == "game" and saved() == []
