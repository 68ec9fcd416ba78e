"""Game review (webtabletop.ai.review): the series, the marks and their thresholds, blindness to
hidden cards and dice, reproducibility, the command line, and that marks mean something: random
play is marked far more often than the normal AI."""

from __future__ import annotations

import json
import math

import pytest

from tests.ai.test_analysis import random_game
from webtabletop.ai.analysis import analyse, analyse_move
from webtabletop.ai.arena import player_for
from webtabletop.ai.review import MARKS, Reviewer, accuracy, mark_for, review
from webtabletop.cli import main
from webtabletop.core import sharelink
from webtabletop.core.ending import resign_code
from webtabletop.core.record import Record
from webtabletop.core.registry import PLAYABLE, get_game
from webtabletop.core.rng import Rng


def played(game_id: str, seats: tuple[str, str], seed: int, plies: int, options: dict | None = None) -> Record:
    """A record of ``plies`` moves (or to the end) between two player kinds, from fixed seeds."""
    record = Record(game_id, options or {}, seed, ())
    state = record.start_state()
    players = [player_for(seats[0]), player_for(seats[1])]
    rng = Rng.from_seed(seed)
    moves = []
    while len(moves) < plies and not state.is_over:
        move = players[state.to_move()](state, rng)
        moves.append(move.code)
        state = state.apply(move)
    return record.with_moves(tuple(moves))


def test_thresholds_and_accuracy():
    assert [t for t, _ in MARKS] == [0.3, 0.2, 0.1]
    assert mark_for(0.0) is None and mark_for(0.0999) is None
    assert mark_for(0.1) == "?!" and mark_for(0.19) == "?!"
    assert mark_for(0.2) == "?" and mark_for(0.3) == "??" and mark_for(1.0) == "??"
    assert accuracy(0.0) == pytest.approx(100.0, abs=0.01)
    assert accuracy(1.0) == 0.0
    assert accuracy(0.1) == pytest.approx(103.1668 * math.exp(-0.4354) - 3.1669)


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_a_review_judges_every_move(game_id):
    record = played(game_id, ("random", "random"), 3, 8)
    r = Reviewer.of_record(record, "easy", seed=2)
    steps = 0
    while r.step():
        steps += 1
        assert len(r.plies) <= len(record.moves)
    apart = game_id != "dumaraj"  # DumaRaj judges a move in the step that analyses its position
    assert r.done and steps == r.total == (2 if apart else 1) * len(record.moves) + 1
    out = r.to_json()
    assert out["game"] == game_id and out["complete"] and len(out["plies"]) == len(record.moves)
    states = record.replay()
    for k, p in enumerate(out["plies"]):
        assert p["ply"] == k + 1 and p["move"] == record.moves[k] and p["player"] == states[k].to_move()
        assert math.isclose(sum(p["chances"]), 1.0, abs_tol=2e-4) and all(0 <= c <= 1 for c in p["chances"])
        assert p["mark"] == mark_for(p["loss"])
        if p["best"] is None:  # the analysis's own move is never a mistake
            assert p["loss"] == 0 and p["mark"] is None and p["line"] == []
        else:
            assert p["best"] != p["move"] and p["line"][0] == p["best"]
            states[k].move_from_code(p["best"])
        assert (p["luck"] is None) == (game_id == "dumaraj")  # DumaRaj has no dice, nothing hidden
    for s in out["summary"]["players"]:
        mine = [p for p in out["plies"] if p["player"] == s["player"]]
        assert s["moves"] == len(mine)
        assert s["marks"] == {m: sum(p["mark"] == m for p in mine) for m in ("?!", "?", "??")}
    # the same record, budget and seed: the same review
    assert review(record, "easy", seed=2).to_json() == out


@pytest.mark.parametrize("game_id", ["sht", "htt", "cardgo", "tsifrograd"])
def test_a_move_is_judged_only_by_what_its_mover_knew(game_id):
    """Two worlds the mover cannot tell apart (other hidden cards, other dice to come) give every
    move the same value: the review never marks a move from hindsight."""
    for plies in (3, 6):
        state = random_game(game_id, 21, plies=plies)[-1]
        if state.is_over:
            continue
        me = state.to_move()
        other = state.determinize(me, 99)
        seen = {k: v for k, v in state.view(me).items() if k != "rng_state"}  # dice to come differ
        assert {k: v for k, v in other.view(me).items() if k != "rng_state"} == seen
        codes = [m.code for m in state.legal_moves()][:3]
        for code in codes:
            a, b = analyse(state, "easy", 5), analyse(other, "easy", 5)
            assert analyse_move(state, code, "easy", 5, a) == analyse_move(other, code, "easy", 5, b)


