"""The SHT view: never draws a face the viewer may not see, and every legal move is clickable."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import attrs
import pytest
from _sht_helpers import may_see, random_game
from hypothesis import given, settings
from hypothesis import strategies as st

from webtabletop.core.view import PickResult, ViewContext
from webtabletop.games.sht import VIEW
from webtabletop.games.sht.rules import cards as C
from webtabletop.games.sht.rules.positions import state_from
from webtabletop.games.sht.rules.state import ADVANTAGE, DEFEND, TURN
from webtabletop.games.sht.ui.card_svg import card_back, card_face
from webtabletop.games.sht.ui.view import ShtView

seeds = st.integers(min_value=0, max_value=2**64 - 1)


def everything(state, ctx) -> str:
    return "\n".join(
        [VIEW.board(state, ctx), VIEW.panel(state, ctx), VIEW.prompt(state, ctx), repr(VIEW.status(state))]
    )


def assert_no_hidden_face(state, viewer, text):
    visible = may_see(state, viewer)
    drawn = {C.from_name(x) for x in re.findall(r'data-card="([^"]+)"', text)}
    assert drawn <= visible, f"faces drawn that viewer {viewer} may not see: {drawn - visible}"
    for card in C.ALL_CARDS:
        if card not in visible:
            assert C.long_name(card) not in text
            assert C.symbol(card) not in text


@settings(max_examples=12, deadline=None)
@given(seeds)
def test_rendering_never_shows_a_hidden_face(seed):
    states = random_game(seed)
    prev = None
    for s in states:
        for viewer in (0, 1, None):
            ctx = ViewContext(viewer=viewer, previous=prev, flipped=viewer is None)
            assert_no_hidden_face(s, viewer, everything(s, ctx))
        prev = s


@settings(max_examples=10, deadline=None)
@given(seeds)
def test_board_is_well_formed_svg(seed):
    for s in random_game(seed)[::3]:
        for viewer in (0, 1, None):
            ET.fromstring(VIEW.board(s, ViewContext(viewer=viewer)))
            ET.fromstring(f"<div>{VIEW.panel(s, ViewContext(viewer=viewer))}</div>")


def test_cards_drawn_as_playing_cards():
    red = card_face(0, 0, C.from_name("QH"))
    black = card_face(0, 0, C.from_name("10S"))
    assert "♥" in red and ">Q<" in red and "#c62828" in red
    assert "♠" in black and ">10<" in black and "#1b1b1b" in black
    closed = card_face(0, 0, C.from_name("3D"), closed=True)
    assert "closed" in closed and "stroke-dasharray" in closed
    back = card_back(0, 0, band="shield")
    assert "data-card" not in back and "shield" in back and "sht-back" in back


def test_privacy_screen_and_rules_page():
    assert ShtView.privacy_screen is True
    rules = VIEW.rules_html()
    for words in ("share links", "seed", "I am", "finished", "shield", "closed", "two passes", "deck order"):
        assert words in rules
    history = VIEW.rules_history_html()  # the correction: under "Rules history", out of the rules
    assert "場のカードを好きな枚数選んで防御することができます" in history  # the defence rests on the source
    assert "200" in history and "Rules version 2" in history and "Rules version 2" not in rules
    ET.fromstring(f"<div>{rules}</div>")
    ET.fromstring(f"<div>{history}</div>")


def test_opponent_closed_cards_are_backs_and_own_are_marked():
    s = state_from(
        hand0=["2C"], field0=["5S*", "6S"], field1=["KH*", "9D"], hand1=["QD"], shield0="AS", shield1="AH"
    )
    board = VIEW.board(s, ViewContext(viewer=0))
    assert 'data-card="5S"' in board and 'data-card="KH"' not in board and 'data-card="QD"' not in board
    assert "Player 2&#x27;s closed field card" in board
    assert "five of spades (closed: only you see it)" in board
    assert 'data-card="AS"' not in board and 'data-card="AH"' not in board  # shields: nobody
    board1 = VIEW.board(s, ViewContext(viewer=1))
    assert 'data-card="KH"' in board1 and 'data-card="5S"' not in board1


def _finished():
    s = state_from(field0=["7S"], hand0=["2C"], field1=["3D*"], hand1=["QD"], shield0="AS", shield1=None)
    s = s.apply_code(f"a:{C.from_name('7S')}").apply_code("decline")
    assert s.is_over
    return s


def test_hidden_cards_stay_hidden_after_the_game():
    s = _finished()
    for viewer in (0, 1, None):
        assert_no_hidden_face(s, viewer, everything(s, ViewContext(viewer=viewer)))
    assert "Player 1 wins" in VIEW.prompt(s, ViewContext(viewer=1))


def test_everything_shown_after_the_game_on_request():
    s = _finished()
    ctx = ViewContext(viewer=None, reveal_all=True)
    board = VIEW.board(s, ctx)
    for name in ("2C", "3D", "QD", "AS"):  # both hands, the closed card, the shield
        assert f'data-card="{name}"' in board
    drawn = {C.from_name(x) for x in re.findall(r'data-card="([^"]+)"', everything(s, ctx))}
    assert drawn <= may_see(s, None, reveal=True) and not drawn & set(s.deck)


# --- clicking moves -----------------------------------------------------------------------------
def clicks_for(state, move) -> list[str]:
    """The tokens a player clicks to make ``move``: a move code is a button's data-move."""
    kind, cards = move.kind, move.cards
    if kind in ("c", "o", "o1", "p"):
        return [f"h:{c}" for c in cards]
    if kind == "a":
        return [f"f:{cards[0]}"]
    if kind == "+":
        return [f"d:{cards[0]}"]
    return []


