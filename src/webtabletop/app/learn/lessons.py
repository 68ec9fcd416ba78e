"""The lesson screens of every game: ``#/<game>/learn`` lists the game's lessons with
the stars earned, ``#/<game>/learn/<id>`` plays one (:mod:`webtabletop.learn` holds the lessons
and judges an attempt; :mod:`~webtabletop.app.learn.lessonpage` writes the HTML; :mod:`~webtabletop.app.learn.store` keeps the stars).

Routes: ``("learn", game)`` the list; ``("lesson", game, lesson id)`` a lesson, whose attempt is
:attr:`AppState.lesson <webtabletop.app.model.state.AppState.lesson>`.

Invariants:
- a lesson's board is the game's own view over a :class:`~webtabletop.app.model.session.Session` that is never saved:
  a lesson never touches the player's saved games;
- every move goes through the rules; an illegal one is refused with the rules' reason and
  changes nothing; a legal one that misses the goal ends the attempt with the lesson's
  explanation and a "Try again" (the stars of a later solve count the misses);
- the opponent answers with the lesson's fixed reply, or, when the learner left the lesson's
  line, with the game's AI at its easy level: at once in a lesson, and in a guided first game as
  in a real game, after the reply delay (the answer asks the page for an ``ai`` action), with
  its sentence on the status line.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

import attrs

from webtabletop.ai.mcts import game_ai
from webtabletop.app.game import render as gamerender
from webtabletop.app.learn import lessonpage
from webtabletop.app.learn import store as lessonstore
from webtabletop.app.model.lessonrun import REPLY_LEVEL, Attempt, new_attempt
from webtabletop.app.model.state import error_route
from webtabletop.app.widgets import announce, playfeel, textmode
from webtabletop.core.protocol import GameError, GameSpec
from webtabletop.core.registry import get_game
from webtabletop.i18n import _
from webtabletop.learn import catalog
from webtabletop.learn.lesson import GOING, MISSED, REACHED, fixed_reply, judge, stars

if TYPE_CHECKING:
    from webtabletop.app.model.effects import Effects
    from webtabletop.app.model.state import AppState


# ---------------------------------------------------------------------- routes
def open_learn(
    st: AppState, fx: Effects, spec: GameSpec, query: dict[str, str], rest: tuple[str, ...] = ()
) -> None:
    """``#/<game>/learn`` (the list) or ``#/<game>/learn/<id>`` (a lesson)."""
    if not rest:
        st.route = ("learn", spec.id)
        return
    found = catalog.find(spec.id, rest[0]) if len(rest) == 1 else None
    if found is None:
        st.route = error_route(
            _("Lesson not found"),
            _("{game} has no lesson “{lesson}”.").format(game=_(spec.title), lesson="/".join(rest)[:60]),
            spec.id,
        )
        return
    index, lesson = found
    run = st.lesson
    if run is None or run.spec.id != spec.id or run.lesson.id != lesson.id:
        st.lesson = new_attempt(spec, index, lesson)
        st.lesson.best = lessonstore.stars(st, fx, spec.id).get(lesson.id, 0)
    st.route = ("lesson", spec.id, lesson.id)


# ---------------------------------------------------------------------- renderers
def render_list(st: AppState, fx: Effects) -> tuple[str, str]:
    spec = get_game(st.route[1])
    earned = lessonstore.stars(st, fx, spec.id)
    html = lessonpage.lesson_list(
        spec, catalog.lessons(spec.id), earned, st.notices, catalog.first_game(spec.id)
    )
    return html, _("{game}: learn to play · webtabletop").format(game=_(spec.title))


