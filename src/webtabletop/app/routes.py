"""Routes: the start of the page, URL fragments, resuming saved games, opening share links."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from webtabletop.app.clock import GameClock
from webtabletop.app.modules import game_module, game_pages
from webtabletop.app.saves import (
    GAME_PREFIX,
    LAST_GAME,
    SAVED_GAME,
    SETTINGS,
    SETTINGS_KEY,
    Players,
    game_key,
    last_key,
)
from webtabletop.app.session import Session
from webtabletop.core import sharelink, storage
from webtabletop.core.protocol import GameError, GameSpec
from webtabletop.core.record import History, Record, RecordError
from webtabletop.core.registry import get_game
from webtabletop.core.rng import Rng

if TYPE_CHECKING:
    pass


class Routes:
    # ------------------------------------------------------------------ start and routes
    def _start(self, action: dict[str, Any]) -> None:
        snapshot = action.get("storage") or {}
        self.store = {k: v for k, v in snapshot.items() if isinstance(k, str) and isinstance(v, str)}
        self.rng = Rng.from_seed(int(action.get("entropy", 0)) & ((1 << 64) - 1))
        self.base = str(action.get("base", ""))
        result = storage.read(self.store, SETTINGS_KEY, SETTINGS)
        self._apply_read(result)
        if result.data:
            self.settings = result.data
        self._route(action.get("hash", ""))

    def _route(self, fragment: str) -> None:
        game_id, page, query = sharelink.parse_hash(fragment or "")
        if self.session is not None and self.session.spec.id != game_id:
            self.session = None
        if not game_id:
            self.route = ("home",)
            return
        if game_id == "data":
            self.route = ("data",)
            return
        try:
            spec = get_game(game_id)
        except GameError as exc:
            self.route = ("error", "This link does not open a game", str(exc), "")
            return
        if "r" in query:
            self._open_link(spec, query["r"])
            return
        if page == "rules":
            self.route = ("rules", spec.id)
        elif page == "new":
            self.route = ("new", spec.id, "")
        elif page == "play":
            vs = query.get("vs", "ai")
            kinds = ("human", "ai") if vs == "ai" else ("human", "human")
            self._new_session(
                spec, spec.default_options(), self._fresh_seed(), Players(kinds, self.settings["ai_level"])
            )
            self._resp["hash"] = f"#/{spec.id}"
        elif game_pages(spec.id) is not None and page in dict(game_pages(spec.id).nav):
            self.route = ("page", spec.id, page, query)
        elif page == "editor" and getattr(game_module(spec.id), "EDITOR", None) is not None:
            editor = game_module(spec.id).EDITOR
            text = editor.default_text()
            if query.get("from") == "game" and self.session is not None and self.session.spec.id == spec.id:
                text = self.session.view.export_text(self.session.state) or text
            elif self.editor.get("game") == spec.id:
                text = self.editor["text"]
            self.editor = {
                "game": spec.id,
                "text": editor.load(text),
                "tool": self.editor.get("tool"),
                "message": None,
            }
            self.route = ("editor", spec.id)
        elif page == "slot":
            if not self._load_slot(spec, query.get("s", "")):
                self.route = (
                    "error",
                    "Saved game not found",
                    "That saved game is not in this browser's storage.",
                    spec.id,
                )
            else:
                self._resp["hash"] = f"#/{spec.id}"
                self._write(storage.write(LAST_GAME, last_key(spec.id), {"slot": self.session.slot}))
        elif page:
            self.route = ("error", "Page not found", f"{spec.title} has no page {page!r}.", spec.id)
        else:
            self._resume(spec)

    def _resume(self, spec: GameSpec) -> None:
        if self.session is not None and self.session.spec.id == spec.id:
            self.route = ("game", spec.id)
            return
        slot = None
        result = storage.read(self.store, last_key(spec.id), LAST_GAME)
        self._apply_read(result)
        if result.data:
            slot = result.data["slot"]
        if slot is not None and self._load_slot(spec, slot):
            return
        # no saved game (or it was unreadable): newest other saved game, else a fresh one
        for key in sorted((k for k in self.store if k.startswith(f"{GAME_PREFIX}{spec.id}:")), reverse=True):
            if self._load_slot(spec, key.rsplit(":", 1)[1]):
                return
        self._new_session(
            spec,
            spec.default_options(),
            self._fresh_seed(),
            Players(("human", "ai"), self.settings["ai_level"]),
        )

    def _load_slot(self, spec: GameSpec, slot: str) -> bool:
        key = game_key(spec.id, slot)
        result = storage.read(self.store, key, SAVED_GAME)
        self._apply_read(result)
        if result.data is None:
            return False
        data = result.data
        try:
            record = Record.from_json(data["record"])
            history, problem = History.upto(record, cursor=data["cursor"])
        except GameError as exc:
            aside = storage.set_aside(self.store, key, self.store[key])
            self._write(aside)
            self.notices.append(
                f"A saved {spec.title} game could not be replayed ({exc}); it was kept aside as “{aside.key[len(storage.PREFIX) :]}”."
            )
            return False
        if problem is not None:
            backup = storage.backup(self.store, key, "rules")
            self._write(backup)
            self.notices.append(
                f"A saved {spec.title} game stops after move {len(history.states) - 1}: {problem}. "
                f"The whole game was kept as “{backup.key[len(storage.PREFIX) :]}”."
            )
        elif record.older_rules:
            self.notices.append(self._older_rules_note(spec))
        self.session = Session(spec, slot, history, Players.from_json(data["players"]))
        self.session.clock = GameClock.from_json(data.get("clock"))
        self.session.reported = bool(data.get("reported", False))
        self.session.saved_value = self.store.get(key)
        self.route = ("game", spec.id)
        return True

    @staticmethod
    def _older_rules_note(spec: GameSpec) -> str:
        return (
            f"This {spec.title} game was recorded before a correction of the rules; its moves were "
            "replayed under the corrected rules (the rules page says what changed)."
        )

    def _open_link(self, spec: GameSpec, payload: str) -> None:
        try:
            record, problem = sharelink.decode_upto(spec.id, payload)
            history, replay_problem = History.upto(record)
            problem = problem or replay_problem
        except (GameError, RecordError) as exc:
            self.route = (
                "error",
                "This share link cannot be opened",
                f"{exc}. Nothing was changed: your saved games are untouched.",
                spec.id,
            )
            return
        self.session = Session(
            spec, self._new_slot(), history, Players(("human", "human"), self.settings["ai_level"])
        )
        self.route = ("game", spec.id)
        self._save()
        self._resp["hash"] = f"#/{spec.id}"
        if problem is not None:
            self.session.message = f"The shared game stops after move {len(history.states) - 1}: {problem}. It is saved as a new game."
        elif record.older_rules:
            self.session.message = self._older_rules_note(spec)
        else:
            self._toast("Opened the shared game. It is saved as a new game; your earlier games are kept.")
