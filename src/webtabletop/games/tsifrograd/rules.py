"""Rules of Tsifrograd, Tsifroshturm and Proximity (digest: shared/rules/tsifrograd.md).

A turn of Tsifrograd/Tsifroshturm is one or two moves by the same player:
1. **place** (code = cell index, e.g. ``"17"``): write the rolled number into an empty cell;
2. if some enemy number may now be crossed out, **cross** (``"x12"``) one of them or **decline**
   (``"-"``). With no eligible number this step is skipped.
Then the dice are rolled for the other player. Proximity is one move per turn: place the army.

Crossing rules (N = placed number at cell c, by player P):
- Tsifrograd: enemy E adjacent to c and not crossed; **E** touches at least one other un-crossed
  number of P besides N (the source: «и она соприкасается как минимум еще с одним вашим числом»,
  «она» = the enemy digit), the largest being M (M need not touch c); D = the largest un-crossed
  number of E's owner adjacent to E (0 if none); E may be crossed iff N + M > E + D.
  (Rules version 1 took M from c's neighbours; ``legacy.py`` keeps that reading for old links.)
- Tsifroshturm: enemy E adjacent to c, not crossed, and E < N.
- No crossing during each player's first ``grace`` turns.
Crossed numbers stay on the board but count for nothing (not neighbours, not in sums).

Proximity: the army (1..20) placed on c captures every adjacent enemy cell of smaller value
(owner changes, value kept) and reinforces every adjacent own cell by +1.

End: when every cell is filled (after the last crossing step). Winner:
- Tsifrograd: more enemy numbers crossed out; equal → the second player wins;
- Tsifroshturm: higher total of own un-crossed numbers; equal → the second player wins;
- Proximity: higher total of owned values; equal → draw.
"""

from __future__ import annotations

from typing import Any

import attrs

from webtabletop.core.grid import Grid
from webtabletop.core.protocol import IllegalMove, Outcome, State, fast_evolve
from webtabletop.core.rng import Rng
from webtabletop.games.tsifrograd.crossing import (
    EMPTY,
    attack_and_defence,
    crossing_targets,
    final_outcome,
    proximity_place,
    totals,
)
from webtabletop.games.tsifrograd.options import TsifrogradOptions
from webtabletop.i18n import N_, _

__all__ = ["EMPTY", "attack_and_defence", "crossing_targets", "final_outcome", "proximity_place", "totals"]

PLACE, CROSS = "place", "cross"
PLAYER_NAMES = (N_("Orange"), N_("Blue"))

@attrs.frozen
class Place:
    cell: int

    @property
    def code(self) -> str:
        return str(self.cell)


@attrs.frozen
class Cross:
    cell: int

    @property
    def code(self) -> str:
        return f"x{self.cell}"


@attrs.frozen
class Decline:
    @property
    def code(self) -> str:
        return "-"


DECLINE = Decline()
_PLACES: list[Place] = []


def place_move(cell: int) -> Place:
    """Shared Place values (moves are immutable, so one object per cell is enough)."""
    while len(_PLACES) <= cell:
        _PLACES.append(Place(len(_PLACES)))
    return _PLACES[cell]


def roll_dice(rng: Rng, variant: str) -> tuple[int, int]:
    """Two dice (2..12 summed) for Tsifrograd variants; (army, 0) with army 1..20 for Proximity."""
    if variant == "proximity":
        return (rng.randint(1, 20), 0)
    return (rng.randint(1, 6), rng.randint(1, 6))


