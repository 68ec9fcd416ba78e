"""The "Your data" side of the app: imports (record files and backups), exports and deletions
of single entries, other tabs' storage changes.

Decision for backups (files made by "Export all data"): an import is **all or nothing**. Every
entry is checked as the pages check it (its schema, the games' own schemas, every saved game
replayed through the rules, no unknown kinds of entries); if any entry is wrong, nothing is
written and the "Your data" page lists each entry with what is wrong with it. Otherwise every
entry is written (each replaced one backed up first) and the page lists what happened to each.
All or nothing keeps a backup file and the storage it came from alike, which a partial import
would not.
"""

from __future__ import annotations

from typing import Any

from webtabletop.app import matchflow, play
from webtabletop.app.extensions import game_pages
from webtabletop.app.matchstore import MATCH, MATCH_PREFIX
from webtabletop.app.saves import GAME_PREFIX, LAST_PREFIX, MAX_SLOT, SCHEMAS, SETTINGS_KEY, Players, game_key
from webtabletop.app.session import Session
from webtabletop.core import storage
from webtabletop.core.inputs import guard, load_json
from webtabletop.core.protocol import GameError
from webtabletop.core.record import RECORD_FORMAT, History, Record
from webtabletop.core.registry import PLAYABLE, all_games, get_game
from webtabletop.i18n import _, ngettext

#: how many entries an import report lists (the rest are counted)
REPORT_ROWS = 50


def all_schemas() -> dict[str, storage.Schema]:
    """Every storage schema: the app's and each game's own (used to validate imports)."""
    schemas = {**SCHEMAS, MATCH_PREFIX: MATCH}
    for spec in all_games():
        pages = game_pages(spec.id)
        if pages is not None:
            schemas.update(pages.schemas)
    return schemas


def check_entry(key: str, data: Any) -> None:
    """The checks of an imported entry beyond its schema: the key names a game this app has,
    and a saved game replays through the rules (a game recorded under older rules may stop
    early, as it does when opened; any other stop means the moves were changed)."""
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
        from webtabletop.app.matchstore import match_id
        from webtabletop.correspondence import store

        game, _sep, mid = key[len(MATCH_PREFIX) :].partition(":")
        match = store.from_json(data["match"])
        if match.spec.id != game or match_id(match) != mid:
            raise GameError(_("it is not stored under the name of the game with a friend it holds"))
    elif key.startswith(LAST_PREFIX):
        if key[len(LAST_PREFIX) :] not in PLAYABLE:
            raise GameError(_("it names a game this app does not have"))
    elif key.startswith(SETTINGS_KEY) and key != SETTINGS_KEY:
        raise GameError(_("this app has no kind of data stored under that name"))


class DataIO:
    def _import(self, text: str, name: str) -> None:
        """A record file opens as a new game; a backup file is imported all or nothing."""
        data = guard(lambda: load_json(text, _("the file")), storage.StorageError, _("the file"))
        if isinstance(data, dict) and data.get("format") == RECORD_FORMAT:
            self._import_record(text, name)
            return
        self.route = ("data",)
        self.confirm_delete = None
        try:
            docs = storage.parse_import(text, all_schemas(), check_entry)
        except storage.ImportRefused as exc:
            rows = [(key, problem) for key, problem in exc.problems]
            self.import_report = {
                "ok": False,
                "title": ngettext(
                    "Nothing was imported from {name}: {n} entry cannot be used.",
                    "Nothing was imported from {name}: {n} entries cannot be used.",
                    len(rows),
                ).format(name=name, n=len(rows)),
                "rows": rows,
            }
            self._toast(self.import_report["title"])
            return
        rows = []
        writes = storage.import_writes(self.store, docs)
        written = {w.key for w in writes}
        for key, raw in docs.items():
            if key not in written:
                rows.append((key, _("unchanged (the same entry is already here)")))
            elif key in self.store and self.store[key] != raw:
                rows.append((key, _("imported; the entry it replaces was backed up first")))
            else:
                rows.append((key, _("imported (new)")))
        for w in writes:
            self._write(w)
        self.session = None
        self.import_report = {
            "ok": True,
            "title": ngettext(
                "Imported {n} entry from {name}.", "Imported {n} entries from {name}.", len(docs)
            ).format(n=len(docs), name=name),
            "rows": rows,
        }
        self._toast(
            ngettext(
                "Imported {n} entry from {name}; every replaced entry was backed up first.",
                "Imported {n} entries from {name}; every replaced entry was backed up first.",
                len(docs),
            ).format(n=len(docs), name=name)
        )

    def _import_record(self, text: str, name: str) -> None:
        record = Record.loads(text)
        history, problem = History.upto(record)  # validate fully before saving anything
        spec = get_game(record.game_id)
        self.session = Session(
            spec, play.new_slot(self.state), history, Players(("human", "human"), self.settings["ai_level"])
        )
        if problem is not None:
            self.session.message = _("The imported game stops after move {n}: {problem}.").format(
                n=len(history.states) - 1, problem=problem
            )
        elif record.older_rules:
            self.session.message = play.older_rules_note(spec)
        self.route = ("game", spec.id)
        play.save(self.state, self.fx)
        self.fx.hash = f"#/{spec.id}"
        self._toast(_("Imported the game from {name}.").format(name=name))

    def _data_cmd(self, name: str, arg: Any) -> bool:
        """Commands of the "Your data" page: export or delete one set-aside copy or backup (a
        deletion asks for confirmation first). Returns False for other commands."""
        key = str(arg or "")
        if name == "export-entry":
            if key not in self.store:
                raise GameError(_("that entry is no longer in this browser's storage"))
            slug = "".join(c if c.isalnum() or c in "-_" else "-" for c in storage.label(key))[:80]
            self.fx.download = {"name": f"webtabletop-{slug}.txt", "text": self.store[key]}
            self._toast(_("Downloaded a copy of “{name}”.").format(name=storage.label(key)))
            return True
        if name == "delete-entry":
            if not key.startswith((storage.ASIDE, storage.BACKUP)) or key not in self.store:
                raise GameError(_("only copies kept aside and backups can be deleted here"))
            self.confirm_delete = key
            return True
        if name == "confirm-delete":
            if key != self.confirm_delete or key not in self.store:
                raise GameError(_("nothing is waiting to be deleted"))
            self._remove(storage.Remove(key))
            self.confirm_delete = None
            self._toast(_("Deleted “{name}”.").format(name=storage.label(key)))
            return True
        if name == "cancel-delete":
            self.confirm_delete = None
            return True
        if name == "dismiss-import":
            self.import_report = None
            return True
        return False

    def _storage_event(self, key: Any, value: Any) -> None:
        """Another tab changed storage: keep our snapshot current (never lose its writes)."""
        if not isinstance(key, str):
            return
        if value is None:
            self.store.pop(key, None)
        else:
            self.store[key] = str(value)
        s = self.session
        if s is not None and key == game_key(s.spec.id, s.slot) and value != s.saved_value:
            s.forked = True
        self.fx.quiet = not matchflow.changed_elsewhere(self.state, self.fx, key, value)
