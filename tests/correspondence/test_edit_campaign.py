"""Every single-byte and single-bit edit a carrier makes to a match link from link 2 on is refused
as "changed after it was sent" (issue 41 §4), by the browser it was sent to and by the one that
sent it, neither changing anything.

A bounded, deterministic sample of the campaign (``edits.py``): the header bytes and the tag's
one by one, the rest drawn at random, in every link 2 and later of one match per game and in a
resignation and its answer; ``benchmarks/link_edits.py`` runs every edit.
"""

from __future__ import annotations

import pytest

from .edits import CHANGED, GAMES, run, targets

#: edits per link and browser (a few thousand in all)
BUDGET = {"tsifrograd": 40, "dumaraj": 40, "sht": 60, "htt": 50, "cardgo": 30}
#: links of a long match kept (every link of a short one)
UPTO = {"dumaraj": 12, "cardgo": 14}


@pytest.mark.parametrize("game", list(GAMES))
def test_every_edit_of_a_link_says_changed(game):
    found = targets(game, UPTO.get(game))
    assert len(found) >= 6
    total: dict[str, int] = {}
    for target in found:
        for said, n in run(target, BUDGET[game]).items():
            total[said] = total.get(said, 0) + n
    assert set(total) == {CHANGED}, {k: v for k, v in total.items() if k != CHANGED}
    assert total[CHANGED] >= 2 * 6 * BUDGET[game] * 0.9
