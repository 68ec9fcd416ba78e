"""Options of SHT (defaults = the rules digest's)."""

from __future__ import annotations

import attrs

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
    card open (the digest's rule; switch off for house play)."""

    first_player: str = attrs.field(default="random", validator=attrs.validators.in_(FIRST_PLAYER))
    first_turn_rule: bool = attrs.field(default=True, validator=attrs.validators.instance_of(bool))

    def describe(self) -> str:
        """The options in words, translated (a list joined by " · ", not a sentence)."""
        parts = [_(TITLE), _(FIRST_PLAYER_WORDS[self.first_player])]
        if not self.first_turn_rule:
            parts.append(_("no first-turn limit"))
        return " · ".join(parts)
