"""What the designer's lab asks of SHT: what a move used (the per-item statistics) and
the lab's run at the designer's defaults (the rules page's "For the designer")."""

from __future__ import annotations

from webtabletop.core.gamemodule import LabTable
from webtabletop.core.protocol import Move, State
from webtabletop.i18n import N_
from webtabletop.lab.findings import Finding

#: item names that are codes, with their words (msgids; the other names are msgids already)
NAMES = {
    "move/c": N_("put a card closed"),
    "move/o": N_("put cards open"),
    "move/o1": N_("put one card open"),
    "move/a": N_("attack"),
    "move/d": N_("defend"),
    "move/p": N_("put a card open (advantage)"),
    "move/+": N_("put a card forward to defend"),
}


def items(before: State, move: Move, after: State) -> list[str]:
    """What ``move`` used (webtabletop.lab.items): read from what both players see after it."""
    return [f"move/{move.kind}"]


#: ``python -m webtabletop lab sht --games 200 --seed 2026 --players normal,normal --eval normal --json``
FINDING = Finding(
    games=200, seed=2026, wins=(112, 88), draws=0, first=0.44, ci95=(0.373, 0.5093),
    mean_plies=24.3, balance=0.88, decisiveness=0.71, lead_changes=0.24,
    note=N_(
        "With the designer's first-turn rule (the first player's first turn may only put one card open), the first player scored 44%: the interval still holds half, but only just, so the rule may take more than it gives back; a run with the rule off (the lab's option set B) would tell. Sides that put a card closed at least once scored 37.5% (28.5–47.5%), sides that used an advantage to put a card open 58.5% (53.1–63.7%): these go with losing and winning rather than cause them, and no move kind stands out as too strong."
    ),
)  # fmt: skip

LAB = LabTable(items=items, names=NAMES, finding=FINDING)
