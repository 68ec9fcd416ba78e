"""The review screen's flow (``#/<game>/review?r=<link>``): open a game for review, run the
analysis a step at a time, step through the positions.

How the analysis runs: opening a review answers with ``then: {"type": "review-step"}``; each
``review-step`` runs one search of :class:`webtabletop.ai.review.Reviewer` in the engine worker
and, while work remains and the player has not cancelled, asks for the next one the same way. So
the page shows each move's result as soon as it exists, its main thread never waits on a search,
a click between two steps is answered after at most one search, and "Cancel" stops the chain.
The page counts every step as work, so it is idle only when the review is done or stopped.

Where a review opens from: the game-over window and the game's menu (the game on screen), the
review page without a link (this browser's saved games of that game, and a record file), and any
share link (``review?r=`` with the link's payload). A game with hidden information is reviewed
only once it is over: the analysis of the other player's positions names their hidden cards.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

import attrs

from webtabletop.ai.review import REVIEW_BUDGETS, Reviewer
from webtabletop.app.model.reviewsession import ReviewSession, can_review, resume
from webtabletop.app.model.state import error_route
from webtabletop.app.review import board as reviewboard
from webtabletop.app.review import learn as reviewlearn
from webtabletop.core import sharelink
from webtabletop.core.protocol import GameError, GameSpec
from webtabletop.core.record import Record, RecordError
from webtabletop.i18n import _

if TYPE_CHECKING:
    from collections.abc import Callable

    from webtabletop.app.model.effects import Effects
    from webtabletop.app.model.screen import Handler
    from webtabletop.app.model.state import AppState


#: the budgets a review link may name (``b=``): the review's, and ``easy``, a quick analysis with
#: the same screens that the browser tests use (no button offers it)
PAGE_BUDGETS = (*REVIEW_BUDGETS, "easy")


def open_review(st: AppState, fx: Effects, spec: GameSpec, query: dict[str, str]) -> None:
    """``#/<game>/review``: the review of the link's game (``?r=``), else the page that lists
    this browser's saved games and takes a record file."""
    payload = query.get("r")
    budget = query.get("b", "normal")
    if budget not in PAGE_BUDGETS:
        budget = "normal"
    if not payload:
        st.route = ("review", spec.id, "")
        return
    r = st.review
    if r is not None and r.spec.id == spec.id and r.payload == payload and r.reviewer.budget == budget:
        st.route = ("review", spec.id, payload)  # the same review (back from another screen)
        if query.get("v") and query["v"] != reviewboard.variations_text(r):
            reviewboard.load_variations(r, fx, query["v"])
        resume(r, fx)
        return
    try:
        record, states, problem = sharelink.decode_states(spec.id, payload)
        if problem is not None:
            raise RecordError(problem)
    except (GameError, RecordError) as exc:
        st.route = error_route(
            _("This game cannot be reviewed"),
            _("{problem}. Nothing was changed: your saved games are untouched.").format(problem=exc),
            spec.id,
        )
        return
    start(st, fx, spec, record, states, budget, payload)
    if query.get("v") and st.review is not None and st.route[0] == "review":
        reviewboard.load_variations(st.review, fx, query["v"])


def start(st: AppState, fx: Effects, spec: GameSpec, record: Record, states: list, budget: str, payload: str) -> None:
    why = can_review(spec, record, states[-1].is_over)
    if why is not None:
        st.route = error_route(_("This game cannot be reviewed"), why, spec.id)
        return
    reviewer = Reviewer(states, record.moves, budget, seed=record.seed & 0xFFFFFFFF)
    main = attrs.evolve(record, variations=())
    st.review = ReviewSession(spec, main, reviewer, cursor=len(record.moves), payload=payload)
    if record.variations:
        reviewboard.adopt_variations(st.review, fx, record.variations)
    st.route = ("review", spec.id, payload)
    resume(st.review, fx)
    fx.top = True


def current(st: AppState) -> ReviewSession | None:
    r = st.review
    if r is None or st.route[0] != "review" or len(st.route) < 3 or not st.route[2]:
        return None
    return r


