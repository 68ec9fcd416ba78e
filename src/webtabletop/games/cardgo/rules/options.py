"""Options of CardGO (defaults = the rules digest's defaults; custom mode = any valid values).

Custom mode: starting time, board size, hand size and the card value range. Switches: card
effects, terrain, full-speed connectivity and adjacent placement. The preview switch is a display
preference of the view (``ctx.prefs["preview"]``), not a rules option.
"""

from __future__ import annotations

import attrs

from webtabletop.games.cardgo.meta import TITLE
from webtabletop.i18n import N_, _
from webtabletop.i18n.text import join_list

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

#: a newcomer's first game against the computer (app/game/newcomer.py): the small table the lessons
#: start on and the puzzles are mined on (puzzles.MINE_OPTIONS), without terrain and effects
FIRST_GAME_OPTIONS = {"size": 7, "start_time": 40, "terrain": False, "effects": False}


def _in_range(lo: int, hi: int, what: str):
    """``what`` is an ``N_`` msgid, translated when the message is raised."""

    def check(_inst, attribute, value):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(
                _("'{name}' ({what}) must be a whole number from {lo} to {hi}, not {value}").format(
                    name=attribute.name, what=_(what), lo=lo, hi=hi, value=repr(value)
                )
            )
        if not lo <= value <= hi:
            raise ValueError(
                _("'{name}' ({what}) must be from {lo} to {hi}, not {value}").format(
                    name=attribute.name, what=_(what), lo=lo, hi=hi, value=value
                )
            )

    return check


def _flag(_inst, attribute, value):
    if not isinstance(value, bool):
        raise ValueError(
            _("'{name}' must be true or false, not {value}").format(name=attribute.name, value=repr(value))
        )


@attrs.frozen
class CardgoOptions:
    """Rules options. ``size`` is the side of the square board; card values are dealt uniformly
    from ``min_value``..``max_value``."""

    start_time: int = attrs.field(
        default=100, validator=_in_range(*TIME_RANGE, N_("starting time of both players"))
    )
    size: int = attrs.field(default=10, validator=_in_range(*SIZE_RANGE, N_("board side")))
    hand_size: int = attrs.field(default=5, validator=_in_range(*HAND_RANGE, N_("starting hand size")))
    min_value: int = attrs.field(default=1, validator=_in_range(*VALUE_RANGE, N_("smallest card value")))
    max_value: int = attrs.field(default=6, validator=_in_range(*VALUE_RANGE, N_("largest card value")))
    effects: bool = attrs.field(default=True, validator=_flag)
    terrain: bool = attrs.field(default=True, validator=_flag)
    full_speed: bool = attrs.field(default=False, validator=_flag)
    adjacent: bool = attrs.field(default=False, validator=_flag)

    @max_value.validator
    def _check_order(self, _attribute, value):
        if self.min_value > value:
            raise ValueError(
                _("'min_value' ({lo}) must not be larger than 'max_value' ({hi})").format(
                    lo=self.min_value, hi=value
                )
            )

    @property
    def cells(self) -> int:
        return self.size * self.size

    @property
    def turn_limit(self) -> int:
        """Turns after which the game ends on time (a safety net: crypts and Evil can stall)."""
        return 4 * self.cells

    def describe(self) -> str:
        """One line naming the options, in the reader's language."""
        parts = [
            f"{self.size}×{self.size}",
            _("time {n}").format(n=self.start_time),
            _("hand {n}").format(n=self.hand_size),
            _("values {lo}–{hi}").format(lo=self.min_value, hi=self.max_value),
            _("effects") if self.effects else _("no effects"),
            _("terrain") if self.terrain else _("no terrain"),
        ]
        if self.full_speed:
            parts.append(_("full-speed"))
        if self.adjacent:
            parts.append(_("adjacent placement"))
        return _("{game} · {options}").format(game=_(TITLE), options=join_list(parts))


#: help per option in the new-game dialog (English msgids; :func:`options_help` translates and fills in)
OPTIONS_HELP = {
    "start_time": (N_("Time (life) of both players at the start, {lo}–{hi}."), TIME_RANGE),
    "size": (N_("Side of the square board, {lo}–{hi} cells."), SIZE_RANGE),
    "hand_size": (N_("Cards in each hand at the start, {lo}–{hi}."), HAND_RANGE),
    "min_value": (N_("Smallest card value dealt ({lo}–{hi})."), VALUE_RANGE),
    "max_value": (N_("Largest card value dealt ({lo}–{hi})."), VALUE_RANGE),
    "effects": (N_("Dealt cards carry a random effect (Indulgence, Brave, Joy...)."), None),
    "terrain": (N_("The board gets random terrain (water, stone, crypt, fire...)."), None),
    "full_speed": (N_("Connectivity counts the stone itself: a lone 1 takes effect at once."), None),
    "adjacent": (N_("Cards may only be placed next to (8 directions) a stone already on the board."), None),
}


def options_help() -> dict[str, str]:
    """The option help texts in the reader's language."""
    out = {}
    for name, (text, rng) in OPTIONS_HELP.items():
        out[name] = _(text).format(lo=rng[0], hi=rng[1]) if rng else _(text)
    return out
