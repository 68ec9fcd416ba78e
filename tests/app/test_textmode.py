"""Text mode (app/widgets/textmode.py, each game's ui text module): the board as an ARIA grid
whose cells carry the drawn board's own tokens, the named lists, the moves and the move box,
the skip link on every screen with a board, and the announcements every move carries
(app/widgets/announce.py). The browser side (keys, live regions) is tests/e2e/test_textmode_e2e.py.
"""

from __future__ import annotations

import html as htmllib
import json
import re

import pytest

from tests.app.harness import Page
from webtabletop.app.widgets import textmode
from webtabletop.core.textboard import TextBoard

GAMES = ["tsifrograd", "htt", "sht", "cardgo", "dumaraj"]


def text_page(game: str, vs: str = "ai") -> Page:
    page = Page(hash_=f"#/{game}/play?vs={vs}")
    page.send({"type": "cmd", "name": "text-mode", "arg": "on"})
    return page


def tokens(html: str, attr: str, tag: str = "") -> set[str]:
    return set(re.findall(rf'<{tag or "[a-z]+"} [^>]*{attr}="([^"]*)"', html))


def grid_of(html: str) -> str:
    return html.split("<table class=\"tm-grid\"", 1)[1].split("</table>", 1)[0]


@pytest.mark.parametrize("game", GAMES)
def test_text_mode_is_a_grid_of_named_cells_with_the_drawn_boards_tokens(game):
    page = text_page(game)
    out = page.last["html"]
    assert 'role="grid"' in out and "<svg class=\"board" not in out  # the drawn board is replaced
    grid = grid_of(out)
    cells = re.findall(r'<td [^>]*role="gridcell"[^>]*>(.*?)</td>', grid)
    assert cells and all("visually-hidden" in c or "tm-name" in c for c in cells)  # every cell is named
    assert grid.count('role="rowheader"') == grid.count("<tr role=\"row\">") - 1  # one header row
    # Enter on a cell does what a click on the drawn cell does: the same tokens
    s = page.state.session
    ctx = s.context(page.state.settings)
    drawn = s.view.board(s.state, ctx) + s.view.panel(s.state, ctx)
    for attr in ("data-pick", "data-move"):
        mine = tokens(out.split("<section class=\"text-board\"", 1)[1].split("<details", 1)[0], attr)
        assert mine <= tokens(drawn, attr), (attr, mine - tokens(drawn, attr))


@pytest.mark.parametrize("game", GAMES)
def test_the_moves_and_the_move_box_name_legal_moves_only(game):
    page = text_page(game, "human")
    s = page.state.session
    if s.needs_privacy_screen():
        page.send({"type": "cmd", "name": "reveal"})  # hot-seat: "I am …", then the hand shows
    tb = s.view.text_board(s.state, s.context(page.state.settings))
    assert isinstance(tb, TextBoard)
    legal = {m.code for m in s.state.legal_moves()}
    assert tb.moves and {c.code for c in tb.moves} <= legal
    assert all(c.label and c.label != c.code for c in tb.moves)  # in words, not codes
    box = re.search(r"data-tm-codes='([^']*)'", page.last["html"]).group(1)
    codes = json.loads(htmllib.unescape(box))
    assert set(codes.values()) <= legal
    typed = next(c for c in tb.moves if c.typed)  # every game takes a typed move in text mode
    resp = page.send({"type": "move", "code": codes[typed.typed.replace(" ", "")]})
    assert resp.get("moved") and resp["announce"]


