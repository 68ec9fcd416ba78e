"""The "Your data" side of the app: its screen, imports (record files and backups), exports and
deletions of single entries, other tabs' storage changes.

Decision for backups (files made by "Export all data"): an import is **all or nothing**. Every
entry is checked as the pages check it (its schema, the games' own schemas, every saved game
replayed through the rules, no unknown kinds of entries); if any entry is wrong, nothing is
written and the "Your data" page lists each entry with what is wrong with it. Otherwise every
entry is written (each replaced one backed up first) and the page lists what happened to each.
All or nothing keeps a backup file and the storage it came from alike, which a partial import
would not.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from webtabletop import __version__
from webtabletop.app.data import page as datapage
from webtabletop.app.game import play
from webtabletop.app.learn.store import LEARN_PREFIX, LESSON_STARS
from webtabletop.app.match import flow as matchflow
from webtabletop.app.match import pages as matchpages
from webtabletop.app.match.store import MATCH, MATCH_PREFIX, PARTS, PARTS_PREFIX, match_secret, without_secret
from webtabletop.app.model import history, keeping, persist
from webtabletop.app.model.extensions import game_pages
from webtabletop.app.model.saves import (
    GAME_PREFIX,
    LAST_PREFIX,
    MAX_SLOT,
    SCHEMAS,
    SETTINGS_KEY,
    Players,
    game_key,
    last_key,
)
from webtabletop.app.model.screen import Handler, with_arg
from webtabletop.app.model.session import Session
from webtabletop.core import storage
from webtabletop.core.inputs import guard, load_json
from webtabletop.core.protocol import GameError
from webtabletop.core.record import RECORD_FORMAT, History, Record
from webtabletop.core.registry import PLAYABLE, all_games, get_game
from webtabletop.i18n import _, ngettext

if TYPE_CHECKING:
    from webtabletop.app.model.effects import Effects
    from webtabletop.app.model.state import AppState

#: how many entries an import report lists (the rest are counted)
REPORT_ROWS = 50


def all_schemas() -> dict[str, storage.Schema]:
    """Every storage schema: the app's and each game's own (used to validate imports)."""
    schemas = {
        **SCHEMAS,
        MATCH_PREFIX: MATCH,
        PARTS_PREFIX: PARTS,
        LEARN_PREFIX: LESSON_STARS,
        history.HISTORY_PREFIX: history.FINISHED,
    }
    for spec in all_games():
        pages = game_pages(spec.id)
        if pages is not None:
            schemas.update(pages.schemas)
    return schemas


def check_entry(key: str, data: Any) -> None:
    """The checks of an imported entry beyond its schema: the key names a game this app has,
    and a saved game replays through the rules (a game recorded under older rules may stop
    early, as it does when opened; any other stop means the moves were changed)."""
    if key.startswith(LEARN_PREFIX) and key[len(LEARN_PREFIX) :] not in PLAYABLE:
        raise GameError(_("it is not stored under a lesson-progress name of this app"))
    if key.startswith(GAME_PREFIX):
        game, _sep, slot = key[len(GAME_PREFIX) :].partition(":")
        if game not in PLAYABLE or not slot or len(slot) > MAX_SLOT or ":" in slot:
            raise GameError(_("it is not stored under a saved-game name of this app"))
        record = Record.from_json(data["record"])
        if record.game_id != game:
            raise GameError(
                _("it is stored as a {stored} game but holds a {held} game").format(
                    stored=game, held=record.game_id
                )
            )
        result = record.replay_upto()
        if result.problem is not None and not record.older_rules:
            raise GameError(_("its moves do not replay: {problem}").format(problem=result.problem))
    elif key.startswith(MATCH_PREFIX):  # a game with a friend: stored under its own game and id
        from webtabletop.app.match.store import match_id
        from webtabletop.correspondence import store

        game, _sep, mid = key[len(MATCH_PREFIX) :].partition(":")
        match = store.from_json(data["match"])
        if match.spec.id != game or match_id(match) != mid:
            raise GameError(_("it is not stored under the name of the game with a friend it holds"))
    elif key.startswith(history.HISTORY_PREFIX):  # a finished game: under its game and a history id
        named = history.split_key(key)
        if named is None or named[0] != data["game"]:
            raise GameError(_("it is not stored under the name of the finished game it holds"))
        if "record" in data:
            record = Record.from_json(data["record"])
            result = record.replay_upto()
            if result.problem is not None and not record.older_rules:
                raise GameError(_("its moves do not replay: {problem}").format(problem=result.problem))
    elif key.startswith(LAST_PREFIX):
        if key[len(LAST_PREFIX) :] not in PLAYABLE:
            raise GameError(_("it names a game this app does not have"))
    elif key.startswith(SETTINGS_KEY) and key != SETTINGS_KEY:
        raise GameError(_("this app has no kind of data stored under that name"))


def on_import(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    """A file the player chose ("Import a file…", a record file on a game screen)."""
    import_file(st, fx, str(action.get("text", "")), str(action.get("name", "file")))


def import_file(st: AppState, fx: Effects, text: str, name: str) -> None:
    """A record file opens as a new game; a backup file is imported all or nothing."""
    data = guard(lambda: load_json(text, _("the file")), storage.StorageError, _("the file"))
    if isinstance(data, dict) and data.get("format") == RECORD_FORMAT:
        import_record(st, fx, text, name)
        return
    st.route = ("data",)
    st.confirm_delete = None
    try:
        docs = storage.parse_import(text, all_schemas(), check_entry)
    except storage.ImportRefused as exc:
        rows = [(key, problem) for key, problem in exc.problems]
        st.import_report = {
            "ok": False,
            "title": ngettext(
                "Nothing was imported from {name}: {n} entry cannot be used.",
                "Nothing was imported from {name}: {n} entries cannot be used.",
                len(rows),
            ).format(name=name, n=len(rows)),
            "rows": rows,
        }
        fx.say(st.import_report["title"])
        return
    rows = []
    writes = storage.import_writes(st.store, docs)
    written = {w.key for w in writes}
    for key, raw in docs.items():
        if key not in written:
            rows.append((key, _("unchanged (the same entry is already here)")))
        elif key in st.store and st.store[key] != raw:
            rows.append((key, _("imported; the entry it replaces was backed up first")))
        else:
            rows.append((key, _("imported (new)")))
    for w in writes:
        persist.write(st, fx, w)
    st.session = None
    st.import_report = {
        "ok": True,
        "title": ngettext(
            "Imported {n} entry from {name}.", "Imported {n} entries from {name}.", len(docs)
        ).format(n=len(docs), name=name),
        "rows": rows,
    }
    fx.say(
        ngettext(
            "Imported {n} entry from {name}; every replaced entry was backed up first.",
            "Imported {n} entries from {name}; every replaced entry was backed up first.",
            len(docs),
        ).format(n=len(docs), name=name)
    )


def import_record(st: AppState, fx: Effects, text: str, name: str) -> None:
    record = Record.loads(text)
    history, problem = History.upto(record)  # validate fully before saving anything
    spec = get_game(record.game_id)
    st.session = Session(spec, play.new_slot(st), history, Players(("human", "human"), st.settings["ai_level"]))
    if problem is not None:
        st.session.message = _("The imported game stops after move {n}: {problem}.").format(
            n=len(history.states) - 1, problem=problem
        )
    elif record.older_rules:
        st.session.message = play.older_rules_note(spec)
    st.route = ("game", spec.id)
    play.save(st, fx)
    fx.hash = f"#/{spec.id}"
    fx.say(_("Imported the game from {name}.").format(name=name))


# ---------------------------------------------------------------------- the "Your data" page's commands
def export_entry(st: AppState, fx: Effects, arg: Any) -> None:
    """Download one entry as it is stored."""
    key = str(arg or "")
    if key not in st.store:
        raise GameError(_("that entry is no longer in this browser's storage"))
    slug = "".join(c if c.isalnum() or c in "-_" else "-" for c in storage.label(key))[:80]
    fx.download = {"name": f"webtabletop-{slug}.txt", "text": st.store[key]}
    fx.say(_("Downloaded a copy of “{name}”.").format(name=storage.label(key)))


def ask_delete(st: AppState, fx: Effects, arg: Any) -> None:
    """Delete a saved game, a copy kept aside or a backup: first ask."""
    key = str(arg or "")
    if not key.startswith((storage.ASIDE, storage.BACKUP, GAME_PREFIX)) or key not in st.store:
        raise GameError(_("only saved games, copies kept aside and backups can be deleted here"))
    st.confirm_delete = key


def confirm_delete(st: AppState, fx: Effects, arg: Any) -> None:
    key = str(arg or "")
    if key != st.confirm_delete or key not in st.store:
        raise GameError(_("nothing is waiting to be deleted"))
    persist.remove(st, fx, storage.Remove(key))
    st.confirm_delete = None
    if key.startswith(GAME_PREFIX):
        forget_saved_game(st, fx, key)
    fx.say(_("Deleted “{name}”.").format(name=storage.label(key)))


def forget_saved_game(st: AppState, fx: Effects, key: str) -> None:
    """A deleted saved game is no longer the game its page resumes, nor the one kept open."""
    game_id, _sep, slot = key[len(GAME_PREFIX) :].partition(":")
    last = last_key(game_id)
    try:
        pointed = json.loads(st.store.get(last, "null"))["data"]["slot"]
    except (ValueError, TypeError, KeyError):
        pointed = None
    if pointed == slot:
        persist.remove(st, fx, storage.Remove(last))
    s = st.session
    if s is not None and s.spec.id == game_id and s.slot == slot:
        st.session = None


def cancel_delete(st: AppState, fx: Effects, arg: Any) -> None:
    st.confirm_delete = None


def dismiss_import(st: AppState, fx: Effects, arg: Any) -> None:
    st.import_report = None


def export_all(st: AppState, fx: Effects, arg: Any) -> None:
    """"Export all data": every entry of this app, in one file. When games with friends hold
    their secrets, first ask whether the file should carry them (anyone holding the
    file could read the hidden cards of those games)."""
    if any(match_secret(raw) for key, raw in st.store.items() if key.startswith(MATCH_PREFIX)):
        st.confirm_export = True
        return
    _download_all(fx, st.store)


def export_from_notice(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    """The notices' "Export all data", on any screen: the file at once, or (games with friends
    hold secrets) "Your data" with its question."""
    if any(match_secret(raw) for key, raw in st.store.items() if key.startswith(MATCH_PREFIX)):
        st.route = ("data",)
        st.session = None
        st.confirm_export = True
        fx.hash = "#/data"
        return
    _download_all(fx, st.store)


def export_with_secrets(st: AppState, fx: Effects, arg: Any) -> None:
    st.confirm_export = False
    _download_all(fx, st.store)


def export_without_secrets(st: AppState, fx: Effects, arg: Any) -> None:
    """Every entry, the games with friends as a spectator's (no secret: they open read-only)."""
    st.confirm_export = False
    _download_all(fx, {k: (without_secret(v) if k.startswith(MATCH_PREFIX) else v) for k, v in st.store.items()})


