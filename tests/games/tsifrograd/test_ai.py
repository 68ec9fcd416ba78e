"""The Tsifrograd AI: plays legal moves, crosses when it pays, and beats random play."""

import pytest

from tests.games.tsifrograd.test_rules import example_position
from webtabletop.ai.mcts import Budget, search
from webtabletop.games.tsifrograd import SPEC
from webtabletop.games.tsifrograd.ai import HOOKS, simulate
from webtabletop.games.tsifrograd.rules import CROSS, Cross
from webtabletop.tools.selfplay import selfplay


def test_ai_takes_the_crossing_in_the_worked_example():
    state, idx, c, seven = example_position()
    after = state.apply(state.move_from_code(str(idx[c])))
    assert after.phase == CROSS
    result = search(after, Budget(iterations=200), seed=3, hooks=HOOKS)
    assert result.move == Cross(idx[seven])


def test_search_is_reproducible_with_an_iteration_budget():
    s = SPEC.start(seed=8)
    a = search(s, Budget(iterations=120), seed=5, hooks=HOOKS)
    b = search(s, Budget(iterations=120), seed=5, hooks=HOOKS)
    assert a.move == b.move and a.stats == b.stats


def test_time_budget_stops_the_search():
    ticks = iter(range(0, 10**6, 10))
    s = SPEC.start(seed=8)
    r = search(s, Budget(seconds=40), seed=1, hooks=HOOKS, clock=lambda: next(ticks))
    assert r.iterations == 32  # the fake clock advances 10 s per reading; it is read every 8 iterations


def test_playout_does_not_change_the_state():
    from webtabletop.core.rng import Rng

    s = SPEC.start(seed=4)
    before = s.snapshot()
    for i in range(20):
        v = simulate(s, Rng(i))
        assert v in ((1.0, -1.0), (-1.0, 1.0), (0.0, 0.0))
    assert s.snapshot() == before


@pytest.mark.slow
def test_default_ai_beats_random_play():
    """60 games, seats alternating; the closing note reports the 200-game benchmark."""
    result = selfplay("tsifrograd", 60, 2025, ("random", "ai"))
    assert result["wins"][1] >= 57, result
