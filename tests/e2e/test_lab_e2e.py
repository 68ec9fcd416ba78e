"""The designer's lab in a real browser: a small batch runs on a pool of two engine workers, the
page stays responsive, and the numbers it exports are the command line's for the same seed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.e2e.conftest import open_app
from tests.e2e.helpers import act, idle
from webtabletop.cli import main

pytestmark = pytest.mark.xdist_group("lab")


def cli_numbers(capsys, game):
    args = [
        "lab",
        game,
        "--games",
        "4",
        "--players",
        "random,easy",
        "--eval",
        "easy",
        "--seed",
        "7",
        "--workers",
        "1",
    ]
    assert main([*args, "--json", "--quiet"]) == 0
    return json.loads(capsys.readouterr().out.strip().splitlines()[-1])


@pytest.mark.parametrize("game", ["tsifrograd", "htt"])
def test_a_small_batch_on_two_workers_gives_the_command_lines_numbers(page, site, capsys, game):
    open_app(page, site, f"#/{game}/lab")
    form = page.locator("form[data-form='lab']")
    form.locator("#lab-p0").select_option("random")
    form.locator("#lab-p1").select_option("easy")
    form.locator("#lab-games").fill("4")
    form.locator("#lab-seed").fill("7")
    form.locator("#lab-eval").select_option("easy")
    form.locator("#lab-workers").select_option("2")
    act(page, page.locator("[data-key='lab-run']"))
    # the run goes on in the pool's workers while the page is idle: wait for its exact end text
    page.get_by_text("Done: 4 games in").wait_for(timeout=300_000)
    idle(page)
    assert page.evaluate("window.wttLabWorkers") == 2
    assert "lab?s=" in page.url
    with page.expect_download() as got:
        act(page, page.locator("[data-key='cmd-lab-json']"))
    exported = json.loads(Path(got.value.path()).read_text(encoding="utf-8"))
    assert exported == cli_numbers(capsys, game)
    assert page.locator(".lab-chart").count() >= 2
