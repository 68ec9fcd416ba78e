"""The shared search's forest and per-player trees, and the arena the level benchmark plays in."""

from __future__ import annotations

import math

import attrs

from webtabletop.ai.arena import clairvoyant, game_seeds, play_game, seats_of, wilson
from webtabletop.ai.mcts import Budget, search
from webtabletop.core.registry import get_game
from webtabletop.core.rng import Rng
from webtabletop.games.sht.ai.choose import HOOKS as SHT_HOOKS


def same(a, b) -> bool:
    return (a.move, a.iterations, a.stats) == (b.move, b.iterations, b.stats)


def _sht_position(seed: int = 4, plies: int = 5):
    s = get_game("sht").start(seed=seed)
    r = Rng(1)
    for _ in range(plies):
        legal = s.legal_moves()
        s = s.apply(legal[r.randbelow(len(legal))])
    return s


def test_a_forest_shares_its_budget_and_is_reproducible():
    s = get_game("tsifrograd").start(seed=8)
    hooks = s.spec.ai_hooks
    a = search(s, Budget(iterations=300, trees=3), seed=5, hooks=hooks)
    assert same(a, search(s, Budget(iterations=300, trees=3), seed=5, hooks=hooks))
    assert a.iterations == 300 and a.move in s.legal_moves()
    assert sum(n for n, _v in a.stats.values()) == 300  # every tree's root visits add up


def test_a_forest_stops_on_the_clock():
    ticks = iter(range(0, 10**6, 10))
    s = get_game("tsifrograd").start(seed=8)
    r = search(s, Budget(seconds=40, trees=2), seed=1, hooks=s.spec.ai_hooks, clock=lambda: next(ticks))
    assert 0 < r.iterations < 200


def test_a_tree_per_player_is_reproducible_and_reads_no_hidden_card():
    s = _sht_position()
    assert SHT_HOOKS.multi_observer
    a = search(s, Budget(iterations=200), seed=3, hooks=SHT_HOOKS)
    assert same(a, search(s, Budget(iterations=200), seed=3, hooks=SHT_HOOKS))
    me = s.to_move()
    other = s.determinize(me, 77)  # the same view, other hidden cards
    assert other.view(me) == s.view(me)
    b = search(other, Budget(iterations=200), seed=3, hooks=SHT_HOOKS)
    assert b.move == a.move and b.stats == a.stats
    single = search(s, Budget(iterations=200), seed=3, hooks=attrs.evolve(SHT_HOOKS, multi_observer=False))
    assert single.move in s.legal_moves()


def test_wilson_interval():
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(5, 10)
    assert math.isclose(lo + hi, 1.0) and math.isclose(lo, 0.2366, abs_tol=1e-4)
    lo, hi = wilson(20, 20)
    assert hi == 1.0 and math.isclose(lo, 0.8389, abs_tol=1e-4)


def test_seats_alternate_on_a_shared_deal():
    assert seats_of("hard", "normal", 0) == ("hard", "normal")
    assert seats_of("hard", "normal", 1) == ("normal", "hard")
    assert game_seeds(1, "sht", "hard-normal", 4)[0] == game_seeds(1, "sht", "hard-normal", 5)[0]
    assert game_seeds(1, "sht", "hard-normal", 4)[1] != game_seeds(1, "sht", "hard-normal", 5)[1]
    assert game_seeds(1, "sht", "hard-normal", 4)[0] != game_seeds(1, "sht", "hard-normal", 6)[0]


def test_a_game_is_a_function_of_its_seeds():
    a = play_game("tsifrograd", ("easy", "random"), 5, 6)
    b = play_game("tsifrograd", ("easy", "random"), 5, 6)
    assert (a.winner, a.plies, a.moves) == (b.winner, b.plies, b.moves)
    assert sum(a.moves) == a.plies


def test_the_clairvoyant_sees_its_own_world():
    for game in ("sht", "htt", "cardgo"):
        s = get_game(game).start(seed=3)
        c = clairvoyant(s)
        assert c.determinize(0, 5) is c and c.snapshot() == s.snapshot()
        assert s.determinize(1 - s.to_move(), 5).snapshot() != s.snapshot()
    r = play_game("htt", ("oracle:easy", "random"), 5, 6)
    assert r.plies >= 9


def test_the_exact_oracle_plays_the_solved_best_move_with_the_true_hands():
    from webtabletop.ai.arena import player_for
    from webtabletop.games.htt.ai.choose import _negamax, exact_choose

    s = get_game("htt").start(seed=11)
    assert exact_choose(clairvoyant(s), 1) is None  # the first placement is left to the search
    r = Rng(2)
    for _ in range(4):
        legal = s.legal_moves()
        s = s.apply(legal[r.randbelow(len(legal))])
    move = exact_choose(clairvoyant(s), 1)
    me = s.to_move()

    def value(m):  # the exact value of a placement for the mover, on the true hands
        t = s.for_search().apply(m)
        ctx = (t.board.sides, t.icons, t.options, t.empty_cells())
        return -_negamax(ctx, list(t.owners), list(t.values), [t.hand(0), t.hand(1)], 1 - me, -(10**6), 10**6)

    values = {m.code: value(m) for m in s.legal_moves() if m.code not in ("draw",)}
    assert values[move.code] == max(values.values())
    assert player_for("oracle:exact")(s, Rng(9)).code in values


def test_the_htt_endgame_solver_starts_no_world_that_would_end_after_its_deadline():
    from webtabletop.games.htt.ai.choose import endgame_values

    s = get_game("htt").start(seed=11)
    r = Rng(2)
    for _ in range(5):
        legal = s.legal_moves()
        s = s.apply(legal[r.randbelow(len(legal))])
    ticks = iter(k / 10 for k in range(10**6))  # every reading of the clock is 0.1 s later
    _moves, values = endgame_values(s, 12, 3, deadline=0.5, clock=lambda: next(ticks))
    # worlds 2 and 3 are each forecast to end by 0.5; the fourth would not
    assert {len(v) for v in values.values()} == {3}
    _moves, values = endgame_values(s, 12, 3)
    assert {len(v) for v in values.values()} == {12}
