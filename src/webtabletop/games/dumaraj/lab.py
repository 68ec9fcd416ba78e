"""What the designer's lab asks of DumaRaj: what a move used (the per-item statistics) and
the lab's run at the designer's defaults (the rules page's "For the designer")."""

from __future__ import annotations

from webtabletop.core.gamemodule import LabTable
from webtabletop.core.protocol import Move, State
from webtabletop.games.dumaraj.rules import engine as E
from webtabletop.games.dumaraj.rules.pieces import MOBS
from webtabletop.i18n import N_, pgettext
from webtabletop.lab.findings import Finding

#: item names that are codes, with their words (msgids; the other names are msgids already)
NAMES = {
    "move/normal": N_("flep or frag"),
    "move/rursus": N_("Rursus"),
    "move/Raj flex": N_("Raj flex"),
    "move/pair flex": N_("Pair flex"),
    "move/piCSbumm": N_("piCSbumm"),
    "move/editor": N_("Editor"),
}


def items(before: State, move: Move, after: State) -> list[str]:
    """What ``move`` used (webtabletop.lab.items): read from what both players see after it."""
    kind = move.kind
    names = {
        E.PROMO: "rursus",
        E.RAJFLEX: "Raj flex",
        E.PAIRFLEX: "pair flex",
        E.BUMM: "piCSbumm",
        E.CUT: "editor",
        E.SKIP: "editor",
    }
    out = [f"move/{names.get(kind, 'normal')}"]
    if kind not in (E.CUT, E.SKIP):
        piece = before.cells[move.frm] & 7
        if piece in MOBS:
            out.append(f"mob/{MOBS[piece].name}")
    return out


def label(category: str, name: str) -> str | None:
    """A mob's name is translated in DumaRaj's context."""
    return pgettext("DumaRaj", name) if category == "mob" else None


#: ``python -m webtabletop lab dumaraj --games 200 --seed 2026 --players normal,normal --eval normal --json``
FINDING = Finding(
    games=200, seed=2026, wins=(111, 85), draws=4, first=0.565, ci95=(0.4957, 0.6318),
    mean_plies=131.8, balance=0.87, decisiveness=0.69, lead_changes=0.02,
    note=N_(
        "White always moves first in DumaRaj. Its 56.5% holds an even score only just (the interval starts at 49.6%), so a longer run may well show the first move's advantage that chess has. Seven games ended in a mate by White's seventh move, each by White's two Trigon's, which went g1–f4 and d1–e3 and on to f6 before Black's computer saw the threat; without those seven, White scored 54.9% (47.9–61.8%). Pixa moves made a third of all moves (8,560 of 26,361), and no mob changed its side's score beyond chance (the nearest, Fej: 55.0%, 49.8–60.2%). Sides that made a rursus scored 69.3% (62.8–75.1%, 215 sides): a Pixa reaches the last line mostly when its side is ahead already, so this goes with winning rather than causing it. The evaluations along each game (decisiveness, lead changes) were made at the easy budget here, which halves the run's time."
    ),
    since=N_(
        "Since this run, the normal computer no longer walks into that mate: when its search runs out of nodes just after finding its first choice mated, it plays its next choice instead of the lost one."
    ),
)  # fmt: skip

LAB = LabTable(items=items, names=NAMES, label=label, finding=FINDING)
