""""Learn from your mistakes" on the review screen (modelled on Lichess's retrospection,
``ui/analyse/src/retrospect``): the positions where one player's move was marked come back one by
one, from that player's side of the table (nothing hidden from them is shown), and the player
tries to find a better move on the board. A move counts as found when it loses less than the
``?!`` threshold against the best move (judged as the review judges moves: only what the mover
knew, :func:`webtabletop.ai.analysis.analyse_move`); after two tries the computer's move is shown.

Nothing on screen gives the answer away while the player is asked: the computer's line at the
position stays hidden until the move is found or shown, and the board previews no move's result
(``ViewContext.previews``). Each try is judged against the best move and says so: a found move is
marked good, any other with the review's mark for its loss (``?!``, ``?``, ``??``), never more
alarming than the judgement itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from webtabletop.ai.analysis import analyse_move
from webtabletop.ai.review import MARKS, mark_for, position_seed
from webtabletop.app.model.modules import game_view
from webtabletop.core.protocol import GameError
from webtabletop.core.view import ViewContext, move_label
from webtabletop.i18n import _
from webtabletop.i18n.text import percent

if TYPE_CHECKING:
    from webtabletop.app.model.effects import Effects
    from webtabletop.app.model.reviewsession import ReviewSession
    from webtabletop.app.model.state import AppState

#: a move this close to the best one is found (the smallest mark's threshold)
FOUND = MARKS[-1][0]
#: tries before the answer is shown
TRIES = 2


@attrs.define(eq=False)
class Learn:
    player: int
    #: the move numbers of the player's marked moves, in order
    queue: list[int]
    index: int = 0
    tries: int = 0
    #: "ask", "found", "shown"
    status: str = "ask"
    found: int = 0
    selection: str | None = None
    hover: str | None = None
    message: str | None = None
    #: how the message judges the last try: "good" (found), the review's mark for its loss
    #: ("?!", "?", "??"), or "" (no judgement: the move played, the answer, a board message)
    tone: str = ""

    @property
    def ply(self) -> int | None:
        return self.queue[self.index] if self.index < len(self.queue) else None


def start(r: ReviewSession, arg: Any) -> None:
    player = 1 if str(arg) == "1" else 0
    queue = [p.ply for p in r.reviewer.plies if p.player == player and p.mark]
    r.learn = Learn(player, queue)
    show(r)


def show(r: ReviewSession) -> None:
    """The board at the position of the current mistake (before the marked move)."""
    ply = r.learn.ply if r.learn else None
    if ply is not None:
        r.set_node((0, ply - 1))
        r.flipped = r.learn.player == 1 and game_view(r.spec.id).flippable


def context(st: AppState, r: ReviewSession) -> ViewContext:
    """The learner's view: their own side only, the board playable while they are asked."""
    view = game_view(r.spec.id)
    learn = r.learn
    chosen = st.settings.get("prefs", {}).get(r.spec.id, {})
    return ViewContext(
        viewer=learn.player,
        selection=learn.selection,
        hover=learn.hover,
        interactive=learn.status == "ask",
        previews=False,
        study=True,  # a position to solve, as a puzzle's: no draw to offer (HTT's panel button)
        flipped=r.flipped,
        last_move=r.record.moves[r.cursor - 1] if r.cursor else None,
        previous=r.states[r.cursor - 1] if r.cursor else None,
        prefs={name: chosen.get(name, default) for name, _label, default in view.preferences},
    )


