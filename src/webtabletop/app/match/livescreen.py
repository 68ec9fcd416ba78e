"""HTML of live play (``docs/live-play.md``): the new-game dialog's "Play live now", the match
screen's line ("Connected live" or "Playing by links", the friend's presence, "Play live again"),
the tab's title on the player's move, and the settings screen ``#/live`` (which ICE servers to
ask, with what they see, and the notification of the friend's move).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from webtabletop.app.match.live import session
from webtabletop.app.model import persist
from webtabletop.app.widgets.pages import btn, link
from webtabletop.core.protocol import GameError
from webtabletop.core.view import esc
from webtabletop.correspondence.live import ice as live_ice
from webtabletop.correspondence.live.description import OFFER, LiveError
from webtabletop.i18n import _

if TYPE_CHECKING:
    from webtabletop.app.model.effects import Effects
    from webtabletop.app.model.openmatch import OpenMatch
    from webtabletop.app.model.state import AppState


def privacy_note() -> str:
    return _(
        "No game data passes through a STUN server: it only tells each browser its public address. "
        "The two players learn each other's network address, and so does anyone who reads link 1 or link 2."
    )


def live_field(entered: dict[str, Any]) -> str:
    """The new-game dialog's "Play live now" (in the fieldset of a match by link)."""
    checked = " checked" if entered.get("live") == "true" else ""
    note = _(
        "Your first link carries an invitation to play live, and your friend's link back connects "
        "your two browsers directly: then every move arrives by itself. If the connection fails, "
        "the game goes on by links."
    )
    return (
        "<div class='field app-field live-field'><label class='check'>"
        f"<input type='checkbox' name='live' id='live' value='true'{checked}> {esc(_('Play live now'))}</label>"
        f"<small>{esc(note)} {link(esc(_('Live play settings')), '#/live', 'inline')}</small></div>"
    )


def title(om: OpenMatch, default: str) -> str:
    """The tab's title: "Your move" first while this browser is to move (seen from another tab)."""
    if om.mode == "play" and om.match.can_move:
        return _("Your move · {title}").format(title=default)
    return default


def status_html(st: AppState, om: OpenMatch) -> str:
    """The match screen's live line; "" for a spectator, a finished game without a channel, or a
    match that cannot carry live play."""
    m = om.match
    if om.mode == "join":
        if m.data.live is not None and m.data.live.kind == OFFER:
            text = _(
                "Your friend invites you to play live: when you join, your link back connects your two browsers."
            )
            return f"<p class='live-line' data-live='invited' data-key='live-line'>{esc(text)}</p>"
        return ""
    if om.mode != "play" or not m.data.bound:
        return ""
    sess = session(st, om)
    status = sess.status if sess is not None else ("reloaded" if om.key in st.live_was else "off")
    if m.is_over and status != "open":
        return ""
    words = {
        "preparing": _("Preparing the live connection…"),
        "waiting": _("Live play: waiting for your friend's link back."),
        "connecting": _("Connecting live…"),
        "open": _("Connected live"),
        "lost": _("Playing by links: the live connection was lost."),
        "failed": _("Playing by links: the live connection could not be made."),
        "elsewhere": _("Connected live in your other tab."),
        "reloaded": _("Playing by links: the live connection ended when this page was reloaded."),
        "off": _("Playing by links"),
    }
    text = words[status]
    presence = ""
    if status == "open" and sess is not None and sess.presence is not None:
        said = {
            "online": _("Your friend is online."),
            "away": _("Your friend is away (their tab is hidden)."),
            "gone": _("Your friend is gone."),
        }[sess.presence]
        presence = f" <span class='live-presence' data-presence='{esc(sess.presence)}'>{esc(said)}</span>"
    problem = f" {esc(sess.problem)}" if sess is not None and sess.problem and status == "failed" else ""
    button = ""
    if status in ("lost", "failed", "reloaded", "off") and not m.is_over and m.finding is None:
        button = btn(esc(_("Play live again")), "live-again", key="live-again", cls="btn small")
    elif status == "open":
        button = btn(esc(_("Play by links")), "live-stop", key="live-stop", cls="btn small ghost")
    return (
        f"<div class='live-line' data-live='{esc(status)}' data-key='live-line' role='status'>"
        f"<span class='live-dot' aria-hidden='true'></span><span class='live-words'>{esc(text)}</span>"
        f"{presence}{problem}{button}</div>"
    )


