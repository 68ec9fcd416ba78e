"""Review, "Learn from your mistakes" and the analysis board in every game, in a real browser: at desktop size in all five games, at phone size (390×844, touch) in
two. Each runs on a small fixed game at the quick budget (``b=easy``: the same screens with small
searches), so a whole review takes seconds: the games with hidden cards are finished games
(reviewed only once over), CardGO's on the small board of its Quick preset.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from tests.e2e.conftest import ROOT
from tests.e2e.helpers import PHONE, act, assert_fits, docs_screens_only, idle
from tests.e2e.test_review_board_e2e import click_toward_a_move, play_by_clicks
from webtabletop.app.widgets.movelog import LogStep, turns_of
from webtabletop.core import sharelink
from webtabletop.core.record import Record
from webtabletop.core.registry import PLAYABLE

DESKTOP = {"viewport": {"width": 1366, "height": 800}}
#: per game: (options, seed, most moves) of a game of seeded random moves whose quick review
#: marks moves of both players (checked below); the hidden-card games play to the end
GAMES = {
    "tsifrograd": ({}, 6, 10),
    "dumaraj": ({}, 5, 10),
    "htt": ({}, 3, 3000),
    "sht": ({}, 6, 3000),
    "cardgo": ({"size": 7, "start_time": 40}, 7, 3000),
}
#: the two games checked at phone size
PHONE_GAMES = ("cardgo", "dumaraj")


def fixed_record(game: str) -> Record:
    options, seed, most = GAMES[game]
    record = Record(game, options, seed, ())
    state = record.start_state()
    rng = random.Random(seed)
    moves: list[str] = []
    while len(moves) < most and not state.is_over:
        move = rng.choice(state.legal_moves())
        moves.append(move.code)
        state = state.apply(move)
    return record.with_moves(tuple(moves))


def review_fragment(game: str) -> str:
    return f"#/{game}/review?r={sharelink.encode(fixed_record(game))}&b=easy"


def open_review(page, site, game: str) -> int:
    """The quick review of the game's fixed record, complete; returns its number of moves."""
    page.goto(site + review_fragment(game))
    idle(page)  # every step of the analysis answered
    assert page.locator("body[data-route='review']").count() == 1
    assert page.locator(".review-progress").count() == 0  # done
    return len(fixed_record(game).moves)


def turns(game: str) -> int:
    """The fixed game's turns, as the game screen's move log counts them (one row each)."""
    record = fixed_record(game)
    states = record.replay()
    steps = [LogStep("", s.to_move(), s.turn_index()) for s in states[:-1]]
    return len(turns_of(steps))


def check_review(page, plies: int, game: str) -> None:
    """The graph, the move list (one row per turn, each move with its mark), the summary; the
    graph and the list go to a move."""
    assert page.locator(".review-log li[value]").count() == plies
    assert page.locator(".review-log .log-turn").count() == turns(game)
    assert page.locator(".review-graph polyline.g-line").count() == 1
    assert page.locator(".review-graph rect.g-hit").count() == plies + 1
    assert page.locator(".review-summary").count() == 1
    assert page.locator(".review-log .mk").count() >= 2  # both players' marks (GAMES)
    act(page, page.locator(".review-graph rect.g-hit[data-arg='2']"))
    assert page.locator(".review-log [aria-current]").get_attribute("data-arg") == "2"
    act(page, page.locator(".review-log .mk").first.locator(".."))  # a marked move: its verdict
    assert page.locator(".review-move .verdict").count() == 1


def try_a_move(page) -> None:
    """Play some legal move on the learner's board by clicks (a move button, else something to
    drag, then a target the view marks legal), until the try is answered."""
    picked = False
    for _ in range(6):
        if page.locator(".learn .learn-answer").count() or not page.locator(".learn[data-status='ask']").count():
            return
        picked = click_toward_a_move(page, picked)
    raise AssertionError("no move could be tried by clicks")


#: a drawn preview of a move's result (CardGO's layer, HTT's turned-card outlines)
PREVIEW = ".board-wrap .preview, .board-wrap .htt-preview"


def hover_a_drop(page) -> bool:
    """What a drag does over a target (web/board.js sends its hover): the first thing to drag
    over the first target; False when the board has no such pair."""
    pair = page.evaluate(
        "() => { const d = document.querySelector('.board-wrap [data-drag], .panel [data-drag]');"
        " const t = document.querySelector('.board-wrap [data-drop]');"
        " return d && t ? [d.getAttribute('data-drag'), t.getAttribute('data-drop')] : null; }"
    )
    if pair is None:
        return False
    page.evaluate("([d, t]) => wttSend(JSON.stringify({type: 'hover', drag: d, token: t}))", pair)
    idle(page)
    return True


