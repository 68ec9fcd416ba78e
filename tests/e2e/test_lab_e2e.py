"""The designer's lab in a real browser: a small batch of every game runs on the page's pool of
engine workers, and the numbers it exports are the command line's for the same seed; the page
works at phone size too. Each batch is small (random against easy, evaluations cheap or none)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.e2e.conftest import open_app
from tests.e2e.helpers import act, idle
from webtabletop.cli import main
from webtabletop.core.registry import PLAYABLE

pytestmark = pytest.mark.xdist_group("lab")

#: per game: the evaluation budget of its small batch (CardGO's and DumaRaj's are the slowest)
EVAL = {"tsifrograd": "easy", "htt": "easy", "sht": "easy", "cardgo": "none", "dumaraj": "none"}


def cli_numbers(capsys, game, games="4", seed="7", workers="1"):
    args = ["lab", game, "--games", games, "--players", "random,easy", "--eval", EVAL[game], "--seed", seed]
    assert main([*args, "--workers", workers, "--json", "--quiet"]) == 0
    return json.loads(capsys.readouterr().out.strip().splitlines()[-1])


def run(page, game, games="4", seed="7", workers="2"):
    """Fill the lab's form (random against easy) and run it; returns once the run has ended."""
    form = page.locator("form[data-form='lab']")
    form.locator("#lab-p0").select_option("random")
    form.locator("#lab-p1").select_option("easy")
    form.locator("#lab-games").fill(games)
    form.locator("#lab-seed").fill(seed)
    form.locator("#lab-eval").select_option(EVAL[game])
    form.locator("#lab-workers").select_option(workers)
    act(page, page.locator("[data-key='lab-run']"))
    # the run goes on in the pool's workers while the page is idle: wait for its exact end text
    page.get_by_text(f"Done: {games} games in").wait_for(timeout=600_000)
    idle(page)


def exported(page):
    with page.expect_download() as got:
        act(page, page.locator("[data-key='cmd-lab-json']"))
    return json.loads(Path(got.value.path()).read_text(encoding="utf-8"))


@pytest.mark.parametrize("game", PLAYABLE)
def test_a_small_batch_on_two_workers_gives_the_command_lines_numbers(page, site, capsys, game):
    open_app(page, site, f"#/{game}/lab")
    run(page, game)
    assert page.evaluate("window.wttLabWorkers") == 2
    assert "lab?s=" in page.url
    assert exported(page) == cli_numbers(capsys, game)
    assert page.locator(".lab-chart").count() >= 2
    assert page.locator(".lab-games a[href*='/review?r=']").count() == 4  # each game opens in the review


def test_the_lab_at_phone_size_fits_the_screen_and_gives_the_same_numbers(phone, site, capsys):
    open_app(phone, site, "#/sht/lab")
    run(phone, "sht", games="2", seed="3", workers="1")
    assert exported(phone) == cli_numbers(capsys, "sht", games="2", seed="3")
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the lab page is {width} px wide on a 390 px phone"
    for box in (phone.locator(".lab-chart").nth(i).bounding_box() for i in range(2)):
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390
