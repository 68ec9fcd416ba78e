"""Newcomer defaults: a player's first "Play vs AI" of a game is an easy one.

The rule (app/game/newcomer.py): new to a game until a game of it with a move in it is saved here; the
settings remember it. The first game: the computer on easy, CardGO on the newcomer's table (the
puzzles' 7×7 without terrain and effects), every other game its designer's defaults; its screen,
and the new-game dialog while it is on screen, say in one sentence how to turn the rest on."""

from __future__ import annotations

import json
import re

import pytest

from tests.app.harness import Page
from webtabletop.app.game.newcomer import LEVEL
from webtabletop.app.model.saves import SETTINGS, SETTINGS_KEY
from webtabletop.core import storage
from webtabletop.core.registry import PLAYABLE, get_game
from webtabletop.core.storage import PREFIX
from webtabletop.games.cardgo.learn.puzzles import MINE_OPTIONS
from webtabletop.games.cardgo.rules.options import FIRST_GAME_OPTIONS
from webtabletop.i18n import catalogs

NOTE = re.compile(r'<p class="[^"]*first-game-note[^"]*" data-key="first-game-note">(.*?)</p>')


def settings(page) -> dict:
    return json.loads(page.storage[SETTINGS_KEY])["data"] if SETTINGS_KEY in page.storage else {}


def first_move(page) -> None:
    page.send({"type": "move", "code": page.cells()[0]})


@pytest.mark.parametrize("game", PLAYABLE)
def test_a_newcomers_first_game_against_the_computer_is_easy(game):
    page = Page(hash_=f"#/{game}/play?vs=ai")
    s = page.state.session
    spec = get_game(game)
    assert s.first_game and s.players.level == LEVEL == "easy" and s.players.kinds == ("human", "ai")
    expected = spec.options_from_dict(FIRST_GAME_OPTIONS) if game == "cardgo" else spec.default_options()
    assert spec.options_from_dict(s.history.record.options) == expected
    # its screen says how to turn the rest on, and links to the dialog that does
    (note,) = NOTE.findall(page.last["html"])
    assert "first game" in note and f'href="#/{game}/new"' in note
    if game == "cardgo":
        assert "terrain" in note and "effects" in note


def test_cardgos_first_game_is_the_newcomers_table_the_puzzles_use():
    assert {k: MINE_OPTIONS[k] for k in FIRST_GAME_OPTIONS} == FIRST_GAME_OPTIONS
    assert (
        FIRST_GAME_OPTIONS["size"] == 7
        and not FIRST_GAME_OPTIONS["terrain"]
        and not FIRST_GAME_OPTIONS["effects"]
    )


def test_after_the_first_game_the_normal_defaults_apply():
    page = Page(hash_="#/cardgo/play?vs=ai")
    page.send({"type": "hash", "hash": "#/cardgo/play?vs=ai"})  # not played yet: still the first game
    assert page.state.session.first_game
    first_move(page)
    assert settings(page)["played"] == ["cardgo"]
    page.send({"type": "hash", "hash": "#/cardgo/play?vs=ai"})
    s = page.state.session
    assert not s.first_game and s.players.level == "normal"
    assert s.history.record.options == {} and not NOTE.findall(page.last["html"])
    # deleting every saved game does not make the player new again: the settings remember
    page.storage = {k: v for k, v in page.storage.items() if not k.startswith(PREFIX + "game:")}
    again = Page(page.storage, "#/cardgo/play?vs=ai")
    assert not again.state.session.first_game
    # the other games are still new
    again.send({"type": "hash", "hash": "#/htt/play?vs=ai"})
    assert again.state.session.first_game


def test_the_first_games_note_survives_a_reload_and_stays_with_that_game():
    page = Page(hash_="#/tsifrograd/play?vs=ai")
    first_move(page)
    again = Page(page.storage, "#/tsifrograd")
    assert again.state.session.first_game and NOTE.findall(again.last["html"])


def test_a_saved_game_from_before_counts_and_a_finished_lesson_does_not():
    page = Page(hash_="#/tsifrograd/play?vs=human")  # hot-seat is never the easy first game
    assert not page.state.session.first_game and not NOTE.findall(page.last["html"])
    first_move(page)
    old = {k: v for k, v in page.storage.items() if k != SETTINGS_KEY}  # saved before settings knew
    assert not Page(old, "#/tsifrograd/play?vs=ai").state.session.first_game
    # lessons are practice: a finished lesson leaves the first real game easy ("Play a real game")
    learner = Page(hash_="#/tsifrograd/learn/place")
    learner.send({"type": "move", "code": learner.state.lesson.lesson.solution[0]})
    assert learner.state.lesson.verdict == "reached"
    learner.send({"type": "hash", "hash": "#/tsifrograd/play?vs=ai"})
    assert learner.state.session.first_game


