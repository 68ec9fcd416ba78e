"""The board's controls on the shell's side: a drag's start selects the dragged thing (as in
chessground), the move box plays typed codes, and one shared menu serves every game."""

import re

import pytest

from tests.app.harness import Page
from tests.app.test_playfeel import step_moves


def one_selected_and_another_move():
    """A DumaRaj game with one mob selected, and a move (from, to, code) of another mob."""
    page = Page(hash_="#/dumaraj/play?vs=human")
    moves = step_moves(page.state.session.state)
    first = moves[0][0]
    html = page.send({"type": "pick", "token": f"s{first}"})["html"]
    assert page.state.session.selection == f"s{first}"
    return page, html, next(m for m in moves if m[0] != first)


def test_a_drag_start_selects_the_dragged_mob_over_another_selection():
    # a2 selected, a drag of h2 showed a2's dots and dropped nothing
    page, _html, (other, to, code) = one_selected_and_another_move()
    s = page.state.session
    resp = page.send({"type": "lift", "drag": f"d{other}"})
    assert s.selection == f"s{other}" and s.message is None and "moved" not in resp
    assert not s.history.record.moves  # a lift plays nothing
    # the dragged mob's destinations are drop targets, and a drop there plays the move
    assert f'data-drop="t{to}"' in resp["html"]
    page.send({"type": "drop", "drag": f"d{other}", "drop": f"t{to}"})
    assert s.history.record.moves == (code,)


def test_a_drop_lands_before_the_lift_has_been_drawn():
    # the page sends the lift and the drop in order; the drop's target was already on the board
    # drawn with the other selection (every destination of every own mob is a drop target)
    page, html, (other, to, code) = one_selected_and_another_move()
    assert f'data-drop="t{to}"' in html
    page.send({"type": "drop", "drag": f"d{other}", "drop": f"t{to}"})
    assert page.state.session.history.record.moves == (code,)


def human_to_move(game: str) -> Page:
    """A game against the computer, at the human's first turn (a coin decides who starts)."""
    page = Page(hash_=f"#/{game}/play?vs=ai")
    if page.last.get("ai"):
        page.send({"type": "ai"})
    return page


@pytest.mark.parametrize("game", ["htt", "cardgo", "sht"])
def test_a_lift_selects_the_dragged_card_and_plays_nothing(game):
    page = human_to_move(game)
    drags = re.findall(r'data-drag="([^"]+)"', page.last["html"])
    s = page.state.session
    plies = len(s.history.record.moves)
    page.send({"type": "lift", "drag": drags[0]})
    assert s.selection is not None and len(s.history.record.moves) == plies and s.message is None
    page.send({"type": "lift", "drag": drags[0]})  # the same drag again keeps it selected
    assert s.selection is not None


def test_a_lift_of_what_cannot_be_selected_changes_nothing():
    # Tsifrograd's dice are dragged onto a cell, never selected
    page = Page(hash_="#/tsifrograd/play?vs=human")
    page.send({"type": "lift", "drag": "dice"})
    s = page.state.session
    assert s.selection is None and not s.history.record.moves and s.message is None


def test_typed_codes_play_the_move_and_anything_else_is_explained():
    # "Typing a move's code plays it where a game has codes"
    page = Page(hash_="#/dumaraj/play?vs=human")
    s = page.state.session
    html = page.last["html"]
    box = re.search(r'<form class="move-box".*?</form>', html, re.S)[0]
    typed = re.search(r'data-typed="([^"]*)"', box)[1].split()
    assert "e2e4" in typed and 'placeholder="for example e2e4"' in box
    page.send({"type": "form", "name": "typed-move", "data": {"move": "E2-E4"}})
    assert s.history.record.moves == ("e2e4",)
    page.send({"type": "form", "name": "typed-move", "data": {"move": "zz9"}})
    assert len(s.history.record.moves) == 1 and "zz9" in s.message
    # the other side's box lists its moves; a game over shows none
    assert "e9e7" in re.search(r'data-typed="([^"]*)"', page.last["html"])[1].split()


def test_htt_types_the_card_by_its_place_in_the_hand():
    page = human_to_move("htt")
    s = page.state.session
    st = s.state
    plies = len(s.history.record.moves)
    first_slot = st.orders[st.player][0]
    cell = next(n for i, n in enumerate(st.board.grid.names) if st.cards[i] is None)
    page.send({"type": "form", "name": "typed-move", "data": {"move": f"1 {cell.upper()}"}})
    assert s.history.record.moves[plies] == f"{first_slot}{cell}"


def test_cardgo_types_the_card_by_its_place_in_the_hand():
    page = human_to_move("cardgo")
    s = page.state.session
    typed = s.view.typed_moves(s.state, s.context({}))
    text, code = next((t, c) for t, c in typed.items() if t.startswith("2"))
    assert code == f"1@{text[1:]}"
    plies = len(s.history.record.moves)
    page.send({"type": "form", "name": "typed-move", "data": {"move": text}})
    assert s.history.record.moves[plies] == code


def test_games_without_codes_have_no_move_box():
    for game in ("sht", "tsifrograd"):
        assert 'class="move-box"' not in Page(hash_=f"#/{game}/play?vs=human").last["html"]


@pytest.mark.parametrize("game", ["htt", "cardgo", "dumaraj", "sht", "tsifrograd"])
def test_every_game_has_the_one_shared_menu_with_the_same_entries(game):
    # HTT's phone menu had no "New game…", "Share link…" or "Save file"
    html = Page(hash_=f"#/{game}/play?vs=ai").last["html"]
    menu = re.search(r'<div class="game-menu" id="game-menu".*?</nav>', html, re.S)[0]
    for entry in ("New game…", "Rules", "Share link…", "Save file"):
        assert entry in menu, (game, entry)
    assert html.count('data-menu="1"') == 1 and "htt-menu" not in html
