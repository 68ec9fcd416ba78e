"""The history of finished games on screen (``#/history``, ``#/history?game=<game>&n=<rows>``):
opening it, its commands (export, copy a game's link, delete a game, name a friend, the choice
for a full history) and the review of a kept game (``#/<game>/review?h=<id>``, opened by the
shell's routes through :func:`review_payload`).

Invariants: every change is one document's (its own key), so another tab's changes are never
overwritten with an older copy; a deletion is asked first; an unreadable document is set aside
(never deleted) when the page opens, with a notice.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from webtabletop import __version__
from webtabletop.app.history import page
from webtabletop.app.model import history, keeping, persist
from webtabletop.app.model.screen import Handler, with_arg
from webtabletop.core import sharelink, storage
from webtabletop.core.protocol import GameError
from webtabletop.core.record import Record
from webtabletop.core.registry import PLAYABLE
from webtabletop.i18n import _

if TYPE_CHECKING:
    from webtabletop.app.model.effects import Effects
    from webtabletop.app.model.state import AppState

#: how many games the list shows at first (and adds per "Show more")
ROWS = 50


def open_history(st: AppState, fx: Effects, query: dict[str, str]) -> None:
    """``#/history``: set aside what cannot be read (once, with a notice), migrate what is older
    (after a copy), then show the page."""
    game = query.get("game", "")
    if game not in PLAYABLE:
        game = ""
    try:
        rows = max(ROWS, min(int(query.get("n", ROWS)), 100_000))
    except ValueError:
        rows = ROWS
    st.route = ("history", game, rows)
    st.confirm_history = None
    _entries, bad = history.entries(st.store)
    for k in bad:
        persist.read(st, fx, k, history.FINISHED)  # a damaged document: kept aside, removed, reported
        if k in st.store:  # it reads, but under another game's name: kept aside all the same
            persist.set_aside(
                st,
                fx,
                k,
                _(
                    "A finished game is stored under a name that is not its own; it was kept aside as “{copy}”."
                ),
            )
    for k in [k for k in st.store if k.startswith(history.HISTORY_PREFIX) and history.older(st.store[k])]:
        persist.read(st, fx, k, history.FINISHED)  # migrated: a copy of the older document first


def render(st: AppState, fx: Effects) -> tuple[str, str]:
    _route, game, rows = st.route
    entries, bad = history.entries(st.store)
    shown = page.Shown(
        entries=entries,
        game=game,
        rows=rows,
        fullness=keeping.fullness(st.store),
        trim=keeping.trim_allowed(st),
        confirm=st.confirm_history,
        notices=st.notices,
        unreadable=len(bad),
    )
    return page.history_page(shown), _("Finished games · webtabletop")


# ---------------------------------------------------------------------- links and files
def game_link(e: history.Entry) -> str | None:
    """The fragment that opens a kept game: its share link (a game with a record), else the
    friend's game's latest link."""
    if e.record is not None:
        return sharelink.make_hash(Record.from_json(e.record))
    return e.link


def review_payload(store: dict[str, str], game: str, hid: str) -> str:
    """The share-link payload of a kept game, for its review (``#/<game>/review?h=<id>``);
    a :class:`GameError` says why there is none."""
    k = history.key(game, hid)
    raw = store.get(k)
    found = history.entry(k, raw) if raw is not None and history.ID.match(hid) else None
    if found is None:
        raise GameError(_("That finished game is not in this browser's history."))
    if found.record is None:
        raise GameError(
            _("That finished game is kept as its result only: its moves are no longer in the history.")
        )
    return sharelink.encode(Record.from_json(found.record))


def export_history(st: AppState, fx: Effects, arg: Any) -> None:
    """Every finished game in one file, in the format "Import a file…" on "Your data" reads."""
    docs = {k: v for k, v in st.store.items() if k.startswith(history.HISTORY_PREFIX)}
    fx.download = {"name": "webtabletop-history.json", "text": storage.export_all(docs, __version__)}
    fx.say(_("Downloaded your history of finished games."))


def _entry(st: AppState, arg: Any) -> history.Entry:
    k = str(arg or "")
    raw = st.store.get(k)
    found = history.entry(k, raw) if raw is not None else None
    if found is None:
        raise GameError(_("That finished game is no longer in this browser's history."))
    return found


def copy_link(st: AppState, fx: Effects, arg: Any) -> None:
    e = _entry(st, arg)
    fragment = game_link(e)
    if fragment is None:
        raise GameError(_("That finished game is kept as its result only: it has no link any more."))
    fx.clipboard = st.base + fragment
    fx.say(_("Link copied. It opens this game as it ended."))


def ask_delete(st: AppState, fx: Effects, arg: Any) -> None:
    st.confirm_history = _entry(st, arg).key
    fx.focus = "history-delete-no"


def confirm_delete(st: AppState, fx: Effects, arg: Any) -> None:
    k = str(arg or "")
    if k != st.confirm_history or k not in st.store:
        st.confirm_history = None
        raise GameError(_("nothing is waiting to be deleted"))
    persist.remove(st, fx, storage.Remove(k))
    st.confirm_history = None
    fx.say(_("The game was deleted from your history."))


def cancel_delete(st: AppState, fx: Effects, arg: Any) -> None:
    st.confirm_history = None


def set_trim(st: AppState, fx: Effects, arg: Any) -> None:
    """The choice for a full history: "on", keep the oldest games as results only; "off", keep
    new games as results only until the player makes room."""
    on = str(arg) == "on"
    settings = {k: v for k, v in st.settings.items() if k != "history_trim"}
    if on:
        settings["history_trim"] = True
    persist.save_settings(st, fx, settings)
    if on:
        fx.say(_("When the history is full, its oldest games will be kept as their results only."))
    else:
        fx.say(
            _("When the history is full, new games will be kept as their results only until you make room.")
        )


def on_form(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    """The friend's-name form of a game with a friend: its games with the same name count together."""
    data = action.get("data")
    if action.get("name") != "friend-name" or not isinstance(data, dict):
        raise GameError(_("this form is not open"))
    e = _entry(st, data.get("key"))
    if e.kind != "friend":
        raise GameError(_("Only a game with a friend has a friend's name."))
    name = history.clean_name(data.get("name", ""))
    doc = json.loads(st.store[e.key])["data"]
    opponent = {k: v for k, v in doc["opponent"].items() if k != "name"}
    if name:
        opponent["name"] = name
    persist.write(st, fx, storage.Write(e.key, history.document({**doc, "opponent": opponent})))
    fx.say(
        _("Saved: this game counts as one with {name}.").format(name=name)
        if name
        else _("The name was removed.")
    )


#: the history page's commands by name
COMMANDS: dict[str, Handler] = {
    "history-export": with_arg(export_history),
    "history-copy-link": with_arg(copy_link),
    "history-delete": with_arg(ask_delete),
    "history-delete-yes": with_arg(confirm_delete),
    "history-delete-no": with_arg(cancel_delete),
    "history-trim": with_arg(set_trim),
}
