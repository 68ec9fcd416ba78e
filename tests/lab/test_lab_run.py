"""A lab batch gives the same JSON in one process, on two processes and on a local Dask cluster;
its records replay; bad set-ups say what is wrong; every game's items come out."""

import json

import pytest

from webtabletop.cli import main
from webtabletop.core.protocol import GameError
from webtabletop.core.record import Record
from webtabletop.core.registry import PLAYABLE
from webtabletop.lab.batch import Batch
from webtabletop.lab.play import play_task
from webtabletop.lab.run import play_batch, report

pytestmark = pytest.mark.xdist_group("lab")

SMALL = [
    "tsifrograd",
    "--games",
    "4",
    "--players",
    "random,random",
    "--eval",
    "easy",
    "--seed",
    "7",
    "--json",
    "--quiet",
]


def run(capsys, *extra):
    assert main(["lab", *SMALL, *extra]) == 0
    return json.loads(capsys.readouterr().out.strip().splitlines()[-1])


def test_the_json_is_the_same_on_one_worker_two_workers_and_dask_local(capsys):
    one = run(capsys, "--workers", "1")
    two = run(capsys, "--workers", "2")
    assert one == two
    pytest.importorskip("dask.distributed")
    assert run(capsys, "--dask", "local") == one
    assert one["games"] == 4 and sum(one["wins"]) + one["draws"] == 4
    assert one["lead_changes"] is not None  # evaluations along every game


def test_records_replay_to_the_same_end(tmp_path):
    batch = Batch("htt", players=("random", "easy"), games=2, seed=3, eval_budget="none")
    results = play_batch(batch)
    from webtabletop.lab.run import write_records

    assert write_records(batch, results, tmp_path) == 2
    for r, path in zip(results, sorted(tmp_path.iterdir()), strict=True):
        end = Record.loads(path.read_text()).final_state()
        assert end.is_over and end.outcome().winner == r["winner"]


def test_a_comparison_reports_both_option_sets():
    batch = Batch("tsifrograd", {}, {"variant": "tsifroshturm"}, ("random", "random"), 2, 5, "none")
    out = report(batch, play_batch(batch))
    assert out["compare"]["b"]["games"] == 2 and "mean_plies" in out["compare"]["diff"]


@pytest.mark.parametrize("game", PLAYABLE)
def test_every_game_names_the_items_its_moves_use(game):
    task = Batch(game, players=("random", "random"), games=1, seed=2, eval_budget="none").tasks()[0]
    result = play_task(task.as_tuple())
    used = set(result["items"][0]) | set(result["items"][1])
    assert used and all("/" in item for item in used)


@pytest.mark.parametrize(
    "args, words",
    [
        (["nosuchgame"], "unknown game"),
        (["htt", "--options", '{"size": "huge"}'], ""),
        (["htt", "--games", "0"], "number of games"),
        (["htt", "--players", "normal"], "two kinds"),
        (["htt", "--players", "normal,grandmaster"], "unknown player"),
        (["htt", "--options", "[1]"], "JSON object"),
    ],
)
def test_a_bad_setup_gets_one_clear_line(capsys, args, words):
    assert main(["lab", *args, "--quiet"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error:") and words in err and "Traceback" not in err


def test_batch_check_refuses_an_unknown_budget():
    with pytest.raises(GameError, match="evaluation budget"):
        Batch("htt", eval_budget="deep").check()


def test_the_skill_trace_has_a_step_per_level_with_its_interval(capsys):
    args = [
        "lab",
        "htt",
        "--games",
        "2",
        "--players",
        "random,random",
        "--eval",
        "none",
        "--skill",
        "--json",
        "--quiet",
    ]
    assert main([*args, "--workers", "1"]) == 0
    steps = json.loads(capsys.readouterr().out.strip().splitlines()[-1])["skill_trace"]
    assert [(s["stronger"], s["weaker"]) for s in steps] == [
        ("easy", "random"),
        ("normal", "easy"),
        ("hard", "normal"),
    ]
    for s in steps:
        assert s["games"] == 2 and s["ci95"][0] <= s["score"] <= s["ci95"][1]


def test_the_skill_traces_games_are_those_of_a_batch_of_its_two_players():
    import attrs

    from webtabletop.lab.batch import SKILL_STEPS

    batch = Batch("tsifrograd", players=("random", "random"), games=2, seed=4, eval_budget="none", skill=True)
    tasks = batch.tasks()
    assert len(tasks) == 8 and [t.variant for t in tasks[2:]] == [2, 2, 3, 3, 4, 4]
    for k, step in enumerate(SKILL_STEPS):
        alone = attrs.evolve(batch, players=step, skill=False).tasks()
        assert [attrs.evolve(t, variant=0) for t in tasks[2 + 2 * k : 4 + 2 * k]] == alone
    assert attrs.evolve(batch, skill=False).tasks() == tasks[:2]  # A's games do not change
