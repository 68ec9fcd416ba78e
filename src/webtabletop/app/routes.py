"""Routes: the start of the page, URL fragments, resuming saved games, opening share links."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from webtabletop.app import matchflow, play
from webtabletop.app.clock import GameClock
from webtabletop.app.extensions import game_pages
from webtabletop.app.modules import game_module
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
from webtabletop.i18n import _, ngettext

if TYPE_CHECKING:
    pass


class Routes:
    # ------------------------------------------------------------------ start and routes
    def _start(self, action: dict[str, Any]) -> None:
        snapshot = action.get("storage") or {}
        if not isinstance(snapshot, dict):
            snapshot = {}
        self.store = {k: v for k, v in snapshot.items() if isinstance(k, str) and isinstance(v, str)}
        entropy = action.get("entropy", 0)
        self.rng = Rng.from_seed((entropy if isinstance(entropy, int) else 0) & ((1 << 64) - 1))
        self.base = str(action.get("base", ""))
        settings = self._read(SETTINGS_KEY, SETTINGS)
        if settings:
            self.settings = settings
        self._check_aside_room()  # before the route, which may fail with a player's mistake
        self._route(str(action.get("hash", "") or ""))

    def _check_aside_room(self) -> None:
        """Keep set-aside copies within :data:`storage.ASIDE_LIMIT`. Over it, the first start
        warns (the notice offers an export) and remembers it in the settings; a later start that
        is still over it drops the oldest copies, with a notice."""
        drop = storage.oldest_asides(self.store)
        warned = self.settings.get("aside_warned")
        if not drop:
            if warned is not None:
                self.settings = {k: v for k, v in self.settings.items() if k != "aside_warned"}
                self._write(storage.write(SETTINGS, SETTINGS_KEY, self.settings))
            return
        if warned is None:
            self.settings = {**self.settings, "aside_warned": self.now}
            self._write(storage.write(SETTINGS, SETTINGS_KEY, self.settings))
            self._notice(
                _(
                    "Copies of unreadable data take more room than this app keeps for them. Export your "
                    "data now to keep them: at the next start the oldest copies will be removed to make room."
                )
            )
            return
        for key in drop:
            self._remove(storage.Remove(key))
        self.settings = {k: v for k, v in self.settings.items() if k != "aside_warned"}
        self._write(storage.write(SETTINGS, SETTINGS_KEY, self.settings))
        self._notice(
            ngettext(
                "The oldest copy of unreadable data was removed to make room (you were offered an export at an earlier start).",
                "The {n} oldest copies of unreadable data were removed to make room (you were offered an export at an earlier start).",
                len(drop),
            ).format(n=len(drop))
        )

    def _error_route(self, title: str, message: str, game_id: str) -> None:
        """Show an error screen (``title`` and ``message`` translated; ``game_id`` offers a new
        game of that game, "" none)."""
        self.route = ("error", title, message, game_id)

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
        if game_id == "friends":
            self.route = ("friends",)
            return
        try:
            spec = get_game(game_id)
        except GameError as exc:
            self._error_route(_("This link does not open a game"), str(exc), "")
            return
        if page == "m":  # a game with a friend by link (app/matchflow.py)
            matchflow.match_route(self.state, self.fx, spec, query)
            return
        if "r" in query:
            self._open_link(spec, query["r"])
            return
        if page == "rules":
            self.route = ("rules", spec.id)
        elif page == "new":
            self.route = ("new", spec.id, "", {"mode": "link"} if query.get("mode") == "link" else {})
        elif page == "play":
            vs = query.get("vs", "ai")
            kinds = ("human", "ai") if vs == "ai" else ("human", "human")
            play.new_session(self.state, self.fx,
                spec, spec.default_options(), play.fresh_seed(self.state), Players(kinds, self.settings["ai_level"])
            )
            self.fx.hash = f"#/{spec.id}"
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
                self._error_route(
                    _("Saved game not found"),
                    _("That saved game is not in this browser's storage."),
                    spec.id,
                )
            else:
                self.fx.hash = f"#/{spec.id}"
                self._write(storage.write(LAST_GAME, last_key(spec.id), {"slot": self.session.slot}))
        elif page:
            self._error_route(
                _("Page not found"),
                _("{game} has no page “{page}”.").format(game=_(spec.title), page=page),
                spec.id,
            )
        else:
            self._resume(spec)

    def _resume(self, spec: GameSpec) -> None:
        if self.session is not None and self.session.spec.id == spec.id:
            self.route = ("game", spec.id)
            return
        slot = None
        last = self._read(last_key(spec.id), LAST_GAME)
        if last:
            slot = last["slot"]
        if slot is not None and self._load_slot(spec, slot):
            return
        # no saved game (or it was unreadable): newest other saved game, else a fresh one
        for key in sorted((k for k in self.store if k.startswith(f"{GAME_PREFIX}{spec.id}:")), reverse=True):
            if self._load_slot(spec, key.rsplit(":", 1)[1]):
                return
        play.new_session(self.state, self.fx,
            spec,
            spec.default_options(),
            play.fresh_seed(self.state),
            Players(("human", "ai"), self.settings["ai_level"]),
        )

    def _load_slot(self, spec: GameSpec, slot: str) -> bool:
        """Open a saved game. One that cannot be used is set aside once and removed (one
        notice); one whose moves stop early under corrected rules is backed up whole, then
        saved at its last legal position (one notice; the next start opens it quietly)."""
        key = game_key(spec.id, slot)
        data = self._read(key, SAVED_GAME)
        if data is None:
            return False
        try:
            record = Record.from_json(data["record"])
            history, problem = History.upto(record, cursor=data["cursor"])
            players = Players.from_json(data["players"])
            clock = GameClock.from_json(data.get("clock"))
        except (GameError, ValueError) as exc:
            self._set_aside(
                key,
                _("A saved {game} game could not be replayed ({problem}); it was kept aside as “{{copy}}”.").format(
                    game=_(spec.title), problem=exc
                ),
            )
            return False
        self.session = Session(spec, slot, history, players)
        self.session.clock = clock
        self.session.reported = data.get("reported", False) is True
        self.session.hints = set(data.get("hints", []))
        self.session.saved_value = self.store.get(key)
        self.route = ("game", spec.id)
        if problem is not None:
            backup = storage.backup(self.store, key, "rules")
            if self.store.get(backup.key) != backup.value:
                self._write(backup)
            self._notice(
                _(
                    "A saved {game} game stops after move {n}: {problem}. The whole game was kept as “{copy}”."
                ).format(game=_(spec.title), n=len(history.states) - 1, problem=problem, copy=storage.label(backup.key))
            )
            play.save(self.state, self.fx)  # after the backup: the page stops at a failed write
        elif record.older_rules:
            self._notice(play.older_rules_note(spec))
        return True

    def _open_same_game(self, spec: GameSpec, record: Record) -> bool:
        """Open the saved game whose record is exactly ``record`` (newest first), if any."""
        wanted = record.to_json()
        for key in sorted((k for k in self.store if k.startswith(f"{GAME_PREFIX}{spec.id}:")), reverse=True):
            data = storage.read(self.store, key, SAVED_GAME).data
            if data and data.get("record") == wanted and self._load_slot(spec, key.rsplit(":", 1)[1]):
                self._write(storage.write(LAST_GAME, last_key(spec.id), {"slot": self.session.slot}))
                return True
        return False

    @staticmethod
    def _older_rules_note(spec: GameSpec) -> str:
        return _(
            "This {game} game was recorded before a correction of the rules; its moves were "
            "replayed under the corrected rules (the rules page says what changed)."
        ).format(game=_(spec.title))

    def _open_link(self, spec: GameSpec, payload: str) -> None:
        try:
            # decoding replays every move through the rules: its states are the history
            record, states, problem = sharelink.decode_states(spec.id, payload)
            if problem is None:
                record = record.as_current()
            history = History(record, states)
        except (GameError, RecordError) as exc:
            self._error_route(
                _("This share link cannot be opened"),
                _("{problem}. Nothing was changed: your saved games are untouched.").format(problem=exc),
                spec.id,
            )
            return
        if problem is None and self._open_same_game(spec, record):
            # the same link again (a bookmark, a reload): the game it opened before, not a copy
            self.fx.hash = sharelink.make_hash(record)
            return
        self.session = Session(
            spec, play.new_slot(self.state), history, Players(("human", "human"), self.settings["ai_level"])
        )
        self.route = ("game", spec.id)
        play.save(self.state, self.fx)
        # the address bar keeps the shared position in its canonical form, to be bookmarked
        self.fx.hash = sharelink.make_hash(record) if problem is None else f"#/{spec.id}"
        if problem is not None:
            self.session.message = _(
                "The shared game stops after move {n}: {problem}. It is saved as a new game."
            ).format(n=len(history.states) - 1, problem=problem)
        elif record.older_rules:
            self.session.message = play.older_rules_note(spec)
        else:
            self._toast(_("Opened the shared game. It is saved as a new game; your earlier games are kept."))
