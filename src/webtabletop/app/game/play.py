"""The game on this device (``AppState.session``): starting and saving it, moves, picks, drags,
the computer's move, undo and the hint button.

Functions take the state and the answer being built (:class:`~webtabletop.app.model.effects.Effects`);
the ``on_*`` functions are the handlers :mod:`~webtabletop.app.shell.app`'s table names for the game's actions.

Invariants:
- every change to the game is saved at once (:func:`save`); a game another tab changed too is
  saved under a new slot, so both versions are kept;
- a drop is one action: the dragged thing is selected (unless it already is), then the target
  is picked; a drop that plays nothing leaves no selection behind;
- a premove that is no longer legal when it is sent is dropped without a word;
- a hint never plays a move: it names the move the game's own AI chooses at its normal level,
  and the ply it was shown at is remembered in the saved game;
- a game's pages hear once that one of their games ended (:func:`report_game_over`);
- once a game with a move in it is saved, the player is no newcomer to that game (:mod:`~webtabletop.app.game.newcomer`).
"""

from __future__ import annotations

import contextlib
import inspect
import time
from typing import TYPE_CHECKING, Any

from webtabletop.ai.mcts import game_ai
from webtabletop.app.game import newcomer
from webtabletop.app.model import keeping, persist
from webtabletop.app.model.extensions import PageContext, game_pages
from webtabletop.app.model.saves import LAST_GAME, SAVED_GAME, Players, game_key, last_key
from webtabletop.app.model.session import Session
from webtabletop.app.widgets import playfeel
from webtabletop.core import sharelink, storage
from webtabletop.core.protocol import GameError, GameSpec
from webtabletop.core.record import History, Record
from webtabletop.core.view import move_label
from webtabletop.i18n import _

if TYPE_CHECKING:
    from webtabletop.app.model.effects import Effects
    from webtabletop.app.model.state import AppState

#: the level the hint button asks the game's AI at
HINT_LEVEL = "normal"


# ---------------------------------------------------------------------- the game's life
def fresh_seed(st: AppState) -> int:
    return st.rng.next_u64() >> 32  # 32-bit seeds keep links short


def new_slot(st: AppState) -> str:
    return f"{int(st.now):x}-{st.rng.next_u64() & 0xFFFFFF:06x}"


def new_session(
    st: AppState, fx: Effects, spec: GameSpec, options: Any, seed: int, players: Players, *, keep: bool = False
) -> Session:
    """A new game on screen, saved from its first move on (``keep``: at once, as the game the
    page resumes from now on)."""
    record = Record.new(spec, options, seed)
    st.session = Session(spec, new_slot(st), History(record), players)
    st.route = ("game", spec.id)
    save(st, fx, keep=keep)
    return st.session


def save(st: AppState, fx: Effects, *, keep: bool = False) -> None:
    """Save the game on screen. A game is not saved before its first move (a "Play vs AI" click
    that is never played leaves no row in "Your data") unless ``keep``; once saved, it is saved
    at every change, back to no moves too."""
    s = st.session
    if s is None:
        return
    if not keep and not s.history.record.moves and game_key(s.spec.id, s.slot) not in st.store:
        return
    if s.forked:  # never overwrite what another tab saved: keep both games
        s.slot = new_slot(st)
        s.forked = False
        fx.say(_("This game was also changed in another tab. Both versions are kept: see “Your data”."))
    w = storage.write(SAVED_GAME, game_key(s.spec.id, s.slot), s.save_data(st.now))
    s.saved_value = w.value
    persist.write(st, fx, w)
    persist.write(st, fx, storage.write(LAST_GAME, last_key(s.spec.id), {"slot": s.slot}))
    if s.history.record.moves:  # a game played: the player is no newcomer to it any more
        newcomer.mark_played(st, fx, s.spec.id)


def require_game(st: AppState) -> Session:
    if st.session is None or st.route[0] != "game":
        raise GameError(_("No game is open."))
    return st.session


def share_link(st: AppState, s: Session) -> str:
    """The link that opens the position on screen (the moves up to the cursor)."""
    return st.base + sharelink.make_hash(s.history.current_record())


