"""The preview: same code path as the game, nothing hidden leaks."""

from __future__ import annotations

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from webtabletop.core.rng import Rng
from webtabletop.games.cardgo import SPEC
from webtabletop.games.cardgo.rules import state as rules
from webtabletop.games.cardgo.rules.diagram import position
from webtabletop.games.cardgo.rules.effects import BRAVE, EVIL, SORROW
from webtabletop.games.cardgo.rules.options import CardgoOptions
from webtabletop.games.cardgo.rules.preview import describe, preview

from .helpers import pos


def test_preview_of_example_4():
    s = pos(
        """
        . . . . .
        . . G4 . .
        . G5 . G6 .
        . R1 G3 R5 .
        . . R3 . .
        """,
        player=1,
        hands=("", "6"),
    )
    p = preview(s, 0, 12)
    names = s.grid.names
    assert {names[c] for c in p.takes} == {"b3", "d2", "d3", "e3"}
    assert {names[c] for c in p.converted} == {"c3", "d3"}
    assert [names[c] for c in p.reverts] == ["c3"]
    assert p.damage == ((7, 7), (7, 7))
    assert "Green −7, Red −7" in describe(s, p)
    assert s.owners[17] == 0  # unchanged


def test_preview_of_an_illegal_cell():
    s = pos("G1 . . .\n. . . .\n. . . .\n. . . .", hands=("2", ""))
    p = preview(s, 0, 0)
    assert not p.legal and "occupied" in p.reason


def _random_position(seed: int, options: CardgoOptions, plies: int) -> rules.CardgoState:
    s = SPEC.start(options, seed)
    rng = Rng.from_seed(seed)
    for _ in range(plies):
        if s.is_over:
            break
        legal = s.legal_moves()
        s = s.apply(legal[rng.randbelow(len(legal))])
    return s


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), plies=st.integers(0, 60), terrain=st.booleans())
def test_preview_matches_the_real_placement_when_nothing_is_random_or_hidden(seed, plies, terrain):
    s = _random_position(seed, CardgoOptions(size=6, terrain=terrain), plies)
    if s.is_over:
        return
    rng = Rng.from_seed(seed + 1)
    moves = [m for m in s.legal_moves() if isinstance(m, rules.Place)]
    for m in [moves[rng.randbelow(len(moves))] for _ in range(8)] if moves else []:
        p = preview(s, m.hand, m.cell)
        t = s.apply(m)
        r = t.last
        if p.random or p.maybe:
            lo0, hi0 = p.damage[0]
            lo1, hi1 = p.damage[1]
            assert lo0 <= r.damage[0] <= hi0 or r.brave >= 0 or r.evil >= 0
            continue
        assert set(p.takes) == set(r.removed)
        for side in (0, 1):  # exact unless a hidden (tall grass) value is involved: then a range
            lo, hi = p.damage[side]
            assert lo <= r.damage[side] <= hi
            if not any(c in s.hidden_cells(s.player) for c in p.takes):
                assert lo == hi
        assert p.heal == r.heal


def test_preview_does_not_depend_on_the_future_draws():
    s = _random_position(4, CardgoOptions(size=6), 20)
    for seed in range(5):
        other = attrs.evolve(s, rng_state=Rng.from_seed(seed).state)
        for m in s.legal_moves()[:40]:
            if isinstance(m, rules.Place):
                assert preview(s, m.hand, m.cell) == preview(other, m.hand, m.cell)


def test_random_effects_are_ranges_or_notes():
    s = pos(". R3 . .\n. . . .\n. . . .\n. . . .", hands=(f"4{'S'} 4B 4D", ""))
    assert s.hands[0][0].effect == SORROW and s.hands[0][1].effect == BRAVE and s.hands[0][2].effect == EVIL
    p = preview(s, 0, 15)
    assert p.damage[1] == (0, 4) and p.random and any("0–4" in n for n in p.notes)
    p = preview(s, 1, 15)
    assert p.random and any("enemy stone becomes yours" in n for n in p.notes)
    p = preview(s, 2, 0)
    assert p.random and any("destroyed" in n for n in p.notes)
    p = preview(s, 2, 15)  # no neighbour: nothing random
    assert not p.random


def test_hidden_tall_grass_values_do_not_leak():
    def state(v):
        return position(
            f"R{v}/t . . . .\nG5 . . . .\n. . . . .\n. . . . .\n. . . . .",
            CardgoOptions(terrain=False),
            hands=("6", ""),
        )

    previews = [preview(state(v), 0, 1) for v in (1, 2, 6)]
    assert previews[0] == previews[1] == previews[2]
    p = previews[0]
    # G = {a2 6, a1 red ?, b1 5}: X = 2: the red stone may take effect (value 1..2) or not (3..6)
    assert p.maybe == (0,) and p.damage[1] == (0, 2)
    # the owner sees the value
    s = attrs.evolve(state(2), player=1)
    assert s.hidden_cells(1) == ()


def test_preview_never_changes_the_state():
    s = _random_position(9, CardgoOptions(), 30)
    before = s.snapshot()
    for m in s.legal_moves()[:100]:
        if isinstance(m, rules.Place):
            preview(s, m.hand, m.cell)
    assert s.snapshot() == before
