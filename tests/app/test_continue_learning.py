""""Continue learning" on the home page (app/learn/progress.py): the game played last, its next
lesson or puzzle not done yet, and the stars earned."""

from __future__ import annotations

import html
import json

from tests.app.harness import Page
from webtabletop.app.learn import progress
from webtabletop.app.learn import store as lessonstore
from webtabletop.core import storage
from webtabletop.learn import catalog
from webtabletop.learn import puzzle as P


def stars_doc(table: dict[str, int]) -> str:
    return storage.write(lessonstore.LESSON_STARS, lessonstore.key("htt"), {"stars": table}).value


def played(fragment: str = "#/htt/play?vs=ai&level=easy", stored: dict | None = None, now: float = 1.7e12) -> dict:
    page = Page(storage=stored, hash_=fragment)
    page.send({"type": "move", "code": page.cells()[0], "now": now})
    return page.storage


def home(stored: dict) -> str:
    return html.unescape(Page(storage=stored, hash_="#/").last["html"])


def test_no_box_before_a_game_is_played():
    assert "continue-learning" not in home({})
    assert "continue-learning" not in home({lessonstore.key("htt"): stars_doc({"turn": 3})})  # lessons are no game


def test_the_next_lesson_of_the_game_played_last_and_its_stars():
    stored = played()
    lessons = catalog.lessons("htt")
    text = home(stored)
    assert "Continue learning: Hexagonal Triple Triad" in text
    assert f"Next: lesson 1 of {len(lessons)}, “{lessons[0].title}”." in text
    assert f'href="#/htt/learn/{lessons[0].id}"' in text
    assert f"0 stars of {3 * len(lessons)} in lessons" in text
    stored[lessonstore.key("htt")] = stars_doc({lessons[0].id: 3, lessons[2].id: 2})
    text = home(stored)
    assert f"Next: lesson 2 of {len(lessons)}, “{lessons[1].title}”." in text
    assert f"5 stars of {3 * len(lessons)} in lessons" in text


def test_after_the_lessons_the_guided_game_then_the_puzzles_then_done():
    lessons = catalog.lessons("htt")
    guided = catalog.first_game("htt")
    puzzles = P.puzzles("htt")
    table = {lesson.id: 1 for lesson in lessons}
    stored = played()
    stored[lessonstore.key("htt")] = stars_doc(table)
    assert f"Next: “{guided.title}”, a whole game with tips." in home(stored)
    table[guided.id] = 2
    table[puzzles[0].store_id] = 3
    stored[lessonstore.key("htt")] = stars_doc(table)
    text = home(stored)
    assert f"Every lesson done. Next: puzzle 2 of {len(puzzles)}:" in text
    assert f'href="#/htt/puzzles/{puzzles[1].id}"' in text
    assert f"1 puzzle solved of {len(puzzles)}" in text
    table.update({p.store_id: 1 for p in puzzles})
    stored[lessonstore.key("htt")] = stars_doc(table)
    assert "You have done every lesson and puzzle of this game." in home(stored)


def test_the_game_played_last_is_the_newest_of_saved_finished_and_friends_games():
    stored = played("#/htt/play?vs=ai&level=easy", now=1.70e12)
    stored = played("#/sht/play?vs=human", stored, now=1.71e12)
    assert progress.last_played(stored) == "sht"
    match_key = "webtabletop:match:dumaraj:0123456789abcdef"
    stored[match_key] = json.dumps({"schema": "match", "version": 1, "data": {"updated": 1.72e12, "match": {}}})
    assert progress.last_played(stored) == "dumaraj"
    stored["webtabletop:history:cardgo:0123456789abcdef"] = json.dumps({"data": {"date": 1.73e12}})
    assert progress.last_played(stored) == "cardgo"
    stored["webtabletop:game:tsifrograd:x"] = "{"  # unreadable: does not count, breaks nothing
    stored["webtabletop:game:chess:y"] = json.dumps({"data": {"updated": 1.9e12}})  # no such game
    assert progress.last_played(stored) == "cardgo"
    assert "Continue learning: CardGO" in home(stored)
