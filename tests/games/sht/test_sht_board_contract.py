"""SHT's side of the board contract (docs/board.md) and its moves in words.

Positions are built with ``state_from`` and played with ``apply_code``. The source's words for the
zones: 手札 (hand), 場のカード (field cards), シールド (shield), 捨て札 (discard pile); «攻撃した場合»
a battle follows; «防御側プレイヤーのシールドが壊れて防御側プレイヤーの手札に入ります» (the
defender's shield breaks and goes to the defender's hand).
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.sht._sht_helpers import may_see, random_game
from webtabletop.core.view import ViewContext
from webtabletop.games.sht import VIEW
from webtabletop.games.sht.rules import cards as C
from webtabletop.games.sht.rules.positions import state_from
from webtabletop.i18n.catalogs import use_language


def n(name: str) -> int:
    return C.from_name(name)


def after(state, code, viewer):
    """The board ``viewer`` sees right after ``code`` was played in ``state``."""
    new = state.apply_code(code)
    return new, VIEW.board(new, ViewContext(viewer=viewer, previous=state, last_move=code))


def group(svg: str, key: str) -> str:
    """The opening tag of the element with ``data-piece=key``."""
    m = re.search(rf'<g [^>]*data-piece="{re.escape(key)}"[^>]*>', svg)
    assert m, key
    return m.group(0)


def test_a_card_played_from_the_hand_flies_from_it():
    # «手札からカードを1枚クローズ状態で場に出す» (put one hand card on the field closed)
    state = state_from(hand0=["9S", "4H"], hand1=["2C"], field1=["KD"], shield0="3C", shield1="3D")
    new, svg = after(state, f"c:{n('9S')}", viewer=0)
    tag = group(svg, f"c{n('9S')}")
    assert f'data-from="c{n("9S")}"' in tag and 'data-anim="place"' in tag and "data-changed" in tag
    # the opponent sees a back that flew from the last card of the hand, and no card id
    _new, theirs = after(state, f"c:{n('9S')}", viewer=1)
    assert f"c{n('9S')}" not in theirs
    back = group(theirs, "f0-0")
    assert 'data-from="h0-1"' in back and 'data-anim="place"' in back


def test_an_attack_fires_and_a_closed_attacker_is_turned():
    state = state_from(field0=["9S*"], hand1=["2C"], field1=["4H", "5H"], shield0="3C", shield1="3D")
    _new, svg = after(state, f"a:{n('9S')}", viewer=1)
    tag = group(svg, f"c{n('9S')}")
    assert 'data-anim="turn"' in tag and 'data-from="f0-0"' in tag  # it was a back for player 2
    _new, own = after(state, f"a:{n('9S')}", viewer=0)
    assert 'data-anim="fire"' in group(own, f"c{n('9S')}")


def test_a_broken_shield_is_a_capture():
    # a closed card: the defender is asked (the shield does not break at once)
    state = state_from(field0=["9S"], field1=["4H", "2H*"], hand1=["2C"], shield0="3C", shield1="3D")
    battle = state.apply_code(f"a:{n('9S')}")
    broken, svg = after(battle, "decline", viewer=1)
    assert 'data-anim="capture"' in group(svg, "shield1")
    assert VIEW.move_sound(battle, broken, "decline") == "capture"
    assert VIEW.move_sound(state, battle, f"a:{n('9S')}") == "move"


def test_legal_cards_drag_and_drop_zones():
    state = state_from(
        hand0=["9S", "4H"], field0=["KC"], hand1=["2C"], field1=["5D"], shield0="3C", shield1="3D"
    )
    ctx = ViewContext(viewer=0)
    svg = VIEW.board(state, ctx)
    for card in ("9S", "4H"):
        tag = group(svg, f"c{n(card)}")
        assert "legal" in tag and f'data-drag="dh:{n(card)}"' in tag
    assert f'data-drag="df:{n("KC")}"' in group(svg, f"c{n('KC')}")
    assert 'data-drop="field"' in svg and 'data-drop="enemy"' in svg
    # a drop: pick(drag) then pick(drop); one hand card onto the field is put closed
    r = VIEW.pick(state, ctx, f"dh:{n('9S')}")
    assert r.move is None
    r2 = VIEW.pick(state, ViewContext(viewer=0, selection=r.selection), "field")
    assert r2.move == f"c:{n('9S')}"
    # a dragged field card dropped on the opponent attacks
    r = VIEW.pick(state, ctx, f"df:{n('KC')}")
    assert VIEW.pick(state, ViewContext(viewer=0, selection=r.selection), "enemy").move == f"a:{n('KC')}"
    # two selected hand cards dropped together are put open
    two = VIEW.pick(state, ViewContext(viewer=0, selection=f"h:{n('4H')}"), f"dh:{n('9S')}").selection
    move = VIEW.pick(state, ViewContext(viewer=0, selection=two), "field").move
    assert (
        move is not None
        and move.startswith("o:")
        and set(move[2:].split(",")) == {str(n("9S")), str(n("4H"))}
    )
    # nothing to drag or drop for the player who is not to move
    other = VIEW.board(state, ViewContext(viewer=1))
    assert "data-drag" not in other and "data-drop" not in other


def test_hint_marks_the_cards_of_the_suggested_move():
    state = state_from(hand0=["9S", "4H"], hand1=["2C"], shield0="3C", shield1="3D")
    svg = VIEW.board(state, ViewContext(viewer=0, hint=f"c:{n('4H')}"))
    assert "data-hint" in group(svg, f"c{n('4H')}") and "data-hint" not in group(svg, f"c{n('9S')}")


def test_describe_move_sentences():
    state = state_from(
        hand0=["9S", "4H"], field0=["9C"], hand1=["2C"], field1=["4D", "5H"], shield0="3C", shield1="3D"
    )
    assert VIEW.describe_move(state, state.apply_code(f"c:{n('9S')}"), f"c:{n('9S')}") == (
        "Player 1 puts a card on the field closed."
    )
    battle = state.apply_code(f"a:{n('9C')}")
    assert VIEW.describe_move(state, battle, f"a:{n('9C')}") == "Player 1 attacks with the nine of clubs (9)."
    forward = battle.apply_code(f"+:{n('4D')}").apply_code(f"+:{n('5H')}")
    code = f"d:{n('4D')},{n('5H')}"
    done = forward.apply_code(code)
    # 攻撃側数値 = 防御側数値: the defender gets 1 advantage
    assert VIEW.describe_move(forward, done, code) == (
        "Player 2 defends with the four of diamonds + five of hearts (9 against 9); Player 2 gets 1 advantage."
    )
    broken = battle.apply_code("decline")
    assert VIEW.describe_move(battle, broken, "decline") == (
        "Player 2 does not defend; the shield breaks and goes to Player 2's hand."
    )


@settings(max_examples=8, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_no_sentence_names_a_card_the_other_player_may_not_see(seed):
    """Every move of random games is described in words both players read: no card hidden from
    either of them (before or after the move) is named, by its words or its symbol."""
    states = random_game(seed)
    for before, new in zip(states, states[1:], strict=False):
        code = next(m.code for m in before.legal_moves() if before.apply(m) == new)
        text = VIEW.describe_move(before, new, code)
        for viewer in (0, 1):
            seen = may_see(before, viewer) | may_see(new, viewer)
            for card in C.ALL_CARDS:
                if card not in seen:
                    assert C.long_name(card) not in text, (text, viewer)
                    assert C.symbol(card) not in text, (text, viewer)


@pytest.fixture
def language():
    yield use_language
    use_language("en")


def test_japanese_uses_the_source_terms(language):
    # the source: シールド (shield), 手札 (hand), 場 (field), 攻撃 (attack), アドバンテージ
    language("ja")
    state = state_from(field0=["9S"], field1=["4H", "2H*"], hand1=["2C"], shield0="3C", shield1="3D")
    battle = state.apply_code(f"a:{n('9S')}")
    text = VIEW.describe_move(battle, battle.apply_code("decline"), "decline")
    assert "シールド" in text and "手札" in text
    assert "攻撃" in VIEW.describe_move(state, battle, f"a:{n('9S')}")
    assert "スペード" in C.long_name(n("9S"))


def test_no_english_left_in_the_pseudo_locale(language):
    language("pseudo")
    state = state_from(
        hand0=["9S", "4H"],
        field0=["KC", "2S*"],
        hand1=["2C"],
        field1=["5D", "6D*"],
        shield0="3C",
        shield1="3D",
    )
    texts = []
    for s, viewer in ((state, 0), (state, 1), (state.apply_code(f"a:{n('KC')}"), 1)):
        ctx = ViewContext(viewer=viewer)
        texts += [VIEW.board(s, ctx), VIEW.panel(s, ctx), VIEW.prompt(s, ctx), repr(VIEW.status(s))]
    texts += [VIEW.rules_html(), " ".join(VIEW.options_help().values())]
    for text in texts:
        visible = re.sub(r"<[^>]*>", " ", text) + " ".join(re.findall(r'aria-label="([^"]*)"', text))
        words = set(re.findall(r"\b[A-Za-z]{3,}\b", visible)) - {"SHT"}
        assert not words, words


def test_the_battle_summary_is_wrapped_by_the_browser_inside_the_table():
    """The last battle's words are HTML in a <foreignObject> inside the green band, so the browser
    breaks the lines (Japanese between characters too) and nothing runs past the table (the
    e2e test measures it on screen: tests/e2e/test_look_e2e.py)."""
    from webtabletop.games.sht.ui.card_svg import WIDTH

    s = next(s for s in random_game(3) if s.view(None)["last_battle"] and not s.view(None)["attack"])
    svg = VIEW.board(s, ViewContext(viewer=0))
    m = re.search(r'<foreignObject x="([\d.]+)" y="[\d.]+" width="([\d.]+)"[^>]*><div[^>]*class="sht-summary', svg)
    assert m, svg[-600:]
    assert float(m.group(1)) + float(m.group(2)) <= WIDTH - 8  # the band ends 8 units before the edge