def test_the_setting_is_remembered_and_the_skip_link_turns_it_on():
    page = Page(hash_="#/tsifrograd/play?vs=ai")
    assert 'data-cmd="text-mode" data-arg="on"' in page.last["html"]  # the skip link, text mode off
    assert 'role="grid"' not in page.last["html"]
    page.send({"type": "cmd", "name": "text-mode", "arg": "on"})
    settings = json.loads(page.storage["webtabletop:settings"])["data"]
    assert settings["text"] is True and page.last["feel"]["text"] is True
    again = Page(storage=page.storage, hash_="#/tsifrograd/play?vs=ai")
    assert 'role="grid"' in again.last["html"] and 'data-tm-jump="grid"' in again.last["html"]
    again.send({"type": "change", "name": "setting:text", "value": "false"})  # the menu's switch
    assert 'role="grid"' not in again.last["html"]
    again.send({"type": "cmd", "name": "text-mode", "arg": "sideways"})
    assert "either on or off" in again.last.get("toast", "") + again.last["html"]


@pytest.mark.parametrize(
    "fragment",
    ["#/htt/learn/{lesson}", "#/tsifrograd/puzzles/{puzzle}", "#/cardgo/play?vs=human"],
)
def test_lessons_puzzles_and_games_draw_the_text_board(fragment):
    from webtabletop.learn import catalog
    from webtabletop.learn.puzzle import puzzles

    frag = fragment.format(
        lesson=catalog.lessons("htt")[0].id, puzzle=puzzles("tsifrograd")[0].id
    )
    page = Page(hash_=frag)
    assert 'data-tm-jump="grid"' in page.last["html"]  # the skip link at the top
    page.send({"type": "cmd", "name": "text-mode", "arg": "on"})
    assert 'role="grid"' in page.last["html"] and 'data-tm="turn"' in page.last["html"]


def test_every_move_is_announced_once_with_the_news_and_the_end():
    page = text_page("tsifrograd")
    before = page.state.session.state
    code = page.cells()[0]
    resp = page.send({"type": "move", "code": code})
    said = resp["announce"]
    assert said[0] == resp["status"]  # the move, once
    ai = page.send({"type": "ai"})  # the computer's move, then the roll for the player
    assert ai["announce"][0] == ai["status"] and re.search(r"Orange rolled \d \+ \d = \d+\.", ai["announce"][1])
    assert before is not page.state.session.state
    # a hover or a selection says nothing
    assert "announce" not in page.send({"type": "hover", "token": None})


def test_the_end_of_a_game_is_announced():
    from webtabletop.app.widgets import announce

    page = Page(hash_="#/tsifrograd/play?vs=human")
    s = page.state.session
    while not s.state.is_over:
        before = s.state
        code = s.state.legal_moves()[0].code
        s.history.play(code)
    lines = announce.sentences(s, before, s.state, code, None)
    assert lines[-1].startswith("Game over:")


def test_the_review_table_holds_the_graphs_numbers():
    page = Page(hash_="#/tsifrograd/play?vs=human")
    for _ in range(4):
        page.send({"type": "move", "code": page.cells()[0]})
    slot = page.state.session.slot
    review = Page(storage=page.storage, hash_=f"#/tsifrograd/review?s={slot}")
    resp = review.last
    while resp.get("then"):
        resp = review.send(resp["then"])
    assert review.state.review.reviewer.done
    out = resp["html"]
    table = out.split("<details class='review-table'", 1)[1].split("</details>", 1)[0]
    rows = re.findall(r"<tr[^>]*><th scope='row'>(\d+)</th>(.*?)</tr>", table)
    assert [int(n) for n, _ in rows] == list(range(len(page.state.session.history.record.moves) + 1))
    assert all(re.search(r"\d+%", cells) for _, cells in rows)


def test_a_game_without_a_text_board_keeps_its_drawn_board():
    class Plain:
        def board(self, state, ctx):
            return "<svg class='board'></svg>"

        def text_board(self, state, ctx):
            return None

    assert textmode.board(Plain(), None, None, {"text": True}) == "<svg class='board'></svg>"


def test_the_score_fact_says_each_figure_once():
    page = text_page("cardgo")
    score = re.search(r'<li data-tm="score">([^<]*)</li>', page.last["html"]).group(1)
    assert score.count("Time: Green 40, Red 40") == 1, score