# ---------------------------------------------------------------------- actions
def on_step(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    """One search of the review on screen; asks for the next while work remains."""
    if st.review is not None:
        st.review.pending = False
    r = current(st)
    if r is None:
        return
    if r.needs_analysis():  # the position the player looks at first
        r.analyse_node()
        resume(r, fx)
        return
    if not r.running:
        return
    if not r.reviewer.step() or r.reviewer.done:
        r.running = False
    resume(r, fx)


def on_step_elsewhere(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    """A step that arrives after the player left the review: it pauses there, nothing to draw."""
    if st.review is not None:
        st.review.pending = False
    fx.quiet = True


def goto(r: ReviewSession, where: int) -> None:
    """The game's own position after ``where`` moves."""
    r.set_node((0, max(0, min(len(r.record.moves), where))))


def _goto_ply(r: ReviewSession, arg: Any) -> bool:
    try:
        goto(r, int(str(arg)))
    except ValueError:
        return False
    return True


def _next_mistake(r: ReviewSession, arg: Any) -> None:
    """The next marked move of the player after the cursor."""
    marked = [p.ply for p in r.reviewer.plies if p.mark and p.ply > r.cursor]
    if marked:
        goto(r, marked[0] - 1)


def first(r: ReviewSession, arg: Any) -> None:
    goto(r, 0)


def back(r: ReviewSession, arg: Any) -> None:
    r.set_node((r.line, r.cursor - 1))


def forward(r: ReviewSession, arg: Any) -> None:
    r.set_node((r.line, r.cursor + 1))


def last(r: ReviewSession, arg: Any) -> None:
    r.set_node((r.line, r.tree.end(r.line)))


def flip(r: ReviewSession, arg: Any) -> None:
    r.flipped = not r.flipped


def cancel(r: ReviewSession, arg: Any) -> None:
    r.running = False


def go_on(r: ReviewSession, arg: Any) -> None:
    r.running = True


#: the review's own buttons and keys: name -> handler(review, arg); a handler that returns False
#: did nothing (a ply that is not a number), so nothing is analysed either
STEPS: dict[str, Callable[[ReviewSession, Any], bool | None]] = {
    "review-goto": _goto_ply,
    "first": first,
    "back": back,
    "forward": forward,
    "last": last,
    "flip": flip,
    "review-cancel": cancel,
    "review-continue": go_on,
    "review-mistake": _next_mistake,
}


def on_learn(command: Callable[[ReviewSession, Any], None], *, opens: bool = False) -> Handler:
    """A command of "Learn from your mistakes": it acts while the learning is open (``opens``:
    it opens it); the analysis waits while the player is asked."""

    @functools.wraps(command)
    def handler(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
        r = current(st)
        if r is not None and (opens or r.learn is not None):
            command(r, action.get("arg"))

    return handler


def on_board(command: Callable[[AppState, Effects, ReviewSession, Any], None]) -> Handler:
    """A command of the analysis board (none while the player is asked about a mistake)."""

    @functools.wraps(command)
    def handler(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
        r = current(st)
        if r is not None and r.learn is None:
            command(st, fx, r, action.get("arg"))
            resume(r, fx)

    return handler


def on_steps(command: Callable[[ReviewSession, Any], bool | None], *, while_learning: bool = False) -> Handler:
    """A step of :data:`STEPS` (while the player is asked about a mistake, only the steps that
    keep the position: ``while_learning``); a variation's position is analysed when shown, a
    continued review goes on."""

    @functools.wraps(command)
    def handler(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
        r = current(st)
        if r is None or (r.learn is not None and not while_learning):
            return
        if command(r, action.get("arg")) is not False:
            resume(r, fx)

    return handler


def deselect(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    """Esc: drops the selection on the board of the mistake asked about, else on the analysis board."""
    r = current(st)
    if r is None:
        return
    if r.learn is not None:
        r.learn.selection = None
        return
    r.selection = None
    resume(r, fx)


def nothing(r: ReviewSession, arg: Any) -> None:
    """A key of the page the review has no use for (Ctrl+Z, Ctrl+Y, u): the analysis goes on."""


#: the review screen's commands and keys, as the shell's table calls them
COMMANDS: dict[str, Handler] = {
    **{name: on_learn(command, opens=name == "learn-start") for name, command in reviewlearn.COMMANDS.items()},
    **{name: on_board(command) for name, command in reviewboard.COMMANDS.items()},
    **{name: on_steps(command, while_learning=name == "flip") for name, command in STEPS.items()},
    "deselect": deselect,
    "undo": on_steps(nothing),
    "redo": on_steps(nothing),
}


def on_import(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    """A record file chosen on the review page: reviewed at once (a record of another game opens
    that game's review)."""
    text, name = str(action.get("text", "")), str(action.get("name", "file"))
    try:
        record = Record.loads(text)
        states = record.replay()
        payload = sharelink.encode(record)
    except GameError as exc:
        fx.say(_("{name} cannot be reviewed: {problem}").format(name=name, problem=exc))
        return
    start(st, fx, record.spec, record, states, "normal", payload)
    if st.route[0] == "review":
        fx.hash = f"#/{record.game_id}/review?r={payload}"