def test_dumaraj_judges_a_move_by_the_next_position():
    record = played("dumaraj", ("random", "random"), 4, 4)
    r = review(record, "easy", seed=1)
    for p, after in zip(r.plies, r.analyses[1:], strict=True):
        if p.best is not None:
            assert p.played == after.chances[p.player]
            assert p.loss == pytest.approx(max(0.0, p.before - after.chances[p.player]))


def test_cli_review_of_a_link_and_of_a_record_file(tmp_path, capsys):
    record = played("tsifrograd", ("random", "normal"), 5, 6)
    link = "https://example.org/#/tsifrograd?r=" + sharelink.encode(record)
    assert main(["review", link, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "tsifrograd" and out["budget"] == "normal" and len(out["plies"]) == 6
    assert set(out["plies"][0]) >= {"ply", "player", "move", "chances", "mark", "best", "luck"}
    assert [s["player"] for s in out["summary"]["players"]] == [0, 1]
    path = tmp_path / "game.json"
    path.write_text(record.dumps())
    assert main(["review", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == out  # the same game, the same review
    assert main(["review", "#/tsifrograd?r=AAAA"]) == 1
    assert capsys.readouterr().err.startswith("error: ")
    with pytest.raises(SystemExit):  # argparse: not a review budget
        main(["review", str(path), "--budget", "easy"])


MARKS_PLIES = {"tsifrograd": 24, "htt": 9, "sht": 24, "cardgo": 16, "dumaraj": 24}
#: the table each game's marks are counted on: the game's defaults, but CardGO's Quick table. On
#: its classic one (100 time each on 10×10) a single move moves the calibrated chances
#: (games/cardgo/ai/choose.py: chance_value, fitted to games) too little for the issue's 0.1: in 40 plies
#: of each seat (seeds 11, 12) a random move lost 0.023 of them on average and 0.085 at most, a
#: normal move 0.0004 and 0.006, so neither is marked there, and the average loss (next test)
#: is what tells them apart. With 40 time each a time point counts for more, as the chances say.
MARKS_OPTIONS = {"cardgo": {"size": 7, "start_time": 40}}


def random_against_normal(game_id: str, options: dict | None) -> tuple[dict, dict, dict]:
    """Random play against the normal AI, both seats in turn (seeds 11 and 12), reviewed at the
    normal budget: per player kind, its moves, its marked moves and the chances it lost."""
    marks = {"random": 0, "normal": 0}
    moves, loss = dict(marks), dict.fromkeys(marks, 0.0)
    for seed, seats in ((11, ("random", "normal")), (12, ("normal", "random"))):
        record = played(game_id, seats, seed, MARKS_PLIES[game_id], options)
        for p in review(record, "normal", seed=seed).plies:
            kind = seats[p.player]
            moves[kind] += 1
            marks[kind] += p.mark is not None
            loss[kind] += p.loss
    return moves, marks, loss


@pytest.mark.slow
@pytest.mark.parametrize("game_id", PLAYABLE)
def test_random_play_is_marked_far_more_often_than_the_normal_ai(game_id):
    """The issue's "marks that mean something": the random player's moves carry at least three
    times as many marks per move as the normal AI's (CardGO on its Quick table: MARKS_OPTIONS)."""
    moves, marks, _loss = random_against_normal(game_id, MARKS_OPTIONS.get(game_id))
    rate = {k: marks[k] / max(1, moves[k]) for k in marks}
    assert rate["random"] > 0 and rate["random"] >= 3 * rate["normal"], (marks, moves)


@pytest.mark.slow
def test_on_cardgos_classic_table_random_play_loses_far_more_chances_per_move():
    """Where no CardGO move reaches a mark (MARKS_OPTIONS), the review still tells random play
    from the normal AI: the random player's average loss per move, which its accuracy is made
    from, is at least three times the normal AI's (measured: 0.023 against 0.0004 in 40 plies)."""
    moves, _marks, loss = random_against_normal("cardgo", None)
    mean = {k: loss[k] / max(1, moves[k]) for k in loss}
    assert mean["random"] > 0.01 and mean["random"] >= 3 * mean["normal"], (mean, moves)


def test_the_review_budgets_are_named():
    start = get_game("tsifrograd").start(seed=1)
    with pytest.raises(ValueError):
        Reviewer([start], (), "grandmaster")
    with pytest.raises(ValueError):
        Reviewer([start], ("1",), "normal")


def test_dumaraj_review_searches_from_the_previous_positions_table_reproducibly():
    """A review's DumaRaj searches share one transposition table, in the game's order, with
    half the level's nodes (games/dumaraj/ai/choose.py: WARM_NODES): the same record and seed give
    the same review, and each search stays within its share of the nodes."""
    from webtabletop.games.dumaraj.ai.choose import LEVELS, WARM_NODES

    record = played("dumaraj", ("normal", "random"), 3, 6)
    first, second = review(record, "normal", seed=2), review(record, "normal", seed=2)
    assert first.to_json() == second.to_json()
    assert first.memo.get("dumaraj-tt")
    searched = [a.details["nodes"] for a in first.analyses if a is not None and "nodes" in a.details]
    assert searched and max(searched) <= LEVELS["normal"].nodes * WARM_NODES


def test_cardgo_chances_weigh_a_lead_more_as_the_time_runs_out():
    """CardGO's analysis value (games/cardgo/ai/choose.py: chance_value): zero-sum, rising with
    the lead, and the same lead worth more with less time left."""
    import attrs

    from webtabletop.games.cardgo.ai.choose import chance_value

    state = get_game("cardgo").start(seed=4)
    even = attrs.evolve(state, time=(100, 100))
    assert chance_value(even, 0) == -chance_value(even, 1)  # the mover's threat: one side's gain
    lead_early = chance_value(attrs.evolve(state, time=(100, 90)), 0) - chance_value(attrs.evolve(state, time=(100, 100)), 0)
    lead_late = chance_value(attrs.evolve(state, time=(20, 10)), 0) - chance_value(attrs.evolve(state, time=(20, 20)), 0)
    assert 0 < lead_early < lead_late


def test_net_luck_is_zero_sum_and_cancels_a_shared_bias():
    """The summary's luck: what luck gave a player is what it took from the opponent, so the two
    players' net luck sums to 0, and a bias both raw sums share (each search favours its side to
    move) cancels: raw sums of −1.13 and −1.20 are a net +0.035 and −0.035."""
    from webtabletop.ai.review import PlyReview, net_luck

    def ply(player, luck):
        return PlyReview(ply=1, player=player, move="x", chances=(0.5, 0.5), before=0.5, played=0.5,
                         loss=0.0, mark=None, best=None, line=(), luck=luck)  # fmt: skip

    plies = [ply(0, -0.5), ply(1, -0.6), ply(0, -0.63), ply(1, -0.6), ply(0, None)]
    assert net_luck(plies, 0) == pytest.approx(0.035)
    assert net_luck(plies, 1) == pytest.approx(-0.035)
    assert net_luck(plies, 0) + net_luck(plies, 1) == pytest.approx(0)


@pytest.mark.parametrize("game_id", ["tsifrograd", "dumaraj"])
def test_a_resigned_game_is_reviewed_to_its_end_without_judging_the_resignation(game_id):
    """A game kept in the history often ends in a resignation: its review judges the moves on the
    board, analyses the final position, and never weighs the resignation as a move (it was an
    error: "'!resign0' is not a legal move here")."""
    spec = get_game(game_id)
    start = spec.start(seed=3)
    first = start.legal_moves()[0].code
    record = Record(game_id, {}, 3, (first, resign_code(1)))
    r = Reviewer.of_record(record, "easy")
    steps = 0
    while r.step():
        steps += 1
    assert r.done and [p.move for p in r.plies] == [first] and r.judged == 1
    assert all(a is not None for a in r.analyses) and steps == r.total