@attrs.frozen(eq=True)
class TsifroState(State):
    options: TsifrogradOptions
    grid: Grid = attrs.field(eq=False, repr=False)
    values: tuple[int, ...]
    owners: tuple[int, ...]  # EMPTY, 0 or 1
    crossed: tuple[bool, ...]
    player: int
    roll: tuple[int, int]
    phase: str
    last: int  # cell of the last placement, or EMPTY
    targets: tuple[int, ...]  # eligible enemy cells in the CROSS phase
    turns: tuple[int, int]  # turns each player has completed
    crossings: tuple[int, int]  # enemy numbers each player crossed out (Proximity: captures)
    rng_state: int
    last_cross: int = EMPTY  # cell crossed out in the previous step (for highlighting)

    # --- protocol ---------------------------------------------------------------------------
    def to_move(self) -> int:
        return self.player

    @property
    def number(self) -> int:
        """The number to place this turn (dice sum, or Proximity army)."""
        return self.roll[0] + self.roll[1]

    def empty_cells(self) -> list[int]:
        return [i for i, o in enumerate(self.owners) if o == EMPTY]

    def legal_moves(self):
        if self.phase == CROSS:
            return [Cross(c) for c in self.targets] + [DECLINE]
        if self.is_full():
            return []
        return [place_move(i) for i, o in enumerate(self.owners) if o == EMPTY]

    def is_full(self) -> bool:
        return EMPTY not in self.owners

    def apply(self, move) -> TsifroState:
        if self.phase == PLACE:
            if not isinstance(move, Place) or not (0 <= move.cell < len(self.owners)):
                raise IllegalMove(_("Write the rolled number into an empty cell."))
            if self.owners[move.cell] != EMPTY:
                raise IllegalMove(_("Cell {cell} is not empty.").format(cell=self.grid.names[move.cell]))
            if self.options.variant == "proximity":
                return self._place_proximity(move.cell)
            return self._place(move.cell)
        if isinstance(move, Cross):
            if move.cell not in self.targets:
                cell = self.grid.names[move.cell] if 0 <= move.cell < len(self.owners) else move.cell
                raise IllegalMove(_("{cell} cannot be crossed out now.").format(cell=cell))
            crossed = list(self.crossed)
            crossed[move.cell] = True
            counts = list(self.crossings)
            counts[self.player] += 1
            return self._end_turn(crossed=tuple(crossed), crossings=tuple(counts), last_cross=move.cell)
        if isinstance(move, Decline):
            return self._end_turn()
        raise IllegalMove(_("Cross out one of the highlighted numbers, or decline."))

    def outcome(self) -> Outcome | None:
        if self.phase != PLACE or not self.is_full():
            return None
        return final_outcome(self.options.variant, self.crossings, self.totals())

    # --- rules ------------------------------------------------------------------------------
    def totals(self) -> tuple[int, int]:
        return totals(self.owners, self.values, self.crossed)

    def live(self, cell: int, owner: int) -> bool:
        return self.owners[cell] == owner and not self.crossed[cell]

    def grace_active(self) -> bool:
        return self.turns[self.player] < self.options.grace_turns

    def eligible_targets(
        self, cell: int, owners: tuple[int, ...], values: tuple[int, ...]
    ) -> tuple[int, ...]:
        """Enemy cells that the number just placed at ``cell`` may cross out."""
        if self.grace_active():
            return ()
        return crossing_targets(
            self.options.variant, self.grid.neighbours, owners, values, self.crossed, cell, self.player
        )

    def crossing_sums(self, target: int) -> tuple[int, int, int, int]:
        """Tsifrograd, crossing step: (N, M, E, D) of ``target``: N + M > E + D is why it may go."""
        m, d = attack_and_defence(
            self.grid.neighbours, self.owners, self.values, self.crossed, target, self.last
        )
        return self.values[self.last], m, self.values[target], d

    def _place(self, cell: int) -> TsifroState:
        values = list(self.values)
        owners = list(self.owners)
        values[cell] = self.number
        owners[cell] = self.player
        values_t, owners_t = tuple(values), tuple(owners)
        targets = self.eligible_targets(cell, owners_t, values_t)
        placed = fast_evolve(self, values=values_t, owners=owners_t, last=cell, last_cross=EMPTY)
        if targets:
            return fast_evolve(placed, phase=CROSS, targets=targets)
        return placed._end_turn()

    def _place_proximity(self, cell: int) -> TsifroState:
        values = list(self.values)
        owners = list(self.owners)
        captured = proximity_place(self.grid.neighbours, owners, values, cell, self.player, self.number)
        counts = list(self.crossings)
        counts[self.player] += captured
        placed = fast_evolve(
            self,
            values=tuple(values),
            owners=tuple(owners),
            last=cell,
            last_cross=EMPTY,
            crossings=tuple(counts),
        )
        return placed._end_turn()

    def _end_turn(self, **changes: Any) -> TsifroState:
        turns = list(self.turns)
        turns[self.player] += 1
        rng = Rng(self.rng_state)
        roll = roll_dice(rng, self.options.variant)
        return fast_evolve(
            self,
            phase=PLACE,
            targets=(),
            player=1 - self.player,
            turns=(turns[0], turns[1]),
            roll=roll,
            rng_state=rng.state,
            **changes,
        )

    # --- presentation helpers -------------------------------------------------------------
    def move_label(self, move) -> str:
        names = self.grid.names
        if isinstance(move, Place):
            return f"{self.number} → {names[move.cell]}"
        if isinstance(move, Cross):
            return _("✗ {value} on {cell}").format(value=self.values[move.cell], cell=names[move.cell])
        return _("no crossing")

    def turn_index(self) -> int:
        """A cross-out (or "no crossing") belongs to the turn of the numbers just placed."""
        return self.turns[0] + self.turns[1]

    def snapshot(self) -> dict[str, Any]:
        return {
            "options": attrs.asdict(self.options),
            "values": list(self.values),
            "owners": list(self.owners),
            "crossed": list(self.crossed),
            "player": self.player,
            "roll": list(self.roll),
            "phase": self.phase,
            "targets": list(self.targets),
            "turns": list(self.turns),
            "crossings": list(self.crossings),
            "totals": list(self.totals()),
            "rng_state": self.rng_state,
        }

    def text(self) -> str:
        rows: dict[str, list[str]] = {}
        for i, name in enumerate(self.grid.names):
            o = self.owners[i]
            cell = "." if o == EMPTY else f"{'ab'[o]}{self.values[i]}{'x' if self.crossed[i] else ''}"
            rows.setdefault(name[0], []).append(cell.rjust(4))
        lines = [f"{k} {''.join(v)}" for k, v in rows.items()]
        lines.append(
            f"to move: {PLAYER_NAMES[self.player]} ({self.phase}), number {self.number}; crossed {self.crossings}; totals {self.totals()}"
        )
        return "\n".join(lines)