# ---------------------------------------------------------------------- settings (#/live)
def render_settings(st: AppState, fx: Effects) -> tuple[str, str]:
    """The live play settings: which ICE servers, and the notification of the friend's move."""
    route = st.route
    problem = route[1] if len(route) > 1 else ""
    entered = route[2] if len(route) > 2 else {}
    current = st.settings.get("live_ice", "default")
    choice = entered.get("ice") or ("own" if isinstance(current, list) else current)
    own = entered.get("servers", live_ice.servers_text(current))
    options = (
        (
            "default",
            _("Public STUN servers (default)"),
            _("Two public servers tell each browser its public address: {servers}.").format(
                servers=", ".join(live_ice.PUBLIC_STUN)
            ),
        ),
        (
            "none",
            _("None: the same network only"),
            _(
                "No server is asked: only two browsers on the same network (one Wi-Fi) connect, even with no internet."
            ),
        ),
        (
            "own",
            _("My own STUN or TURN servers"),
            _(
                "One a line: stun:host:port, or turn:host:port username password. A TURN server relays the encrypted channel when no direct path exists; it sees both addresses, not the game."
            ),
        ),
    )
    radios = "".join(
        f"<label class='mode-choice'><input type='radio' name='ice' value='{v}' id='ice-{v}'"
        f"{' checked' if choice == v else ''}> {esc(label)}<small>{esc(help_)}</small></label>"
        for v, label, help_ in options
    )
    error = f"<p class='message' role='alert' data-key='live-problem'>{esc(problem)}</p>" if problem else ""
    notify = " checked" if st.settings.get("live_notify") is True else ""
    saved = f"<p class='notice' role='status'>{esc(_('Saved.'))}</p>" if entered.get("saved") else ""
    html = (
        f"<section class='live-settings'><h1>{esc(_('Live play settings'))}</h1>{error}{saved}"
        "<form data-form='live-settings' data-key='live-settings'>"
        f"<fieldset><legend>{esc(_('Finding a way between the two browsers'))}</legend>{radios}"
        f"<div class='field app-field'><label for='live-servers'>{esc(_('Your servers'))}</label>"
        f"<textarea id='live-servers' name='servers' rows='3' spellcheck='false' autocomplete='off'>{esc(own)}</textarea></div>"
        f"<p class='note'>{esc(privacy_note())}</p></fieldset>"
        f"<fieldset><legend>{esc(_('Your friend moves'))}</legend><label class='check'>"
        f"<input type='checkbox' name='notify' id='live-notify' value='true'{notify}> "
        f"{esc(_('Notify me when it is my move and this tab is hidden'))}</label></fieldset>"
        f"<div class='controls'><button class='btn primary' type='submit' data-key='live-save'>{esc(_('Save'))}</button>"
        f"{link(esc(_('Games with friends')), '#/friends', 'btn')}</div></form></section>"
    )
    return html, _("Live play settings · webtabletop")


def on_settings_form(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    """Save the live play settings; a server list that does not parse says why and keeps what
    was typed (nothing is saved)."""
    if action.get("name") != "live-settings":
        raise GameError(_("this form is not open"))
    data = action.get("data")
    data = {str(k)[:20]: str(v)[:2000] for k, v in data.items()} if isinstance(data, dict) else {}
    choice = data.get("ice", "default")
    try:
        if choice in ("default", "none"):
            servers: Any = choice
        elif choice == "own":
            servers = live_ice.parse_servers(data.get("servers", ""))
        else:
            raise LiveError(_("Choose which servers to ask."))
    except LiveError as exc:
        st.route = ("live", str(exc), data)
        return
    notify = data.get("notify") == "true"
    persist.save_settings(st, fx, {**st.settings, "live_ice": servers, "live_notify": notify})
    if notify:
        fx.live_op("permission")  # the browser asks the player once (it needs the click's gesture)
    st.route = ("live", "", {"saved": "1"})


def open_settings(st: AppState) -> None:
    st.route = ("live", "", {})
