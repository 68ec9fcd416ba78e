"""CardGO text helpers of the view: stone values as a viewer sees them (and why: terrain), cell
labels, the event log, damage. Every returned string is translated (``webtabletop.i18n``).

Terrain changes a stone's value (the state stores the value after terrain): swamp −1, highland and
flowers +1 (see :mod:`~webtabletop.games.cardgo.rules.terrain`), so the printed card value is the stone's
value minus :func:`~webtabletop.games.cardgo.rules.terrain.value_delta` (swamp never clamps: card values are
at least 1).
"""

from __future__ import annotations

from webtabletop.games.cardgo.rules.effects import EFFECTS, card_text
from webtabletop.games.cardgo.rules.state import EMPTY, PLAYER_NAMES, CardgoState, Report
from webtabletop.games.cardgo.rules.terrain import NONE, TALL_GRASS, TERRAINS, value_delta
from webtabletop.i18n import _, ngettext
from webtabletop.i18n.text import join_list


def who(p: int) -> str:
    return _(PLAYER_NAMES[p])


def hidden_from(state: CardgoState, cell: int, viewer: int | None, reveal: bool = False) -> bool:
    return state.terrain[cell] == TALL_GRASS and state.owners[cell] != viewer and not reveal


def stone_value_text(state: CardgoState, cell: int, viewer: int | None, reveal: bool = False) -> str:
    """The value as ``viewer`` may see it (``?`` for someone else's stone on tall grass, unless
    ``reveal``: everything is shown after the game on request)."""
    return "?" if hidden_from(state, cell, viewer, reveal) else str(state.values[cell])


def value_explanation(state: CardgoState, cell: int, viewer: int | None, reveal: bool = False) -> str:
    """Why a stone has its value: ``5 +1 Highland = 6`` (the card's value, the terrain's change, the
    stone's value), or the plain value, or why it is hidden."""
    t = state.terrain[cell]
    terrain = _(TERRAINS[t].name)
    if hidden_from(state, cell, viewer, reveal):
        return _("{player}'s value is hidden in {terrain}").format(
            player=who(state.owners[cell]), terrain=terrain
        )
    value = state.values[cell]
    delta = value_delta(t)
    if delta > 0:
        return _("{card} +1 {terrain} = {value}").format(card=value - delta, terrain=terrain, value=value)
    if delta < 0:
        return _("{card} −1 {terrain} = {value}").format(card=value - delta, terrain=terrain, value=value)
    return _("value {value}").format(value=value)


def cell_label(state: CardgoState, cell: int, viewer: int | None, reveal: bool = False) -> str:
    """The accessible name of a cell: name, terrain (none named on a cell without terrain), and
    the stone with its value's explanation."""
    name = state.grid.names[cell]
    t = state.terrain[cell]
    terrain = _(TERRAINS[t].name)
    owner = state.owners[cell]
    if t == NONE:
        return plain_cell_label(state, cell, viewer, reveal)
    if owner == EMPTY:
        return _("{cell}, {terrain}, empty").format(cell=name, terrain=terrain)
    why = value_explanation(state, cell, viewer, reveal)
    eff = state.effects[cell]
    if eff:
        return _("{cell}, {terrain}: {player} stone, {why}, {effect}").format(
            cell=name, terrain=terrain, player=who(owner), why=why, effect=_(EFFECTS[eff].name)
        )
    return _("{cell}, {terrain}: {player} stone, {why}").format(
        cell=name, terrain=terrain, player=who(owner), why=why
    )


def plain_cell_label(state: CardgoState, cell: int, viewer: int | None, reveal: bool = False) -> str:
    """A cell without terrain: its name and its stone, as :func:`cell_label` without a terrain."""
    name = state.grid.names[cell]
    owner = state.owners[cell]
    if owner == EMPTY:
        return _("{cell}, empty").format(cell=name)
    why = value_explanation(state, cell, viewer, reveal)
    eff = state.effects[cell]
    if eff:
        return _("{cell}: {player} stone, {why}, {effect}").format(
            cell=name, player=who(owner), why=why, effect=_(EFFECTS[eff].name)
        )
    return _("{cell}: {player} stone, {why}").format(cell=name, player=who(owner), why=why)