def learn(page, game: str) -> None:
    """Learn from the first player's mistakes: nothing gives the answer away while asked (no
    computer's line, no preview of a move's result), a try on the board is answered and judged
    (a found move is marked good and then shows the line; another carries its mark), the
    computer's move is shown on demand, the way on leads through every mistake and back."""
    if game == "cardgo":  # the analysis board previews a drop (the control for the check below)
        assert hover_a_drop(page) and page.locator(PREVIEW).count() > 0
        page.evaluate("wttSend(JSON.stringify({type: 'cancel'}))")
        idle(page)
    act(page, page.locator("[data-cmd='learn-start']").first)
    assert page.locator(".learn[data-status='ask']").count() == 1
    assert page.locator(".engine-line").count() == 0  # the computer's line would be the answer
    playable = ".board-wrap [data-pick], .board-wrap [data-drag], .board-wrap [data-move], .side [data-move]"
    assert page.locator(playable).count() > 0  # the learner's board takes moves
    if hover_a_drop(page):
        assert page.locator(PREVIEW).count() == 0  # nor a drop's result
    try_a_move(page)
    answer = page.locator(".learn .learn-answer")
    assert answer.count() == 1  # found, not better, or the game's own move
    status = page.locator(".learn").get_attribute("data-status")
    classes = answer.get_attribute("class").split()
    if status == "found":
        assert "good" in classes and page.locator(".engine-line").count() == 1
        assert answer.evaluate("e => getComputedStyle(e).borderLeftColor") == page.evaluate(
            "() => { const p = document.createElement('p'); p.style.color = 'var(--ok)'; document.body.append(p);"
            " const c = getComputedStyle(p).color; p.remove(); return c; }"
        )
    elif answer.locator(".mk").count():  # judged against the best move: its mark, not an error
        assert {"inaccuracy", "mistake", "blunder"} & set(classes) and "message" not in classes
    if status == "ask":
        assert page.locator(".engine-line").count() == 0
    if page.locator("[data-cmd='learn-show']").count():
        act(page, page.locator("[data-cmd='learn-show']"))
        assert page.locator(".learn[data-status='shown'] .learn-answer").count() == 1
        assert page.locator(".engine-line").count() == 1
    for _ in range(40):
        if not page.locator("[data-cmd='learn-next']").count():
            break
        act(page, page.locator("[data-cmd='learn-next']"))
        if page.locator("[data-cmd='learn-show']").count():
            act(page, page.locator("[data-cmd='learn-show']"))
    act(page, page.locator("[data-cmd='learn-stop']"))
    assert page.locator(".learn").count() == 0 and page.locator(".review-summary").count() == 1


def analysis_board(page) -> None:
    """A move played on the review's board becomes a variation with its own analysis."""
    act(page, page.locator(".review-log [data-arg='3']"))
    play_by_clicks(page)
    assert page.locator(".review-log .variation [aria-current='step']").count() == 1
    assert page.locator(".review-chances .eval-bar").count() == 1
    assert page.locator(".engine-line").count() == 1


@pytest.mark.parametrize("game", PLAYABLE)
def test_review_learn_and_analysis_board(browser, site, game):
    ctx = browser.new_context(**DESKTOP)
    page = ctx.new_page()
    plies = open_review(page, site, game)
    check_review(page, plies, game)
    learn(page, game)
    analysis_board(page)
    ctx.close()


@pytest.mark.parametrize("game", PHONE_GAMES)
def test_review_and_analysis_board_on_a_phone(browser, site, game):
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    plies = open_review(page, site, game)
    assert_fits(page, parts=(".board-wrap",))
    check_review(page, plies, game)
    analysis_board(page)
    learn(page, game)
    ctx.close()


def test_the_fixed_games_have_marks_of_both_players():
    """The browser tests above rely on marks of both players in each fixed game's quick review."""
    from webtabletop.ai.review import review

    for game in PLAYABLE:
        record = fixed_record(game)
        assert record.replay()[-1].is_over or not record.spec.hidden_information
        plies = review(record, "easy", seed=record.seed & 0xFFFFFFFF).plies
        assert {p.player for p in plies if p.mark} == {0, 1}, game
    assert turns("sht") < len(fixed_record("sht").moves)  # the move list's rows are turns, not moves


@docs_screens_only
@pytest.mark.parametrize("game", PLAYABLE)
def test_phone_screenshots(browser, site, tmp_path, game):
    """The review of each game at phone size, at its first marked move (docs/screens/review-<game>-390.png
    with WTT_SCREENS=1, from a review at the normal budget)."""
    docs = bool(os.environ.get("WTT_SCREENS"))
    out = ROOT / "docs" / "screens" if docs else Path(tmp_path)
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    fragment = review_fragment(game)
    page.goto(site + (fragment.replace("&b=easy", "") if docs else fragment))
    idle(page)
    assert page.locator(".review-progress").count() == 0
    act(page, page.locator(".review-log .mk").first.locator(".."))
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(out / f"review-{game}-390.png"), full_page=True)
    ctx.close()
