"""What one CardGO move did: a :class:`Report` per move, kept in the state's log (the view marks
it, the event log lists it)."""

from __future__ import annotations

import attrs

from webtabletop.games.cardgo.rules.effects import Card
from webtabletop.games.cardgo.rules.resolve import EMPTY


@attrs.frozen
class Report:
    """What one move did (kept in the state's log; the view marks it, the event log lists it).

    ``took_effect`` lists (cell, original owner, value, view side) per take (a stone taking effect in
    both views appears twice); ``damage``/``heal`` are the time each player lost/gained.
    """

    kind: str  # "place", "pass" or "skip"
    turn: int
    player: int
    cell: int = EMPTY
    card: Card | None = None
    stone_value: int = 0
    extra: bool = False  # a follow-up play (Indulgence, Pride, Excitement)
    vanished: bool = False  # crypt
    burned: bool = False  # fire
    brave: int = EMPTY  # enemy stone converted for good by Brave
    evil: int = EMPTY  # stone destroyed by Evil
    sorrow: int = 0
    converted: tuple[int, ...] = ()
    took_effect: tuple[tuple[int, int, int, int], ...] = ()
    suppressed: tuple[int, ...] = ()
    damage: tuple[int, int] = (0, 0)
    heal: tuple[int, int] = (0, 0)
    drew: int = 0

    @property
    def removed(self) -> tuple[int, ...]:
        return tuple(sorted({t[0] for t in self.took_effect}))
