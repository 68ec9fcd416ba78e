"""What a CardGO move did, in words (the status line after every move, the AI's too) and as a sound.

The sentence is built from whole translated sentences (one per thing that happened), never from
English fragments. What it reveals follows the event log's rule: a card placed on tall grass keeps
its value hidden (the status line is read by whoever sits at the device) unless the stone took
effect. A stone "fires" when it takes effect in the view of its own side (rule 1: its owner's group
is connected enough) and is "captured" when it takes effect after being converted (rules 2 and 3:
a breathless stone counted for the other side damages its owner).
"""

from __future__ import annotations

from webtabletop.games.cardgo.rules.state import CardgoState, Report
from webtabletop.games.cardgo.rules.terrain import TERRAINS, value_delta
from webtabletop.games.cardgo.ui.events import card_seen, who
from webtabletop.i18n import _, ngettext
from webtabletop.i18n.text import join_list, join_sentences


def _report(before: CardgoState, after: CardgoState) -> Report | None:
    return after.log[-1] if len(after.log) > len(before.log) else None


def captured(r: Report) -> list[tuple[int, int, int]]:
    """(cell, owner, value) of the converted stones that took effect against their owner."""
    seen: dict[int, tuple[int, int, int]] = {}
    for cell, owner, value, side in r.took_effect:
        if owner != side:
            seen.setdefault(cell, (cell, owner, value))
    return list(seen.values())


def fired(r: Report) -> list[int]:
    """Cells of stones that took effect for their own side (and were not also captured)."""
    caught = {c for c, _o, _v in captured(r)}
    return sorted({cell for cell, owner, _v, side in r.took_effect if owner == side} - caught)


def describe(before: CardgoState, after: CardgoState, code: str) -> str:
    """One line naming what the move changed: "Red plays 5 on e9. Highland makes it a 6. 2 stones
    take effect: e9, e8. Green's 3 on d8 is captured. Green loses 7 time." """
    r = _report(before, after)
    if r is None:
        return code
    player = who(r.player)
    if r.kind == "pass":
        return _("{player} cannot place and passes.").format(player=player)
    if r.kind == "skip":
        return _("{player} skips the extra play.").format(player=player)
    names = after.grid.names
    cell = names[r.cell]
    seen = card_seen(r, after, None)
    out = []
    if seen is None:
        out.append(_("{player} plays a hidden card on {cell}.").format(player=player, cell=cell))
    else:
        out.append(_("{player} plays {card} on {cell}.").format(player=player, card=seen, cell=cell))
        t = after.terrain[r.cell]
        if value_delta(t) and r.card is not None:
            out.append(
                _("{terrain} makes it {value}.").format(terrain=_(TERRAINS[t].name), value=r.stone_value)
            )
    if r.vanished:
        out.append(_("The crypt swallows it."))
    if r.burned:
        out.append(_("It burns in the fire at once."))
    if r.brave >= 0:
        out.append(_("Brave turns the stone on {cell}.").format(cell=names[r.brave]))
    if r.evil >= 0:
        out.append(_("Evil destroys the stone on {cell}.").format(cell=names[r.evil]))
    own = fired(r)
    if own:
        out.append(
            ngettext("{n} stone takes effect: {cells}.", "{n} stones take effect: {cells}.", len(own)).format(
                n=len(own), cells=join_list(names[c] for c in own)
            )
        )
    for cell_, owner, value in captured(r):
        shown = "?" if value < 0 else str(value)
        out.append(
            _("{player}'s {value} on {cell} is captured.").format(
                player=who(owner), value=shown, cell=names[cell_]
            )
        )
    for p in (0, 1):
        if r.damage[p]:
            out.append(
                ngettext("{player} loses {n} time.", "{player} loses {n} time.", r.damage[p]).format(
                    player=who(p), n=r.damage[p]
                )
            )
        if r.heal[p]:
            out.append(
                ngettext("{player} gains {n} time.", "{player} gains {n} time.", r.heal[p]).format(
                    player=who(p), n=r.heal[p]
                )
            )
    if r.drew:
        out.append(
            ngettext("{player} draws {n} extra card.", "{player} draws {n} extra cards.", r.drew).format(
                player=player, n=r.drew
            )
        )
    if after.phase == "extra" and after.player == r.player:
        out.append(
            _("{player} may play a card of value {value} as well.").format(
                player=player, value=after.extra_value
            )
        )
    return join_sentences(out)


def sound(before: CardgoState, after: CardgoState, code: str) -> str:
    """``"capture"`` when a stone was captured (converted and taken) or destroyed by Evil."""
    r = _report(before, after)
    if r is not None and (captured(r) or r.evil >= 0):
        return "capture"
    return "move"
