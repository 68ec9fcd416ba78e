"""What the designer's lab asks of Tsifrograd: what a move used (the per-item statistics) and
the lab's run at the designer's defaults (the rules page's "For the designer")."""

from __future__ import annotations

from webtabletop.core.gamemodule import LabTable
from webtabletop.core.protocol import Move, State
from webtabletop.games.tsifrograd.rules import Cross, Place
from webtabletop.i18n import N_
from webtabletop.lab.findings import Finding

#: item names that are codes, with their words (msgids; the other names are msgids already)
NAMES = {
    "move/place": N_("write a number"),
    "move/cross out": N_("cross out"),
    "move/no crossing": N_("no crossing"),
}


def items(before: State, move: Move, after: State) -> list[str]:
    """What ``move`` used (webtabletop.lab.items): read from what both players see after it."""
    return [
        "move/place"
        if isinstance(move, Place)
        else "move/cross out"
        if isinstance(move, Cross)
        else "move/no crossing"
    ]


#: ``python -m webtabletop lab tsifrograd --games 200 --seed 2026 --players normal,normal --eval normal --json``
FINDING = Finding(
    games=200, seed=2026, wins=(101, 99), draws=0, first=0.505, ci95=(0.4363, 0.5735),
    mean_plies=48.2, balance=0.99, decisiveness=0.68, lead_changes=0.18,
    note=N_(
        "The designer's Tsifrograd has no opening grace, and still the lab sees no advantage in moving first. A side crossed out about five numbers a game; the 76 of 400 sides that chose not to cross out at least once did not score beyond chance."
    ),
)  # fmt: skip

LAB = LabTable(items=items, names=NAMES, finding=FINDING)
