"""What the designer's lab asks of HTT: what a move used (the per-item statistics) and
the lab's run at the designer's defaults (the rules page's "For the designer")."""

from __future__ import annotations

from webtabletop.core.gamemodule import LabTable
from webtabletop.core.protocol import Move, State
from webtabletop.games.htt.rules.state import Place
from webtabletop.i18n import N_, _, pgettext
from webtabletop.lab.findings import Finding

#: item names that are codes, with their words (msgids; the other names are msgids already)
NAMES = {
    "move/take": N_("take a card"),
    "move/draw": N_("offer a draw"),
    "move/accept": N_("accept the draw"),
    "move/decline": N_("decline the draw"),
    "flip/standard": N_("higher value"),
    "flip/same": N_("Same"),
    "flip/plus": N_("Plus"),
    "flip/minus": N_("Minus"),
    "flip/combo": N_("Combo"),
}


def items(before: State, move: Move, after: State) -> list[str]:
    """What ``move`` used (webtabletop.lab.items): read from what both players see after it."""
    if not isinstance(move, Place):
        return [f"move/{move.code if move.code in ('draw', 'accept', 'decline') else 'take'}"]
    card = before.decks[before.player][move.slot]
    out = [f"level/L{card.level}"]
    out += sorted({f"flip/{f.cause}" for f in after.flips})
    return out


def label(category: str, name: str) -> str | None:
    """A card level reads "L3"; a card turned by two rules at once names both (Same + Plus)."""
    if category == "flip" and "+" in name:
        return " + ".join(_(NAMES.get(f"flip/{part}", part)) for part in name.split("+"))
    if category == "level" and name[1:].isdigit():
        return pgettext("HTT card level", "L{n}").format(n=name[1:])
    return None


#: ``python -m webtabletop lab htt --games 200 --seed 2026 --players normal,normal --eval normal --json``
FINDING = Finding(
    games=200, seed=2026, wins=(69, 53), draws=78, first=0.595, ci95=(0.526, 0.661),
    mean_plies=9.6, balance=0.81, decisiveness=0.77, lead_changes=0.22,
    note=N_("No card level changed its side's score beyond chance."),
)  # fmt: skip

LAB = LabTable(items=items, names=NAMES, label=label, finding=FINDING)
