"""Options of SHT (defaults = the rules digest's)."""

from __future__ import annotations

import attrs

FIRST_PLAYER = ("random", "first", "second")


@attrs.frozen
class ShtOptions:
    """``first_player``: ``"random"`` (seeded, the digest's default), or ``"first"``/``"second"`` to let
    player 1 or player 2 begin. ``first_turn_rule``: the first player's first turn may only put one
    card open (the digest's rule; switch off for house play)."""

    first_player: str = attrs.field(default="random", validator=attrs.validators.in_(FIRST_PLAYER))
    first_turn_rule: bool = attrs.field(default=True, validator=attrs.validators.instance_of(bool))

    def describe(self) -> str:
        first = {"random": "random first player", "first": "player 1 begins", "second": "player 2 begins"}[
            self.first_player
        ]
        rule = "" if self.first_turn_rule else ", no first-turn limit"
        return f"SHT · {first}{rule}"
