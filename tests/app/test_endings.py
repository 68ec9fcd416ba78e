"""Resign and "Offer a draw": app/game/endings.py and core/ending.py through the shell."""

import json

import pytest

from tests.app.harness import Page
from webtabletop.ai.drawoffer import OPENING_TURNS
from webtabletop.core import sharelink
from webtabletop.core.protocol import GameError
from webtabletop.core.record import Record


def cmd(page, name, arg=None):
    action = {"type": "cmd", "name": name}
    if arg is not None:
        action["arg"] = arg
    return page.send(action)


@pytest.mark.parametrize("game", ["htt", "cardgo", "dumaraj", "sht", "tsifrograd"])
def test_hot_seat_resign_asks_first_then_ends_the_game_in_the_record(game):
    page = Page(hash_=f"#/{game}/play?vs=human")
    s = page.state.session
    if s.needs_privacy_screen():
        cmd(page, "reveal")
    page.send({"type": "move", "code": page.cells()[0]})
    if page.state.session.needs_privacy_screen():
        cmd(page, "reveal")
    mover = page.state.session.state.to_move()
    assert (
        'data-cmd="resign"' in page.last["html"]
        or "data-cmd='resign'" in page.last["html"]
        or 'data-key="resign"' in page.last["html"]
    )
    cmd(page, "resign")
    assert "Resign this game?" in page.last["html"]
    cmd(page, "ending-cancel")  # keep playing: nothing changed
    assert not page.state.session.state.is_over
    cmd(page, "resign")
    cmd(page, "resign-confirm")
    s = page.state.session
    out = s.state.outcome()
    assert out is not None and out.winner == 1 - mover and out.reason == "resignation"
    assert s.history.record.moves[-1] == f"!resign{mover}"
    assert "resigns" in page.last["html"]  # the move list names who resigned
    assert page.last["status"].endswith("wins.")
    # saved, reloaded, shared and replayed: the same ending
    reloaded = Page(page.storage, f"#/{game}")
    assert reloaded.state.session.history.record.moves == s.history.record.moves
    assert reloaded.state.session.state.outcome().winner == 1 - mover
    rec = s.history.record
    assert sharelink.decode(game, sharelink.encode(rec)).moves == rec.moves
    assert Record.loads(json.dumps(rec.to_json())).final_state().outcome() == out
    # undo steps back before the resignation, and play goes on from there
    cmd(page, "undo")
    assert not page.state.session.state.is_over


def test_draw_offers_only_where_the_rules_allow_them():
    page = Page(hash_="#/tsifrograd/play?vs=human")
    assert 'data-key="offer-draw"' not in page.last["html"] and 'data-key="resign"' in page.last["html"]
    cmd(page, "offer-draw")
    assert "cannot be offered" in page.last["html"]
    assert not page.state.session.state.is_over
    with pytest.raises(GameError, match="no draw by agreement"):
        page.state.session.state.apply_code("!draw")


def offer(page):
    """Offer a draw: the app asks first, and the offer is made once confirmed."""
    cmd(page, "offer-draw")
    assert "Offer a draw?" in page.last["html"] and 'data-key="offer-confirm"' in page.last["html"]
    return cmd(page, "offer-draw-confirm")


def test_offering_a_draw_asks_first():
    page = Page(hash_="#/dumaraj/play?vs=human")
    page.send({"type": "move", "code": page.cells()[0]})
    moves = page.state.session.history.record.moves
    cmd(page, "offer-draw")
    assert "Offer a draw?" in page.last["html"] and "White is then asked to accept or decline." in page.last["html"]
    cmd(page, "ending-cancel")  # keep playing: no offer was made
    assert "Offer a draw?" not in page.last["html"] and "offers a draw" not in page.last["html"]
    assert page.state.session.history.record.moves == moves and not page.state.session.state.is_over
    cmd(page, "offer-draw-confirm")  # no question open: nothing happens
    assert "offers a draw" not in page.last["html"]


def test_htt_offer_asks_first_then_is_played_as_its_move():
    page = Page(hash_="#/htt/play?vs=human")
    if page.state.session.needs_privacy_screen():
        cmd(page, "reveal")
    page.send({"type": "move", "code": "draw"})  # the panel's button
    assert "Offer a draw?" in page.last["html"] and not page.state.session.history.record.moves
    cmd(page, "offer-draw-confirm")
    assert page.state.session.history.record.moves == ("draw",)


def test_hot_seat_draw_offer_declined_then_accepted():
    page = Page(hash_="#/dumaraj/play?vs=human")
    page.send({"type": "move", "code": page.cells()[0]})
    offer(page)
    assert "offers a draw" in page.last["html"] and "Accept the draw" in page.last["html"]
    cmd(page, "ending-cancel")
    assert "declines the draw" in page.last["html"] and not page.state.session.state.is_over
    offer(page)
    cmd(page, "draw-accept")
    out = page.state.session.state.outcome()
    assert out.winner is None and out.reason == "draw agreed"
    assert page.state.session.history.record.moves[-1] == "!draw"
    assert "Draw agreed" in page.last["html"]