def render_lesson(st: AppState, fx: Effects) -> tuple[str, str] | None:
    run = st.lesson
    if run is None or st.route[0] != "lesson":
        return None
    s = run.session
    ctx = attrs.evolve(s.context(st.settings), study=True)
    if run.verdict != GOING:
        ctx = attrs.evolve(ctx, interactive=False, selection=None, hover=None)
    else:
        ctx = attrs.evolve(ctx, hint=guide(run))
    total = len(catalog.lessons(run.spec.id))
    following = catalog.lessons(run.spec.id)[run.index + 1].id if run.index + 1 < total else None
    if (
        following is None
        and catalog.first_game(run.spec.id) is not None
        and run.lesson.id != catalog.FIRST_GAME
    ):
        following = catalog.FIRST_GAME
    html = textmode.skip_link(st.settings) + lessonpage.lesson_screen(
        spec=run.spec,
        view=s.view,
        lesson=run.lesson,
        number=run.index + 1,
        total=total,
        board=textmode.board(s.view, s.state, ctx, st.settings, last=gamerender.status_line(s, ctx)),
        panel=s.view.panel(s.state, ctx),
        prompt=s.view.prompt(s.state, ctx) if run.verdict == GOING else "",
        # as in a real game: what the last move did and the move before (the board's mark of
        # the suggested move is the tip's, not the status line's)
        status_line=gamerender.status_line(s, attrs.evolve(ctx, hint=None)),
        previous_line=gamerender.previous_line(s, attrs.evolve(ctx, hint=None)),
        left=max(0, run.lesson.allowed - run.played),
        tip=_(run.lesson.tip(run.played)) if run.lesson.tips and run.verdict == GOING else "",
        verdict=run.verdict,
        earned=run.earned,
        best=run.best,
        message=run.message,
        following=following,
        notices=st.notices,
        picture=run.lesson.picture() if run.lesson.picture is not None else "",
    )
    shown = (run.spec.id, f"lesson:{run.lesson.id}")
    if st.shown != shown:
        fx.top = True
        st.shown = shown
    fx.selection = s.selection is not None
    return html, _("{game}: {lesson} · webtabletop").format(
        game=_(run.spec.title), lesson=_(run.lesson.title)
    )


def guide(run: Attempt) -> str | None:
    """A guided lesson's next move (the board marks it) while the learner follows its line."""
    lesson, s = run.lesson, run.session
    if (
        not lesson.guided
        or run.played >= len(lesson.solution)
        or s.state.to_move() != lesson.learner(run.start)
    ):
        return None
    if run.off_line:
        return None  # the learner left the line: no more marks
    code = lesson.solution[run.played]
    return code if any(m.code == code for m in s.state.legal_moves()) else None


# ---------------------------------------------------------------------- moves
def require_attempt(st: AppState) -> Attempt:
    if st.lesson is None or st.route[0] not in ("lesson", "puzzle"):
        raise GameError(_("No lesson is open."))
    return st.lesson


def play(st: AppState, fx: Effects, code: str) -> None:
    """The learner's move: through the rules, then judged; the opponent answers while the
    lesson goes on."""
    run = require_attempt(st)
    s = run.session
    if run.verdict != GOING:
        raise GameError(_("This attempt is over: press “Try again”."))
    learner = run.lesson.learner(run.start)
    if s.state.to_move() != learner:
        raise GameError(_("Wait for the other side's move."))
    before = s.state
    s.history.play(code)  # raises IllegalMove with the rules' reason
    if run.played >= len(run.lesson.solution) or code != run.lesson.solution[run.played]:
        run.off_line = True
    run.played += 1
    run.message = None
    s.selection = s.hover = None
    playfeel.moved(fx, s, before, code)
    verdict = judge(run.lesson, run.start, s.state, run.played)
    if run.lesson.guided and awaits_reply(run, verdict):
        fx.ai = True  # as in a real game: the page shows this move for the reply delay, then asks
        return
    while awaits_reply(run, verdict):
        answered = run.session.state
        code = play_reply(st, run)
        announce.moved(fx, run.session, answered, code)  # the other side's reply is read out too
        verdict = judge(run.lesson, run.start, s.state, run.played)
    settle(st, fx, run, verdict)


def awaits_reply(run: Attempt, verdict: str) -> bool:
    """The attempt goes on and the opponent is to move."""
    state = run.session.state
    return verdict == GOING and not state.is_over and state.to_move() != run.lesson.learner(run.start)