@pytest.mark.parametrize("game", ["cardgo", "dumaraj"])
def test_a_fresh_board_with_nothing_saved_is_the_first_game_too(game):
    """``#/<game>`` with nothing saved starts a game against the computer: for a newcomer, the
    first game (the page's pre-rendered board for a browser with no data is that game)."""
    page = Page(hash_=f"#/{game}")
    assert page.state.session.first_game and page.state.session.players.level == "easy"
    played = storage.write(SETTINGS, SETTINGS_KEY, {"ai_level": "hard", "played": [game]})
    other = Page({played.key: played.value}, f"#/{game}")
    assert not other.state.session.first_game and other.state.session.players.level == "hard"
    assert other.state.session.history.record.options == {}


def test_the_dialog_of_the_first_game_says_how_to_turn_the_rest_on():
    page = Page(hash_="#/cardgo/new")  # no first game on screen: the full dialog, no note
    assert not NOTE.findall(page.last["html"])
    page.send({"type": "hash", "hash": "#/cardgo/play?vs=ai"})
    page.send({"type": "hash", "hash": "#/cardgo/new"})
    (note,) = NOTE.findall(page.last["html"])
    assert "7×7" in note and "Classic (10×10)" in note  # the preset that turns everything on
    html = page.last["html"]
    assert re.search(r'id="opt-size"[^>]*value="7"', html)  # filled from the first game on screen
    assert re.search(r'id="opt-terrain"[^>]*>', html) and not re.search(r'id="opt-terrain"[^>]*checked', html)
    assert re.search(r'<option value="easy" selected>', html)
    # starting from it with the easy level kept: the player's own level is not changed
    page.send({"type": "form", "name": "new-game", "data": {"_preset": "classic", "level": "easy"}})
    assert page.last["route"] == "game" and page.state.session.history.record.options == {}
    assert settings(page).get("ai_level", "normal") == "normal"
    assert not page.state.session.first_game


def test_the_dialog_note_of_other_games_is_about_the_level():
    page = Page(hash_="#/sht/play?vs=ai")
    page.send({"type": "hash", "hash": "#/sht/new"})
    (note,) = NOTE.findall(page.last["html"])
    assert "easy" in note and "terrain" not in note
    page.send({"type": "form", "name": "new-game", "data": {"level": "hard"}})
    assert settings(page)["ai_level"] == "hard"  # a level the player chose is remembered


def test_settings_keep_only_known_games_as_played():
    doc = storage.write(SETTINGS, SETTINGS_KEY, {"played": ["sht", "chess", 3, "sht"]})
    page = Page({doc.key: doc.value}, "#/")
    assert page.state.settings["played"] == ["sht"]
    assert "played" not in Page(hash_="#/").state.settings  # nothing played: no entry


@pytest.mark.parametrize("tag", ["ru", "zh-Hans", "ja"])
def test_the_notes_are_translated(tag):
    catalogs.use_language(tag)
    try:
        for game in ("cardgo", "htt"):
            page = Page(hash_=f"#/{game}/play?vs=ai")
            (note,) = NOTE.findall(page.last["html"])
            assert "first game" not in note and "easy" not in note
            page.send({"type": "hash", "hash": f"#/{game}/new"})
            (note,) = NOTE.findall(page.last["html"])
            assert "first game" not in note
    finally:
        catalogs.use_language("en")


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_level_in_the_play_link_is_the_players_choice_and_no_first_game(level):
    page = Page(hash_=f"#/htt/play?vs=ai&level={level}")
    s = page.state.session
    assert not s.first_game and s.players.level == level
    assert s.spec.options_from_dict(s.history.record.options) == s.spec.default_options()
    assert not NOTE.findall(page.last["html"])


def test_an_unknown_level_in_the_play_link_says_so_and_starts_nothing():
    page = Page(hash_="#/htt/play?vs=ai&level=grandmaster")
    assert page.state.session is None
    assert "grandmaster" in page.last["html"] and "not a level" in page.last["html"]
