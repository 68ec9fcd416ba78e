"""Options of Tsifrograd, Tsifroshturm and Proximity (defaults = the rules digest's)."""

from __future__ import annotations

import attrs

from webtabletop.core.grid import Grid, hexagon, rectangle
from webtabletop.i18n import N_, _, ngettext

VARIANTS = ("tsifrograd", "tsifroshturm", "proximity")
BOARDS = ("hex", "square")
HEX_RADIUS = (2, 6)  # 19 .. 127 cells
SQUARE_SIDE = (3, 12)
GRACE_MAX = 10
#: the variants' names (translated where shown; the designer's Russian names in Russian)
VARIANT_NAMES = {
    "tsifrograd": N_("Tsifrograd"),
    "tsifroshturm": N_("Tsifroshturm"),
    "proximity": N_("Proximity"),
}

#: presets shown in the new-game dialog: name -> option values
PRESETS = {
    "normal": {"board": "hex", "radius": 3},
    "large": {"board": "hex", "radius": 4},
    "square6": {"board": "square", "width": 6, "height": 6},
    "square8": {"board": "square", "width": 8, "height": 8},
}


def variant_name(variant: str) -> str:
    """The variant's name in the current language (the designer's Russian names in Russian)."""
    return _(VARIANT_NAMES[variant]) if variant in VARIANT_NAMES else variant


def _grace_error(value) -> ValueError:
    return ValueError(
        _("The opening grace must be a whole number from 0 to {max}, not {value}.").format(
            max=GRACE_MAX, value=repr(value) if isinstance(value, str) else value
        )
    )


def _grace(value):
    if value is None or value == "" or value == "default":
        return None
    if isinstance(value, bool):
        raise _grace_error(value)
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if not isinstance(value, int):
        raise _grace_error(value)
    return value


def _in_range(lo: int, hi: int, what: str):
    """``what`` is marked with N_ and translated when the message is made."""

    def check(_inst, attribute, value):
        if not lo <= value <= hi:
            raise ValueError(
                _("The {what} must be from {lo} to {hi}, not {value}.").format(
                    what=_(what), lo=lo, hi=hi, value=value
                )
            )

    return check


@attrs.frozen
class TsifrogradOptions:
    """``grace`` = number of each player's first turns without crossing; None = the variant's
    default (3 in Tsifroshturm, 0 in Tsifrograd; Proximity has no grace)."""

    variant: str = attrs.field(default="tsifrograd", validator=attrs.validators.in_(VARIANTS))
    board: str = attrs.field(default="hex", validator=attrs.validators.in_(BOARDS))
    # ``shown_when``: the new-game dialog shows a field only while another has a value (app/widgets/forms.py)
    radius: int = attrs.field(
        default=3, validator=_in_range(*HEX_RADIUS, N_("hexagon radius")), metadata={"shown_when": ("board", "hex")}
    )
    width: int = attrs.field(
        default=6,
        validator=_in_range(*SQUARE_SIDE, N_("square board width")),
        metadata={"shown_when": ("board", "square")},
    )
    height: int = attrs.field(
        default=6,
        validator=_in_range(*SQUARE_SIDE, N_("square board height")),
        metadata={"shown_when": ("board", "square")},
    )
    adjacency: int = attrs.field(
        default=8, validator=attrs.validators.in_((4, 8)), metadata={"shown_when": ("board", "square")}
    )
    grace: int | None = attrs.field(default=None, converter=_grace)

    @grace.validator
    def _check_grace(self, _attribute, value):
        if value is None:
            return
        if not 0 <= value <= GRACE_MAX:
            raise _grace_error(value)
        if self.variant == "proximity" and value:
            raise ValueError(_("Proximity has no opening grace: leave it at the default."))

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
        """The options in words, translated: variant · board · grace (a list, not a sentence)."""
        g = self.grid()
        if self.board == "hex":
            board = ngettext("hexagon of {n} cell", "hexagon of {n} cells", g.size).format(n=g.size)
        else:
            board = ngettext(
                "{width}×{height} squares, {k} neighbour each", "{width}×{height} squares, {k} neighbours each", self.adjacency
            ).format(
                width=self.width, height=self.height, k=self.adjacency
            )
        parts = [variant_name(self.variant), board]
        if self.grace_turns:
            parts.append(_("opening grace {n}").format(n=self.grace_turns))
        return " · ".join(parts)
