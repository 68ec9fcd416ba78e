"""Imports (record files and backups), other tabs' storage changes, toasts."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from webtabletop.app.modules import all_schemas, game_module
from webtabletop.app.saves import (
    Players,
    game_key,
)
from webtabletop.app.session import Session
from webtabletop.core import storage
from webtabletop.core.record import History, Record, RecordError
from webtabletop.core.registry import get_game

if TYPE_CHECKING:
    pass


class DataIO:
    def _import(self, text: str, name: str) -> None:
        try:
            record = Record.loads(text)
        except RecordError:
            record = None
        if record is not None:
            history, problem = History.upto(record)  # validate fully before saving anything
            spec = get_game(record.game_id)
            self.session = Session(
                spec,
                self._new_slot(),
                history,
                Players(("human", "human"), self.settings["ai_level"]),
            )
            if problem is not None:
                self.session.message = (
                    f"The imported game stops after move {len(history.states) - 1}: {problem}."
                )
            elif record.older_rules:
                self.session.message = self._older_rules_note(spec)
            self.route = ("game", spec.id)
            self._save()
            self._resp["hash"] = f"#/{spec.id}"
            self._toast(f"Imported the game from {name}.")
            return
        docs = storage.parse_import(text, all_schemas())
        for w in storage.import_writes(self.store, docs):
            self._write(w)
        self.session = None
        self._toast(f"Imported {len(docs)} entries from {name}; every replaced entry was backed up first.")

    def _editor_pick(self, token: str) -> None:
        editor = game_module(self.route[1]).EDITOR
        text, tool, message = editor.pick(self.editor["text"], self.editor.get("tool"), token)
        self.editor.update(text=text, tool=tool, message=message)

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
        self._resp["quiet"] = True
