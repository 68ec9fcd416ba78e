"""The CardGO AI: legal, reproducible, blind to hidden information, and better than random."""

from __future__ import annotations

import os

import attrs
import pytest

from webtabletop.ai.mcts import choose_move as generic_choose
from webtabletop.core.rng import Rng
from webtabletop.games.cardgo import SPEC, ai_choose
from webtabletop.games.cardgo.ai.choose import choose_move, quick_moves
from webtabletop.games.cardgo.rules import state as rules
from webtabletop.games.cardgo.rules.diagram import position
from webtabletop.games.cardgo.rules.effects import Card
from webtabletop.games.cardgo.rules.options import CardgoOptions

from .helpers import pos


def _position(seed: int, plies: int, options: CardgoOptions | None = None) -> rules.CardgoState:
    s = SPEC.start(options or CardgoOptions(), seed)
    rng = Rng.from_seed(seed)
    for _ in range(plies):
        legal = s.legal_moves()
        s = s.apply(legal[rng.randbelow(len(legal))])
    return s


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_choose_move_is_legal_and_reproducible(level):
    s = _position(2, 25, CardgoOptions(size=7))
    a = choose_move(s, level, seed=5, time_limited=False)
    b = choose_move(s, level, seed=5, time_limited=False)
    assert a.move in s.legal_moves() and a.move == b.move
    assert ai_choose is choose_move


def test_time_limit_uses_the_given_clock():
    ticks = iter(range(10**6))
    s = _position(3, 20, CardgoOptions(size=6))
    res = choose_move(s, "hard", seed=1, clock=lambda: next(ticks) * 10.0)
    assert res.move in s.legal_moves() and res.iterations <= 20


def test_ai_takes_the_obvious_damage():
    s = pos(
        """
        . . . . .
        G3 G4 G4 . .
        . . . . .
        . . . . .
        . . . . .
        """,
        hands=("2 6", ""),
    )
    for level in ("easy", "normal"):
        m = choose_move(s, level, seed=1, time_limited=False).move
        assert s.apply(m).time[1] <= 95, (level, m)


def test_ai_does_not_read_hidden_information():
    s = position(
        """
        R2/t . . . .
        G5 . . . .
        . . R3 . .
        . . . . .
        . . . . .
        """,
        CardgoOptions(terrain=False),
        hands=("6 1 4", "1 1 1 1 1"),
    )
    other = attrs.evolve(
        s,
        values=(6,) + s.values[1:],
        hands=(s.hands[0], (Card(6), Card(6), Card(6), Card(6), Card(6))),
        rng_state=12345,
    )
    for level in ("easy", "normal"):
        assert (
            choose_move(s, level, seed=9, time_limited=False).move
            == choose_move(other, level, seed=9, time_limited=False).move
        )


def test_extra_phase_and_pass_are_handled():
    s = pos("\n".join([". . . . ."] * 5), hands=("3I 4 5", "")).apply_code("0@a1")
    m = choose_move(s, "normal", seed=1, time_limited=False).move
    assert m in s.legal_moves()
    full = "\n".join(" ".join("G9" if (x + y) % 2 else "R9" for x in range(4)) for y in range(4))
    p = pos(full, hands=("1", "1"))
    assert choose_move(p, "hard", seed=1).move.code == "pass"


def test_quick_moves_lists_distinct_cards_once():
    s = pos("\n".join([". . . ."] * 4), hands=("2 2 3", ""))
    q = quick_moves(s)
    assert len(q) == 2 * 16 and {m.hand for _, m in q} == {0, 2}


def test_quick_moves_best_few_are_the_head_of_the_whole_list():
    """The search asks for the best 1, 3 or 4 (a faster path that passes over whole groups of
    cells); ties keep the whole list's order. Boards with terrain (crypt, fire, shrubs, trees),
    without, in adjacent mode, with duplicate cards (small value range), played far enough for
    groups, captures and ataris."""
    for seed, options in (
        (5, CardgoOptions()),
        (6, CardgoOptions(size=7, full_speed=True)),
        (7, CardgoOptions(size=9, terrain=False, max_value=3, hand_size=7)),
        (8, CardgoOptions(size=8, adjacent=True, effects=False)),
        (9, CardgoOptions(size=12, min_value=4, max_value=10)),
    ):
        s = SPEC.start(options, seed)
        rng = Rng.from_seed(seed)
        for _ in range(60):
            if s.outcome() is not None:
                break
            whole = [(x, m.code) for x, m in quick_moves(s)]
            for k in (1, 3, 4):
                assert [(x, m.code) for x, m in quick_moves(s, k)] == whole[:k]
            legal = s.legal_moves()
            s = s.apply(legal[rng.randbelow(len(legal))])


def test_generic_mcts_runs_with_the_hooks():
    s = _position(4, 10, CardgoOptions(size=6))
    res = generic_choose(s, "easy", seed=3, time_limited=False)
    assert res.move in s.legal_moves()


def _match(level: str, games: int, options: CardgoOptions | None = None) -> int:
    wins = 0
    for g in range(games):
        s = SPEC.start(options or CardgoOptions(), g)
        rng = Rng.from_seed(g + 77)
        side = g % 2
        while not s.is_over:
            if s.player == side:
                m = choose_move(s, level, seed=rng.next_u64(), time_limited=False).move
            else:
                legal = s.legal_moves()
                m = legal[rng.randbelow(len(legal))]
            s = s.apply(m)
        wins += s.outcome().winner == side
    return wins


def test_easy_beats_random_on_a_small_board():
    assert _match("easy", 6, CardgoOptions(size=7, start_time=60)) >= 5


@pytest.mark.slow
def test_normal_beats_random_90_percent():
    """CI plays 4 games (seeds 0-3, seats in turn; the normal AI won all 16 of seeds 0-15,
    about 13 s of CPU a game, and 100 of 100 in docs/measurements.md's level table): all 4 must be won.
    It played 6 until the suite neared CI's 30 minutes (it was the suite's longest test).
    WTT_FULL_MATCHES=1 plays the issue's 200, at least 180 to win (40 took 9.5 minutes alone)."""
    games = 200 if os.environ.get("WTT_FULL_MATCHES") else 4
    assert _match("normal", games) >= 0.9 * games