def older_rules_note(spec: GameSpec) -> str:
    return _(
        "This {game} game was recorded before a correction of the rules; its moves were "
        "replayed under the corrected rules (the rules page says what changed)."
    ).format(game=_(spec.title))


def report_game_over(st: AppState, fx: Effects, s: Session) -> None:
    """Keep a game that has just ended in the history (:mod:`~webtabletop.app.model.keeping`:
    once), and tell the game's pages (once) that it ended, e.g. to update a collection."""
    keeping.keep_session(st, fx, s)
    outcome = s.state.outcome()
    pages = game_pages(s.spec.id)
    if outcome is None or s.reported or pages is None or not s.history.at_end:
        return
    s.reported = True
    pages.game_over(s.history.record, outcome, s.players, PageContext(st, fx))


# ---------------------------------------------------------------------- moves
def play(st: AppState, fx: Effects, code: str, *, confirmed: bool = False) -> None:
    """Play ``code`` for the player at the device. A game's own draw offer
    (``GameView.offer_move``, HTT's) asks first (app/game/endings.py: its confirmation plays it)."""
    s = require_game(st)
    if code == s.view.offer_move and not confirmed and not s.state.is_over:
        s.pending = "offer"
        fx.focus = "offer-cancel"
        return
    if s.state.is_over:
        raise GameError(_("The game is over: start a new game or a rematch."))
    if s.players.is_ai(s.state.to_move()) and s.history.at_end:
        raise GameError(_("It is the computer's turn."))
    if s.clock is not None and s.history.at_end and s.clock.check(st.now) is not None:
        raise GameError(_("Time is up: the game is over."))
    before = s.state
    ply = s.history.cursor
    s.history.play(code)  # raises IllegalMove with a message
    s.clock_move(st.now, before, s.state)
    note_hint_used(s, ply)
    playfeel.moved(fx, s, before, code)
    report_game_over(st, fx, s)
    s.selection = None
    s.hover = None
    s.message = None
    s.result_dismissed = False
    save(st, fx)


def pick(st: AppState, fx: Effects, token: str) -> None:
    s = require_game(st)
    result = s.view.pick(s.state, s.context(st.settings), token)
    s.selection = result.selection
    s.message = result.message
    if result.move is not None:
        play(st, fx, result.move)


def drop(st: AppState, fx: Effects, drag: str, target: str) -> None:
    """A drag released on a drop target: ONE action (select the dragged thing if it is not
    selected yet, then pick the target)."""
    s = require_game(st)
    plies = len(s.history.record.moves)
    if s.selection != drag:
        pick(st, fx, drag)
        if s.selection is None and len(s.history.record.moves) == plies:
            pick(st, fx, drag)  # the view's selection token differs and the pick toggled it off
    if len(s.history.record.moves) == plies:
        pick(st, fx, target)
    if len(s.history.record.moves) == plies and s.message is None:
        s.selection = None if s.selection == drag else s.selection


def premove(st: AppState, fx: Effects, drag: str, target: str) -> None:
    """The move queued while the computer thought, sent after its answer: played if still
    legal, otherwise forgotten without a message."""
    s = require_game(st)
    if not s.history.at_end or s.outcome() is not None or s.players.is_ai(s.state.to_move()):
        return
    plies = len(s.history.record.moves)
    with contextlib.suppress(GameError):
        drop(st, fx, drag, target)
    if len(s.history.record.moves) == plies:
        s.selection = None
        s.message = None


def undo(s: Session) -> None:
    h = s.history
    if not h.can_undo():
        return
    h.undo()
    # against the computer, undo back to a position where a human is to move
    while h.cursor > 0 and s.players.is_ai(h.state.to_move()) and not all(s.players.is_ai(p) for p in (0, 1)):
        h.undo()


