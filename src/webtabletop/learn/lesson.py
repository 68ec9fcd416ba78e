"""A lesson: one idea taught by a small position, a goal and a number of moves (modelled on
Lichess's Learn stages).

Invariants:
- a lesson's position is built by the game's own code (its position builders or its rules) and
  every move in it goes through the rules: a lesson cannot show an illegal position or accept an
  illegal move;
- the goal is a predicate over the start and the current position, decided by the rules' state
  (crossed numbers, time, pieces), never by which move was clicked;
- the learner has ``moves`` moves of their own (default: the solution's length); the opponent's
  replies are fixed by the lesson (``replies``, in order); one that is not legal after another
  line (the learner found another way) is chosen by the game's AI at its easy level (the app);
- a lesson without replies is one turn of the learner's (a turn may be more than one move, as a
  Tsifrograd placement and its crossing): when the turn passes without the goal, it is missed;
- :func:`replay` proves a lesson: its solution, with its replies, reaches the goal at its last
  move and not before (``python -m webtabletop learn check``, and a test, run it).
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from webtabletop.core.protocol import GameError, State
from webtabletop.i18n import N_

#: what an attempt has come to
GOING, REACHED, MISSED = "going", "reached", "missed"
#: the most stars a lesson gives (no miss before solving it)
MAX_STARS = 3


@attrs.frozen
class Lesson:
    """One lesson. Texts are marked with ``N_`` and translated where shown."""

    #: stable id (the URL ``#/<game>/learn/<id>`` and the saved stars use it)
    id: str
    title: str
    #: the idea, in one or two sentences
    idea: str
    #: the goal, as the player reads it
    goal: str
    #: builds the start position with the game's own code
    start: Callable[[], State]
    #: (start, now) -> the goal is reached
    reached: Callable[[State, State], bool]
    #: the learner's moves (codes) that reach the goal, the opponent answering with ``replies``
    solution: tuple[str, ...]
    #: the learner's moves allowed (0: as many as the solution has)
    moves: int = 0
    #: the opponent's replies, in order
    replies: tuple[str, ...] = ()
    #: the sections of the game's rules digest it teaches (docs/lessons.md's table)
    sections: tuple[str, ...] = ()
    #: the game's items (:attr:`~webtabletop.learn.catalog.LessonBook.items`: an effect, a
    #: terrain, a mob, a card value) the learner meets and uses in it, so that the goal depends
    #: on them (docs/lessons.md's item table)
    teaches: tuple[str, ...] = ()
    #: why a legal move misses the goal, in the rules' words (shown after a miss)
    miss: str = ""
    #: a selection token of the game's view shown at the start (DumaRaj: the mob the lesson is
    #: about, so the board draws its moves before the first click)
    selected: str = ""
    #: tips shown before the learner's moves, in order (the last one stays for the moves after
    #: it): a guided first game's tips, Board Game Arena's order (theme, goal, overview, rules,
    #: specifics, strategy last)
    tips: tuple[str, ...] = ()
    #: the board marks the solution's next move while the learner follows the lesson's line
    guided: bool = False
    #: a picture shown beside the idea: a function of the game's view code returning one SVG, its
    #: words in the reader's language (HTT's first lesson: a card with its parts named)
    picture: Callable[[], str] | None = None

    def tip(self, played: int) -> str:
        """The tip before the learner's move number ``played`` (from 0), or ""."""
        return self.tips[min(played, len(self.tips) - 1)] if self.tips else ""

    @property
    def allowed(self) -> int:
        return self.moves or len(self.solution)

    def learner(self, start: State) -> int:
        """The player the learner plays: the one to move at the start."""
        return start.to_move()


#: the learner's moves a guided first game allows: a whole game, also off the lesson's line
GUIDED_MOVES = 300


