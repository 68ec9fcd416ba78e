"""What a CardGO player cannot see, mixed into :class:`~webtabletop.games.cardgo.rules.state.CardgoState`:
the other player's hand, and the value of each of the other's stones on tall grass (terrain 11:
"the stone's value is hidden from the player who does not own it"). ``view`` blanks them and
``determinize`` resamples them (with every future draw) for the AI.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from webtabletop.core.rng import Rng
from webtabletop.games.cardgo.rules.effects import Card
from webtabletop.games.cardgo.rules.options import CardgoOptions
from webtabletop.games.cardgo.rules.resolve import EMPTY
from webtabletop.games.cardgo.rules.terrain import TALL_GRASS


class HiddenInformation:
    """The hidden-information part of the protocol (``view``, ``determinize``)."""

    __slots__ = ()

    if TYPE_CHECKING:  # the fields and methods of CardgoState this mixin reads
        options: CardgoOptions
        terrain: tuple[int, ...]
        owners: tuple[int, ...]
        values: tuple[int, ...]
        hands: tuple[tuple[Card, ...], tuple[Card, ...]]

        def snapshot(self) -> dict[str, Any]: ...

        def _deal(self, rng: Rng) -> Card: ...

    def hidden_cells(self, viewer: int | None) -> tuple[int, ...]:
        """Stones whose value ``viewer`` cannot see: on tall grass and owned by someone else."""
        terrain = self.terrain
        return tuple(
            i for i, o in enumerate(self.owners) if o != EMPTY and o != viewer and terrain[i] == TALL_GRASS
        )

    def view(self, player: int | None) -> dict[str, Any]:
        snap = self.snapshot()
        for i in self.hidden_cells(player):
            snap["values"][i] = None
        for p in (0, 1):
            if p != player:
                snap["hands"][p] = [None] * len(self.hands[p])
        del snap["rng_state"]
        return snap

    def determinize(self, player: int, seed: int) -> Any:
        """Resample what ``player`` cannot see: the opponent's hand, the values of the opponent's
        tall-grass stones and all future random outcomes (draws and random effects)."""
        rng = Rng.from_seed(seed)
        o = self.options
        other = 1 - player
        hand = tuple(self._deal(rng) for _ in self.hands[other])
        values = list(self.values)
        for i in self.hidden_cells(player):
            values[i] = rng.randint(o.min_value, o.max_value)
        hands = (self.hands[0], hand) if other == 1 else (hand, self.hands[1])
        # self is a CardgoState (an attrs class); mypy sees only this mixin
        return attrs.evolve(self, hands=hands, values=tuple(values), rng_state=rng.next_u64())  # type: ignore[misc]
