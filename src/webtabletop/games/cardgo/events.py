"""CardGO text helpers of the view: stone values as a viewer sees them, the event log, damage."""

from __future__ import annotations

from webtabletop.games.cardgo.rules import PLAYER_NAMES, CardgoState, Report
from webtabletop.games.cardgo.terrain import TALL_GRASS
from webtabletop.i18n import ngettext


def stone_value_text(state: CardgoState, cell: int, viewer: int | None, reveal: bool = False) -> str:
    """The value as ``viewer`` may see it (``?`` for someone else's stone on tall grass, unless
    ``reveal``: everything is shown after the game on request)."""
    if state.terrain[cell] == TALL_GRASS and state.owners[cell] != viewer and not reveal:
        return "?"
    return str(state.values[cell])


def _card_seen(report: Report, state: CardgoState, viewer: int | None, reveal: bool = False) -> str:
    if report.card is None:
        return ""
    hidden = state.terrain[report.cell] == TALL_GRASS and report.player != viewer and not reveal
    if hidden and not any(t[0] == report.cell for t in report.took_effect):
        return "a card"  # the value stays hidden unless the stone took effect
    return report.card.label


def event_lines(
    state: CardgoState, viewer: int | None = None, limit: int | None = None, reveal: bool = False
) -> list[str]:
    """The event log, one line per move, newest last (hidden values stay hidden from ``viewer``
    unless ``reveal``)."""
    names = state.grid.names
    lines = []
    for r in state.log:
        who = PLAYER_NAMES[r.player]
        if r.kind == "pass":
            lines.append(f"Turn {r.turn} · {who} passes")
            continue
        if r.kind == "skip":
            lines.append(f"Turn {r.turn} · {who} skips the extra play")
            continue
        seen = _card_seen(r, state, viewer, reveal)
        what = f"Turn {r.turn} · {who}{' (extra)' if r.extra else ''} {seen} → {names[r.cell]}"
        bits = []
        if r.vanished:
            bits.append("swallowed by the crypt")
        if r.burned:
            bits.append("burned")
        if r.brave >= 0:
            bits.append(f"Brave takes {names[r.brave]}")
        if r.evil >= 0:
            bits.append(f"Evil destroys {names[r.evil]}")
        if r.drew:
            bits.append(ngettext("drew {n} extra card", "drew {n} extra cards", r.drew).format(n=r.drew))
        if r.took_effect:
            bits.append(f"{len(r.removed)} stone{'s' if len(r.removed) != 1 else ''} took effect")
        for p in (0, 1):
            if r.damage[p]:
                bits.append(f"{PLAYER_NAMES[p]} −{r.damage[p]}")
            if r.heal[p]:
                bits.append(f"{PLAYER_NAMES[p]} +{r.heal[p]}")
        lines.append(what + (": " + ", ".join(bits) if bits else ""))
    return lines[-limit:] if limit else lines


def damage_text(damage) -> str:
    """``Green −7 · Red −3`` from per-player (least, most) damage."""
    parts = []
    for p in (0, 1):
        lo, hi = damage[p]
        parts.append(f"{PLAYER_NAMES[p]} −{lo}" + (f"…{hi}" if hi != lo else ""))
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