def attempt(st: AppState, r: ReviewSession, code: str) -> None:
    """Judge the learner's move ``code`` in the current position."""
    learn = r.learn
    ply = learn.ply
    if ply is None or learn.status != "ask":
        return
    state = r.states[ply - 1]
    state.move_from_code(code)  # IllegalMove (a GameError) for a move that is not legal
    judged = next(p for p in r.reviewer.plies if p.ply == ply)
    learn.selection = learn.hover = None
    if code == judged.move:
        learn.tries += 1
        learn.tone = ""
        learn.message = _("That is the move played in the game. Try another one.")
    else:
        analysis = r.reviewer.analyses[ply - 1]
        value = analyse_move(state, code, r.reviewer.budget, position_seed(r.reviewer.seed, ply - 1), analysis)
        best = analysis.chances[learn.player] if value.best is None else value.best
        loss = 0.0 if code == analysis.best_move else max(0.0, best - value.chances)
        if loss < FOUND:
            learn.status = "found"
            learn.found += 1
            learn.tone = "good"
            learn.message = _("Well found: {move} is as good as the computer’s choice.").format(
                move=move_label(state, code)
            )
            return
        learn.tries += 1
        learn.tone = mark_for(loss) or MARKS[-1][1]
        learn.message = _("{move} is not better: it keeps {loss} less of the winning chances than the best move. Try again.").format(
            move=move_label(state, code), loss=percent(loss)
        )
    if learn.tries >= TRIES:
        reveal(r)


def reveal(r: ReviewSession) -> None:
    learn = r.learn
    ply = learn.ply
    if ply is None:
        return
    analysis = r.reviewer.analyses[ply - 1]
    learn.status = "shown"
    learn.selection = learn.hover = None
    learn.tone = ""
    learn.message = _("The computer’s move: {move}.").format(move=move_label(r.states[ply - 1], analysis.best_move))


def advance(r: ReviewSession) -> None:
    learn = r.learn
    learn.index += 1
    learn.tries = 0
    learn.status = "ask"
    learn.message = None
    learn.tone = ""
    learn.selection = learn.hover = None
    show(r)


# ---------------------------------------------------------------------- the board's actions
def on_pick(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    r = st.review
    if r is None or r.learn is None or r.learn.status != "ask":
        return
    pick(st, r, str(action.get("token", "")))


def pick(st: AppState, r: ReviewSession, token: str) -> None:
    learn = r.learn
    result = game_view(r.spec.id).pick(r.states[r.cursor], context(st, r), token)
    learn.selection = result.selection
    if result.message:
        learn.message = result.message
        learn.tone = ""
    if result.move is not None:
        attempt(st, r, result.move)


def on_move(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    r = st.review
    if r is not None and r.learn is not None:
        attempt(st, r, str(action.get("code", "")))


def on_drop(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    """A drag released on a target: select what was dragged, then pick the target (as the game
    screen does, :func:`webtabletop.app.game.play.drop`)."""
    r = st.review
    if r is None or r.learn is None or r.learn.status != "ask":
        return
    drag, target = str(action.get("drag", "")), str(action.get("drop", ""))
    learn = r.learn
    if learn.selection != drag:
        pick(st, r, drag)
    if learn.status == "ask" and learn.selection is not None:
        pick(st, r, target)


def on_hover(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    r = st.review
    if r is not None and r.learn is not None:
        token, dragged = action.get("token"), action.get("drag")
        token = f"{dragged}@{token}" if token and dragged else token
        r.learn.hover = str(token) if token else None


def on_cancel(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    r = st.review
    if r is not None and r.learn is not None:
        r.learn.selection = r.learn.hover = None


def begin(r: ReviewSession, arg: Any) -> None:
    """"Learn from your mistakes" (``arg``: the player whose mistakes come back)."""
    if not r.reviewer.done:
        raise GameError(_("Wait for the analysis to finish."))
    start(r, arg)


def next_mistake(r: ReviewSession, arg: Any) -> None:
    advance(r)


def show_answer(r: ReviewSession, arg: Any) -> None:
    reveal(r)


def stop(r: ReviewSession, arg: Any) -> None:
    r.learn = None


#: the learning commands: (review, the button's argument); "learn-start" opens it, the others
#: act while it is open
COMMANDS: dict[str, Callable[[ReviewSession, Any], None]] = {
    "learn-start": begin,
    "learn-next": next_mistake,
    "learn-show": show_answer,
    "learn-stop": stop,
}
