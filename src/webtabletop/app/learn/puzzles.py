"""The puzzle screens of every game: ``#/<game>/puzzles`` lists the game's puzzles
with the stars earned, ``#/<game>/puzzles/<id>`` plays one, ``#/puzzle`` opens the puzzle of the
day (:mod:`webtabletop.learn.puzzle` holds the puzzles; :mod:`~webtabletop.app.learn.puzzlepage` writes the HTML).

A puzzle plays as a one-turn lesson (:func:`~webtabletop.learn.puzzle.as_lesson`) on the lesson
machinery (:mod:`~webtabletop.app.learn.lessons`: moves through the rules, judged by the goal, never saved as a game);
its stars go to the lesson store under ``puzzle-<id>``. Routes: ``("puzzles", game)`` the list;
``("puzzle", game, id)`` a puzzle, whose attempt is :attr:`AppState.lesson`.

Invariants: the solution and its explanation are shown only after a solve or a give-up ("Show
the solution", which plays the solution on the board); a give-up earns no stars.
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING, Any

import attrs

from webtabletop.app.game import render as gamerender
from webtabletop.app.learn import lessons, puzzlepage
from webtabletop.app.learn import store as lessonstore
from webtabletop.app.model.lessonrun import new_attempt
from webtabletop.app.model.state import error_route
from webtabletop.app.widgets import playfeel, textmode
from webtabletop.core.protocol import GameError, GameSpec, State
from webtabletop.core.registry import PLAYABLE, get_game
from webtabletop.i18n import _, ngettext, pgettext
from webtabletop.i18n.text import join_sentences
from webtabletop.learn import puzzle as P
from webtabletop.learn.lesson import GOING

if TYPE_CHECKING:
    from webtabletop.app.model.effects import Effects
    from webtabletop.app.model.session import Session
    from webtabletop.app.model.state import AppState


# ---------------------------------------------------------------------- routes
def open_puzzles(st: AppState, fx: Effects, spec: GameSpec, query: dict[str, str], rest: tuple[str, ...] = ()) -> None:
    """``#/<game>/puzzles`` (the list) or ``#/<game>/puzzles/<id>`` (a puzzle)."""
    if not rest:
        st.route = ("puzzles", spec.id)
        return
    found = P.find(spec.id, rest[0]) if len(rest) == 1 else None
    if found is None:
        st.route = error_route(
            _("Puzzle not found"),
            _("{game} has no puzzle “{puzzle}”.").format(game=_(spec.title), puzzle="/".join(rest)[:60]),
            spec.id,
        )
        return
    index, puzzle = found
    run = st.lesson
    if run is None or run.puzzle is None or run.spec.id != spec.id or run.puzzle.id != puzzle.id:
        st.lesson = new_attempt(spec, index, P.as_lesson(puzzle))
        st.lesson.puzzle = puzzle
        st.lesson.best = lessonstore.stars(st, fx, spec.id).get(puzzle.store_id, 0)
    st.route = ("puzzle", spec.id, puzzle.id)


def today() -> int:
    """The player's day (days since 1970, by the device's clock)."""
    return (datetime.date.today() - datetime.date(1970, 1, 1)).days


def daily() -> P.Puzzle | None:
    return P.of_the_day(PLAYABLE, today())


def open_daily(st: AppState, fx: Effects) -> None:
    """``#/puzzle``: today's puzzle."""
    puzzle = daily()
    if puzzle is None:
        st.route = error_route(_("Puzzle not found"), _("There are no puzzles yet."), "")
        return
    open_puzzles(st, fx, get_game(puzzle.game), {}, (puzzle.id,))


# ---------------------------------------------------------------------- texts
def goal_of(puzzle: P.Puzzle) -> str:
    return P.kinds(puzzle.game)[puzzle.kind].goal(puzzle.target)


def solution_text(puzzle: P.Puzzle, start: State, session: Session) -> tuple[str, str]:
    """The solution's moves, named as the move log names them, and why it is the one: what each
    move does in the game's own sentences (the status line's, :func:`playfeel.describe`), then
    the kind's reason, which refers back to them ("That move wins at once")."""
    state = start
    names, said, replies = [], [], list(puzzle.replies)
    me = state.to_move()
    for code in puzzle.solution:
        while state.to_move() != me and replies and not state.is_over:
            state = state.apply_code(replies.pop(0))
        names.append(state.move_label(state.move_from_code(code)))
        after = state.apply_code(code)
        said.append(playfeel.describe(session, state, after, code))
        state = after
    kind = P.kinds(puzzle.game)[puzzle.kind]
    return pgettext("list separator", ", ").join(names), join_sentences(
        [*said, kind.explain(puzzle.target, puzzle.others)]
    )


