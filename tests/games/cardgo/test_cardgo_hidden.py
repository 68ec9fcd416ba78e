"""What a CardGO player cannot see (games/cardgo/rules/hidden.py): the other's hand, and the value of
each of the other's stones on tall grass ("the stone's value is hidden from the player who does
not own it"); the AI's determinized positions keep everything the player knows."""

from __future__ import annotations

from webtabletop.games.cardgo.rules.diagram import position
from webtabletop.games.cardgo.rules.options import CardgoOptions


def test_view_hides_the_opponents_hand_and_tall_grass_values():
    s = position(
        """
        R4/t G2/t . .
        . . . .
        . . . .
        . . . .
        """,
        CardgoOptions(terrain=False),
        hands=("1 2", "3"),
    )
    v0 = s.view(0)
    assert v0["values"][0] is None and v0["values"][1] == 2
    assert v0["hands"][1] == [None] and v0["hands"][0] == ["1", "2"]
    assert "rng_state" not in v0
    v1 = s.view(1)
    assert v1["values"][0] == 4 and v1["values"][1] is None


def test_determinize_keeps_what_the_player_knows():
    s = position(
        """
        R4/t G2/t . .
        . . . .
        . . . .
        . . . .
        """,
        CardgoOptions(terrain=False),
        hands=("1 2", "3 3 3"),
    )
    seen = set()
    for seed in range(30):
        d = s.determinize(0, seed)
        assert d.hands[0] == s.hands[0] and len(d.hands[1]) == 3
        assert d.values[1] == 2 and d.owners == s.owners and d.time == s.time
        seen.add(d.values[0])
        seen.add(d.hands[1])
    assert len(seen) > 10
