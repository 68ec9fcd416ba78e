"""The game screen's commands and switches: its buttons (undo/redo, the move log, flip, hint,
share, rematch, resign and draws, …) and switches (players, level, display preferences, motion
and sound).

:data:`COMMANDS` is the game screen's part of the shell's table
(:data:`webtabletop.app.shell.table.SCREENS`); each command needs the game on screen
(:func:`on_game`).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from webtabletop.app.game import endings, play
from webtabletop.app.model import persist
from webtabletop.app.model.clock import GameClock
from webtabletop.app.model.saves import Players
from webtabletop.app.widgets import playfeel, share
from webtabletop.core.protocol import GameError
from webtabletop.i18n import _

if TYPE_CHECKING:
    from webtabletop.app.model.effects import Effects
    from webtabletop.app.model.screen import Handler
    from webtabletop.app.model.session import Session
    from webtabletop.app.model.state import AppState

GameCommand = Callable[["AppState", "Effects", "Session", Any], None]


def on_game(command: GameCommand) -> Handler:
    """A command of the game on screen (elsewhere: "No game is open."); it clears the game's
    last message and gets the button's argument."""

    @functools.wraps(command)
    def handler(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
        s = play.require_game(st)
        s.message = None
        command(st, fx, s, action.get("arg"))

    return handler


# ---------------------------------------------------------------------- review (the log, the arrows)
def reviewed(st: AppState, fx: Effects, s: Session) -> None:
    """After a step through the game: no selection, and the cursor is saved."""
    s.selection = None
    play.save(st, fx)


def undo(st: AppState, fx: Effects, s: Session, arg: Any) -> None:
    play.undo(s)
    reviewed(st, fx, s)


def back(st: AppState, fx: Effects, s: Session, arg: Any) -> None:
    s.history.undo()
    reviewed(st, fx, s)


def redo(st: AppState, fx: Effects, s: Session, arg: Any) -> None:
    """Redo and "Next move": the move is shown as played (animation, sound, status)."""
    h = s.history
    if h.can_redo():
        before = h.state
        h.redo()
        playfeel.moved(fx, s, before, h.record.moves[h.cursor - 1])
    reviewed(st, fx, s)


def first(st: AppState, fx: Effects, s: Session, arg: Any) -> None:
    s.history.goto(0)
    reviewed(st, fx, s)


def last(st: AppState, fx: Effects, s: Session, arg: Any) -> None:
    s.history.goto(len(s.history.states) - 1)
    reviewed(st, fx, s)


def goto(st: AppState, fx: Effects, s: Session, arg: Any) -> None:
    """A move of the log (``arg``: the ply after it)."""
    try:
        s.history.goto(int(arg))
    except (TypeError, ValueError):
        raise GameError(_("That is not a move number.")) from None
    reviewed(st, fx, s)


def ai_here(st: AppState, fx: Effects, s: Session, arg: Any) -> None:
    """"Computer, play from here": the moves after the cursor are dropped."""
    h = s.history
    h.record = h.record.with_moves(h.record.moves[: h.cursor])
    h.states = h.states[: h.cursor + 1]


# ---------------------------------------------------------------------- the board and its windows
def clock_check(st: AppState, fx: Effects, s: Session, arg: Any) -> None:
    """The page's clock reached zero: the clock decides (and the game may be over)."""
    if s.clock is not None:
        s.clock.check(st.now)
        play.report_game_over(st, fx, s)
        play.save(st, fx)


def flip(st: AppState, fx: Effects, s: Session, arg: Any) -> None:
    s.flipped = not s.flipped


def deselect(st: AppState, fx: Effects, s: Session, arg: Any) -> None:
    """Esc: closes the Share window, else drops the selection (and closes the game-over window)."""
    if s.share:
        fx.focus = s.share
        s.share = None
        return
    if s.pending is not None:  # the resign / draw question: Esc answers "no"
        endings.cancel(st, fx, s, arg)
        return
    s.selection = None
    if s.finished() and s.history.at_end:
        s.result_dismissed = True


def hint(st: AppState, fx: Effects, s: Session, arg: Any) -> None:
    play.hint(st, fx)


def show_result(st: AppState, fx: Effects, s: Session, arg: Any) -> None:
    s.result_dismissed = False


def dismiss_result(st: AppState, fx: Effects, s: Session, arg: Any) -> None:
    s.result_dismissed = True


def reveal(st: AppState, fx: Effects, s: Session, arg: Any) -> None:
    """The privacy screen's "I am …": the player to move sees their cards."""
    if s.private_hot_seat():
        s.revealed = s.state.to_move()


def reveal_all(st: AppState, fx: Effects, s: Session, arg: Any) -> None:
    """After the game, a deliberate step: every hidden card is shown (never saved)."""
    if not s.finished():
        raise GameError(_("the cards stay hidden until the game is over"))
    if not s.has_hidden_information():
        raise GameError(_("this game has no hidden cards"))
    s.reveal_all = True


# ---------------------------------------------------------------------- sharing and files
def open_share(st: AppState, fx: Effects, s: Session, arg: Any) -> None:
    """The Share window (app/widgets/share.py); ``arg`` "result": opened by the game-over window."""
    s.share = "result-share" if arg == "result" else "share"


def draw_qr(st: AppState, fx: Effects, s: Session, arg: Any) -> None:
    """The page's follow-up to an open Share window: import segno; the render draws the code."""
    if s.share:
        share.load()


def close_share(st: AppState, fx: Effects, s: Session, arg: Any) -> None:
    if s.share:
        fx.focus = s.share
    s.share = None


def copy_link(st: AppState, fx: Effects, s: Session, arg: Any) -> None:
    fx.clipboard = play.share_link(st, s)
    fx.say(_("Share link copied. It opens this exact position."))


def export_text(st: AppState, fx: Effects, s: Session, arg: Any) -> None:
    """The position as text (games with a text form), copied."""
    text = s.view.export_text(s.state)
    if text:
        fx.clipboard = text
        fx.say(
            _("Position text copied. Paste it into the position editor or a new game's start position."),
            text,
        )


def export_game(st: AppState, fx: Effects, s: Session, arg: Any) -> None:
    """"Save file": the game's record as a file."""
    rec = s.history.record
    fx.download = {"name": f"{rec.game_id}-{rec.seed}.json", "text": json.dumps(rec.to_json(), indent=1)}


def rematch(st: AppState, fx: Effects, s: Session, arg: Any) -> None:
    """A new game with the same options, players and clock."""
    options = s.spec.options_from_dict(s.history.record.options)
    preset = s.clock.preset if s.clock else None
    new = play.new_session(st, fx, s.spec, options, play.fresh_seed(st), s.players)
    if preset:
        new.clock = GameClock.new(preset)
        play.save(st, fx)


#: the game screen's commands by name
GAME_COMMANDS: dict[str, GameCommand] = {
    "undo": undo,
    "back": back,
    "redo": redo,
    "forward": redo,
    "first": first,
    "last": last,
    "goto": goto,
    "ai-here": ai_here,
    "clock-check": clock_check,
    "flip": flip,
    "deselect": deselect,
    "hint": hint,
    "show-result": show_result,
    "dismiss-result": dismiss_result,
    "reveal": reveal,
    "reveal-all": reveal_all,
    "share": open_share,
    "share-qr": draw_qr,
    "close-share": close_share,
    "copy-link": copy_link,
    "export-text": export_text,
    "export-game": export_game,
    "rematch": rematch,
    **endings.COMMANDS,
}

#: the game screen's commands, as the shell's table calls them
COMMANDS: dict[str, Handler] = {name: on_game(command) for name, command in GAME_COMMANDS.items()}


# ---------------------------------------------------------------------- switches
def on_change(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    """The game screen's switches: who plays, the AI's level, display preferences, motion and
    sounds. With no game open it does nothing."""
    if st.session is None:
        return
    name, value = str(action.get("name", "")), action.get("value")
    s = play.require_game(st)
    kinds = list(s.players.kinds)
    level = s.players.level
    if name in ("player0", "player1") and value in ("human", "ai"):
        kinds[int(name[-1])] = value
    elif name == "level" and value in ("easy", "normal", "hard"):
        level = value
    elif name.startswith("setting:"):
        playfeel.set_feel(st, fx, name[8:], value)
        return
    elif name.startswith("pref:") and name[5:] in {p[0] for p in s.view.preferences}:
        prefs = {k: dict(v) for k, v in st.settings.get("prefs", {}).items()}
        prefs.setdefault(s.spec.id, {})[name[5:]] = value in (True, "true", "on")
        persist.save_settings(st, fx, {**st.settings, "prefs": prefs})
        return
    else:
        raise GameError(
            _("The setting {name} cannot take the value {value}.").format(
                name=repr(str(name)[:40]), value=repr(value)[:40]
            )
        )
    s.players = Players((kinds[0], kinds[1]), level)
    play.save(st, fx)
