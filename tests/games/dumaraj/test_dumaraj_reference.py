"""The engine's perft against a naive independent implementation (_dumaraj_reference.py) on
positions reached by random play: every mob, rursus, flag legality, Trigon' degrees, Warp."""

from __future__ import annotations

import _dumaraj_reference as ref
import pytest
from _dumaraj_helpers import counts

from webtabletop.core.rng import Rng
from webtabletop.games.dumaraj import SPEC
from webtabletop.games.dumaraj.rules.options import PRESET_FENS, DumaRajOptions

SMALL = [
    "rntkq/ppppp/5/5/PPPPP/RNTKQ w",
    "4k3/1p4p1/8/1T6/8/5n2/1P4P1/4K3 w",
    "r3k1t1/pp3ppp/8/8/8/8/PPP2PPP/1T2K2R w",
]


@pytest.mark.parametrize("warp", [False, True])
@pytest.mark.parametrize("degree", [1, 2, 3])
def test_random_positions_match_reference(degree, warp):
    rng = Rng.from_seed(degree * 10 + warp)
    for start in SMALL + [PRESET_FENS["classic"]]:
        s = SPEC.start(DumaRajOptions(fen=start, trigon_degree=degree, warp=warp))
        for _ in range(rng.randbelow(24)):
            if s.is_over:
                break
            legal = s.legal_moves()
            s = s.apply(legal[rng.randbelow(len(legal))])
        if s.is_over:
            continue
        fen = " ".join(s.fen().split()[:2])
        pieces = sum(1 for p in s.cells if p)
        depth = 3 if pieces <= 10 else 2
        expected = [ref.perft(fen, d, degree, warp) for d in range(1, depth + 1)]
        assert counts(fen, depth, trigon_degree=degree, warp=warp) == expected, fen


def test_presets_depth_two_match_reference():
    for fen in PRESET_FENS.values():
        assert counts(fen, 2) == [ref.perft(fen, d) for d in (1, 2)]


@pytest.mark.slow
def test_presets_depth_three_match_reference():
    assert ref.perft(PRESET_FENS["classic"], 3) == 11362
    assert ref.perft(PRESET_FENS["grand"], 3) == 41308
