"""Every single-byte and single-bit edit a carrier makes to a match link from link 2 on is refused
as "changed after it was sent", by the browser it was sent to and by the one that
sent it, neither changing anything.

A bounded, deterministic sample of the campaign (``edits.py``): in links 2 and 3 and in a
resignation and its answer, the header's bytes one by one (a bit flipped; set to 0, 1, 255) and the
tag's; in every link 2 and later of one match per game, edits drawn at random.
``benchmarks/link_edits.py`` runs every edit of every byte.
"""

from __future__ import annotations

import pytest

from .edits import CHANGED, GAMES, run, targets

#: edits drawn at random per link and browser (some thousands in all, with the systematic ones)
BUDGET = {"tsifrograd": 20, "dumaraj": 20, "sht": 30, "htt": 30, "cardgo": 20}
#: links of a long match kept (every link of a short one)
UPTO = {"dumaraj": 12, "cardgo": 14}


@pytest.mark.parametrize("game", list(GAMES))
def test_every_edit_of_a_link_says_changed(game):
    found = targets(game, UPTO.get(game))
    assert len(found) >= 6
    total: dict[str, int] = {}
    for target in found:
        systematic = target.number in (2, 3) or target.what != "link"
        for said, n in run(target, BUDGET[game], systematic=systematic).items():
            total[said] = total.get(said, 0) + n
    assert set(total) == {CHANGED}, {k: v for k, v in total.items() if k != CHANGED}
    assert total[CHANGED] >= 2 * (2 * 256 + 6 * BUDGET[game]) * 0.9