AHEAD = "5k4/pppppppppp/10/10/10/10/10/10/10/5K4 w - 0:3,0:3 - - - 2 0 1"  # Black has every Pixa
BEHIND = "5k4/10/10/10/10/10/10/10/PPPPPPPPPP/RNBTQKTBNR w - 0:3,0:3 - - - 2 0 1"  # Black has only its Raj


def vs_computer(fen, turns=OPENING_TURNS):
    """A DumaRaj game from ``fen``: the human plays White, the computer Black (easy), ``turns``
    turns into the game (each side's first legal move)."""
    page = Page(hash_="#/dumaraj/new")
    page.send(
        {
            "type": "form",
            "name": "new-game",
            "data": {"fen": fen, "seed": "3", "player0": "human", "player1": "ai", "level": "easy"},
        }
    )
    assert page.last["route"] == "game", page.last["html"][:2000]
    h = page.state.session.history
    while len(h.record.moves) < turns:
        h.play(h.state.legal_moves()[0].code)
    return page


def test_the_computer_declines_a_draw_when_it_is_ahead():
    page = vs_computer(AHEAD)
    offer(page)
    assert "The computer declines the draw: it does not judge itself behind." in page.last["html"]
    assert not page.state.session.state.is_over
    cmd(page, "offer-draw")  # the same position: the same answer, said at once
    assert "declined a draw in this position already" in page.last["html"]


def test_the_computer_accepts_a_draw_when_it_is_behind():
    page = vs_computer(BEHIND)
    offer(page)
    out = page.state.session.state.outcome()
    assert out is not None and out.winner is None and out.reason == "draw agreed"


@pytest.mark.parametrize("turns", [0, 2, OPENING_TURNS - 1])
def test_the_computer_declines_every_draw_in_the_first_moves(turns):
    """Behind by every piece but its Raj, and still too early: it plays on."""
    page = vs_computer(BEHIND, turns)
    offer(page)
    assert "The computer declines the draw: it is too early in the game." in page.last["html"]
    assert not page.state.session.state.is_over


def test_htt_early_endings_earn_no_pack_and_no_achievement():
    """Three instant agreed draws (HTT's own offer) and a resignation: counted nowhere."""
    from webtabletop.core.registry import get_game
    from webtabletop.games.htt.collection.model import Collection

    spec = get_game("htt")
    c = Collection()
    before = (c.packs_available, c.earn_progress, c.games_played, list(c.achieved))
    for seed in (1, 2, 3):
        state = spec.start(None, seed).apply_code("draw").apply_code("accept")
        assert state.outcome().winner is None
        msgs = c.record_game(state, 0)
        assert any("earns no pack" in m for m in msgs)
        state = spec.start(None, seed).apply_code("!resign0")
        c.record_game(state, 0)
    assert (c.packs_available, c.earn_progress, c.games_played, list(c.achieved)) == before
    assert len(c.log) == 6
    # a game played to its last card still counts
    state = spec.start(None, 1)
    while not state.is_over:
        state = state.apply(
            state.legal_moves()[0] if state.legal_moves()[0].code != "draw" else state.legal_moves()[1]
        )
    c.record_game(state, 0)
    assert c.games_played == before[2] + 1


def test_htt_resign_at_a_table_with_stakes_gives_up_a_card_and_not_during_the_pick():
    from webtabletop.core.registry import get_game

    spec = get_game("htt")
    state = spec.start(None, 5).apply_code("!resign0")
    assert state.taken_card in state.decks[0]  # the resigner's card, as a lost game's pick
    friendly = spec.start(spec.options_from_dict({"friendly": True}), 5).apply_code("!resign0")
    assert friendly.taken_card is None
    state = spec.start(None, 5)
    while state.phase == "play":
        moves = [m for m in state.legal_moves() if m.code != "draw"]
        state = state.apply(moves[0])
    if state.phase == "pick":  # the result is decided: nobody resigns out of the pick
        with pytest.raises(GameError):
            state.apply_code(f"!resign{1 - state.player}")


def test_htt_vs_computer_resignations_earn_no_pack():
    page = Page(hash_="#/htt/play?vs=ai")
    for _ in range(3):
        s = page.state.session
        while s.wants_ai():
            page.send({"type": "ai"})
        cmd(page, "resign")
        cmd(page, "resign-confirm")
        assert page.state.session.state.outcome().reason == "resignation"
        assert "earns no pack" in json.dumps(page.last)
        cmd(page, "rematch")
    data = json.loads(page.storage["webtabletop:htt:collection"])["data"]
    assert (data["games_played"], data["earn_progress"], data["packs_available"]) == (0, 0, 1)
    assert [e["result"] for e in data["log"]] == ["loss"] * 3
