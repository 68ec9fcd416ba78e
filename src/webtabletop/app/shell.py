"""The app controller: one :class:`App` per page, driven by actions from web/main.py.

An action is a dict with a ``type``; :meth:`App.handle` returns a response dict:

- ``html`` / ``title``: the new content of ``#app`` and the document title;
- ``writes``: localStorage writes ``[{key, value}]`` (never removals);
- ``hash``: replace the URL fragment (no new history entry);
- ``clipboard`` / ``download`` ``{name, text}`` / ``toast``: effects for the page;
- ``ai``: true when the computer is to move next — the page renders, then sends ``{"type": "ai"}``.

Games come from the registry; each game package provides ``VIEW`` (a GameView) and may provide
``ai_choose`` (else the generic MCTS is used).
"""

from __future__ import annotations

import importlib
import json
import time
from typing import Any

from webtabletop import __version__
from webtabletop.ai.mcts import game_ai
from webtabletop.app import pages
from webtabletop.app.clock import PRESETS as CLOCK_PRESETS
from webtabletop.app.clock import GameClock, format_ms
from webtabletop.app.extensions import GamePages, PageContext
from webtabletop.app.forms import options_fields
from webtabletop.app.saves import (
    GAME_PREFIX,
    LAST_GAME,
    SAVED_GAME,
    SCHEMAS,
    SETTINGS,
    SETTINGS_KEY,
    Players,
    game_key,
    last_key,
)
from webtabletop.core import sharelink, storage
from webtabletop.core.protocol import GameError, GameSpec, Outcome, options_from_dict
from webtabletop.core.record import History, Record, RecordError
from webtabletop.core.registry import all_games, catalog, get_game
from webtabletop.core.rng import Rng
from webtabletop.core.view import GameView, ViewContext


def game_module(game_id: str):
    return importlib.import_module(f"webtabletop.games.{game_id}")


def game_view(game_id: str) -> GameView:
    return game_module(game_id).VIEW


def game_pages(game_id: str) -> GamePages | None:
    return getattr(game_module(game_id), "PAGES", None)


def all_schemas() -> dict:
    """Every storage schema: the app's and each game's own (used to validate imports)."""
    schemas = dict(SCHEMAS)
    for spec in all_games():
        pages = game_pages(spec.id)
        if pages is not None:
            schemas.update(pages.schemas)
    return schemas


