"""A timed match on the match screen: the time control at invitation, both clocks, and the
claims of the win (the match side: :mod:`webtabletop.correspondence.liveclock`).

- The new-game dialog's "Play a friend by link" offers a clock (none, or a preset such as 5+3);
  the match carries it in every link.
- The match screen shows both players' clocks (the running one marked, low time emphasised).
  The page counts the running clock down between two answers (``web/main.py``'s tick, as on the
  game screen) and asks again (``clock-check``) when it reaches zero; the engine's clocks, from
  the match, are the ones that count.
- When the friend's clock has run out on its turn, "Claim the win on time" sends the signed
  claim as a link; when the live channel saw the friend leave long enough ago (``last_seen``,
  which live play feeds into :attr:`OpenMatch.last_seen`), "Claim the win" does the same.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from webtabletop.app.match import store as matchstore
from webtabletop.app.match.endings import _sent
from webtabletop.app.model.clock import format_ms
from webtabletop.app.widgets.pages import btn
from webtabletop.core.view import esc
from webtabletop.correspondence import liveclock
from webtabletop.i18n import _

if TYPE_CHECKING:
    from webtabletop.app.model.effects import Effects
    from webtabletop.app.model.openmatch import OpenMatch
    from webtabletop.app.model.state import AppState

#: a clock under this many ms is shown as low (red, bold)
LOW_MS = 20_000


def control_field(entered: dict) -> str:
    """The new-game dialog's clock of a match by link (``match_clock``: none or a preset)."""
    chosen = str(entered.get("match_clock", "none"))
    options = [("none", _("No clock"))] + [
        (
            text,
            _("{minutes} min + {seconds} s a move").format(minutes=minutes, seconds=seconds),
        )
        for text, (minutes, seconds) in liveclock.PRESETS.items()
    ]
    items = "".join(
        f'<option value="{esc(v)}"{" selected" if v == chosen else ""}>{esc(label)}</option>'
        for v, label in options
    )
    hint = _(
        "For a live game: each player's time runs on its own device, and every link carries how long each turn took."
    )
    return (
        f"<div class='field app-field'><label for='match_clock'>{esc(_('Clock'))}</label>"
        f"<select id='match_clock' name='match_clock'>{items}</select><small>{esc(hint)}</small></div>"
    )


def control_of(text: str) -> liveclock.TimeControl | None:
    """The time control chosen in the form (None: no clock); anything else is refused."""
    text = str(text or "none")
    if text == "none":
        return None
    if text not in liveclock.PRESETS:
        raise ValueError(_("unknown clock {clock}").format(clock=repr(text)[:40]))
    return liveclock.TimeControl(*liveclock.PRESETS[text])


def panel(om: OpenMatch) -> str:
    """Both clocks (nothing for a match without one): this player's last, as on a chess board."""
    m = om.match
    left, control = m.clocks(), m.time_control
    if left is None or control is None:
        return ""
    run = m.clock_running
    me = m.seat if m.seat is not None else 1
    names = {
        me: _("You") if m.seat is not None else om.view.player_names[m.role or 0],
        1 - me: _("Your friend") if m.seat is not None else om.view.player_names[1],
    }
    if m.seat is None:  # a spectator: the game sides' names
        names = {
            s: _(om.view.player_names[m.data.creator_side if s == 0 else 1 - m.data.creator_side])
            for s in (0, 1)
        }
    items = ""
    for seat in (1 - me, me):
        ms = left[seat]
        running = seat == run
        side = m.data.creator_side if seat == 0 else 1 - m.data.creator_side
        low = ms < LOW_MS
        state = _("running") if running else _("stopped")
        label = _("{player}: {time} left, {state}").format(
            player=names[seat], time=format_ms(ms), state=state
        )
        items += (
            f'<div class="match-clock p{side}{" running" if running else ""}{" low" if low else ""}" '
            f'data-seat="{seat}"><span class="match-clock-name">{esc(names[seat])}</span>'
            f'<span class="clock p{side}{" running" if running else ""}{" low" if low else ""}" role="timer" '
            f'aria-label="{esc(label)}" data-clock-ms="{ms}" data-clock-run="{1 if running else 0}" '
            f'data-clock-low="{LOW_MS}">{esc(format_ms(ms))}</span></div>'
        )
    title = _("Clock {control}").format(control=control.text)
    return f'<section class="match-clocks" aria-label="{esc(title)}">{items}</section>'


def controls(om: OpenMatch) -> str:
    """The claims the player may make now."""
    m = om.match
    if om.mode != "play":
        return ""
    out = ""
    if m.time_control is not None and m.can_claim_time:
        out += btn(
            esc(_("Claim the win on time")), "match-claim-time", key="match-claim-time", cls="btn primary"
        )
    elif m.can_claim_left(om.last_seen):
        out += btn(
            esc(_("Claim the win")),
            "match-claim-left",
            key="match-claim-left",
            cls="btn primary",
            title=_("Your friend left the game: end it as your win"),
        )
    return out


def status(om: OpenMatch) -> str | None:
    """What the clocks say, for the prompt (None: nothing)."""
    m = om.match
    if om.mode != "play" or m.is_over or m.time_control is None:
        return None
    flagged = m.flagged()
    if flagged is None:
        return None
    if flagged == m.seat:
        return _("Your time ran out: your friend can claim the win.")
    return _("Your friend's time ran out: you can claim the win.")


def claim_time(st: AppState, fx: Effects, om: OpenMatch) -> None:
    if om.mode == "play":
        _sent(st, fx, om, om.match.claim_time(matchstore.today()), _("You won on time. Send the link to your friend."))


def claim_left(st: AppState, fx: Effects, om: OpenMatch) -> None:
    if om.mode == "play":
        link = om.match.claim_left(om.last_seen, matchstore.today())
        _sent(st, fx, om, link, _("You claimed the win. Send the link to your friend."))


def clock_check(st: AppState, fx: Effects, om: OpenMatch) -> None:
    """The page's clock reached zero: the screen is drawn again from the match's clocks."""


COMMANDS = {
    "match-claim-time": claim_time,
    "match-claim-left": claim_left,
    "clock-check": clock_check,
}