def card_seen(report: Report, state: CardgoState, viewer: int | None, reveal: bool = False) -> str | None:
    """The placed card as ``viewer`` may know it, or None while tall grass hides it."""
    if report.card is None:
        return None
    hidden = state.terrain[report.cell] == TALL_GRASS and report.player != viewer and not reveal
    if hidden and not any(t[0] == report.cell for t in report.took_effect):
        return None  # the value stays hidden unless the stone took effect
    return card_text(report.card)


def _event_line(state: CardgoState, r: Report, viewer: int | None, reveal: bool) -> str:
    names = state.grid.names
    if r.kind == "pass":
        return _("Turn {turn} · {player} passes").format(turn=r.turn, player=who(r.player))
    if r.kind == "skip":
        return _("Turn {turn} · {player} skips the extra play").format(turn=r.turn, player=who(r.player))
    seen = card_seen(r, state, viewer, reveal)
    fmt = dict(turn=r.turn, player=who(r.player), card=seen, cell=names[r.cell])
    if seen is None:
        what = (
            _("Turn {turn} · {player} (extra) a card → {cell}")
            if r.extra
            else _("Turn {turn} · {player} a card → {cell}")
        ).format(**fmt)
    else:
        what = (
            _("Turn {turn} · {player} (extra) {card} → {cell}")
            if r.extra
            else _("Turn {turn} · {player} {card} → {cell}")
        ).format(**fmt)
    bits = []
    if r.vanished:
        bits.append(_("swallowed by the crypt"))
    if r.burned:
        bits.append(_("burned"))
    if r.brave >= 0:
        bits.append(_("Brave takes {cell}").format(cell=names[r.brave]))
    if r.evil >= 0:
        bits.append(_("Evil destroys {cell}").format(cell=names[r.evil]))
    if r.drew:
        bits.append(ngettext("drew {n} extra card", "drew {n} extra cards", r.drew).format(n=r.drew))
    if r.took_effect:
        n = len(r.removed)
        bits.append(ngettext("{n} stone took effect", "{n} stones took effect", n).format(n=n))
    for p in (0, 1):
        if r.damage[p]:
            bits.append(_("{player} −{n}").format(player=who(p), n=r.damage[p]))
        if r.heal[p]:
            bits.append(_("{player} +{n}").format(player=who(p), n=r.heal[p]))
    if not bits:
        return what
    return _("{event}: {details}").format(event=what, details=join_list(bits))


def event_lines(
    state: CardgoState, viewer: int | None = None, limit: int | None = None, reveal: bool = False
) -> list[str]:
    """The event log, one line per move, newest last (hidden values stay hidden from ``viewer``
    unless ``reveal``)."""
    lines = [_event_line(state, r, viewer, reveal) for r in state.log]
    return lines[-limit:] if limit else lines


def damage_text(damage) -> str:
    """``Green −7 · Red −3`` from per-player (least, most) damage."""
    parts = []
    for p in (0, 1):
        lo, hi = damage[p]
        if hi != lo:
            parts.append(_("{player} −{lo}…{hi}").format(player=who(p), lo=lo, hi=hi))
        else:
            parts.append(_("{player} −{n}").format(player=who(p), n=lo))
    return " · ".join(parts)


def damage_per_turn(state: CardgoState) -> list[tuple[int, int, int, int]]:
    """(turn, player, time lost by Green, time lost by Red) per turn, extra plays included."""
    out: list[list[int]] = []
    for r in state.log:
        if not out or out[-1][0] != r.turn:
            out.append([r.turn, r.player, 0, 0])
        out[-1][2] += r.damage[0]
        out[-1][3] += r.damage[1]
    return [tuple(x) for x in out]  # type: ignore[misc]
