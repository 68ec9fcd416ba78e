"""The shared analysis API: exact at the end, near-certain when won, reproducible, blind to hidden
cards, and Lichess's formula for DumaRaj."""

from __future__ import annotations

import math

import attrs
import pytest

from webtabletop.ai.analysis import BUDGETS, Analysis, analyse, chances_from_cp, winning_chances_cp
from webtabletop.core.registry import PLAYABLE, get_game
from webtabletop.core.rng import Rng
from webtabletop.games.cardgo.rules.diagram import position as cardgo_position
from webtabletop.games.cardgo.rules.options import CardgoOptions
from webtabletop.games.dumaraj.rules.options import DumaRajOptions
from webtabletop.games.dumaraj.rules.state import state_from_fen
from webtabletop.games.htt.rules.deal import position as htt_position
from webtabletop.games.htt.rules.options import HttOptions


def random_game(game_id: str, seed: int, plies: int | None = None):
    """The positions of a random game (to its end, or ``plies`` moves)."""
    state = get_game(game_id).start(seed=seed)
    rng = Rng.from_seed(seed)
    states = [state]
    while not state.is_over and (plies is None or len(states) <= plies):
        legal = state.legal_moves()
        state = state.apply(legal[rng.randbelow(len(legal))])
        states.append(state)
    return states


def check(a: Analysis, state) -> None:
    assert len(a.chances) == 2 and all(0.0 <= c <= 1.0 for c in a.chances)
    assert math.isclose(a.chances[0] + a.chances[1], 1.0)
    if state.is_over:
        assert a.best_move is None and a.line == () and a.player is None
    else:
        legal = {m.code for m in state.legal_moves()}
        assert a.best_move in legal and a.line and a.line[0] == a.best_move
        assert a.player == state.to_move()
        after = state.apply_code(a.line[0])  # the whole line is playable where it is public
        assert after is not None


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_a_finished_game_is_exact(game_id):
    for seed in (1, 2, 3):
        end = random_game(game_id, seed)[-1]
        a = analyse(end, "hard", seed=4)
        winner = end.outcome().winner
        expected = (0.5, 0.5) if winner is None else ((1.0, 0.0) if winner == 0 else (0.0, 1.0))
        assert a.chances == expected and a.exact and a.kind == "over"
        check(a, end)


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_same_seed_same_answer_and_every_budget(game_id):
    state = random_game(game_id, 7, plies=6)[-1]
    for budget in ("easy", "normal"):
        a = analyse(state, budget, seed=11)
        assert analyse(state, budget, seed=11) == a
        check(a, state)
    with pytest.raises(ValueError):
        analyse(state, "grandmaster")
    assert BUDGETS == ("easy", "normal", "hard")


def test_lichess_formula():
    assert winning_chances_cp(0) == 0.0
    assert math.isclose(winning_chances_cp(100), 2 / (1 + math.exp(-0.4)) - 1)
    assert winning_chances_cp(5000) == winning_chances_cp(1000)  # Lichess clamps at ±1000 cp
    assert math.isclose(chances_from_cp(300, 1)[1], (1 + winning_chances_cp(300)) / 2)
    assert chances_from_cp(-300, 0)[0] < 0.5 < chances_from_cp(-300, 0)[1]


def test_dumaraj_mate_is_exact_and_material_is_near_certain():
    fen = "k7/8/1K6/8/8/8/8/7R w"
    mate = state_from_fen(fen, DumaRajOptions(fen=fen))
    a = analyse(mate, "normal")
    assert a.exact and a.chances == (1.0, 0.0) and a.best_move == "h1h8" and a.kind == "alphabeta"
    fen = "4k3/8/8/8/8/8/3QQ3/3K4 b"  # Black to move, two Fej down
    lost = state_from_fen(fen, DumaRajOptions(fen=fen))
    b = analyse(lost, "easy")
    assert b.details["cp"] < -1000 and b.chances[0] > 0.97
    assert math.isclose(b.chances[0], (1 + winning_chances_cp(-b.details["cp"])) / 2) or b.exact


def test_htt_solved_win_is_certain():
    # Blue to place its last card next to a Red 1-card: the board ends 7 (or more) to 2 for Blue
    cells = {name: (0, "555555") for name in ("a1", "a2", "a3", "b1", "b3", "c1")}
    cells["c2"] = (1, "111111")
    s = htt_position(HttOptions(open=True), cells, hands=[["999999"], ["111111"]], player=0)
    a = analyse(s, "normal")
    assert a.chances == (1.0, 0.0) and a.exact and a.kind == "solved"


def test_tsifrograd_decided_position_is_near_certain():
    states = random_game("tsifrograd", 5)
    late = next(s for s in reversed(states[:-1]) if not s.is_over and s.phase == "place")
    won = attrs.evolve(late, crossings=(30, 0))  # Green has crossed out thirty numbers more
    a = analyse(won, "normal", seed=2)
    assert a.chances[0] > 0.97


def test_cardgo_big_lead_is_near_certain():
    opts = CardgoOptions(terrain=False, effects=False, size=5)
    s = cardgo_position(". . . . .\n. G3 G4 G4 .\n. . . . .\n. . . . .\n. . . . .", opts, player=0, hands=("2 6", "1 1"))
    s = attrs.evolve(s, time=(100, 4))
    a = analyse(s, "normal", seed=1)
    assert a.chances[0] > 0.97
    assert s.apply_code(a.best_move).is_over  # a 2 joining the 3-4-4 makes X = 3: 3 + 2 damage wins


def test_sht_winning_attack_is_exact():
    for seed in range(40):
        for s in random_game("sht", seed):
            if s.is_over:
                continue
            a = analyse(s, "easy", seed=1)
            if a.exact:
                assert a.chances[s.to_move()] == 1.0 and s.apply_code(a.best_move).winner == s.to_move()
                return
    raise AssertionError("no immediate win met in 40 random games")


@pytest.mark.parametrize("game_id", ["sht", "htt", "cardgo"])
def test_hidden_cards_are_never_read(game_id):
    """Two worlds that the player to move cannot tell apart get the same analysis."""
    spec = get_game(game_id)
    for plies in (3, 6):
        state = random_game(game_id, 21, plies=plies)[-1]
        if state.is_over:
            continue
        me = state.to_move()
        other = state.determinize(me, 99)
        assert other.view(me) == state.view(me)
        assert analyse(other, "easy", seed=5) == analyse(state, "easy", seed=5)
    assert spec.hidden_information
