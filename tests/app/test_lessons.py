"""The lesson screens of all five games, through the page's stand-in (tests/app/harness.py)."""

import html
import json
import re

import pytest

from tests.app.harness import Page
from webtabletop.app.learn.store import key
from webtabletop.core.registry import PLAYABLE
from webtabletop.learn import catalog


def stars_doc(page, game):
    raw = page.storage.get(key(game))
    return json.loads(raw)["data"]["stars"] if raw else {}


@pytest.mark.parametrize("game", PLAYABLE)
def test_list_has_one_item_per_lesson(game):
    page = Page(hash_=f"#/{game}/learn")
    assert page.last["route"] == "learn"
    ids = re.findall(r'data-lesson="([^"]+)"', page.last["html"])
    assert ids == [lesson.id for lesson in catalog.lessons(game)]
    assert f'href="#/{game}/learn/{ids[0]}"' in page.last["html"]


@pytest.mark.parametrize("game", PLAYABLE)
def test_every_lesson_solved_in_the_app_earns_three_stars(game):
    page = Page(hash_=f"#/{game}/learn")
    for lesson in catalog.lessons(game):
        page.send({"type": "hash", "hash": f"#/{game}/learn/{lesson.id}"})
        assert page.last["route"] == "lesson"
        assert "data-verdict='going'" in page.last["html"]
        for code in lesson.solution:
            page.send({"type": "move", "code": code})
        assert "data-verdict='reached'" in page.last["html"], (lesson.id, page.state.lesson.message)
        assert stars_doc(page, game)[lesson.id] == 3
    # the list shows them
    page.send({"type": "hash", "hash": f"#/{game}/learn"})
    assert page.last["html"].count('aria-label="3 stars of 3"') == len(catalog.lessons(game))
    assert not any(k.startswith("webtabletop:game:") for k in page.storage)  # no saved game touched


def wrong_move(page, lesson):
    state = page.state.lesson.session.state
    for move in state.legal_moves():
        before = page.state.lesson
        page.send({"type": "move", "code": move.code})
        if page.state.lesson.verdict == "missed":
            return move.code
        page.send({"type": "cmd", "name": "lesson-retry"})
        assert page.state.lesson is not before
    raise AssertionError("every first move reaches the goal")


def test_a_miss_explains_and_retry_costs_a_star():
    page = Page(hash_="#/dumaraj/learn/gon")
    lesson = page.state.lesson.lesson
    wrong_move(page, lesson)
    html = page.last["html"]
    assert "data-verdict='missed'" in html and "Not this time." in html
    assert "a Gon&#x27; leap" in html  # the lesson's own explanation
    assert 'data-cmd="lesson-retry"' in html
    page.send({"type": "move", "code": lesson.solution[0]})  # over: refused, nothing changes
    assert page.state.lesson.verdict == "missed"
    page.send({"type": "cmd", "name": "lesson-retry"})
    page.send({"type": "move", "code": lesson.solution[0]})
    assert page.state.lesson.verdict == "reached"
    assert stars_doc(page, "dumaraj") == {"gon": 2}
    assert 'aria-label="2 stars of 3"' in page.last["html"]


def test_an_illegal_move_is_refused_with_the_rules_reason():
    page = Page(hash_="#/tsifrograd/learn/place")
    page.send({"type": "move", "code": "4"})  # b2 holds a number
    run = page.state.lesson
    assert run.verdict == "going" and run.played == 0 and run.message
    assert 'class="message" role="alert"' in page.last["html"]


def test_stars_never_go_down_and_other_tabs_count():
    store = {
        key("sht"): json.dumps(
            {"schema": "lesson-stars", "version": 1, "data": {"stars": {"win": 3, "closed": 1}}}
        )
    }
    page = Page(storage=store, hash_="#/sht/learn/win")
    lesson = page.state.lesson.lesson
    wrong_move(page, lesson)
    page.send({"type": "cmd", "name": "lesson-retry"})
    page.send({"type": "move", "code": lesson.solution[0]})
    assert stars_doc(page, "sht") == {"win": 3, "closed": 1}
    # another tab earned a star meanwhile: kept when this tab writes
    other = json.dumps(
        {"schema": "lesson-stars", "version": 1, "data": {"stars": {"win": 3, "closed": 1, "open": 2}}}
    )
    page.send({"type": "storage", "key": key("sht"), "value": other})
    page.storage[key("sht")] = other
    page.send({"type": "hash", "hash": "#/sht/learn/shield"})
    page.send({"type": "move", "code": page.state.lesson.lesson.solution[0]})
    assert stars_doc(page, "sht") == {"win": 3, "closed": 1, "open": 2, "shield": 3}


