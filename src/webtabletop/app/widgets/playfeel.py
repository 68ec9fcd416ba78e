"""Play feel on the shell side (docs/board.md): what an answer says about a move, and the
motion/sound settings.

Invariants:
- an answer that changed the position forward (a player's move, the computer's move, redo)
  carries ``moved: true``, ``sound`` (the view's :meth:`GameView.move_sound`, or ``"end"`` when
  the game is over), ``status`` (the view's :meth:`GameView.describe_move` sentence) and
  ``announce`` (what the page reads out: :mod:`~webtabletop.app.widgets.announce`); no other
  answer has ``moved`` (hovers and previews never animate);
- a view that fails to describe a move never breaks the move: the status falls back to the
  move's label, the sound to ``"move"``.

A drag's start selects the dragged thing (:func:`lift`, for a game and a match alike); drops,
premoves and the hint button are actions on the game: :mod:`~webtabletop.app.game.play`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from webtabletop.app.model import persist
from webtabletop.app.model.saves import DEFAULT_REPLY_DELAY, REPLY_DELAYS
from webtabletop.app.widgets import announce
from webtabletop.core.protocol import GameError, State
from webtabletop.i18n import _

if TYPE_CHECKING:
    from webtabletop.app.model.effects import Effects
    from webtabletop.app.model.openmatch import OpenMatch
    from webtabletop.app.model.session import Session
    from webtabletop.app.model.state import AppState

#: the page's own switches (name -> default); remembered in the settings document. ``engine``:
#: "Engine details" (the AI's playouts, depth and nodes; move codes in the log and in labels)
FEEL_SETTINGS = {"motion": True, "sounds": False, "engine": False, "text": False}
#: the colour theme: follow the system's ``prefers-color-scheme``, or always light, or always dark
THEMES = ("system", "light", "dark")


def describe(session: Session | OpenMatch, before: State, after: State, code: str) -> str:
    """The view's sentence for a move; its label if the view fails (the status line never breaks
    a move): :func:`webtabletop.app.widgets.announce.describe`."""
    return announce.describe(session, before, after, code)


def sound_of(session: Session | OpenMatch, before: State, after: State, code: str) -> str:
    if after.is_over:
        return "end"
    try:
        sound = session.view.move_sound(before, after, code)
    except Exception:  # noqa: BLE001
        sound = "move"
    return sound if sound in ("move", "capture", "check") else "move"


def moved(fx: Effects, s: Session | OpenMatch, before: State, code: str) -> None:
    """Mark this answer as the one after a move (animations, sound, status line)."""
    after = s.state
    fx.moved = True
    fx.sound = sound_of(s, before, after, code)
    fx.status = describe(s, before, after, code)
    announce.moved(fx, s, before, code, fx.status)  # read out once (the page's live region)


def feel(st: AppState) -> dict[str, Any]:
    """The page's settings for board.js and web/main.py (every answer carries them): the
    switches, and ``reply_delay``, the seconds the player's move stays shown before the
    computer's reply is applied; and the theme (web/boot-head.js applies it:
    ``<html data-theme="light|dark">``)."""
    out: dict[str, Any] = {name: st.settings.get(name, default) is True for name, default in FEEL_SETTINGS.items()}
    out["reply_delay"] = reply_delay(st)
    theme = st.settings.get("theme")
    out["theme"] = theme if theme in THEMES else "system"
    return out


def reply_delay(st: AppState) -> float:
    delay = st.settings.get("reply_delay", DEFAULT_REPLY_DELAY)
    return delay if delay in REPLY_DELAYS and not isinstance(delay, bool) else DEFAULT_REPLY_DELAY


def set_feel(st: AppState, fx: Effects, name: str, value: Any) -> None:
    """The "Animations" / "Sounds" / "Engine details" switches, the reply delay and the theme."""
    if name == "theme":
        if value not in THEMES:
            raise GameError(_("There is no theme called {name}.").format(name=repr(str(value)[:40])))
        persist.save_settings(st, fx, {**st.settings, "theme": value})
        return
    if name == "reply_delay":
        chosen = next((d for d in REPLY_DELAYS if str(d) == str(value)), None)
        if chosen is None:
            raise GameError(_("The computer's reply cannot wait {value} s.").format(value=str(value)[:20]))
        persist.save_settings(st, fx, {**st.settings, "reply_delay": chosen})
        return
    if name not in FEEL_SETTINGS:
        raise GameError(_("There is no setting called {name}.").format(name=repr(str(name)[:40])))
    persist.save_settings(st, fx, {**st.settings, name: value in (True, "true", "on")})


def lift(holder: Any, settings: dict[str, Any], drag: str) -> None:
    """A drag starts (web/board.js): the dragged thing becomes the selection whatever was
    selected, as chessground's drag start selects its square, so its targets show (and are the
    drop targets) while it is dragged. Nothing is played and no message is shown: a pick that
    would play a move is left for the drop. ``holder`` is a :class:`Session` or an open match
    (both have ``view``, ``state``, ``context``, ``selection`` and ``message``)."""
    for _attempt in range(2):  # a view whose selection token differs may toggle it off first
        if holder.selection == drag:
            return
        result = holder.view.pick(holder.state, holder.context(settings), drag)
        if result.move is not None:
            return
        holder.selection = result.selection
        holder.message = None
        if result.selection is not None:
            return
