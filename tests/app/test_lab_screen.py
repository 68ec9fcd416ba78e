"""The lab screen in every game: the form starts a run on the pool, results drawn as they come,
the set-up as a link, exports, cancel, a bad set-up or link refused with a clear message."""

import csv
import io
import json

import pytest

from tests.app.harness import Page
from webtabletop.app.lab import flow as lab
from webtabletop.app.shell.dispatch import Dispatcher
from webtabletop.core.registry import PLAYABLE
from webtabletop.lab.batch import Batch
from webtabletop.lab.run import play_batch, report

FORM = {"p0": "random", "p1": "random", "games": "2", "seed": "7", "eval": "none", "workers": "1"}


def pool(page, resp):
    """What web/labpool.mjs does: each task through a pool worker's dispatcher, results sent back."""
    worker = Dispatcher()
    results = []
    for i, task in enumerate(resp["lab"]["tasks"]):
        answer = json.loads(worker.dispatch(json.dumps({"type": "lab_task", "task": task})))
        results.append([i, answer["lab_result"]])
    return page.send(
        {"type": "lab_results", "run": resp["lab"]["run"], "results": results, "done": True, "seconds": 2.0}
    )


@pytest.mark.parametrize("game", PLAYABLE)
def test_a_run_in_every_game_matches_the_command_lines_numbers(game):
    page = Page(hash_=f"#/{game}/lab")
    assert page.state.route == ("lab", game) and "data-form='lab'" in page.last["html"]
    resp = page.send({"type": "form", "name": "lab", "data": FORM})
    assert resp["lab"]["run"] == 1 and len(resp["lab"]["tasks"]) == 2
    # the start redraws only the live part: the form is not drawn (and parsed) again
    assert "html" not in resp and resp["part"]["id"] == "lab-live" and "0 of 2 games played" in resp["part"]["html"]
    assert resp["hash"].startswith(f"#/{game}/lab?s=")
    done = pool(page, resp)
    assert "Done: 2 games in 2.0 s (1.00 games a second)." in done["html"]
    batch = Batch(game, players=("random", "random"), games=2, seed=7, eval_budget="none")
    expected = report(batch, play_batch(batch))
    exported = json.loads(page.send({"type": "cmd", "name": "lab-json"})["download"]["text"])
    assert exported == json.loads(json.dumps(expected))
    assert "First player" in done["html"] and '<svg class="lab-chart"' in done["html"]


def test_the_setup_link_fills_the_form_and_plays_the_same_games():
    page = Page(hash_="#/tsifrograd/lab")
    resp = page.send(
        {
            "type": "form",
            "name": "lab",
            "data": {**FORM, "compare": "true", "b.variant": "tsifroshturm", "seed": "9"},
        }
    )
    other = Page(hash_=resp["hash"])
    assert other.state.lab["batch"] == page.state.lab["batch"]
    assert other.state.lab["batch"].b == {"variant": "tsifroshturm"}
    again = other.send(
        {
            "type": "form",
            "name": "lab",
            "data": {**FORM, "compare": "true", "b.variant": "tsifroshturm", "seed": "9"},
        }
    )
    assert again["lab"]["tasks"] == resp["lab"]["tasks"]
    done = pool(other, again)
    assert "B compared with A (B − A)" in done["html"]
    rows = list(csv.reader(io.StringIO(other.send({"type": "cmd", "name": "lab-csv"})["download"]["text"])))
    assert rows[0] == ["set", "measure", "value", "ci95_low", "ci95_high"] and any(
        r[0] == "B-A" for r in rows
    )


@pytest.mark.parametrize(
    "data, words",
    [
        ({**FORM, "games": "0"}, "number of games"),
        ({**FORM, "games": "999999"}, "number of games"),
        ({**FORM, "p0": "grandmaster"}, "unknown player"),
        ({**FORM, "eval": "deep"}, "evaluation budget"),
        ({**FORM, "seed": "-4"}, "seed"),
    ],
)
def test_a_bad_setup_keeps_the_form_and_says_why(data, words):
    page = Page(hash_="#/htt/lab")
    resp = page.send({"type": "form", "name": "lab", "data": data})
    assert "lab" not in resp and words in resp["html"] and page.state.lab["run"] == 0


def test_a_run_after_a_refused_setup_draws_the_whole_screen_without_the_message():
    page = Page(hash_="#/htt/lab")
    refused = page.send({"type": "form", "name": "lab", "data": {**FORM, "seed": "-4"}})
    assert "seed" in refused["html"]
    resp = page.send({"type": "form", "name": "lab", "data": FORM})
    assert "part" not in resp and "data-form='lab'" in resp["html"] and "0 of 2 games played" in resp["html"]
    assert "-4" not in resp["html"] and page.state.lab["form_error"] is None


