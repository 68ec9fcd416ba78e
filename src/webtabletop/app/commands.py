"""Game commands: moves, picks, the computer's move, undo/redo, the game screen's buttons."""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING, Any

from webtabletop import __version__
from webtabletop.ai.mcts import game_ai
from webtabletop.app import share
from webtabletop.app.clock import GameClock
from webtabletop.app.extensions import PageContext
from webtabletop.app.modules import game_module, game_pages
from webtabletop.app.saves import (
    SETTINGS,
    SETTINGS_KEY,
    Players,
)
from webtabletop.app.session import Session
from webtabletop.core import sharelink, storage
from webtabletop.core.protocol import GameError
from webtabletop.i18n import _

if TYPE_CHECKING:
    pass


class Commands:
    # ------------------------------------------------------------------ playing
    def _require_game(self) -> Session:
        if self.session is None or self.route[0] != "game":
            raise GameError(_("No game is open."))
        return self.session

    def _play(self, code: str) -> None:
        s = self._require_game()
        if s.state.is_over:
            raise GameError(_("The game is over: start a new game or a rematch."))
        if s.players.is_ai(s.state.to_move()) and s.history.at_end:
            raise GameError(_("It is the computer's turn."))
        if s.clock is not None and s.history.at_end and s.clock.check(self.now) is not None:
            raise GameError(_("Time is up: the game is over."))
        before = s.state
        ply = s.history.cursor
        s.history.play(code)  # raises IllegalMove with a message
        s.clock_move(self.now, before, s.state)
        self._note_hint_used(s, ply)
        self._moved(s, before, code)
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
        self.fx.ai_stats = s.last_ai
        done = self.now + 1000 * seconds
        if s.clock is not None and s.clock.check(done) is not None:
            self._save()  # the computer ran out of time while thinking
            return
        s.history.play(result.move.code)
        s.clock_move(done, before, s.state)
        s.hint = None
        self._moved(s, before, result.move.code)
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
        self.fx.bench = out

    def _report_game_over(self, s: Session) -> None:
        """Tell the game's pages (once) that a game ended, e.g. to update a collection."""
        outcome = s.state.outcome()
        pages_ = game_pages(s.spec.id)
        if outcome is None or s.reported or pages_ is None or not s.history.at_end:
            return
        s.reported = True
        pages_.game_over(s.history.record, outcome, s.players, PageContext(self.state, self.fx))

    def share_link(self, s: Session) -> str:
        """The link that opens the position on screen (the moves up to the cursor)."""
        return self.base + sharelink.make_hash(s.history.current_record())

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
        if self._data_cmd(name, arg) or self._friends_cmd(name, arg):
            return
        if name == "export-all":
            self.fx.download = {
                "name": "webtabletop-data.json",
                "text": storage.export_all(self.store, __version__),
            }
            return
        if name == "copy-text":
            self.fx.clipboard = str(arg or "")
            self._toast(_("Position text copied."), str(arg or ""))
            return
        if name == "editor-start" and self.route[0] == "editor":
            editor = game_module(self.route[1]).EDITOR
            problem = editor.check(self.editor["text"])
            if problem:
                self.editor["message"] = problem
                return
            self.route = ("new", self.route[1], None, {"fen": self.editor["text"]})
            self.fx.hash = f"#/{self.route[1]}/new"
            return
        s = self._require_game()
        h = s.history
        s.message = None
        if name in ("undo", "back"):
            self._undo(s) if name == "undo" else h.undo()
        elif name in ("redo", "forward"):
            if h.can_redo():
                before = h.state
                h.redo()
                self._moved(s, before, h.record.moves[h.cursor - 1])
        elif name == "first":
            h.goto(0)
        elif name == "last":
            h.goto(len(h.states) - 1)
        elif name == "goto":
            try:
                h.goto(int(arg))
            except (TypeError, ValueError):
                raise GameError(_("That is not a move number.")) from None
        elif name == "clock-check":
            if s.clock is not None:
                s.clock.check(self.now)
                self._save()
        elif name == "flip":
            s.flipped = not s.flipped
        elif name == "deselect" and s.share:  # Esc closes the Share window first
            self.fx.focus = s.share
            s.share = None
        elif name == "deselect":
            s.selection = None
            if s.finished() and h.at_end:  # Esc also closes the game-over window
                s.result_dismissed = True
        elif name == "hint":
            self._hint()
        elif name == "show-result":
            s.result_dismissed = False
        elif name == "reveal":
            if s.private_hot_seat():
                s.revealed = s.state.to_move()
        elif name == "reveal-all":
            if not s.finished():
                raise GameError(_("the cards stay hidden until the game is over"))
            if not s.has_hidden_information():
                raise GameError(_("this game has no hidden cards"))
            s.reveal_all = True
        elif name == "dismiss-result":
            s.result_dismissed = True
        elif name == "ai-here":
            h.record = h.record.with_moves(h.record.moves[: h.cursor])
            h.states = h.states[: h.cursor + 1]
        elif name == "share":  # the Share window (app/share.py); arg "result": opened by the game-over window
            s.share = "result-share" if arg == "result" else "share"
        elif name == "share-qr":  # the page's follow-up: import segno; the render draws the code
            if s.share:
                share.load()
        elif name == "close-share":
            if s.share:
                self.fx.focus = s.share
            s.share = None
        elif name == "copy-link":
            self.fx.clipboard = self.share_link(s)
            self._toast(_("Share link copied. It opens this exact position."))
        elif name == "export-text":
            text = s.view.export_text(s.state)
            if text:
                self.fx.clipboard = text
                self._toast(
                    _(
                        "Position text copied. Paste it into the position editor or a new game's start position."
                    ),
                    text,
                )
        elif name == "export-game":
            rec = h.record
            self.fx.download = {
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
            raise GameError(_("There is no command called {name}.").format(name=repr(str(name)[:40])))
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
        elif name.startswith("setting:"):
            self._feel_setting(name[8:], value)
            return
        elif name.startswith("pref:") and name[5:] in {p[0] for p in s.view.preferences}:
            prefs = {k: dict(v) for k, v in self.settings.get("prefs", {}).items()}
            prefs.setdefault(s.spec.id, {})[name[5:]] = value in (True, "true", "on")
            self.settings = {**self.settings, "prefs": prefs}
            self._write(storage.write(SETTINGS, SETTINGS_KEY, self.settings))
            return
        else:
            raise GameError(
                _("The setting {name} cannot take the value {value}.").format(
                    name=repr(str(name)[:40]), value=repr(value)[:40]
                )
            )
        s.players = Players((kinds[0], kinds[1]), level)
        self._save()
