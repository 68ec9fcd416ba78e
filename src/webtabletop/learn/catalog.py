"""Each game's lessons: a :class:`LessonBook` that the game's module loads on first use
(``GameModule.lessons``), so they add nothing to the page's start."""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from webtabletop.core.registry import game_module
from webtabletop.learn.lesson import Lesson


@attrs.frozen(kw_only=True)
class LessonBook:
    """A game's lessons: ``lessons`` in teaching order, ``sections`` (the headings of the game's
    rules digest, ``../shared/rules/<game>.md``, as committed: :mod:`.digest` reads the digest
    itself), ``section_notes`` (how a section that is not a rule is mapped to a lesson),
    ``first_game`` (the guided first game) and ``items``: the game's pieces of rule that a
    section lists several of (CardGO's effects and terrains, DumaRaj's mobs, SHT's card values),
    each of which some lesson must teach by doing (``Lesson.teaches``)."""

    lessons: tuple[Lesson, ...]
    sections: tuple[str, ...] = ()
    section_notes: Mapping[str, str] = attrs.field(factory=dict)
    first_game: Lesson | None = None
    items: tuple[str, ...] = ()


def book(game_id: str) -> LessonBook | None:
    """The game's lessons, or None when it has none."""
    load = game_module(game_id).lessons
    return load() if load is not None else None


def lessons(game_id: str) -> tuple[Lesson, ...]:
    found = book(game_id)
    return tuple(found.lessons) if found is not None else ()


def sections(game_id: str) -> tuple[str, ...]:
    found = book(game_id)
    return tuple(found.sections) if found is not None else ()


#: the id (and URL ``#/<game>/learn/first-game``) of a game's guided first game
FIRST_GAME = "first-game"


def first_game(game_id: str) -> Lesson | None:
    """The game's guided first game, or None."""
    found = book(game_id)
    return found.first_game if found is not None else None


def find(game_id: str, lesson_id: str) -> tuple[int, Lesson] | None:
    """The lesson's place (0-based; the guided first game comes after the lessons) and the
    lesson, or None."""
    listed = lessons(game_id)
    for i, lesson in enumerate(listed):
        if lesson.id == lesson_id:
            return i, lesson
    guided = first_game(game_id)
    if lesson_id == FIRST_GAME and guided is not None:
        return len(listed), guided
    return None


def notes(game_id: str) -> dict[str, str]:
    """Why a section that is not a rule (``section_notes``: "Not in scope", "What the UI must
    offer") is taught by the lessons it is mapped to (docs/lessons.md's table)."""
    found = book(game_id)
    return dict(found.section_notes) if found is not None else {}


def items(game_id: str) -> tuple[str, ...]:
    """The game's items that lessons must teach (``LessonBook.items``), in the book's order."""
    found = book(game_id)
    return tuple(found.items) if found is not None else ()


def untaught(game_id: str) -> list[str]:
    """The game's items no lesson teaches (the guided first game does not count)."""
    taught = {item for lesson in lessons(game_id) for item in lesson.teaches}
    return [item for item in items(game_id) if item not in taught]


def uncovered(game_id: str, wanted: tuple[str, ...] | None = None) -> list[str]:
    """The sections (``wanted``, default the committed ``SECTIONS``) no lesson teaches (the guided
    first game does not count)."""
    taught = {s for lesson in lessons(game_id) for s in lesson.sections}
    return [s for s in (sections(game_id) if wanted is None else wanted) if s not in taught]
