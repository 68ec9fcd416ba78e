"""Every lesson of every game holds: its position builds, its solution reaches its goal through
the rules at its last move and not before; ``learn check`` prints what the issue asks for."""

import json
import subprocess
import sys

import attrs
import pytest

from webtabletop.core.registry import PLAYABLE
from webtabletop.learn import catalog, check, digest
from webtabletop.learn.check import report
from webtabletop.learn.lesson import MISSED, REACHED, judge, replay, stars

ALL = [(game, lesson) for game in PLAYABLE for lesson in catalog.lessons(game)] + [
    (game, catalog.first_game(game)) for game in PLAYABLE if catalog.first_game(game) is not None
]

#: at least this many lessons per game: each idea of a game's rules needs its own
MINIMUM_LESSONS = 8


@pytest.mark.parametrize(("game", "lesson"), ALL, ids=[f"{g}-{lesson.id}" for g, lesson in ALL])
def test_lesson_replays(game, lesson):
    assert replay(lesson) is None


@pytest.mark.parametrize("game", PLAYABLE)
def test_every_game_has_lessons_with_unique_ids(game):
    lessons = catalog.lessons(game)
    assert len(lessons) >= MINIMUM_LESSONS
    assert len({lesson.id for lesson in lessons}) == len(lessons)
    assert all(section in catalog.sections(game) for lesson in lessons for section in lesson.sections)


@pytest.mark.parametrize("game", PLAYABLE)
def test_every_section_of_the_digest_has_a_lesson(game):
    # the digest's own headings when ../shared/rules is there, else the committed list
    assert digest.uncovered(game) == []


@pytest.mark.parametrize("game", PLAYABLE)
def test_committed_sections_are_the_digests_headings(game):
    found = digest.digest_sections(game)
    if found is None:
        pytest.skip(f"no digest at {digest.DIGESTS}: the committed list stands in for it")
    assert catalog.sections(game) == found


def test_a_section_without_a_lesson_fails(tmp_path):
    text = "# SHT\n\n## Components\n- …\n```\n## not a heading\n```\n## A new rule\n"
    (tmp_path / "sht.md").write_text(text, encoding="utf-8")
    assert digest.digest_sections("sht", tmp_path) == ("Components", "A new rule")
    assert digest.uncovered("sht", tmp_path) == ["A new rule"]
    assert digest.sections("htt", tmp_path) == catalog.sections("htt")  # no digest: the committed list


def test_a_broken_lesson_fails_the_check():
    good = catalog.lessons("tsifrograd")[1]
    assert replay(attrs.evolve(good, solution=("0",))) is not None  # misses the goal
    assert replay(attrs.evolve(good, solution=("x99", "0"))) is not None  # illegal
    assert replay(attrs.evolve(good, reached=lambda start, now: True)) is not None  # reached at once


def test_judge_and_stars():
    lesson = catalog.lessons("dumaraj")[0]
    start = lesson.start()
    assert judge(lesson, start, start.apply_code(lesson.solution[0]), 1) == REACHED
    wrong = next(m.code for m in start.legal_moves() if m.code != lesson.solution[0])
    assert judge(lesson, start, start.apply_code(wrong), 1) == MISSED
    assert [stars(n) for n in range(4)] == [3, 2, 1, 1]


def test_report_counts_every_lesson():
    data, failures = report()
    assert failures == []
    assert set(data) == set(PLAYABLE)
    for game, row in data.items():
        guided = 1 if catalog.first_game(game) is not None else 0
        assert row["lessons"] == row["lessons_ok"] == len(catalog.lessons(game)) + guided


def test_learn_check_command_prints_one_json_object():
    out = subprocess.run(
        [sys.executable, "-m", "webtabletop", "learn", "check", "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert set(data) == set(PLAYABLE)
    for row in data.values():
        assert set(row) == {"lessons", "lessons_ok", "puzzles", "puzzles_ok", "uncovered_sections", "untaught_items"}
    assert all(row["uncovered_sections"] == [] and row["untaught_items"] == [] for row in data.values())


def test_learn_check_fails_on_a_section_without_a_lesson(monkeypatch, capsys):
    real = digest.sections
    monkeypatch.setattr(digest, "sections", lambda game, folder=None: (*real(game, folder), "A new rule"))
    assert check.main(as_json=False) == 1
    assert "no lesson yet: A new rule" in capsys.readouterr().out
    assert check.main(as_json=False, allow_uncovered=True) == 0


@pytest.mark.parametrize("game", PLAYABLE)
def test_every_item_of_a_game_is_taught_by_a_lesson(game):
    """CardGO's effects and terrains, DumaRaj's mobs, SHT's card values: each has its lesson
    (tests/games/cardgo/test_cardgo_lessons.py proves that each CardGO lesson's goal depends on
    what it teaches)."""
    assert catalog.untaught(game) == []
    assert {item for lesson in catalog.lessons(game) for item in lesson.teaches} <= set(catalog.items(game))


def test_every_dumaraj_mob_lesson_moves_its_mob():
    from webtabletop.games.dumaraj.rules.pieces import MOBS

    for lesson in catalog.lessons("dumaraj"):
        for item in lesson.teaches:
            start = lesson.start()
            move = start.move_from_code(lesson.solution[0])
            kind = next(k for k, mob in MOBS.items() if item == "mob " + mob.name)
            assert start.cells[move.frm] & 7 == kind, (lesson.id, item)


def test_the_sht_values_lesson_needs_every_value():
    """"Values: A=1, 2..10 as printed, J=11, Q=12, K=13": against a queen only jack + ace is
    exact; the king alone is one too many and earns the attacker the advantage."""
    from webtabletop.games.sht.learn.lessons import earned_advantage
    from webtabletop.games.sht.rules import cards as C

    (lesson,) = [x for x in catalog.lessons("sht") if x.teaches]
    start = lesson.start()
    assert C.value(start.attack) == 12
    exact = [m.code for m in start.legal_moves() if earned_advantage(start, start.apply(m))]
    assert exact == [lesson.solution[0]]
    field = {C.value(slot.card): slot.card for slot in start.fields[0]}
    assert sorted(field) == [1, 5, 11, 13]
    king = start.apply_code(f"d:{field[13]}")
    assert king.last_battle.advantage_player == 1


def test_docs_table_matches_the_lessons():
    from pathlib import Path

    from webtabletop.learn.check import coverage_table

    doc = (Path(__file__).resolve().parents[2] / "docs" / "lessons.md").read_text(encoding="utf-8")
    assert coverage_table().strip() in doc


GUIDED = [game for game in PLAYABLE if catalog.first_game(game) is not None]


def test_every_game_has_a_guided_first_game():
    assert list(PLAYABLE) == GUIDED


@pytest.mark.parametrize("game", GUIDED)
def test_the_first_game_is_a_whole_game_the_learner_wins(game):
    """Its line, replayed through the rules with the fixed replies, plays to the game's end, and
    the learner (the player to move at the start) wins; every move of the learner's has its tip."""
    guided = catalog.first_game(game)
    assert guided.id == catalog.FIRST_GAME and guided.guided
    state = guided.start()
    learner = state.to_move()
    mine, theirs = list(guided.solution), list(guided.replies)
    while not state.is_over:
        state = state.apply_code((mine if state.to_move() == learner else theirs).pop(0))
    assert mine == [] and theirs == []  # the game ends exactly at the line's last move
    assert state.outcome().winner == learner
    assert len(guided.tips) == len(guided.solution) == len(set(guided.tips))