@pytest.mark.parametrize("text", ["%%%", "e30", lab.setup_text(Batch("htt")), "A" * 5000])
def test_a_broken_or_foreign_setup_link_shows_the_defaults_and_says_so(text):
    page = Page(hash_=f"#/tsifrograd/lab?s={text}")
    assert page.state.route == ("lab", "tsifrograd")
    assert "This lab link could not be read" in page.last["html"]


def test_cancel_stops_the_pool_and_late_results_are_ignored():
    page = Page(hash_="#/tsifrograd/lab")
    resp = page.send({"type": "form", "name": "lab", "data": FORM})
    cancelled = page.send({"type": "cmd", "name": "lab-cancel"})
    assert cancelled["lab"] == {"cancel": 1} and "Cancelled." in cancelled["html"]
    late = page.send({"type": "lab_results", "run": 0, "results": [[0, {}]], "done": True})
    assert late.get("quiet") and page.state.lab["results"] == {}
    assert resp["lab"]["run"] == 1


def test_garbage_results_are_dropped_and_a_pool_error_is_shown():
    page = Page(hash_="#/tsifrograd/lab")
    page.send({"type": "form", "name": "lab", "data": FORM})
    resp = page.send(
        {"type": "lab_results", "run": 1, "results": [[99, {}], "x", [0, 5]], "error": "a worker died"}
    )
    assert page.state.lab["results"] == {} and "a worker died" in resp["html"]


def test_a_pool_worker_answers_a_bad_task_with_an_error_not_a_crash():
    answer = json.loads(Dispatcher().dispatch(json.dumps({"type": "lab_task", "task": "nope"})))
    assert "lab_error" in answer


def test_each_lab_game_opens_in_the_review():
    page = Page(hash_="#/tsifrograd/lab")
    resp = page.send({"type": "form", "name": "lab", "data": FORM})
    done = pool(page, resp)
    import re

    href = re.search(r'href="(#/tsifrograd/review\?r=[^"]+)"', done["html"]).group(1)
    review = Page(hash_=href)
    assert review.state.route[0] == "review"


def test_results_during_a_run_redraw_only_the_live_part_and_the_end_the_screen():
    page = Page(hash_="#/tsifrograd/lab")
    resp = page.send({"type": "form", "name": "lab", "data": {**FORM, "games": "3"}})
    worker = Dispatcher()
    answers = [
        json.loads(worker.dispatch(json.dumps({"type": "lab_task", "task": t})))["lab_result"]
        for t in resp["lab"]["tasks"]
    ]
    part = page.send({"type": "lab_results", "run": 1, "results": [[0, answers[0]]], "seconds": 1.0})
    assert "html" not in part and part["part"]["id"] == "lab-live"
    assert "1 of 3 games played" in part["part"]["html"] and "data-form" not in part["part"]["html"]
    assert "First player" in part["part"]["html"] and "review?r=" not in part["part"]["html"]
    end = page.send(
        {
            "type": "lab_results",
            "run": 1,
            "results": [[1, answers[1]], [2, answers[2]]],
            "done": True,
            "seconds": 2.0,
        }
    )
    assert "part" not in end and "data-form='lab'" in end["html"] and "<div id='lab-live'>" in end["html"]
    assert "Done: 3 games" in end["html"] and "review?r=" in end["html"]


def test_the_skill_trace_runs_in_the_page_and_matches_the_command_line(capsys):
    from webtabletop.cli import main

    page = Page(hash_="#/htt/lab")
    assert "id='lab-skill'" in page.last["html"]
    resp = page.send({"type": "form", "name": "lab", "data": {**FORM, "games": "1", "skill": "true"}})
    variants = [t[1] for t in resp["lab"]["tasks"]]
    assert variants == [0, 2, 3, 4]
    assert Page(hash_=resp["hash"]).state.lab["batch"].skill  # the link keeps the trace
    done = pool(page, resp)
    assert '<svg class="lab-chart lab-skill"' in done["html"] and "Skill trace" in done["html"]
    assert done["html"].count('class="lab-point"') == 3 and "hard against normal" in done["html"]
    exported = json.loads(page.send({"type": "cmd", "name": "lab-json"})["download"]["text"])
    args = ["lab", "htt", "--games", "1", "--players", "random,random", "--eval", "none", "--seed", "7"]
    assert main([*args, "--workers", "1", "--skill", "--json", "--quiet"]) == 0
    assert exported == json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert [s["games"] for s in exported["skill_trace"]] == [1, 1, 1]


def test_the_skill_chart_shows_the_steps_played_so_far():
    from webtabletop.app.lab import page as labpage

    steps = [{"stronger": "easy", "weaker": "random", "games": 4, "score": 0.75, "ci95": [0.3, 0.95]}]
    svg = labpage.skill_svg(steps)
    assert svg.count('class="lab-point"') == 1 and "polyline" not in svg
    assert "easy against random" in svg and "normal against easy" in svg  # every step is named
