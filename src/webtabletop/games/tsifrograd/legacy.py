"""Rules version 1 of Tsifrograd's crossing, kept only to decode links and records made under it.

Version 1 read the source's «и она соприкасается как минимум еще с одним вашим числом» as if «она»
were the placed number: M was the largest other number of the mover touching the *placed* cell.
Version 2 (today's :func:`~webtabletop.games.tsifrograd.rules.crossing_targets`) takes M among
the numbers touching the *enemy* number. Tsifroshturm and Proximity did not change.

Share links store each move as its index in the list of legal moves, so a link made under
version 1 needs the list version 1 showed in the same position: :func:`legacy_codes` gives it.
Placements were listed the same way (every empty cell, in cell order); only the crossing step
differs. Where the two readings disagree on whether a crossing step follows a placement at all,
the old game had gone on in a different position (the same player choosing a crossing, or the
other player placing): :func:`legacy_codes` answers ``[]`` there and decoding stops.
"""

from __future__ import annotations

from collections.abc import Sequence

from webtabletop.games.tsifrograd.rules import CROSS, EMPTY, TsifroState, crossing_targets


def old_crossing_targets(neighbours, owners, values, crossed, cell, me) -> tuple[int, ...]:
    """Tsifrograd's crossing targets under rules version 1 (grace aside): enemy E touching
    ``cell``, not crossed; ``cell`` touches another un-crossed number of ``me``, the largest
    being M; E qualifies iff N + M > E + D (D: E's owner's largest un-crossed neighbour of E)."""
    enemy = 1 - me
    n = values[cell]
    m = 0
    for f in neighbours[cell]:
        if owners[f] == me and not crossed[f] and values[f] > m:
            m = values[f]
    if not m:
        return ()
    out = []
    for e in neighbours[cell]:
        if owners[e] != enemy or crossed[e]:
            continue
        d = 0
        for f in neighbours[e]:
            if owners[f] == enemy and not crossed[f] and values[f] > d:
                d = values[f]
        if n + m > values[e] + d:
            out.append(e)
    return tuple(out)


def _placement_targets(state: TsifroState, cell: int, player: int, turns_before: int) -> tuple:
    """(today's targets, version 1's targets) of the number ``player`` placed at ``cell``, on
    the board as it stood right after that placement (it is unchanged in ``state``)."""
    if turns_before < state.options.grace_turns:
        return (), ()
    args = (state.grid.neighbours, state.owners, state.values, state.crossed, cell, player)
    return crossing_targets("tsifrograd", *args), old_crossing_targets(*args)


def legacy_codes(state: TsifroState, version: int) -> Sequence[str] | None:
    """The codes rules ``version`` listed in ``state``, in its order; None = the same as today;
    ``[]`` = version 1 had not reached this position (see the module docstring)."""
    if version >= 2 or state.options.variant != "tsifrograd":
        return None
    if state.phase == CROSS:
        me = state.player
        _today, old = _placement_targets(state, state.last, me, state.turns[me])
        if not old:
            return []  # version 1 ended the turn after this placement
        return [f"x{c}" for c in old] + ["-"]
    last = state.last
    if last == EMPTY or state.last_cross != EMPTY:
        return None  # the start, or a crossing both versions allowed
    placer = state.owners[last]
    today, old = _placement_targets(state, last, placer, state.turns[placer] - 1)
    if old and not today:
        return []  # version 1 offered a crossing step here; today the turn ended at once
    return None