def play_by_clicks(state, move):
    """Click the tokens, then find the button that plays ``move`` (or the move from a pick)."""
    viewer = state.to_move()
    selection = None
    for token in clicks_for(state, move):
        r = VIEW.pick(state, ViewContext(viewer=viewer, selection=selection), token)
        assert isinstance(r, PickResult)
        if r.move is not None:  # putting a card forward is a move at once
            return r.move
        selection = r.selection
    ctx = ViewContext(viewer=viewer, selection=selection)
    buttons = dict((code, label) for label, code in VIEW.actions(state, ctx) if code)
    panel = VIEW.panel(state, ctx)
    if move.code in buttons:
        assert f'data-move="{move.code}"' in panel
        return move.code
    if move.kind == "a":  # a second click on the field card attacks
        r = VIEW.pick(state, ctx, f"f:{move.cards[0]}")
        return r.move
    return None


def defend_by_clicks(state, move):
    """A whole-set quick defence ``d:<cards>`` reached on screen: click each card (``+:<id>``),
    then the Defend button. Returns the state after it."""
    viewer = state.to_move()
    for card in move.cards:
        r = VIEW.pick(state, ViewContext(viewer=viewer), f"d:{card}")
        assert r.move == f"+:{card}"
        state = state.apply_code(r.move)
    buttons = {code for _label, code in VIEW.actions(state, ViewContext(viewer=viewer)) if code}
    assert move.code in buttons
    return state.apply_code(move.code)


@settings(max_examples=12, deadline=None)
@given(seeds)
def test_every_legal_move_can_be_clicked(seed):
    for s in random_game(seed):
        if s.is_over:
            continue
        for move in s.legal_moves()[:30]:
            if move.kind == "d" and not s.chosen:  # a quick defence: the same position by clicks
                quick = s.apply(move)
                assert attrs.evolve(defend_by_clicks(s, move), plies=quick.plies) == quick, move
            else:
                assert play_by_clicks(s, move) == move.code, move


def test_defence_chooser_accepts_any_set_and_shows_the_total():
    """«場のカードを好きな枚数選んで防御することができます»: the later of two equal open fours is as
    good as the earlier (version 1 offered only the earlier)."""
    s = state_from(
        field0=["9S"],
        hand0=["2C"],
        field1=["4H", "5H*", "JD", "4S"],
        hand1=["3D"],
        shield0="5D",
        shield1="6C",
    )
    s = s.apply_code(f"a:{C.from_name('9S')}")
    assert s.phase == DEFEND
    ctx = ViewContext(viewer=1)
    assert "attacked with 9♠ (9)" in VIEW.prompt(s, ctx)
    r = VIEW.pick(s, ctx, f"d:{C.from_name('4S')}")
    assert r.move == f"+:{C.from_name('4S')}"
    s = s.apply_code(r.move)
    panel = VIEW.panel(s, ctx)
    assert "not enough yet" in panel and "Decline (your shield breaks)" in panel
    assert VIEW.pick(s, ctx, f"d:{C.from_name('4S')}").message.startswith("That card is already forward")
    s = s.apply_code(VIEW.pick(s, ctx, f"d:{C.from_name('5H')}").move)
    panel = VIEW.panel(s, ctx)
    assert "Defence 9 against 9: you get 1 advantage" in panel
    code = f"d:{C.from_name('5H')},{C.from_name('4S')}"  # field order
    assert f'data-move="{code}"' in panel
    assert "defence 9 ≥ 9" in VIEW.board(s, ctx)
    done = s.apply_code(code)
    assert [x.card for x in done.fields[1]] == [C.from_name("4H"), C.from_name("JD")]
    # the attacker sees no buttons, no total (a closed card is forward) and no closed face
    attacker = ViewContext(viewer=0)
    assert VIEW.actions(s, attacker) == []
    assert "Waiting for Player 2 (defending)" in VIEW.prompt(s, attacker)
    board = VIEW.board(s, attacker)
    assert "defence 9" not in board and 'data-card="5H"' not in board
    assert "closed field card, put forward to defend" in board and board.count('data-forward="1"') == 1


