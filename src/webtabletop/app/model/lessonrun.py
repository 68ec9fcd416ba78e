"""The lesson on screen (:attr:`AppState.lesson <webtabletop.app.model.state.AppState.lesson>`): data
only; :mod:`~webtabletop.app.learn.lessons` plays it."""

from __future__ import annotations

from typing import Any

import attrs

from webtabletop.app.model.saves import Players
from webtabletop.app.model.session import Session
from webtabletop.core.protocol import GameSpec, State
from webtabletop.core.record import History, Record
from webtabletop.learn.lesson import GOING, Lesson

#: the AI level that answers a learner who left the lesson's line
REPLY_LEVEL = "easy"


@attrs.define(eq=False)
class Attempt:
    """The lesson on screen: the board (a session never saved) and how the attempt stands."""

    spec: GameSpec
    index: int
    lesson: Lesson
    start: State
    session: Session
    #: the learner's moves so far, the opponent's replies so far, failed attempts so far
    played: int = 0
    replies: int = 0
    misses: int = 0
    verdict: str = GOING
    #: stars of this solve, and the best kept
    earned: int = 0
    best: int = 0
    message: str | None = None
    #: the learner left the lesson's line: the AI answers, a guided lesson marks no more moves
    off_line: bool = False
    #: the puzzle this attempt plays (:mod:`webtabletop.learn.puzzle`), None for a lesson
    puzzle: Any = None


def new_attempt(spec: GameSpec, index: int, lesson: Lesson, misses: int = 0) -> Attempt:
    start = lesson.start()
    learner = lesson.learner(start)
    kinds = ("human", "ai") if learner == 0 else ("ai", "human")
    session = Session(spec, "lesson", History(Record(spec.id), [start]), Players(kinds, REPLY_LEVEL))
    session.selection = lesson.selected or None
    return Attempt(spec, index, lesson, start, session, misses=misses)


