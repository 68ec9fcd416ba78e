"""Options of Tsifrograd, Tsifroshturm and Proximity (defaults = the rules digest's)."""

from __future__ import annotations

import attrs

from webtabletop.core.grid import Grid, hexagon, rectangle

VARIANTS = ("tsifrograd", "tsifroshturm", "proximity")
BOARDS = ("hex", "square")
HEX_RADIUS = (2, 6)  # 19 .. 127 cells
SQUARE_SIDE = (3, 12)
GRACE_MAX = 10

#: presets shown in the new-game dialog: name -> option values
PRESETS = {
    "normal": {"board": "hex", "radius": 3},
    "large": {"board": "hex", "radius": 4},
    "square6": {"board": "square", "width": 6, "height": 6},
    "square8": {"board": "square", "width": 8, "height": 8},
}


def _grace(value):
    if value is None or value == "" or value == "default":
        return None
    if isinstance(value, bool):
        raise ValueError(f"'grace' must be a whole number from 0 to {GRACE_MAX}, not {value!r}")
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if not isinstance(value, int):
        raise ValueError(f"'grace' must be a whole number from 0 to {GRACE_MAX}, not {value!r}")
    return value


def _in_range(lo: int, hi: int, what: str):
    def check(_inst, attribute, value):
        if not lo <= value <= hi:
            raise ValueError(f"'{attribute.name}' ({what}) must be from {lo} to {hi}, not {value}")

    return check


@attrs.frozen
class TsifrogradOptions:
    """``grace`` = number of each player's first turns without crossing; None = the variant's
    default (3 in Tsifroshturm, 0 in Tsifrograd; Proximity has no grace)."""

    variant: str = attrs.field(default="tsifrograd", validator=attrs.validators.in_(VARIANTS))
    board: str = attrs.field(default="hex", validator=attrs.validators.in_(BOARDS))
    radius: int = attrs.field(default=3, validator=_in_range(*HEX_RADIUS, "hexagon radius"))
    width: int = attrs.field(default=6, validator=_in_range(*SQUARE_SIDE, "square board width"))
    height: int = attrs.field(default=6, validator=_in_range(*SQUARE_SIDE, "square board height"))
    adjacency: int = attrs.field(default=8, validator=attrs.validators.in_((4, 8)))
    grace: int | None = attrs.field(default=None, converter=_grace)

    @grace.validator
    def _check_grace(self, _attribute, value):
        if value is None:
            return
        if not 0 <= value <= GRACE_MAX:
            raise ValueError(f"'grace' must be a whole number from 0 to {GRACE_MAX}, not {value}")
        if self.variant == "proximity" and value:
            raise ValueError("'grace' is not part of Proximity: leave it at the default")

    @property
    def grace_turns(self) -> int:
        if self.grace is not None:
            return self.grace
        return 3 if self.variant == "tsifroshturm" else 0

    def grid(self) -> Grid:
        if self.board == "hex":
            return hexagon(self.radius)
        return rectangle(self.width, self.height, self.adjacency)

    def describe(self) -> str:
        title = {"tsifrograd": "Tsifrograd", "tsifroshturm": "Tsifroshturm", "proximity": "Proximity"}[
            self.variant
        ]
        g = self.grid()
        board = (
            f"hexagon of {g.size} cells"
            if self.board == "hex"
            else f"{self.width}×{self.height} squares, {self.adjacency}-adjacent"
        )
        grace = f", grace {self.grace_turns}" if self.grace_turns else ""
        return f"{title} · {board}{grace}"