def play_reply(st: AppState, run: Attempt) -> str:
    """The opponent's next move: the lesson's fixed reply while the learner follows its line,
    else the game's AI at its easy level; returns its code."""
    s = run.session
    reply = None if run.off_line else fixed_reply(run.lesson, s.state, run.replies)
    if reply is None:
        run.off_line = True
        reply = game_ai(run.spec.id)(s.state, REPLY_LEVEL, seed=st.rng.next_u64()).move.code
    s.history.play(reply)
    run.replies += 1
    return reply


def reply(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    """The ``ai`` action of a guided first game: the page asks for the opponent's answer once the
    learner's move has been shown for the reply delay, as in a real game; the answer's sentence
    is the status line and is read out (:func:`playfeel.moved`). A late or repeated ask, when the
    opponent is not to move, changes nothing."""
    run = st.lesson
    if run is None or st.route[0] != "lesson" or not awaits_reply(run, run.verdict):
        return
    before = run.session.state
    code = play_reply(st, run)
    playfeel.moved(fx, run.session, before, code)
    verdict = judge(run.lesson, run.start, run.session.state, run.played)
    if awaits_reply(run, verdict):
        fx.ai = True  # a turn of more than one move (a Tsifrograd crossing): the next one after the delay
        return
    settle(st, fx, run, verdict)


def settle(st: AppState, fx: Effects, run: Attempt, verdict: str) -> None:
    """The attempt's verdict once the opponent has answered: stars for a solve, the lesson's
    explanation for a miss."""
    run.verdict = verdict
    if verdict == REACHED:
        run.earned = stars(run.misses)
        run.best = lessonstore.earn(st, fx, run.spec.id, run.lesson.id, run.earned)
    elif verdict == MISSED:
        run.misses += 1
        run.message = (
            _(run.lesson.miss)
            if run.lesson.miss
            else _("That move is legal, but it does not reach the goal.")
        )


def guarded(step):
    """Run a board action; a refused move shows its reason on the lesson and changes nothing."""

    @functools.wraps(step)
    def handler(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
        run = require_attempt(st)
        try:
            step(st, fx, run, action)
        except GameError as exc:
            run.message = str(exc)
            run.session.selection = None

    return handler


def _pick(st: AppState, fx: Effects, run: Attempt, token: str) -> None:
    s = run.session
    if run.verdict != GOING:
        raise GameError(_("This attempt is over: press “Try again”."))
    result = s.view.pick(s.state, s.context(st.settings), token)
    s.selection = result.selection
    run.message = result.message
    if result.move is not None:
        play(st, fx, result.move)


@guarded
def on_move(st: AppState, fx: Effects, run: Attempt, action: dict[str, Any]) -> None:
    play(st, fx, str(action.get("code", "")))


@guarded
def on_pick(st: AppState, fx: Effects, run: Attempt, action: dict[str, Any]) -> None:
    _pick(st, fx, run, str(action.get("token", "")))


@guarded
def on_drop(st: AppState, fx: Effects, run: Attempt, action: dict[str, Any]) -> None:
    """A drag released on a target: the dragged thing is selected, then the target picked (as
    :func:`webtabletop.app.game.play.drop`)."""
    s = run.session
    drag, target = str(action.get("drag", "")), str(action.get("drop", ""))
    plies = run.played
    if s.selection != drag:
        _pick(st, fx, run, drag)
        if s.selection is None and run.played == plies:
            _pick(st, fx, run, drag)
    if run.played == plies:
        _pick(st, fx, run, target)


def on_hover(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    run = require_attempt(st)
    token, dragged = action.get("token"), action.get("drag")
    token = f"{dragged}@{token}" if token and dragged else token
    run.session.hover = str(token) if token and run.verdict == GOING else None


def on_cancel(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    run = require_attempt(st)
    run.session.selection = run.session.hover = None


# ---------------------------------------------------------------------- buttons
def retry(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    """The lesson from its start again (a miss counts already; a solve starts afresh)."""
    run = require_attempt(st)
    misses = run.misses if run.verdict != REACHED else 0
    best = run.best
    st.lesson = new_attempt(run.spec, run.index, run.lesson, misses)
    st.lesson.best = best
    st.lesson.puzzle = run.puzzle


#: a lesson's commands (the shell's table; a puzzle adds its own)
COMMANDS = {"lesson-retry": retry}
