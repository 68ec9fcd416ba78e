"""Hexagonal Triple Triad: six-sided cards on hex cells, table rules, and a card collection."""

from webtabletop.core.protocol import GameSpec
from webtabletop.core.registry import register
from webtabletop.games.htt import rules
from webtabletop.games.htt.options import PRESETS, HttOptions

SPEC = register(
    GameSpec(
        id="htt",
        title="Hexagonal Triple Triad",
        summary="Place six-sided cards on hexagonal cells and turn the enemy's cards with higher values; "
        "Same, Plus, Minus, Combo, walls and Matter as table rules; build your collection from packs.",
        options_class=HttOptions,
        new_game=rules.new_game,
        hidden_information=True,
    )
)
rules.HttState.spec = SPEC

__all__ = ["SPEC", "PRESETS", "HttOptions", "rules"]