def test_unreadable_progress_is_set_aside_not_wiped():
    store = {key("htt"): '{"schema": "lesson-stars", "version": 1, "data": {"stars": {"turn": 9}}}'}
    page = Page(storage=store, hash_="#/htt/learn")
    assert page.last["route"] == "learn"
    assert key("htt") not in page.storage
    aside = [k for k in page.storage if k.startswith("webtabletop:aside:")]
    assert len(aside) == 1 and page.storage[aside[0]] == store[key("htt")]
    assert "notice" in page.last["html"]


@pytest.mark.parametrize("fragment", ["#/htt/learn/nope", "#/htt/learn/turn/extra", "#/cardgo/learn/..%2F"])
def test_unknown_lesson_shows_an_error_that_offers_a_way_on(fragment):
    page = Page(hash_=fragment)
    assert page.last["route"] == "error"
    assert "Lesson not found" in page.last["html"]


def test_lesson_actions_from_another_screen_do_nothing_harmful():
    page = Page(hash_="#/tsifrograd/learn")
    page.send({"type": "cmd", "name": "lesson-retry"})
    assert page.last["route"] == "learn"
    page.send({"type": "hash", "hash": "#/tsifrograd/learn/cross"})
    page.send({"type": "cmd", "name": "no-such-button"})
    assert page.state.lesson.verdict == "going"
    page.send({"type": "premove", "drag": "x", "drop": "y"})
    page.send({"type": "hover", "token": "5"})
    page.send({"type": "cancel"})
    assert page.last["route"] == "lesson"


def test_drop_plays_like_a_drag_on_the_board():
    page = Page(hash_="#/dumaraj/learn/raj")
    page.send({"type": "drop", "drag": "d10", "drop": "t15"})  # the Raj on e2 onto d3 (bits by number)
    assert page.state.lesson.verdict == "reached"


def card_actions(page, game):
    html = page.last["html"]
    card = html[html.index(f'data-game="{game}"') :]
    return re.findall(r'<a class="([^"]*)" href="([^"]*)"', card[: card.index("</li>")])


def test_learn_to_play_comes_first_until_a_lesson_is_finished():
    page = Page(hash_="#/")
    for game in PLAYABLE:
        first = card_actions(page, game)[0]
        assert first == ("btn primary", f"#/{game}/learn")
    page.send({"type": "hash", "hash": "#/tsifrograd/learn/place"})
    page.send({"type": "move", "code": page.state.lesson.lesson.solution[0]})
    page.send({"type": "hash", "hash": "#/"})
    actions = card_actions(page, "tsifrograd")
    assert actions[0] == ("btn primary", "#/tsifrograd/play?vs=ai")
    assert ("btn small ghost", "#/tsifrograd/learn") in actions[1:]  # with the other small links
    assert card_actions(page, "htt")[0] == ("btn primary", "#/htt/learn")


@pytest.mark.parametrize("game", PLAYABLE)
def test_rules_page_links_to_the_lessons(game):
    page = Page(hash_=f"#/{game}/rules")
    assert f'href="#/{game}/learn"' in page.last["html"]


GUIDED = [game for game in PLAYABLE if catalog.first_game(game) is not None]
#: an element carrying the hint mark (not a stylesheet's selector for it)
HINT_MARK = re.compile(r"<[a-z][^<>]*\sdata-hint[\s=>/]")


def guided_move(page, code):
    """The learner's move, then the opponent's answers the page asks for (``ai``) after the
    reply delay, as web/main.py does."""
    page.send({"type": "move", "code": code})
    while page.last.get("ai"):
        page.send({"type": "ai"})


