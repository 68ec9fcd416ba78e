"""Every game's puzzles hold: at least 20, each rebuilt by the rules from its
self-play record, with exactly one first move reaching its goal by an exhaustive search of the
turn (worst case over hidden cards), and the hard AI (deeper than the normal level) choosing it."""

import json

import attrs
import pytest

from webtabletop.ai.mcts import game_ai
from webtabletop.core.registry import PLAYABLE
from webtabletop.learn import puzzle as P
from webtabletop.learn.check import report

ALL = [(game, p) for game in PLAYABLE for p in P.puzzles(game)]


@pytest.mark.parametrize("game", PLAYABLE)
def test_every_game_has_twenty_puzzles_with_unique_ids(game):
    listed = P.puzzles(game)
    assert len(listed) >= P.MINIMUM
    assert len({p.id for p in listed}) == len(listed)
    assert all(p.kind in P.kinds(game) for p in listed)


@pytest.mark.parametrize(("game", "puzzle"), ALL, ids=[f"{g}-{p.id}" for g, p in ALL])
def test_puzzle_has_one_best_move(game, puzzle):
    assert P.verify(puzzle) is None


@pytest.mark.parametrize("game", PLAYABLE)
def test_the_hard_ai_finds_the_first_puzzle(game):
    """A deeper search than the normal level (the hard level's iterations, no clock) picks the
    solution (every puzzle passed this when mined; one per game here keeps the suite quick)."""
    puzzle = P.puzzles(game)[0]
    state = puzzle.start()
    assert game_ai(game)(state, "hard", seed=puzzle.seed, time_limited=False).move.code == puzzle.solution[0]


def test_a_broken_puzzle_fails_the_check():
    good = P.puzzles("tsifrograd")[0]
    wrong = next(m.code for m in good.start().legal_moves() if m.code != good.solution[0])
    assert "best first moves" in P.verify(attrs.evolve(good, solution=(wrong,) + good.solution[1:]))
    assert "best value" in P.verify(attrs.evolve(good, target=good.target + 1))
    assert "cannot be rebuilt" in P.verify(attrs.evolve(good, moves=("x999",)))


def test_sht_answer_holds_against_every_arrangement():
    """SHT: the solution's attack beats the best defence the unseen cards could make, and every
    other attack could be defended by some arrangement."""
    from webtabletop.games.sht.learn.puzzles import best_defence
    from webtabletop.games.sht.rules import cards as C

    for puzzle in P.puzzles("sht"):
        state = puzzle.start()
        most = best_defence(state)
        attack = state.move_from_code(puzzle.solution[0]).cards[0]
        assert C.value(attack) > most
        for slot in state.fields[state.to_move()]:
            if f"a:{slot.card}" != puzzle.solution[0]:
                assert C.value(slot.card) <= most


def test_puzzle_of_the_day_walks_through_games_and_puzzles():
    days = [P.of_the_day(PLAYABLE, d) for d in range(10)]
    assert [p.game for p in days[:5]] == list(PLAYABLE)
    assert days[5].game == PLAYABLE[0] and days[5].id != days[0].id


def test_report_counts_puzzles():
    data, failures = report()
    assert failures == []
    for game in PLAYABLE:
        assert data[game]["puzzles"] == data[game]["puzzles_ok"] == len(P.puzzles(game)) >= P.MINIMUM


def test_puzzle_files_are_json_with_the_fields_the_app_reads():
    for game in PLAYABLE:
        data = json.loads(P.book(game).file.read_text("utf-8"))
        assert {"id", "seed", "moves", "kind", "target", "solution"} <= set(data["puzzles"][0])
