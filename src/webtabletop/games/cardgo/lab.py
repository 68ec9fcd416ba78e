"""What the designer's lab asks of CardGO: what a move used (the per-item statistics) and
the lab's run at the designer's defaults (the rules page's "For the designer")."""

from __future__ import annotations

from webtabletop.core.gamemodule import LabTable
from webtabletop.core.protocol import Move, State
from webtabletop.games.cardgo.rules.effects import EFFECTS
from webtabletop.games.cardgo.rules.moves import Place
from webtabletop.games.cardgo.rules.terrain import TERRAINS
from webtabletop.i18n import N_
from webtabletop.lab.findings import Finding

#: item names that are codes, with their words (msgids; the other names are msgids already)
NAMES = {
    "move/place": N_("place a card"),
    "move/pass": N_("pass"),
    "move/skip": N_("skip the extra play"),
}


def items(before: State, move: Move, after: State) -> list[str]:
    """What ``move`` used (webtabletop.lab.items): read from what both players see after it."""
    if not isinstance(move, Place):
        return [f"move/{move.code}"]
    out = ["move/place"]
    card = before.hands[before.player][move.hand]
    if card.effect:
        out.append(f"effect/{EFFECTS[card.effect].name}")
    terrain = before.terrain[move.cell]
    if terrain:
        out.append(f"terrain/{TERRAINS[terrain].name}")
    return out


#: ``python -m webtabletop lab cardgo --games 200 --seed 2026 --players normal,normal --eval normal --json``
FINDING = Finding(
    games=200, seed=2026, wins=(98, 102), draws=0, first=0.49, ci95=(0.4216, 0.5588),
    mean_plies=86.8, balance=0.98, decisiveness=0.61, lead_changes=0.18,
    note=N_(
        "Two thirds of all cards played (11,653 of 17,359) went onto fire cells, by 396 of the 400 sides: both computers burn a card there whenever they can (why, below). Since nearly every side does it, the score of the sides that did says nothing by itself; no effect and no other terrain changed its side's score beyond chance. With terrain off (the lab's option set B: 100 games from the same seeds), games were a quarter shorter (64.5 moves against 86.8; 95% interval of the difference 19.9 to 24.6 fewer) and the lead changed less often (0.10 against 0.18 per move), while the first player's score (56%, 46.2–65.3%) did not differ beyond chance: terrain, where fire takes most cards, makes the game longer and the lead change hands more often, and favours neither seat."
    ),
)  # fmt: skip

LAB = LabTable(items=items, names=NAMES, finding=FINDING)
