"""Options of CardGO (defaults = the rules digest's defaults; custom mode = any valid values).

Custom mode: starting time, board size, hand size and the card value range. Switches: card
effects, terrain, full-speed connectivity and adjacent placement. The preview switch is a display
preference of the view (``ctx.prefs["preview"]``), not a rules option.
"""

from __future__ import annotations

import attrs

TIME_RANGE = (1, 999)
SIZE_RANGE = (4, 19)
HAND_RANGE = (1, 10)
VALUE_RANGE = (1, 10)

#: presets shown in the new-game dialog: name -> option values
PRESETS = {
    "classic": {},
    "plain": {"effects": False, "terrain": False},
    "quick": {"size": 7, "start_time": 40},
    "big": {"size": 13, "start_time": 150, "max_value": 8},
}


def _in_range(lo: int, hi: int, what: str):
    def check(_inst, attribute, value):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(
                f"'{attribute.name}' ({what}) must be a whole number from {lo} to {hi}, not {value!r}"
            )
        if not lo <= value <= hi:
            raise ValueError(f"'{attribute.name}' ({what}) must be from {lo} to {hi}, not {value}")

    return check


def _flag(_inst, attribute, value):
    if not isinstance(value, bool):
        raise ValueError(f"'{attribute.name}' must be true or false, not {value!r}")


@attrs.frozen
class CardgoOptions:
    """Rules options. ``size`` is the side of the square board; card values are dealt uniformly
    from ``min_value``..``max_value``."""

    start_time: int = attrs.field(
        default=100, validator=_in_range(*TIME_RANGE, "starting time of both players")
    )
    size: int = attrs.field(default=10, validator=_in_range(*SIZE_RANGE, "board side"))
    hand_size: int = attrs.field(default=5, validator=_in_range(*HAND_RANGE, "starting hand size"))
    min_value: int = attrs.field(default=1, validator=_in_range(*VALUE_RANGE, "smallest card value"))
    max_value: int = attrs.field(default=6, validator=_in_range(*VALUE_RANGE, "largest card value"))
    effects: bool = attrs.field(default=True, validator=_flag)
    terrain: bool = attrs.field(default=True, validator=_flag)
    full_speed: bool = attrs.field(default=False, validator=_flag)
    adjacent: bool = attrs.field(default=False, validator=_flag)

    @max_value.validator
    def _check_order(self, _attribute, value):
        if self.min_value > value:
            raise ValueError(f"'min_value' ({self.min_value}) must not be larger than 'max_value' ({value})")

    @property
    def cells(self) -> int:
        return self.size * self.size

    @property
    def turn_limit(self) -> int:
        """Turns after which the game ends on time (a safety net: crypts and Evil can stall)."""
        return 4 * self.cells

    def describe(self) -> str:
        parts = [
            f"{self.size}×{self.size}",
            f"time {self.start_time}",
            f"hand {self.hand_size}",
            f"values {self.min_value}–{self.max_value}",
        ]
        parts.append("effects" if self.effects else "no effects")
        parts.append("terrain" if self.terrain else "no terrain")
        if self.full_speed:
            parts.append("full-speed")
        if self.adjacent:
            parts.append("adjacent placement")
        return "CardGO · " + ", ".join(parts)


OPTIONS_HELP = {
    "start_time": f"Time (life) of both players at the start, {TIME_RANGE[0]}–{TIME_RANGE[1]}.",
    "size": f"Side of the square board, {SIZE_RANGE[0]}–{SIZE_RANGE[1]} cells.",
    "hand_size": f"Cards in each hand at the start, {HAND_RANGE[0]}–{HAND_RANGE[1]}.",
    "min_value": f"Smallest card value dealt ({VALUE_RANGE[0]}–{VALUE_RANGE[1]}).",
    "max_value": f"Largest card value dealt ({VALUE_RANGE[0]}–{VALUE_RANGE[1]}).",
    "effects": "Dealt cards carry a random effect (Indulgence, Brave, Joy...).",
    "terrain": "The board gets random terrain (water, stone, crypt, fire...).",
    "full_speed": "Connectivity counts the stone itself: a lone 1 takes effect at once.",
    "adjacent": "Cards may only be placed next to (8 directions) a stone already on the board.",
}