def guided_game(
    *,
    idea: str,
    goal: str,
    start: Callable[[], State],
    reached: Callable[[State, State], bool],
    solution: tuple[str, ...],
    replies: tuple[str, ...],
    tips: tuple[str, ...],
    sections: tuple[str, ...] = (),
) -> Lesson:
    """A game's guided first game (``#/<game>/learn/first-game``, Board Game Arena's tutorials):
    a whole game from ``start`` with the opponent's ``replies`` fixed, a tip for each of the
    learner's moves and the board's mark on the suggested one; off the line, the game goes on to
    its end against the easy AI (``GUIDED_MOVES``: no count of moves left)."""
    return Lesson(
        id="first-game",
        title=N_("Your first game"),
        idea=idea,
        goal=goal,
        start=start,
        reached=reached,
        solution=solution,
        replies=replies,
        moves=GUIDED_MOVES,
        sections=sections,
        tips=tips,
        guided=True,
    )


def won(start: State, now: State) -> bool:
    """The learner (the player to move at ``start``) has won the game by ``now``: a lesson's goal
    in every game whose lesson ends in a win."""
    outcome = now.outcome()
    return outcome is not None and outcome.winner == start.to_move()


def judge(lesson: Lesson, start: State, now: State, played: int) -> str:
    """Where an attempt stands after the learner's ``played`` moves: reached; missed (the game
    ended, or the learner is to move with no moves left, or a one-turn lesson's turn passed);
    else still going (the opponent's replies come first)."""
    if lesson.reached(start, now):
        return REACHED
    if now.is_over:
        return MISSED
    if now.to_move() != lesson.learner(start):
        return GOING if lesson.replies else MISSED  # a one-turn lesson: the turn has passed
    return MISSED if played >= lesson.allowed else GOING


def stars(misses: int) -> int:
    """Stars for a solved lesson: 3 at the first try, 2 after one miss, 1 after more."""
    return max(1, MAX_STARS - misses)


def fixed_reply(lesson: Lesson, state: State, index: int) -> str | None:
    """The lesson's ``index``-th reply if it is legal in ``state``, else None."""
    if index >= len(lesson.replies):
        return None
    code = lesson.replies[index]
    return code if any(m.code == code for m in state.legal_moves()) else None


def replay(lesson: Lesson) -> str | None:
    """Play the solution with the fixed replies; None when it reaches the goal exactly at its
    last move, else what went wrong (English, for developers)."""
    try:
        start = lesson.start()
    except (GameError, ValueError, KeyError) as exc:
        return f"the position cannot be built: {exc}"
    learner = lesson.learner(start)
    if lesson.reached(start, start):
        return "the goal is reached before any move"
    if len(lesson.solution) > lesson.allowed:
        return f"the solution has {len(lesson.solution)} moves, {lesson.allowed} allowed"
    state, played, replies = start, 0, 0
    for code in lesson.solution:
        while not state.is_over and state.to_move() != learner:
            reply = fixed_reply(lesson, state, replies)
            if reply is None:
                return f"no legal fixed reply {replies} before the learner's move {code}"
            state = state.apply_code(reply)
            replies += 1
        if state.to_move() != learner or state.is_over:
            return f"the learner cannot move {code}: the game is over or it is not their turn"
        try:
            state = state.apply_code(code)
        except GameError as exc:
            return f"move {code} is illegal: {exc}"
        played += 1
        verdict = judge(lesson, start, state, played)
        if verdict == REACHED and played < len(lesson.solution):
            return f"the goal is reached after {played} moves, before the solution's end"
        if verdict == MISSED:
            return f"the goal is not reached after {code}"
    while not state.is_over and state.to_move() != learner and judge(lesson, start, state, played) == GOING:
        reply = fixed_reply(lesson, state, replies)
        if reply is None:
            return f"no legal fixed reply {replies} after the solution"
        state = state.apply_code(reply)
        replies += 1
    return None if judge(lesson, start, state, played) == REACHED else "the goal is not reached"
