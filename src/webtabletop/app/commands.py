"""Game commands: undo/redo, review, the game screen's buttons, settings."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from webtabletop import __version__
from webtabletop.app import editor, matchflow, play, playfeel, share
from webtabletop.app.clock import GameClock
from webtabletop.app.saves import (
    SETTINGS,
    SETTINGS_KEY,
    Players,
)
from webtabletop.core import storage
from webtabletop.core.protocol import GameError
from webtabletop.i18n import _

if TYPE_CHECKING:
    pass


class Commands:
    def _cmd(self, name: str, arg: Any) -> None:
        if name == "dismiss-notices":
            self.notices = []
            return
        if self._data_cmd(name, arg):
            return
        if name in matchflow.FRIENDS_COMMANDS:
            matchflow.FRIENDS_COMMANDS[name](self.state, self.fx, arg)
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
            editor.start(self.state, self.fx)
            return
        s = play.require_game(self.state)
        h = s.history
        s.message = None
        if name in ("undo", "back"):
            play.undo(s) if name == "undo" else h.undo()
        elif name in ("redo", "forward"):
            if h.can_redo():
                before = h.state
                h.redo()
                playfeel.moved(self.fx, s, before, h.record.moves[h.cursor - 1])
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
                play.save(self.state, self.fx)
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
            play.hint(self.state, self.fx)
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
            self.fx.clipboard = play.share_link(self.state, s)
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
            play.new_session(self.state, self.fx, s.spec, options, play.fresh_seed(self.state), s.players)
            if preset:
                self.session.clock = GameClock.new(preset)
                play.save(self.state, self.fx)
        else:
            raise GameError(_("There is no command called {name}.").format(name=repr(str(name)[:40])))
        if name in ("undo", "back", "redo", "forward", "first", "last", "goto"):
            s.selection = None
            play.save(self.state, self.fx)

    def _change(self, name: str, value: Any) -> None:
        s = play.require_game(self.state)
        kinds = list(s.players.kinds)
        level = s.players.level
        if name in ("player0", "player1") and value in ("human", "ai"):
            kinds[int(name[-1])] = value
        elif name == "level" and value in ("easy", "normal", "hard"):
            level = value
        elif name.startswith("setting:"):
            playfeel.set_feel(self.state, self.fx, name[8:], value)
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
        play.save(self.state, self.fx)
