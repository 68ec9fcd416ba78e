""" "Continue learning" on the home page: the game played last, its next lesson or puzzle not done
yet, and the stars earned in it.

- *The game played last*: the newest date among this browser's saved games (their last change),
  finished games (their end) and games with friends (their last link). Only a game actually
  played counts (a lesson is not a game); with none, the box is not shown.
- *Next*: the first lesson, in teaching order, with no star yet; then the guided first game; then
  the first puzzle with no star yet. With every one done, the box says so and offers the puzzles.
- *Stars*: the lesson store's (stars never go down; :mod:`~webtabletop.app.learn.store`).

Dates are read from the documents as they are, without replaying anything: the home page is drawn
often and must stay cheap; a document that cannot be read simply does not count here (the screens
that open it set it aside).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import attrs

from webtabletop.app.learn import store as lessonstore
from webtabletop.app.learn.puzzles import goal_of
from webtabletop.app.model.history import HISTORY_PREFIX
from webtabletop.app.model.saves import GAME_PREFIX
from webtabletop.app.widgets.pages import link
from webtabletop.core.inputs import is_finite_number
from webtabletop.core.registry import PLAYABLE, get_game
from webtabletop.core.view import esc
from webtabletop.i18n import _, ngettext
from webtabletop.learn import catalog
from webtabletop.learn import puzzle as P
from webtabletop.learn.lesson import MAX_STARS

if TYPE_CHECKING:
    from webtabletop.app.model.effects import Effects
    from webtabletop.app.model.state import AppState

#: where each kind of played game keeps its date: key prefix -> field of the document's data
DATED = {GAME_PREFIX: "updated", HISTORY_PREFIX: "date", "webtabletop:match:": "updated"}


def _date(raw: str, field: str) -> float | None:
    try:
        value = json.loads(raw)["data"][field]
    except (ValueError, TypeError, KeyError):
        return None
    return float(value) if is_finite_number(value) and not isinstance(value, bool) else None


def last_played(store: dict[str, str]) -> str | None:
    """The game played last in this browser, or None."""
    best: tuple[float, str] | None = None
    for k, raw in store.items():
        prefix = next((p for p in DATED if k.startswith(p)), None)
        if prefix is None:
            continue
        game = k[len(prefix) :].partition(":")[0]
        when = _date(raw, DATED[prefix])
        if game in PLAYABLE and when is not None and (best is None or when > best[0]):
            best = (when, game)
    return best[1] if best else None


@attrs.frozen
class Progress:
    """A game's learning: the next step (kind "lesson" | "first-game" | "puzzle" | "" when all is
    done), its place and title, and the stars."""

    game: str
    kind: str
    step: str  # the lesson's or puzzle's id
    number: int  # its place in its list (1-based)
    count: int  # how many its list has
    title: str  # untranslated (a lesson's title; a puzzle's goal is made where shown)
    lesson_stars: int
    lesson_total: int
    puzzles_solved: int
    puzzle_count: int


def progress(game: str, stars: dict[str, int]) -> Progress:
    lessons = catalog.lessons(game)
    guided = catalog.first_game(game)
    puzzles = P.puzzles(game)
    base: dict[str, Any] = {
        "game": game,
        "lesson_stars": sum(stars.get(lesson.id, 0) for lesson in lessons),
        "lesson_total": MAX_STARS * len(lessons),
        "puzzles_solved": sum(1 for p in puzzles if stars.get(p.store_id)),
        "puzzle_count": len(puzzles),
    }
    for i, lesson in enumerate(lessons, 1):
        if not stars.get(lesson.id):
            return Progress(
                kind="lesson", step=lesson.id, number=i, count=len(lessons), title=lesson.title, **base
            )
    if guided is not None and not stars.get(guided.id):
        return Progress(kind="first-game", step=guided.id, number=1, count=1, title=guided.title, **base)
    for i, p in enumerate(puzzles, 1):
        if not stars.get(p.store_id):
            return Progress(kind="puzzle", step=p.id, number=i, count=len(puzzles), title="", **base)
    return Progress(kind="", step="", number=0, count=0, title="", **base)


def _next(p: Progress, puzzle_goal: str) -> tuple[str, str | None]:
    """What comes next, as a sentence, and where "Continue" goes (None: everything is done)."""
    if p.kind == "lesson":
        text = _("Next: lesson {n} of {total}, “{title}”.").format(
            n=p.number, total=p.count, title=_(p.title)
        )
        return text, f"#/{p.game}/learn/{p.step}"
    if p.kind == "first-game":
        text = _("Next: “{title}”, a whole game with tips.").format(title=_(p.title))
        return text, f"#/{p.game}/learn/{p.step}"
    if p.kind == "puzzle":
        text = _("Every lesson done. Next: puzzle {n} of {total}: {goal}").format(
            n=p.number, total=p.count, goal=puzzle_goal
        )
        return text, f"#/{p.game}/puzzles/{p.step}"
    return _("You have done every lesson and puzzle of this game."), None


def box(st: AppState, fx: Effects) -> str:
    """The home page's "Continue learning" box, or "" when no game was played yet."""
    game = last_played(st.store)
    if game is None:
        return ""
    p = progress(game, lessonstore.stars(st, fx, game))
    goal = ""
    if p.kind == "puzzle":
        found = P.find(game, p.step)
        goal = goal_of(found[1]) if found is not None else ""
    title = _(get_game(game).title)
    stars = ngettext(
        "{n} star of {total} in lessons", "{n} stars of {total} in lessons", p.lesson_stars
    ).format(n=p.lesson_stars, total=p.lesson_total)
    solved = ngettext(
        "{n} puzzle solved of {total}", "{n} puzzles solved of {total}", p.puzzles_solved
    ).format(n=p.puzzles_solved, total=p.puzzle_count)
    text, target = _next(p, goal)
    # one row of buttons: "Continue" first, then the game's lessons and puzzles (a short box, so
    # the games' cards below stay high on the page)
    buttons = link(esc(_("Continue")), target, "btn primary") if target else ""
    buttons += link(esc(_("All lessons")), f"#/{game}/learn", "btn ghost")
    buttons += link(esc(_("Puzzles")), f"#/{game}/puzzles", "btn" if target is None else "btn ghost")
    return (
        f"<aside class='continue-learning' data-continue='{esc(game)}' data-next='{esc(p.kind)}:{esc(p.step)}' "
        f"aria-labelledby='continue-title'><h2 id='continue-title'>"
        f"{esc(_('Continue learning: {game}').format(game=title))}</h2><p>{esc(text)}</p>"
        f"<p class='note continue-stars'><span aria-hidden='true'>★</span> {esc(stars)} · {esc(solved)}</p>"
        f"<div class='continue-links'>{buttons}</div></aside>"
    )