class Session:
    """The game on screen: its history, who plays, and view-only state (selection, flip)."""

    def __init__(self, spec: GameSpec, slot: str, history: History, players: Players) -> None:
        self.spec = spec
        self.view = game_view(spec.id)
        self.slot = slot
        self.history = history
        self.players = players
        self.selection: str | None = None
        self.hover: str | None = None
        self.flipped = False
        self.result_dismissed = False
        self.message: str | None = None
        self.last_ai: dict[str, Any] | None = None
        self.revealed: int | None = None  # hot-seat with secrets: who confirmed being at the device
        self.clock: GameClock | None = None  # optional, app-level (not part of the record)
        self.saved_value: str | None = None  # what this tab last wrote for this game
        self.forked = False  # another tab changed this game: save ours under a new slot
        self.reported = False  # the game-over hook of the game's pages has run

    @property
    def state(self):
        return self.history.state

    def time_outcome(self) -> Outcome | None:
        """The game ended on time (the clock's flag), which overrides the rules' open game."""
        if self.clock is None or self.clock.flagged is None or self.state.is_over:
            return None
        winner = 1 - self.clock.flagged
        loser = self.view.player_names[self.clock.flagged]
        return Outcome(winner, (1.0, 0.0) if winner == 0 else (0.0, 1.0), f"{loser}'s time ran out")

    def outcome(self) -> Outcome | None:
        return self.state.outcome() or self.time_outcome()

    def ai_to_move(self) -> bool:
        s = self.state
        return self.outcome() is None and self.players.is_ai(s.to_move())

    def wants_ai(self) -> bool:
        return self.history.at_end and self.ai_to_move()

    def private_hot_seat(self) -> bool:
        """Two humans share one device in a game with secrets (hands, closed cards)."""
        return (
            self.view.privacy_screen
            and not self.players.is_ai(0)
            and not self.players.is_ai(1)
            and not self.state.is_over
        )

    def needs_privacy_screen(self) -> bool:
        return self.private_hot_seat() and self.revealed != self.state.to_move()

    def viewer(self) -> int | None:
        s = self.state
        humans = [p for p in (0, 1) if not self.players.is_ai(p)]
        if len(humans) == 1:
            return humans[0]
        if not humans or s.is_over:
            return None
        if self.private_hot_seat():
            return self.revealed if self.revealed == s.to_move() else None
        return s.to_move()

    def prefs(self, settings: dict[str, Any]) -> dict[str, bool]:
        chosen = settings.get("prefs", {}).get(self.spec.id, {})
        return {name: chosen.get(name, default) for name, _label, default in self.view.preferences}

    def context(self, settings: dict[str, Any] | None = None) -> ViewContext:
        h = self.history
        last = h.record.moves[h.cursor - 1] if h.cursor > 0 else None
        prev = h.states[h.cursor - 1] if h.cursor > 0 else None
        return ViewContext(
            viewer=self.viewer(),
            selection=self.selection,
            hover=self.hover,
            interactive=self.outcome() is None
            and not self.players.is_ai(self.state.to_move())
            and not self.needs_privacy_screen(),
            flipped=self.flipped,
            last_move=last,
            previous=prev,
            prefs=self.prefs(settings or {}),
        )

    def save_data(self, now: float) -> dict[str, Any]:
        return {
            "record": self.history.record.to_json(),
            "cursor": self.history.cursor,
            "players": self.players.to_json(),
            "updated": now,
            "clock": self.clock.to_json() if self.clock else None,
            "reported": self.reported,
        }

    def sync_clock(self, now: float) -> None:
        """Run the clock of the player to move, or none (browsing, privacy screen, game over)."""
        if self.clock is None:
            return
        on = self.history.at_end and self.outcome() is None and not self.needs_privacy_screen()
        self.clock.run(self.state.to_move() if on else None, now)

    def clock_move(self, now: float, before, after) -> None:
        """Charge the mover's clock for a move made at ``now``."""
        if self.clock is None:
            return
        mover = before.to_move()
        self.clock.moved(mover, now, turn_over=after.is_over or after.to_move() != mover)