def home_box() -> str:
    """The home page's puzzle of the day, or ""."""
    puzzle = daily()
    if puzzle is None:
        return ""
    return puzzlepage.of_the_day(_(get_game(puzzle.game).title), puzzle.game, puzzle.id, goal_of(puzzle))


# ---------------------------------------------------------------------- renderers
def render_list(st: AppState, fx: Effects) -> tuple[str, str]:
    spec = get_game(st.route[1])
    stars = lessonstore.stars(st, fx, spec.id)
    listed = P.puzzles(spec.id)
    earned = {p.id: stars.get(p.store_id, 0) for p in listed}
    items = [(p.id, goal_of(p)) for p in listed]
    return puzzlepage.puzzle_list(spec, items, earned, st.notices), _("{game}: puzzles · webtabletop").format(
        game=_(spec.title)
    )


def render_puzzle(st: AppState, fx: Effects) -> tuple[str, str] | None:
    run = st.lesson
    if run is None or run.puzzle is None or st.route[0] != "puzzle":
        return None
    puzzle, s = run.puzzle, run.session
    # no preview of a move's result: finding it is the puzzle
    ctx = attrs.evolve(s.context(st.settings), study=True, previews=False)
    if run.verdict != GOING:
        ctx = attrs.evolve(ctx, interactive=False, selection=None, hover=None)
    listed = P.puzzles(run.spec.id)
    following = listed[run.index + 1].id if run.index + 1 < len(listed) else None
    moves, explanation = solution_text(puzzle, run.start, s)
    ply = len(puzzle.moves) + 1
    origin = ngettext(
        "From the computer's game against itself, after {n} move.",
        "From the computer's game against itself, after {n} moves.",
        ply - 1,
    ).format(n=ply - 1)
    html = textmode.skip_link(st.settings) + puzzlepage.puzzle_screen(
        spec=run.spec,
        view=s.view,
        pid=puzzle.id,
        number=run.index + 1,
        total=len(listed),
        goal=goal_of(puzzle),
        knowledge=P.knowledge(puzzle, run.start),
        origin=origin,
        board=textmode.board(s.view, s.state, ctx, st.settings, last=gamerender.status_line(s, ctx)),
        panel=s.view.panel(s.state, ctx),
        prompt=s.view.prompt(s.state, ctx) if run.verdict == GOING else "",
        status_line=gamerender.status_line(s, ctx),
        verdict=run.verdict,
        earned=run.earned,
        best=run.best,
        message=run.message,
        following=following,
        solution=puzzlepage.solution_html(moves, explanation),
        notices=st.notices,
    )
    shown = (run.spec.id, f"puzzle:{puzzle.id}")
    if st.shown != shown:
        fx.top = True
        st.shown = shown
    fx.selection = s.selection is not None
    title = _("{game}: puzzle {n} · webtabletop").format(game=_(run.spec.title), n=run.index + 1)
    return html, title


# ---------------------------------------------------------------------- buttons
def show_solution(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    """Give up: the puzzle from its start with the solution played on the board; no stars."""
    run = lessons.require_attempt(st)
    if run.puzzle is None:
        raise GameError(_("That button does nothing in a lesson."))
    puzzle = run.puzzle
    fresh = new_attempt(run.spec, run.index, run.lesson, run.misses + 1)
    fresh.puzzle, fresh.best = puzzle, run.best
    s = fresh.session
    replies = list(puzzle.replies)
    me = fresh.start.to_move()
    for code in puzzle.solution:
        while s.state.to_move() != me and replies and not s.state.is_over:
            s.history.play(replies.pop(0))
        s.history.play(code)
    while replies and not s.state.is_over and s.state.to_move() != me:  # the answers within the turn
        code = replies.pop(0)
        if any(m.code == code for m in s.state.legal_moves()):
            s.history.play(code)
    fresh.verdict = puzzlepage.SHOWN
    fresh.session.selection = None
    st.lesson = fresh


#: a puzzle's commands: a lesson's, and "Show the solution"
COMMANDS = {**lessons.COMMANDS, "puzzle-solution": show_solution}
