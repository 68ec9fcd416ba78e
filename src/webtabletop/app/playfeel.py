"""Play feel on the shell side (docs/board.md): what an answer says about a move, drops,
premoves, the hint button and the motion/sound settings.

Invariants:
- an answer that changed the position forward (a player's move, the computer's move, redo)
  carries ``moved: true``, ``sound`` (the view's :meth:`GameView.move_sound`, or ``"end"`` when
  the game is over) and ``status`` (the view's :meth:`GameView.describe_move` sentence); no other
  answer has ``moved`` (hovers and previews never animate);
- a drop is one action: the dragged thing is selected (unless it already is), then the target
  is picked; a drop that plays nothing leaves no selection behind;
- a premove that is no longer legal when it is sent is dropped without a word;
- a hint never plays a move: it names the move the game's own AI chooses at its normal level,
  and the ply it was shown at is remembered in the saved game.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

from webtabletop.ai.mcts import game_ai
from webtabletop.app.saves import SETTINGS, SETTINGS_KEY
from webtabletop.core import storage
from webtabletop.core.protocol import GameError, State
from webtabletop.core.view import move_label
from webtabletop.i18n import _

if TYPE_CHECKING:
    from webtabletop.app.session import Session

#: the page's own settings (name -> default); remembered in the settings document
FEEL_SETTINGS = {"motion": True, "sounds": False}
HINT_LEVEL = "normal"


def describe(session: Session, before: State, after: State, code: str) -> str:
    """The view's sentence for a move; its label if the view fails (the status line never breaks
    a move)."""
    try:
        text = session.view.describe_move(before, after, code)
    except Exception:  # noqa: BLE001 - a view's sentence is decoration, the move stands
        text = ""
    return str(text or move_label(before, code))


def sound_of(session: Session, before: State, after: State, code: str) -> str:
    if after.is_over:
        return "end"
    try:
        sound = session.view.move_sound(before, after, code)
    except Exception:  # noqa: BLE001
        sound = "move"
    return sound if sound in ("move", "capture", "check") else "move"


class PlayFeel:
    def _moved(self, s: Session, before: State, code: str) -> None:
        """Mark this answer as the one after a move (animations, sound, status line)."""
        after = s.state
        self.fx.moved = True
        self.fx.sound = sound_of(s, before, after, code)
        self.fx.status = describe(s, before, after, code)

    def _note_hint_used(self, s: Session, ply: int) -> None:
        """The move at ``ply`` was played while a hint for it was shown: the log marks it."""
        if s.hint is not None and s.hint_ply == ply:
            s.hints.add(ply)
        s.hint = None
        s.hint_ply = None

    def _drop(self, drag: str, drop: str) -> None:
        """A drag released on a drop target: ONE action (select the dragged thing if it is not
        selected yet, then pick the target)."""
        s = self._require_game()
        plies = len(s.history.record.moves)
        if s.selection != drag:
            self._pick(drag)
            if s.selection is None and len(s.history.record.moves) == plies:
                self._pick(drag)  # the view's selection token differs and the pick toggled it off
        if len(s.history.record.moves) == plies:
            self._pick(drop)
        if len(s.history.record.moves) == plies and s.message is None:
            s.selection = None if s.selection == drag else s.selection

    def _premove(self, drag: str, drop: str) -> None:
        """The move queued while the computer thought, sent after its answer: played if still
        legal, otherwise forgotten without a message."""
        s = self._require_game()
        if not s.history.at_end or s.outcome() is not None or s.players.is_ai(s.state.to_move()):
            return
        plies = len(s.history.record.moves)
        with contextlib.suppress(GameError):
            self._drop(drag, drop)
        if len(s.history.record.moves) == plies:
            s.selection = None
            s.message = None

    def _hint(self) -> None:
        """Ask the game's own AI (normal level) for a move in the position on screen."""
        s = self._require_game()
        state = s.state
        if s.outcome() is not None:
            raise GameError(_("The game is over: there is nothing to hint."))
        if s.players.is_ai(state.to_move()) and s.history.at_end:
            raise GameError(_("It is the computer's turn."))
        if s.needs_privacy_screen():
            raise GameError(_("Show your cards first, then ask for a hint."))
        result = game_ai(s.spec.id)(state, HINT_LEVEL, seed=self.rng.next_u64())
        code = result.move.code
        s.hint = code
        s.hint_ply = s.history.cursor
        s.selection = None
        s.message = None
        self.fx.status = _("Hint: {move}").format(move=move_label(state, code))

    def _feel_setting(self, name: str, value: Any) -> None:
        if name not in FEEL_SETTINGS:
            raise GameError(_("There is no setting called {name}.").format(name=repr(str(name)[:40])))
        self.settings = {**self.settings, name: value in (True, "true", "on")}
        self._write(storage.write(SETTINGS, SETTINGS_KEY, self.settings))

    def _feel(self) -> dict[str, bool]:
        """The page's settings for board.js (every answer carries them)."""
        return {name: self.settings.get(name, default) is True for name, default in FEEL_SETTINGS.items()}