class App:
    def __init__(self) -> None:
        self.store: dict[str, str] = {}
        self.notices: list[str] = []
        self.session: Session | None = None
        self.route: tuple[str, ...] = ("home",)
        self.rng = Rng(0)
        self.now = 0.0
        self.base = ""
        self.settings: dict[str, Any] = {"ai_level": "normal", "coords": True}
        self.editor: dict[str, Any] = {}  # position editor: game, text, tool, message
        self._resp: dict[str, Any] = {}

    # ------------------------------------------------------------------ entry point
    def handle(self, action: dict[str, Any]) -> dict[str, Any]:
        self._resp = {"writes": []}
        kind = action.get("type")
        self.now = float(action.get("now", self.now) or self.now)
        try:
            if kind == "start":
                self._start(action)
            elif kind == "hash":
                self._route(action.get("hash", ""))
            elif kind == "ai":
                self._ai_move()
            elif kind == "bench":
                self._bench(action)
            elif kind == "storage":
                self._storage_event(action.get("key"), action.get("value"))
            elif kind == "pick" and self.route[0] == "editor":
                self._editor_pick(str(action.get("token", "")))
            elif kind == "cmd" and action.get("name") == "dismiss-notices":
                self.notices = []
            elif self.route[0] == "page" and kind in ("pick", "cmd", "form", "change", "import", "drop"):
                game_pages(self.route[1]).handle(self.route[2], action, PageContext(self))
            elif self.session is None and kind in ("move", "pick", "hover", "change", "drop"):
                pass
            elif kind == "move":
                self._play(str(action.get("code", "")))
            elif kind == "pick":
                self._pick(str(action.get("token", "")))
            elif kind == "hover":
                token, drag = action.get("token"), action.get("drag")
                self._hover(f"{drag}@{token}" if token and drag else token)
            elif kind == "drop":
                self._pick(str(action.get("drag", "")))
                self._pick(str(action.get("drop", "")))
            elif kind == "cmd":
                self._cmd(str(action.get("name", "")), action.get("arg"))
            elif kind == "change":
                self._change(str(action.get("name", "")), action.get("value"))
            elif kind == "form":
                self._form(str(action.get("name", "")), action.get("data") or {})
            elif kind == "import":
                self._import(str(action.get("text", "")), str(action.get("name", "file")))
            else:
                self._toast(f"Unknown action {kind!r}")
        except GameError as exc:  # a player's mistake: say it, keep everything
            if self.session is not None and self.route[0] == "game":
                self.session.message = str(exc)
            else:
                self._toast(str(exc))
        return self._render()

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
            self.session.message = (
                f"The shared game stops after move {len(history.states) - 1}: {problem}. It is saved as a new game."
            )
        elif record.older_rules:
            self.session.message = self._older_rules_note(spec)
        else:
            self._toast("Opened the shared game. It is saved as a new game; your earlier games are kept.")

    # ------------------------------------------------------------------ sessions
    def _fresh_seed(self) -> int:
        return self.rng.next_u64() >> 32  # 32-bit seeds keep links short

    def _new_slot(self) -> str:
        return f"{int(self.now):x}-{self.rng.next_u64() & 0xFFFFFF:06x}"

    def _new_session(self, spec: GameSpec, options: Any, seed: int, players: Players) -> None:
        record = Record.new(spec, options, seed)
        self.session = Session(spec, self._new_slot(), History(record), players)
        self.route = ("game", spec.id)
        self._save()

    def _save(self) -> None:
        s = self.session
        if s is None:
            return
        if s.forked:  # never overwrite what another tab saved: keep both games
            s.slot = self._new_slot()
            s.forked = False
            self._toast("This game was also changed in another tab. Both versions are kept: see “Your data”.")
        w = storage.write(SAVED_GAME, game_key(s.spec.id, s.slot), s.save_data(self.now))
        s.saved_value = w.value
        self._write(w)
        self._write(storage.write(LAST_GAME, last_key(s.spec.id), {"slot": s.slot}))

    def _write(self, w: storage.Write) -> None:
        self.store[w.key] = w.value
        self._resp["writes"].append(w.to_json())

    def _apply_read(self, result: storage.ReadResult) -> None:
        for w in result.writes:
            self._write(w)
        if result.problem:
            self.notices.append(result.problem)

    # ------------------------------------------------------------------ playing
    def _require_game(self) -> Session:
        if self.session is None or self.route[0] != "game":
            raise GameError("no game is open")
        return self.session

    def _play(self, code: str) -> None:
        s = self._require_game()
        if s.state.is_over:
            raise GameError("the game is over: start a new game or a rematch")
        if s.players.is_ai(s.state.to_move()) and s.history.at_end:
            raise GameError("it is the computer's turn")
        if s.clock is not None and s.history.at_end and s.clock.check(self.now) is not None:
            raise GameError("time is up: the game is over")
        before = s.state
        s.history.play(code)  # raises IllegalMove with a message
        s.clock_move(self.now, before, s.state)
        self._report_game_over(s)
        s.selection = None
        s.hover = None
        s.message = None
        s.result_dismissed = False
        self._save()

    def _pick(self, token: str) -> None:
        s = self._require_game()
        result = s.view.pick(s.state, s.context(self.settings), token)
        s.selection = result.selection
        s.message = result.message
        if result.move is not None:
            self._play(result.move)

    def _hover(self, token: Any) -> None:
        s = self._require_game()
        s.hover = str(token) if token else None

    def _ai_move(self) -> None:
        s = self.session
        if s is None or self.route[0] != "game" or not s.wants_ai():
            return
        chooser = game_ai(s.spec.id)
        t0 = time.perf_counter()
        before = s.state
        result = chooser(s.state, s.players.level, seed=self.rng.next_u64())
        seconds = time.perf_counter() - t0
        s.last_ai = {"seconds": round(seconds, 4), "level": s.players.level, "game": s.spec.id}
        for key in ("iterations", "depth", "nodes"):  # whatever the game's searcher reports
            value = getattr(result, key, None)
            if isinstance(value, int):
                s.last_ai[key] = value
        self._resp["ai_stats"] = s.last_ai
        done = self.now + 1000 * seconds
        if s.clock is not None and s.clock.check(done) is not None:
            self._save()  # the computer ran out of time while thinking
            return
        s.history.play(result.move.code)
        s.clock_move(done, before, s.state)
        self._report_game_over(s)
        s.selection = None
        s.result_dismissed = False
        self._save()

    def _bench(self, action: dict[str, Any]) -> None:
        """Benchmark aid: run the game's AI on the shown position with a fixed time budget and
        report what it reached (depth/nodes or playouts); plays nothing."""
        import inspect

        s = self._require_game()
        chooser = game_ai(s.spec.id)
        seconds = float(action.get("seconds", 1.0))
        kwargs: dict[str, Any] = {}
        params = inspect.signature(chooser).parameters
        if "seconds" in params:
            kwargs["seconds"] = seconds
        if "nodes" in params:
            kwargs["nodes"] = 10**9
        t0 = time.perf_counter()
        result = chooser(s.state, "hard", seed=1, **kwargs)
        out = {"seconds": round(time.perf_counter() - t0, 4), "move": result.move.code}
        for key in ("iterations", "depth", "nodes"):
            value = getattr(result, key, None)
            if isinstance(value, int):
                out[key] = value
        self._resp["bench"] = out

    def _report_game_over(self, s: Session) -> None:
        """Tell the game's pages (once) that a game ended, e.g. to update a collection."""
        outcome = s.state.outcome()
        pages_ = game_pages(s.spec.id)
        if outcome is None or s.reported or pages_ is None or not s.history.at_end:
            return
        s.reported = True
        pages_.game_over(s.history.record, outcome, s.players, PageContext(self))

    def _undo(self, s: Session) -> None:
        h = s.history
        if not h.can_undo():
            return
        h.undo()
        # against the computer, undo back to a position where a human is to move
        while (
            h.cursor > 0
            and s.players.is_ai(h.state.to_move())
            and not all(s.players.is_ai(p) for p in (0, 1))
        ):
            h.undo()

    def _cmd(self, name: str, arg: Any) -> None:
        if name == "dismiss-notices":
            self.notices = []
            return
        if name == "export-all":
            self._resp["download"] = {
                "name": "webtabletop-data.json",
                "text": storage.export_all(self.store, __version__),
            }
            return
        if name == "copy-text":
            self._resp["clipboard"] = str(arg or "")
            self._toast("Position text copied.", str(arg or ""))
            return
        if name == "editor-start" and self.route[0] == "editor":
            editor = game_module(self.route[1]).EDITOR
            problem = editor.check(self.editor["text"])
            if problem:
                self.editor["message"] = problem
                return
            self.route = ("new", self.route[1], None, {"fen": self.editor["text"]})
            self._resp["hash"] = f"#/{self.route[1]}/new"
            return
        s = self._require_game()
        h = s.history
        s.message = None
        if name in ("undo", "back"):
            self._undo(s) if name == "undo" else h.undo()
        elif name in ("redo", "forward"):
            h.redo()
        elif name == "first":
            h.goto(0)
        elif name == "last":
            h.goto(len(h.states) - 1)
        elif name == "goto":
            try:
                h.goto(int(arg))
            except (TypeError, ValueError):
                raise GameError("bad move number") from None
        elif name == "clock-check":
            if s.clock is not None:
                s.clock.check(self.now)
                self._save()
        elif name == "flip":
            s.flipped = not s.flipped
        elif name == "deselect":
            s.selection = None
        elif name == "reveal":
            if s.private_hot_seat():
                s.revealed = s.state.to_move()
        elif name == "dismiss-result":
            s.result_dismissed = True
        elif name == "ai-here":
            h.record = h.record.with_moves(h.record.moves[: h.cursor])
            h.states = h.states[: h.cursor + 1]
        elif name == "copy-link":
            link = self.base + sharelink.make_hash(h.current_record())
            self._resp["clipboard"] = link
            self._toast("Share link copied. It opens this exact position.", link)
        elif name == "export-text":
            text = s.view.export_text(s.state)
            if text:
                self._resp["clipboard"] = text
                self._toast(
                    "Position text copied. Paste it into the position editor or a new game's start position.",
                    text,
                )
        elif name == "export-game":
            rec = h.record
            self._resp["download"] = {
                "name": f"{rec.game_id}-{rec.seed}.json",
                "text": json.dumps(rec.to_json(), indent=1),
            }
        elif name == "rematch":
            options = s.spec.options_from_dict(h.record.options)
            preset = s.clock.preset if s.clock else None
            self._new_session(s.spec, options, self._fresh_seed(), s.players)
            if preset:
                self.session.clock = GameClock.new(preset)
                self._save()
        else:
            raise GameError(f"unknown command {name!r}")
        if name in ("undo", "back", "redo", "forward", "first", "last", "goto"):
            s.selection = None
            self._save()

    def _change(self, name: str, value: Any) -> None:
        s = self._require_game()
        kinds = list(s.players.kinds)
        level = s.players.level
        if name in ("player0", "player1") and value in ("human", "ai"):
            kinds[int(name[-1])] = value
        elif name == "level" and value in ("easy", "normal", "hard"):
            level = value
        elif name.startswith("pref:") and name[5:] in {p[0] for p in s.view.preferences}:
            prefs = {k: dict(v) for k, v in self.settings.get("prefs", {}).items()}
            prefs.setdefault(s.spec.id, {})[name[5:]] = value in (True, "true", "on")
            self.settings = {**self.settings, "prefs": prefs}
            self._write(storage.write(SETTINGS, SETTINGS_KEY, self.settings))
            return
        else:
            raise GameError(f"cannot set {name} to {value!r}")
        s.players = Players((kinds[0], kinds[1]), level)
        self._save()

    def _form(self, name: str, data: dict[str, Any]) -> None:
        if name == "editor-text" and self.route[0] == "editor":
            editor = game_module(self.route[1]).EDITOR
            try:
                self.editor["text"] = editor.load(str(data.get("text", "")))
                self.editor["message"] = None
            except GameError as exc:
                self.editor["message"] = f"That text cannot be read: {exc}"
            return
        if name != "new-game" or self.route[0] != "new":
            raise GameError("this form is not open")
        spec = get_game(self.route[1])
        data = {k: v for k, v in data.items()}
        entered = dict(data)
        kinds = (data.pop("player0", "human"), data.pop("player1", "ai"))
        level = data.pop("level", "normal")
        clock = data.pop("clock", "none") or "none"
        seed_text = str(data.pop("seed", "") or "").strip()
        preset = data.pop("_preset", "custom")
        presets = getattr(game_module(spec.id), "PRESETS", {}) or {}
        if preset in presets:
            data.update(presets[preset])
        try:
            if game_pages(spec.id) is not None:
                data = game_pages(spec.id).prepare_new_game(
                    {**data, "player0": kinds[0], "player1": kinds[1]}, PageContext(self)
                )
                data.pop("player0", None)
                data.pop("player1", None)
            players = Players.from_json({"kinds": list(kinds), "level": level})
            options = options_from_dict(spec.options_class, self._form_values(spec, data))
            if clock != "none" and clock not in CLOCK_PRESETS:
                raise GameError(f"unknown clock {clock!r}")
            if seed_text and not (seed_text.isdigit() and int(seed_text) < 2**32):
                raise GameError(
                    "the seed must be a whole number from 0 to 4294967295 (or empty for a random game)"
                )
        except (GameError, ValueError) as exc:
            self.route = ("new", spec.id, str(exc), entered)
            return
        seed = int(seed_text) if seed_text else self._fresh_seed()
        self._new_session(spec, options, seed, players)
        if clock != "none":
            self.session.clock = GameClock.new(clock)
            self._save()
        self.settings = {**self.settings, "ai_level": level}
        self._write(storage.write(SETTINGS, SETTINGS_KEY, self.settings))
        self._resp["hash"] = f"#/{spec.id}"

    @staticmethod
    def _form_values(spec: GameSpec, data: dict[str, Any]) -> dict[str, Any]:
        """Form fields arrive as text; drop empty values of optional fields (= default)."""
        import attrs

        out = {}
        for f in attrs.fields(spec.options_class):
            if f.name not in data:
                continue
            value = data[f.name]
            if value == "" and f.default is None:
                continue
            out[f.name] = value
        return out

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
                self.session.message = f"The imported game stops after move {len(history.states) - 1}: {problem}."
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

    def _toast(self, message: str, link: str | None = None) -> None:
        self._resp["toast"] = message
        if link:
            self._resp["toast_link"] = link

    # ------------------------------------------------------------------ rendering
    def _render(self) -> dict[str, Any]:
        resp = self._resp
        route = self.route
        title = "webtabletop"
        if route[0] == "home":
            games = [
                (meta, any(k.startswith(f"{GAME_PREFIX}{meta.ID}:") for k in self.store))
                for meta in catalog()
            ]
            html = pages.home(games, self.notices)
        elif route[0] == "data":
            html = pages.data_page(
                self._saved_list(), sorted(k for k in self.store if k.startswith(storage.ASIDE)), self.notices
            )
            title = "Your data · webtabletop"
        elif route[0] == "rules":
            spec = get_game(route[1])
            html = pages.rules_page(spec, game_view(spec.id))
            title = f"{spec.title} rules · webtabletop"
        elif route[0] == "new":
            spec = get_game(route[1])
            view = game_view(spec.id)
            current = None
            if self.session is not None and self.session.spec.id == spec.id:
                current = spec.options_from_dict(self.session.history.record.options)
            entered = route[3] if len(route) > 3 else {}
            fields = options_fields(spec, current or spec.default_options(), view, route[2] or None, entered)
            presets = getattr(game_module(spec.id), "PRESETS", {}) or {}
            players = (
                self.session.players if self.session else Players(("human", "ai"), self.settings["ai_level"])
            )
            if entered:
                kinds = (entered.get("player0", players.kinds[0]), entered.get("player1", players.kinds[1]))
                if all(k in ("human", "ai") for k in kinds):
                    players = Players(kinds, players.level)
            extra_fields = (
                game_pages(spec.id).new_game_fields(PageContext(self)) if game_pages(spec.id) else ""
            )
            html = pages.new_game_form(
                spec,
                fields + extra_fields,
                presets,
                players,
                str(entered.get("seed", "")),
                str(entered.get("_preset", "")),
            )
            title = f"New {spec.title} game · webtabletop"
        elif route[0] == "page":
            spec = get_game(route[1])
            game_pages_ = game_pages(spec.id)
            body = game_pages_.render(route[2], route[3], PageContext(self))
            html = pages.game_page(spec, dict(game_pages_.nav)[route[2]], body, game_pages_.nav, self.notices)
            title = f"{spec.title}: {dict(game_pages_.nav)[route[2]]} · webtabletop"
        elif route[0] == "editor":
            spec = get_game(route[1])
            editor = game_module(spec.id).EDITOR
            body = editor.render(self.editor["text"], self.editor.get("tool"), self.editor.get("message"))
            html = pages.editor_page(spec, editor.title, body)
            title = f"{spec.title} {editor.title.lower()} · webtabletop"
        elif route[0] == "game" and self.session is not None:
            html = self._game_html(self.session)
            title = f"{self.session.spec.title} · webtabletop"
            resp["ai"] = self.session.wants_ai()
            resp["selection"] = self.session.selection is not None
        else:
            _, heading, message, game_id = (
                route if len(route) == 4 else ("error", "Error", "Something went wrong.", "")
            )
            html = pages.error_page(heading, message, game_id or None)
            title = "Error · webtabletop"
        resp["html"] = html
        resp["title"] = title
        resp["route"] = route[0]
        return resp

    def _game_html(self, s: Session) -> str:
        state = s.state
        ctx = s.context(self.settings)
        view = s.view
        h = s.history
        s.sync_clock(self.now)
        outcome = s.outcome()
        thinking = s.wants_ai()
        if thinking:
            ctx = ViewContext(
                viewer=ctx.viewer,
                interactive=False,
                flipped=ctx.flipped,
                last_move=ctx.last_move,
                previous=ctx.previous,
            )
        result = ""
        if outcome is not None and h.at_end and not s.result_dismissed:
            result = pages.result_html(view, outcome, s.spec)
        prompt = ""
        extra = ""
        privacy = ""
        if s.needs_privacy_screen():
            who = view.player_names[state.to_move()]
            privacy = pages.privacy_screen(who, view.player_names[1 - state.to_move()])
            prompt = f"Pass the device to {who}."
        elif outcome is None:
            if s.ai_to_move() and not h.at_end:
                prompt = "Reviewing an earlier position. The computer is to move here."
                extra = pages.btn("Computer, play from here", "ai-here", cls="btn")
            elif not thinking:
                prompt = view.prompt(state, ctx)
        else:
            prompt = (
                f"Game over: {pages.outcome_title(view, outcome)} ({outcome.reason})."
                if h.at_end
                else "Reviewing the game."
            )
        if view.export_text(state) is not None:
            extra += pages.btn("Position text", "export-text", title="Copy this position as text")
        if getattr(game_module(s.spec.id), "EDITOR", None) is not None:
            extra += pages.link("Edit position", f"#/{s.spec.id}/editor?from=game", "btn")
        options = s.spec.options_from_dict(h.record.options)
        description = options.describe() if hasattr(options, "describe") else ""
        log = [(label, h.states[i].to_move()) for i, label in enumerate(h.log())]
        return pages.game_screen(
            spec=s.spec,
            view=view,
            description=description,
            board=view.board(state, ctx),
            panel=view.panel(state, ctx),
            prompt=prompt,
            status=view.status(state),
            players=s.players,
            to_move=None if outcome is not None else state.to_move(),
            log=log,
            cursor=h.cursor,
            can_undo=h.can_undo(),
            can_redo=h.can_redo(),
            thinking=thinking,
            result=result + privacy,
            message=s.message,
            notices=self.notices,
            extra_controls=extra,
            ai_note=self._ai_note(s),
            clocks=self._clocks(s),
            page_nav=pages.page_links(s.spec, game_pages(s.spec.id).nav) if game_pages(s.spec.id) else "",
            prefs=s.prefs(self.settings),
        )

    def _clocks(self, s: Session) -> list[tuple[str, int, str, bool]]:
        """(player name, ms left, m:ss, running) per player, or [] without a clock."""
        c = s.clock
        if c is None:
            return []
        return [
            (
                s.view.player_names[p],
                round(c.left(p, self.now)),
                format_ms(c.left(p, self.now)),
                c.running == p,
            )
            for p in (0, 1)
        ]

    @staticmethod
    def _ai_note(s: Session) -> str:
        info = s.last_ai
        if not info or not (s.players.is_ai(0) or s.players.is_ai(1)):
            return ""
        if info.get("depth"):
            work = f", depth {info['depth']}, {info.get('nodes', 0):,} nodes"
        elif info.get("iterations"):
            work = f", {info['iterations']} playouts"
        else:
            work = ""
        return f'<p class="note ai-note">Computer\'s last move: {info["seconds"]:.2f} s ({info["level"]}{work}).</p>'

    def _saved_list(self) -> list[tuple[str, str, str]]:
        out = []
        for key in sorted(self.store):
            if not key.startswith(GAME_PREFIX):
                continue
            game_id, _, slot = key[len(GAME_PREFIX) :].partition(":")
            try:
                doc = json.loads(self.store[key])["data"]
                n = len(doc["record"]["moves"])
                title = get_game(game_id).title
            except (ValueError, KeyError, TypeError, GameError):
                continue
            out.append((f"{title} — {n} moves", f"#/{game_id}/slot?s={slot}", slot))
        return out