def cancel_export(st: AppState, fx: Effects, arg: Any) -> None:
    st.confirm_export = False


def _download_all(fx: Effects, store: dict[str, str]) -> None:
    fx.download = {"name": "webtabletop-data.json", "text": storage.export_all(store, __version__)}


#: the "Your data" page's commands by name
DATA_COMMANDS: dict[str, Handler] = {
    "export-entry": with_arg(export_entry),
    "delete-entry": with_arg(ask_delete),
    "confirm-delete": with_arg(confirm_delete),
    "cancel-delete": with_arg(cancel_delete),
    "dismiss-import": with_arg(dismiss_import),
    "export-all": with_arg(export_all),
    "export-all-secrets": with_arg(export_with_secrets),
    "export-all-no-secrets": with_arg(export_without_secrets),
    "export-cancel": with_arg(cancel_export),
}


def render(st: AppState, fx: Effects) -> tuple[str, str]:
    """The "Your data" page."""
    html = datapage.data_page(
        st.store, st.notices, st.import_report, st.confirm_delete, st.confirm_export, keeping.trim_allowed(st)
    )
    html += matchpages.friends_note(st)
    return html, _("Your data · webtabletop")


# ---------------------------------------------------------------------- other tabs
def on_storage(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    """Another tab changed storage: keep our snapshot current (never lose its writes)."""
    key, value = action.get("key"), action.get("value")
    if not isinstance(key, str):
        return
    if value is None:
        st.store.pop(key, None)
    else:
        st.store[key] = str(value)
    s = st.session
    if s is not None and key == game_key(s.spec.id, s.slot) and value != s.saved_value:
        s.forked = True
    shown_elsewhere = matchflow.changed_elsewhere(st, fx, key, value)
    # a finished game kept by another tab: the lists that show it are drawn again
    kept = key.startswith(history.HISTORY_PREFIX) and st.route[0] in ("history", "home", "data")
    fx.quiet = not (shown_elsewhere or kept)