def max_plies(options: TsifrogradOptions) -> int:
    """The most moves a game can have. Every turn places one number into an empty cell, so a
    board of n cells ends after exactly n turns. A Proximity turn is one move (n plies). A
    Tsifrograd or Tsifroshturm turn is a placement plus at most one crossing step (cross or
    decline), and the very first turn has no enemy number to cross: at most 2n - 1 plies."""
    n = options.grid().size
    return n if options.variant == "proximity" else 2 * n - 1


def reseed(state: TsifroState, rng: Rng) -> TsifroState:
    """The same position with the coming turn's dice (or Proximity army) rolled from ``rng``.

    For correspondence matches only (``GameSpec.reseed``): called at the start of a turn, in the
    placing step, so the number to place comes from the beacon seed of the link that turn is
    sent in. The rest of the turn draws nothing, and the roll that ``_end_turn`` makes for the
    opponent is replaced in turn by the next link's seed.
    """
    if state.phase != PLACE:
        raise ValueError(_("dice are rolled only at the start of a turn"))
    roll = roll_dice(rng, state.options.variant)
    return fast_evolve(state, roll=roll, rng_state=rng.state)


def new_game(options: TsifrogradOptions, seed: int) -> TsifroState:
    grid = options.grid()
    rng = Rng.from_seed(seed)
    roll = roll_dice(rng, options.variant)
    n = grid.size
    return TsifroState(
        options=options,
        grid=grid,
        values=(0,) * n,
        owners=(EMPTY,) * n,
        crossed=(False,) * n,
        player=0,
        roll=roll,
        phase=PLACE,
        last=EMPTY,
        targets=(),
        turns=(0, 0),
        crossings=(0, 0),
        rng_state=rng.state,
    )


def state_from_cells(
    options: TsifrogradOptions,
    cells: dict[str, tuple[int, int]],
    player: int = 0,
    roll: tuple[int, int] = (1, 1),
    turns=(5, 5),
    crossed: tuple[str, ...] = (),
) -> TsifroState:
    """A position for tests and examples: ``cells`` maps cell names to (owner, value); the names
    in ``crossed`` are crossed out; ``player`` is to place ``roll``'s number."""
    state = new_game(options, 0)
    values = list(state.values)
    owners = list(state.owners)
    for name, (owner, value) in cells.items():
        i = state.grid.index_of(name)
        owners[i], values[i] = owner, value
    marks = list(state.crossed)
    for name in crossed:
        i = state.grid.index_of(name)
        if owners[i] == EMPTY:
            raise ValueError(_("cell {cell} is empty: only a number can be crossed out").format(cell=name))
        marks[i] = True
    return attrs.evolve(
        state,
        values=tuple(values),
        owners=tuple(owners),
        crossed=tuple(marks),
        player=player,
        roll=roll,
        turns=turns,
    )
