"""The lab's measures on hand-made games: Ludii's balance, decisiveness and lead changes, the
intervals, per-item statistics and the A/B comparison."""

import pytest

from webtabletop.lab import metrics as M


def game(winner, plies=10, first=0, evals=(), items=({}, {}), seats=("normal", "normal")):
    return {
        "variant": 0,
        "index": 0,
        "seats": list(seats),
        "deal_seed": 1,
        "first": first,
        "winner": winner,
        "plies": plies,
        "moves": [],
        "evals": list(evals),
        "items": [dict(items[0]), dict(items[1])],
    }


def test_balance_is_one_when_each_seat_scores_half_and_zero_when_one_seat_always_wins():
    even = M.summary([game(0), game(1), game(None), game(None)])
    assert even["balance"] == 1.0 and even["first_player_win_rate"] == 0.5
    assert even["balance_ci95"][1] == 1.0
    onesided = M.summary([game(0)] * 20)
    assert onesided["balance"] == 0.0 and onesided["first_player_win_rate"] == 1.0
    assert onesided["ci95"][0] > 0.8  # Wilson: 20 of 20 is at least 83.9%


def test_the_first_player_is_whoever_moved_first_not_seat_zero():
    out = M.summary([game(1, first=1), game(1, first=1)])
    assert out["first_player_win_rate"] == 1.0 and out["wins"] == [0, 2]


def test_decisiveness_counts_the_plies_after_the_winner_passed_the_losers_best():
    # seat 0 wins; the loser's best chances were 0.6 (seat 0 at 0.4, ply 1); seat 0 passes 0.6 at ply 3 of 4
    assert M.decisiveness([0.5, 0.4, 0.55, 0.7, 1.0], 0) == pytest.approx(1 / 4)
    # ahead from the start and never behind: decided from ply 0... only once above the loser's best
    assert M.decisiveness([0.8, 0.9, 1.0], 0) == pytest.approx(1.0)
    assert M.decisiveness([0.5, 0.5], None) is None


def test_lead_changes_count_each_change_of_the_player_ahead():
    assert M.lead_changes([0.6, 0.4, 0.7, 0.8, 1.0]) == pytest.approx(2 / 4)
    assert M.lead_changes([0.5, 0.5, 0.6, 1.0]) == 0.0  # level, then one player ahead: no change
    assert M.lead_changes([]) is None


def test_per_item_scores_the_sides_that_used_an_item():
    rs = [game(0, items=({"effect/Fire": 3}, {})), game(1, items=({"effect/Fire": 1}, {"effect/Fire": 2}))]
    fire = M.summary(rs)["per_item"]["effect/Fire"]
    assert fire["uses"] == 6 and fire["sides"] == 3 and fire["score"] == pytest.approx(2 / 3, abs=1e-4)
    assert fire["ci95"][0] < fire["score"] < fire["ci95"][1]


def test_histogram_covers_every_game_length():
    h = M.histogram([10, 11, 30, 55, 99])
    assert sum(h["counts"]) == 5 and h["edges"][0] == 10 and h["edges"][-1] > 99


def test_compare_calls_a_big_change_significant_and_a_small_one_not():
    a = [game(0)] * 40 + [game(1)] * 40
    b = [game(0)] * 70 + [game(1)] * 10
    d = M.compare(a, b)["first_player_win_rate"]
    assert d["diff"] == pytest.approx(0.375) and d["significant"] and d["ci95"][0] > 0
    same = M.compare(a, [game(0)] * 42 + [game(1)] * 38)["first_player_win_rate"]
    assert not same["significant"] and same["ci95"][0] < 0 < same["ci95"][1]


def test_newcombe_interval_contains_the_difference():
    lo, hi = M.newcombe(10, 50, 20, 50)
    assert lo < 0.2 < hi and lo >= -1 and hi <= 1


def test_a_shares_interval_stays_within_0_and_1():
    from webtabletop.lab.metrics import mean_ci

    mean, (lo, hi) = mean_ci([0.1, 1.0, 1.0], share=True)
    assert 0.0 <= lo < mean < hi == 1.0
    assert mean_ci([0.1, 1.0, 1.0])[1][1] > 1.0  # a mean of anything else is not clipped
