"""DumaRaj AI: legal, reproducible, tactically awake, plays arbitrary moves, beats random play."""

from __future__ import annotations

import itertools
import os

import pytest
from _dumaraj_helpers import ALL_ON, st

from webtabletop.core.rng import Rng
from webtabletop.games.dumaraj import SPEC, ai_choose
from webtabletop.games.dumaraj.ai.choose import LEVELS, choose_move, evaluate
from webtabletop.games.dumaraj.rules.options import DumaRajOptions


def fake_clock(step: float = 0.001):
    counter = itertools.count()
    return lambda: next(counter) * step


def test_choose_move_is_legal_and_reproducible():
    s = SPEC.start(DumaRajOptions(preset="classic"))
    a = choose_move(s, "easy", seed=7, time_limited=False)
    b = choose_move(s, "easy", seed=7, time_limited=False)
    assert a.move in s.legal_moves()
    assert a.move == b.move and a.nodes == b.nodes
    assert a.depth >= 1 and a.nodes > 0 and a.seconds >= 0
    assert ai_choose is choose_move
    with pytest.raises(ValueError):
        choose_move(s, "grandmaster")


def test_time_budget_uses_the_clock_passed_in():
    s = SPEC.start()
    res = choose_move(s, "hard", seed=1, time_limited=True, clock=fake_clock(0.01))
    # a fake clock that advances 10 ms per reading stops the 3 s search after ~300 readings
    assert res.move in s.legal_moves()
    assert res.nodes < LEVELS["hard"].nodes


def test_finds_mate_in_one_and_takes_a_free_fej():
    mate = st("k7/8/1K6/8/8/8/8/7R w")
    for level in ("easy", "normal"):
        assert choose_move(mate, level, seed=3, time_limited=False).move.code == "h1h8"
    free = st("4k3/8/8/3q4/8/8/3R4/3K4 w")
    assert choose_move(free, "normal", seed=0, time_limited=False).move.code == "d2d5"


def test_escapes_mate_threat_and_promotes():
    s = st("4k3/P7/8/8/8/8/8/4K3 w")
    assert choose_move(s, "normal", seed=0, time_limited=False).move.code in ("a7a8q", "a7a8r")


def test_plays_editor_and_flex_moves():
    s = st("8/4k3/8/8/8/8/R3K3/8 w", editor=True).apply_code("a2a3")
    res = choose_move(s, "easy", seed=0, time_limited=False)
    assert res.move.code in ("-1", "-")
    flex = st("4k3/8/8/8/8/8/8/R3K2R w", raj_flex=True)
    assert choose_move(flex, "easy", seed=0, time_limited=False).move in flex.legal_moves()


def test_evaluate_is_symmetric():
    s = SPEC.start()
    assert evaluate(s.board()) == 0
    up = st("4k3/8/8/8/8/8/8/Q3K3 w").board()
    assert evaluate(up) > 800


def _play(options: DumaRajOptions, game: int, level: str = "easy") -> tuple[str, int]:
    s = SPEC.start(options)
    ai_side = game % 2
    rng = Rng.from_seed(1000 + game)
    plies = 0
    while not s.is_over:
        if s.to_move() == ai_side:
            m = choose_move(s, level, seed=rng.next_u64(), time_limited=False).move
        else:
            legal = s.legal_moves()
            m = legal[rng.randbelow(len(legal))]
        s = s.apply(m)
        plies += 1
    out = s.outcome()
    assert out is not None
    result = "win" if out.winner == ai_side else ("draw" if out.winner is None else "loss")
    return result, plies


def test_beats_random_quick():
    assert _play(DumaRajOptions(preset="classic"), 1)[0] == "win"


@pytest.mark.slow
@pytest.mark.parametrize("all_on", [False, True])
def test_beats_random_every_game(all_on):
    extra = ALL_ON if all_on else {}
    games = 10  # CI (all 20 of seeds 0-19 are won either way); WTT_FULL_MATCHES=1 plays 20
    games = 20 if os.environ.get("WTT_FULL_MATCHES") else games
    results = [_play(DumaRajOptions(**extra), g)[0] for g in range(games)]
    assert results == ["win"] * games


def test_reaches_depth_four_on_the_classic_start():
    # load-independent proxy of "depth >= 4 in 1 s": depth 4 within 30 000 nodes (CPython does
    # ~60-90k nodes/s here; benchmarks/dumaraj_perft.py measures the real second)
    s = SPEC.start(DumaRajOptions(preset="classic"))
    res = choose_move(s, "hard", seed=0, time_limited=False, nodes=30_000)
    assert res.depth >= 4


def test_generic_mcts_hooks_work():
    from webtabletop.ai.mcts import choose_move as mcts_choose

    s = st("4k3/8/8/3q4/8/8/3R4/3K4 w")
    res = mcts_choose(s, "easy", seed=1, time_limited=False)
    assert res.move in s.legal_moves()


def test_a_move_the_unfinished_deeper_search_found_mated_is_not_played():
    """Found by the designer's lab (seed 2026, game 3 of 200): after White's Trigon's reach f4 and
    f6, Black's normal search finishes depth 3 (j9j7 looks even), and its 30,000 nodes end depth 4
    right after its first move, j9j7, is found mated (f4g7, f10g10, f6h7). It played j9j7 anyway,
    and lost that way in 7 of the 200 games. Now it plays the next move of the depth-3 order
    that the deeper search has not refuted, and White has no mate in two against it."""
    from webtabletop.games.dumaraj.ai.search import MATE

    s = SPEC.start()
    for code in ["g1f4", "g10f7", "d1e3", "b10c8", "b1c3", "d10e7", "i1h3", "i10h8", "e3f6"]:
        s = s.apply(s.move_from_code(code))
    choice = choose_move(s, "normal", seed=1, time_limited=False)
    assert choice.move.code != "j9j7" and choice.score > -(MATE - 1000)
    reply = choose_move(s.apply(choice.move), "hard", seed=1, time_limited=False, max_depth=3)
    assert reply.score < MATE - 1000  # no mate in two for White