@pytest.mark.parametrize("game", GUIDED)
def test_guided_first_game_replies_after_the_delay_with_a_real_games_status(game):
    """The opponent's answer is not in the learner's move's answer: that answer asks the page for
    the computer's move (``ai``: the page waits the reply delay first, as in a real game); the
    ``ai`` action plays it, and its sentence is the status line (not the tip's mark, "Hint: …")
    and is announced, with the learner's move in grey above it."""
    page = Page(hash_=f"#/{game}/learn/first-game")
    run = page.state.lesson
    guided = run.lesson
    state = run.session.state
    answer = page.send({"type": "move", "code": guided.solution[0]})
    while not answer.get("ai"):  # a turn of two moves (a Tsifrograd crossing) ends first
        answer = page.send({"type": "move", "code": guided.solution[run.played]})
    assert run.replies == 0 and run.session.state.to_move() != guided.learner(run.start)
    mine = answer["status"]
    answer = page.send({"type": "ai"})
    assert run.replies >= 1 and answer["moved"] is True
    assert answer["status"] and answer["status"] != mine
    line = re.search(r'class="status-line" data-key="status-line">(.*?)</p>', answer["html"])
    assert line and "Hint" not in line.group(1)
    assert answer["status"] in answer["announce"]  # read out once, through the page's live region
    assert html.unescape(line.group(1)) == answer["status"]  # the reply's sentence is on screen
    prev = re.search(r'data-key="status-prev">(.*?)</p>', answer["html"])
    assert prev and html.unescape(prev.group(1)) == mine
    assert state is not run.session.state


@pytest.mark.parametrize("game", GUIDED)
def test_guided_first_game_marks_each_move_and_ends_with_a_real_game(game):
    page = Page(hash_=f"#/{game}/learn")
    assert 'data-first-game="first-game"' in page.last["html"]
    page.send({"type": "hash", "hash": f"#/{game}/learn/first-game"})
    guided = page.state.lesson.lesson
    tips = []
    for code in guided.solution:
        html = page.last["html"]
        tips.append(re.search(r'class="lesson-tip"[^>]*>(.*?)</p>', html).group(1))
        assert HINT_MARK.search(html)  # the suggested move is marked on the board
        assert page.state.lesson.verdict == "going"
        guided_move(page, code)
    assert page.state.lesson.verdict == "reached"
    assert not page.state.lesson.off_line  # the fixed replies answered every move
    assert len(set(tips)) == len(guided.tips)  # every tip was shown, in order
    assert f'href="#/{game}/play?vs=ai"' in page.last["html"]  # Play a real game
    assert stars_doc(page, game) == {"first-game": 3}


@pytest.mark.parametrize("game", GUIDED)
def test_guided_game_off_its_line_gets_the_ais_answers_and_no_more_marks(game):
    page = Page(hash_=f"#/{game}/learn/first-game")
    guided = page.state.lesson.lesson
    other = next(
        m.code for m in page.state.lesson.session.state.legal_moves() if m.code != guided.solution[0]
    )
    guided_move(page, other)
    run = page.state.lesson
    assert run.off_line and run.played == 1
    if run.verdict == "going":
        assert run.replies >= 1 and run.session.state.to_move() == guided.learner(run.start)
        assert not HINT_MARK.search(page.last["html"])


@pytest.mark.parametrize("game", GUIDED)
def test_the_last_lesson_leads_to_the_guided_game(game):
    last = catalog.lessons(game)[-1]
    page = Page(hash_=f"#/{game}/learn/{last.id}")
    for code in last.solution:
        page.send({"type": "move", "code": code})
    assert f'href="#/{game}/learn/first-game"' in page.last["html"]


def test_a_lesson_shows_its_picture_beside_the_idea():
    page = Page(hash_="#/htt/learn/turn")
    html = page.last["html"]
    picture = html[html.index('<figure class="lesson-picture">') :]
    assert '<svg class="lesson-art"' in picture and 'role="img"' in picture
    for label in (
        "six values,",
        "one per side",
        "A = 10",
        "matter colour",
        "level",
    ):  # a long label on two lines
        assert label in picture
    assert html.index('class="lesson-idea"') < html.index('class="lesson-picture"')
    page.send({"type": "hash", "hash": "#/htt/learn/score"})
    assert "lesson-picture" not in page.last["html"]  # only where a lesson has one


def test_htt_lessons_offer_no_draw_and_leave_the_rules_line_to_the_page():
    """A lesson or the guided first game has no draw to offer; the view leaves the button and the
    table-rules line out (ctx.study), where an ordinary game shows both."""
    game = Page(hash_="#/htt/play")
    assert 'data-move="draw"' in game.last["html"] and 'class="htt-rules"' in game.last["html"]
    for lesson in ("turn", "first-game"):
        html = Page(hash_=f"#/htt/learn/{lesson}").last["html"]
        assert 'class="htt-panel"' in html
        assert 'data-move="draw"' not in html and 'class="htt-rules"' not in html
