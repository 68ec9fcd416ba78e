"""The lab's findings at the designer's defaults (lab/findings.py), as the rules pages show them
("put the results in each rules page's 'For the designer' section")."""

from __future__ import annotations

import html
import re

import attrs
import pytest

from webtabletop.ai.arena import wilson
from webtabletop.app.model.modules import game_view
from webtabletop.app.shell.screens import rules_page
from webtabletop.core.registry import get_game
from webtabletop.lab.findings import Finding, findings, report_html, verdict

FINDINGS = findings()


@pytest.mark.parametrize("game_id", sorted(FINDINGS))
def test_each_finding_is_consistent_with_itself(game_id):
    """Copied numbers agree: wins and draws add up to the games, the interval is the Wilson
    interval of the first player's score, and the balance is 1 − |2s − 1| of that score."""
    f = FINDINGS[game_id]
    assert sum(f.wins) + f.draws == f.games
    lo, hi = wilson(f.first * f.games, f.games)
    assert f.ci95 == pytest.approx((lo, hi), abs=0.0015)
    assert f.balance == pytest.approx(1 - abs(2 * f.first - 1), abs=0.006)


@pytest.mark.parametrize("game_id", sorted(FINDINGS))
def test_the_rules_page_shows_the_finding_under_for_the_designer(game_id):
    f = FINDINGS[game_id]
    page = rules_page(get_game(game_id), game_view(game_id))
    section = re.search(r"<section class='designer' id='for-the-designer'><h2>For the designer</h2>(.*?)</section>", page, re.S)
    assert section, "no 'For the designer' section"
    text = html.unescape(section.group(1))
    assert f"played {f.games} games" in text and f"seed {f.seed}" in text
    assert f"scored {100 * f.first:.1f}".removesuffix(".0") in text
    assert verdict(f) in text
    for said in (f.note, f.since):
        assert said is None or said in text


def test_the_verdict_follows_the_interval_not_the_score():
    base = Finding(games=200, seed=1, wins=(100, 100), draws=0, first=0.5, ci95=(0.43, 0.57),
                   mean_plies=10.0, balance=1.0, decisiveness=None, lead_changes=None)  # fmt: skip
    assert "cannot tell" in verdict(base)
    assert "cannot tell" in verdict(attrs.evolve(base, first=0.56, ci95=(0.49, 0.63)))
    assert "real advantage" in verdict(attrs.evolve(base, first=0.58, ci95=(0.51, 0.65)))
    assert "real disadvantage" in verdict(attrs.evolve(base, first=0.42, ci95=(0.35, 0.49)))


def test_an_unmeasured_game_has_no_report():
    assert report_html("no-such-game") == ""