# ---------------------------------------------------------------------- the computer
def ai_move(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    """The ``ai`` action: the page asks for the computer's move (after drawing the position)."""
    s = st.session
    if s is None or st.route[0] != "game" or not s.wants_ai():
        return
    chooser = game_ai(s.spec.id)
    t0 = time.perf_counter()
    before = s.state
    result = chooser(s.state, s.players.level, seed=st.rng.next_u64())
    seconds = time.perf_counter() - t0
    s.last_ai = {"seconds": round(seconds, 4), "level": s.players.level, "game": s.spec.id}
    for key in ("iterations", "depth", "nodes"):  # whatever the game's searcher reports
        value = getattr(result, key, None)
        if isinstance(value, int):
            s.last_ai[key] = value
    fx.ai_stats = s.last_ai
    done = st.now + 1000 * seconds
    if s.clock is not None and s.clock.check(done) is not None:
        report_game_over(st, fx, s)
        save(st, fx)  # the computer ran out of time while thinking
        return
    s.history.play(result.move.code)
    s.clock_move(done, before, s.state)
    s.hint = None
    playfeel.moved(fx, s, before, result.move.code)
    report_game_over(st, fx, s)
    s.selection = None
    s.result_dismissed = False
    save(st, fx)


def bench(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    """Benchmark aid: run the game's AI on the shown position with a fixed time budget and
    report what it reached (depth/nodes or playouts); plays nothing."""
    s = require_game(st)
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
    fx.bench = out


def hint(st: AppState, fx: Effects) -> None:
    """Ask the game's own AI (normal level) for a move in the position on screen."""
    s = require_game(st)
    state = s.state
    if s.outcome() is not None:
        raise GameError(_("The game is over: there is nothing to hint."))
    if s.players.is_ai(state.to_move()) and s.history.at_end:
        raise GameError(_("It is the computer's turn."))
    if s.needs_privacy_screen():
        raise GameError(_("Show your cards first, then ask for a hint."))
    result = game_ai(s.spec.id)(state, HINT_LEVEL, seed=st.rng.next_u64())
    code = result.move.code
    s.hint = code
    s.hint_ply = s.history.cursor
    s.selection = None
    s.message = None
    fx.status = _("Hint: {move}").format(move=move_label(state, code))


def note_hint_used(s: Session, ply: int) -> None:
    """The move at ``ply`` was played while a hint for it was shown: the log marks it."""
    if s.hint is not None and s.hint_ply == ply:
        s.hints.add(ply)
    s.hint = None
    s.hint_ply = None


# ---------------------------------------------------------------------- the actions (shell's table)
# With no game open these do nothing (the page may send them from a board being replaced).
def on_move(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    if st.session is not None:
        play(st, fx, str(action.get("code", "")))


def on_pick(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    if st.session is not None:
        pick(st, fx, str(action.get("token", "")))


def on_hover(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    """The pointer is over a target (``drag``: what is being dragged): the view previews it."""
    if st.session is not None:
        token, dragged = action.get("token"), action.get("drag")
        token = f"{dragged}@{token}" if token and dragged else token
        require_game(st).hover = str(token) if token else None


def on_drop(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    if st.session is not None:
        drop(st, fx, str(action.get("drag", "")), str(action.get("drop", "")))


def on_lift(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    """A drag has started: select the dragged thing (:func:`lift`)."""
    s = st.session
    if s is not None and s.outcome() is None and not s.players.is_ai(s.state.to_move()):
        s.hover = None
        playfeel.lift(s, st.settings, str(action.get("drag", "")))


def typed_move(st: AppState, fx: Effects, text: str) -> None:
    """A move typed in the move box (app/game/screen.py): the view's ``typed_moves`` names the
    code; case, spaces and dashes do not matter. Anything else is explained, nothing played."""
    s = require_game(st)
    key = "".join(ch for ch in text.lower() if not ch.isspace() and ch not in "-–—")
    if not key:
        return  # Enter in an empty box (the move just played at once)
    code = (s.view.typed_moves(s.state, s.context(st.settings)) or {}).get(key)
    if code is None:
        s.message = _("“{text}” is not a move you can play now.").format(text=text.strip()[:24])
        return
    play(st, fx, code)


def on_form(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    """The game screen's one form: the move box."""
    data = action.get("data")
    if st.session is None or action.get("name") != "typed-move" or not isinstance(data, dict):
        raise GameError(_("this form is not open"))
    typed_move(st, fx, str(data.get("move", "")))


def on_cancel(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    """A drag released outside every target."""
    if st.session is not None:
        st.session.selection = None
        st.session.hover = None


def on_premove(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    if st.session is not None:
        premove(st, fx, str(action.get("drag", "")), str(action.get("drop", "")))