def test_attack_needs_a_second_click():
    s = state_from(hand0=["2C"], field0=["8S*"], hand1=["3D"], field1=["9D"], shield0="5D", shield1="6C")
    token = f"f:{C.from_name('8S')}"
    r = VIEW.pick(s, ViewContext(viewer=0), token)
    assert r.move is None and r.selection == f"a:{C.from_name('8S')}"
    assert ("Attack with 8♠", f"a:{C.from_name('8S')}") in VIEW.actions(
        s, ViewContext(viewer=0, selection=r.selection)
    )
    r2 = VIEW.pick(s, ViewContext(viewer=0, selection=r.selection), token)
    assert r2.move == f"a:{C.from_name('8S')}"


def test_picks_out_of_turn_do_nothing():
    s = state_from(hand0=["2C"], hand1=["3D"], shield0="5D", shield1="6C")
    r = VIEW.pick(s, ViewContext(viewer=1), f"h:{C.from_name('3D')}")
    assert r.move is None and r.message
    r = VIEW.pick(s, ViewContext(viewer=0), "h:zz")
    assert r.move is None


def test_hand_selection_keeps_at_most_two():
    s = state_from(hand0=["2C", "3C", "4C"], hand1=["3D"], shield0="5D", shield1="6C")
    sel = None
    for name in ("2C", "3C", "4C"):
        sel = VIEW.pick(s, ViewContext(viewer=0, selection=sel), f"h:{C.from_name(name)}").selection
    assert sel == f"h:{C.from_name('3C')},{C.from_name('4C')}"
    sel = VIEW.pick(s, ViewContext(viewer=0, selection=sel), f"h:{C.from_name('3C')}").selection
    assert sel == f"h:{C.from_name('4C')}"
    assert VIEW.pick(s, ViewContext(viewer=0, selection=sel), "clear").selection is None


@pytest.mark.parametrize("phase", [TURN, DEFEND, ADVANTAGE])
def test_prompt_and_status_per_phase(phase):
    s = state_from(
        field0=["5S"], hand0=["2C"], field1=["6H"], hand1=["3D"], shield0="5D", shield1="6C", deck=["9S"]
    )
    if phase != TURN:
        s = s.apply_code(f"a:{C.from_name('5S')}")
    if phase == ADVANTAGE:
        s = s.apply_code(f"d:{C.from_name('6H')}")
    assert s.phase == phase
    text = VIEW.prompt(s, ViewContext(viewer=s.to_move()))
    assert {"turn": "Your turn", "defend": "You are attacked", "advantage": "Advantage"}[phase] in text
    status = dict(VIEW.status(s))
    assert status["Deck"] == str(len(s.deck)) and "shield" in status["Player 1"]


def test_discard_pile_is_browsable():
    s = state_from(
        field0=["5S"],
        hand0=["2C"],
        field1=["6H"],
        hand1=["3D"],
        shield0="5D",
        shield1="6C",
        discard=["KD", "AC"],
    )
    panel = VIEW.panel(s, ViewContext(viewer=0))
    assert "<details" in panel and "K♦" in panel and "A♣" in panel and "Discard pile (2 cards" in panel


def test_new_card_after_a_draw_is_marked_for_its_owner_only():
    s = state_from(
        field0=["5S"], hand0=["2C"], field1=["6H"], hand1=["3D"], shield0="5D", shield1="6C", deck=["9S"]
    )
    before = s.apply_code(f"a:{C.from_name('5S')}")
    after = before.apply_code(f"d:{C.from_name('6H')}")
    own = VIEW.board(after, ViewContext(viewer=0, previous=before))
    assert "★" in own and 'data-card="9S"' in own
    other = VIEW.board(after, ViewContext(viewer=1, previous=before))
    assert "★" not in other and 'data-card="9S"' not in other
