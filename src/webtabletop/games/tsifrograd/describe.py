"""Moves and variants in words, for the status line and the move list (translated, never glued).

:func:`describe` names what one move changed: the number written and where (and, in Proximity,
the cells captured), the enemy number crossed out, or the crossing declined. Counts go through
``ngettext`` (Russian has three plural forms).
"""

from __future__ import annotations

from webtabletop.games.tsifrograd.rules import EMPTY, PLAYER_NAMES, TsifroState
from webtabletop.i18n import _, ngettext


def describe(before: TsifroState, after: TsifroState, code: str) -> str:
    """One sentence: what the move ``code`` (played in ``before``, giving ``after``) changed."""
    who = _(PLAYER_NAMES[before.player])
    names = before.grid.names
    if code == "-":
        return _("{player} crosses nothing out.").format(player=who)
    if code.startswith("x") and code[1:].isdigit():
        cell = int(code[1:])
        return _("{player} crosses out the enemy {value} on {cell}.").format(
            player=who, value=before.values[cell], cell=names[cell]
        )
    if not code.isdigit():
        return code
    cell = int(code)
    if before.options.variant == "proximity":
        captured = sum(
            1
            for i in before.grid.neighbours[cell]
            if before.owners[i] not in (EMPTY, before.player) and after.owners[i] == before.player
        )
        if captured == 0:
            return _("{player} places an army of {number} on {cell}.").format(
                player=who, number=before.number, cell=names[cell]
            )
        return ngettext(
            "{player} places an army of {number} on {cell} and captures {n} cell.",
            "{player} places an army of {number} on {cell} and captures {n} cells.",
            captured,
        ).format(player=who, number=before.number, cell=names[cell], n=captured)
    if after.phase == "cross" and after.player == before.player:
        n = len(after.targets)
        return ngettext(
            "{player} writes {number} on {cell}; {n} enemy number may be crossed out.",
            "{player} writes {number} on {cell}; {n} enemy numbers may be crossed out.",
            n,
        ).format(player=who, number=before.number, cell=names[cell], n=n)
    return _("{player} writes {number} on {cell}.").format(player=who, number=before.number, cell=names[cell])
