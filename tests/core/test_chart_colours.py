"""The two sides of a chart (the review's win-chance graph and bar) read at 3:1 (WCAG 2.1's
non-text contrast) against every surface of the page and against each other, in both themes and
for every game's players: DumaRaj's White on a light page and its Black on a dark one too."""

from __future__ import annotations

import re

import pytest

from webtabletop.app.model.modules import game_view
from webtabletop.core.registry import PLAYABLE
from webtabletop.core.view import (
    CHART_CONTRAST,
    CHART_SURFACES,
    chart_colours,
    chart_vars,
    contrast,
    player_style,
)


@pytest.mark.parametrize("theme", sorted(CHART_SURFACES))
@pytest.mark.parametrize("game", PLAYABLE)
def test_both_sides_read_against_the_page_and_each_other(game, theme):
    values = dict(re.findall(r"--(p[01]-chart(?:-dark)?):(#[0-9a-f]{6})", chart_vars(game_view(game))))
    suffix = "-dark" if theme == "dark" else ""
    sides = values[f"p0-chart{suffix}"], values[f"p1-chart{suffix}"]
    surfaces, _towards = CHART_SURFACES[theme]
    for side in sides:
        for surface in surfaces:
            assert contrast(side, surface) >= CHART_CONTRAST, (game, theme, side, surface)
    assert contrast(*sides) >= CHART_CONTRAST, (game, theme, sides)


def test_duma_rajs_white_and_black_were_the_case_that_failed():
    """With the players' own colours, White on the light page and Black on the dark one read at
    barely 1:1; the chart's colours move only the side that needs it."""
    white, black = game_view("dumaraj").player_colours
    assert contrast(white, "#fffdf8") < 1.2 and contrast(black, "#1d222b") < 1.2
    light = chart_colours((white, black), "light")
    dark = chart_colours((white, black), "dark")
    assert light[1] == black and dark[0] == white  # the side that already reads keeps its colour


def test_the_review_gets_the_chart_and_the_dark_inks():
    style = player_style(game_view("dumaraj"), chart=True)
    assert "--p1-ink-dark:" in style and "--p0-chart:" in style and "--p1-chart-dark:" in style
    assert player_style(game_view("sht")) == ""  # a game with the page's colours keeps them
    assert "--p0-chart:" in player_style(game_view("sht"), chart=True)
