"""Each game's lessons: ``webtabletop.games.<game>.lessons`` holds ``LESSONS`` (in teaching
order), ``SECTIONS`` (the headings of the game's rules digest, ``../shared/rules/<game>.md``, as
committed: :mod:`.digest` reads the digest itself), ``SECTION_NOTES`` (how a section that is not
a rule is mapped to a lesson) and ``FIRST_GAME`` (the guided first game).
The modules are imported on first use, so they add nothing to the page's start."""

from __future__ import annotations

import importlib
from types import ModuleType

from webtabletop.learn.lesson import Lesson


def module(game_id: str) -> ModuleType | None:
    """The game's lessons module, or None when it has none."""
    try:
        return importlib.import_module(f"webtabletop.games.{game_id}.lessons")
    except ModuleNotFoundError as exc:
        if exc.name != f"webtabletop.games.{game_id}.lessons":
            raise
        return None


def lessons(game_id: str) -> tuple[Lesson, ...]:
    mod = module(game_id)
    return tuple(mod.LESSONS) if mod is not None else ()


def sections(game_id: str) -> tuple[str, ...]:
    mod = module(game_id)
    return tuple(getattr(mod, "SECTIONS", ())) if mod is not None else ()


#: the id (and URL ``#/<game>/learn/first-game``) of a game's guided first game
FIRST_GAME = "first-game"


def first_game(game_id: str) -> Lesson | None:
    """The game's guided first game (``FIRST_GAME`` in its lessons module), or None."""
    mod = module(game_id)
    return getattr(mod, "FIRST_GAME", None) if mod is not None else None


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
    """Why a section that is not a rule (``SECTION_NOTES``: "Not in scope", "What the UI must
    offer") is taught by the lessons it is mapped to (docs/lessons.md's table)."""
    mod = module(game_id)
    return dict(getattr(mod, "SECTION_NOTES", {})) if mod is not None else {}


def uncovered(game_id: str, wanted: tuple[str, ...] | None = None) -> list[str]:
    """The sections (``wanted``, default the committed ``SECTIONS``) no lesson teaches (the guided
    first game does not count)."""
    taught = {s for lesson in lessons(game_id) for s in lesson.sections}
    return [s for s in (sections(game_id) if wanted is None else wanted) if s not in taught]
