"""Options of SHT (defaults = the rules digest's)."""

from __future__ import annotations

import attrs

from webtabletop.core.house_rules import house_rule
from webtabletop.games.sht.meta import TITLE
from webtabletop.i18n import N_, _

FIRST_PLAYER = ("random", "first", "second")
FIRST_PLAYER_WORDS = {
    "random": N_("random first player"),
    "first": N_("Player 1 begins"),
    "second": N_("Player 2 begins"),
}


@attrs.frozen
class ShtOptions:
    """``first_player``: ``"random"`` (seeded, the digest's default), or ``"first"``/``"second"`` to let
    player 1 or player 2 begin. ``first_turn_rule``: the first player's first turn may only put one
    card open (the designer's rule; off is a house rule, :mod:`webtabletop.core.house_rules`)."""

    first_player: str = attrs.field(default="random", validator=attrs.validators.in_(FIRST_PLAYER))
    first_turn_rule: bool = attrs.field(
        default=True,
        validator=attrs.validators.instance_of(bool),
        metadata=house_rule(
            on=False,
            off=True,
            label=N_("No first-turn limit"),
            text=N_(
                "The first player may put more than one card open on the very first turn; the "
                "designer's text allows only one («先手の最初のターンは、一枚を表向きに出すことしか出来ません»)."
            ),
        ),
    )

    def describe(self) -> str:
        """The options in words, translated (a list joined by " · ", not a sentence)."""
        # the house rule (no first-turn limit) is named by the app after these (core/house_rules.py)
        return " · ".join([_(TITLE), _(FIRST_PLAYER_WORDS[self.first_player])])
