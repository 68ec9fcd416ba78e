"""The per-game hook ``GameSpec.reseed``: Tsifrograd redraws only the coming turn's dice.

Digest (shared/rules/tsifrograd.md): "A turn: the app rolls two six-sided dice ... the player
writes the sum (2..12) into any empty cell"; Proximity: "each turn the player receives a random
army size 1..20".
"""

from __future__ import annotations

import attrs
import pytest

from webtabletop.core.registry import get_game
from webtabletop.core.rng import Rng
from webtabletop.games.tsifrograd.rules import CROSS, roll_dice

from . import helpers  # noqa: F401 - registers the games


@pytest.mark.parametrize("variant", ["tsifrograd", "tsifroshturm", "proximity"])
def test_reseed_redraws_the_roll_and_nothing_else(variant):
    spec = get_game("tsifrograd")
    state = spec.start(spec.options_from_dict({"variant": variant}), 7)
    state = state.apply_code(state.legal_moves()[4].code)
    while state.phase == CROSS:
        state = state.apply_code("-")
    new = spec.reseed(state, Rng(12345))
    expected = roll_dice(Rng(12345), variant)
    assert new.roll == expected
    assert attrs.evolve(new, roll=state.roll, rng_state=state.rng_state) == state
    assert new.snapshot()["values"] == state.snapshot()["values"]
    # the ordinary game never calls it: the same seed plays as before
    assert spec.start(spec.options_from_dict({"variant": variant}), 7).roll == roll_dice(
        Rng.from_seed(7), variant
    )


def test_reseed_refuses_the_middle_of_a_turn():
    spec = get_game("tsifrograd")
    from webtabletop.games.tsifrograd.options import TsifrogradOptions
    from webtabletop.games.tsifrograd.rules import state_from_cells

    state = state_from_cells(TsifrogradOptions(), {"d4": (1, 2), "d3": (0, 9)}, player=0, roll=(3, 3))
    cell = next(m.code for m in state.legal_moves() if state.apply_code(m.code).phase == CROSS)
    mid = state.apply_code(cell)
    with pytest.raises(ValueError):
        spec.reseed(mid, Rng(1))


def test_a_game_without_randomness_has_no_hook():
    assert get_game("dumaraj").reseed is None
