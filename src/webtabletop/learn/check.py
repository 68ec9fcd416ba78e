"""``python -m webtabletop learn check [--json]``: replay every lesson (the guided first game
included) and puzzle of every game
through the rules and report, per game, how many there are, how many hold, and the sections of
the rules digest no lesson teaches (read from ``../shared/rules/<game>.md`` when it is there, else
the committed list: :mod:`.digest`) and the game's items (its effects, terrains, mobs, card
values: ``LessonBook.items``) no lesson teaches. Exits 1 when a lesson or puzzle fails, or when a
section or an item has no lesson (unless ``--allow-uncovered``)."""

from __future__ import annotations

import json
from typing import Any

from webtabletop.core.registry import PLAYABLE
from webtabletop.learn import catalog, digest
from webtabletop.learn import puzzle as P
from webtabletop.learn.lesson import replay


def report(games: tuple[str, ...] = PLAYABLE) -> tuple[dict[str, Any], list[str]]:
    """({game: counts}, the failures as "game/lesson: problem")."""
    out: dict[str, Any] = {}
    failures: list[str] = []
    for game in games:
        guided = catalog.first_game(game)
        lessons = catalog.lessons(game) + ((guided,) if guided is not None else ())
        ok = 0
        for lesson in lessons:
            problem = replay(lesson)
            if problem is None:
                ok += 1
            else:
                failures.append(f"{game}/{lesson.id}: {problem}")
        puzzles = P.puzzles(game)
        solved = 0
        for puzzle in puzzles:
            problem = P.verify(puzzle)
            if problem is None:
                solved += 1
            else:
                failures.append(f"{game}/puzzle {puzzle.id}: {problem}")
        if len(puzzles) < P.MINIMUM:
            failures.append(f"{game}: {len(puzzles)} puzzles, fewer than {P.MINIMUM}")
        out[game] = {
            "lessons": len(lessons),  # the guided first game counts as one
            "lessons_ok": ok,
            "puzzles": len(puzzles),
            "puzzles_ok": solved,
            "uncovered_sections": digest.uncovered(game),
            "untaught_items": catalog.untaught(game),
        }
        unknown = sorted({i for lesson in lessons for i in lesson.teaches} - set(catalog.items(game)))
        failures.extend(f"{game}: a lesson teaches {item!r}, which is no item of the game" for item in unknown)
    return out, failures


def coverage_table(games: tuple[str, ...] = PLAYABLE) -> str:
    """docs/lessons.md's table: each game's digest sections and the lessons that teach them."""
    from webtabletop.core.registry import game_module, get_game

    out = []
    for game in games:
        notes = catalog.notes(game)
        source = game_module(game).lessons
        where = f" (`{source.path}`)" if source is not None else ""
        out.append(f"### {get_game(game).title}{where}\n")
        out.append("| digest section | lessons | how |\n|---|---|---|")
        for section in digest.sections(game):
            taught = [f"`{lesson.id}`" for lesson in catalog.lessons(game) if section in lesson.sections]
            lessons = ", ".join(taught) if taught else "**none**"
            out.append(f"| {section} | {lessons} | {notes.get(section, '')} |")
        out.append("")
        if catalog.items(game):
            out.append("| item | lessons |\n|---|---|")
            for item in catalog.items(game):
                taught = [f"`{lesson.id}`" for lesson in catalog.lessons(game) if item in lesson.teaches]
                out.append(f"| {item} | {', '.join(taught) if taught else '**none**'} |")
            out.append("")
    return "\n".join(out)


def main(as_json: bool, allow_uncovered: bool = False) -> int:
    data, failures = report()
    if as_json:
        print(json.dumps(data, ensure_ascii=False, sort_keys=True))
    else:
        for game, row in data.items():
            print(
                f"{game}: {row['lessons_ok']}/{row['lessons']} lessons hold; puzzles {row['puzzles_ok']}/{row['puzzles']}"
            )
            for section in row["uncovered_sections"]:
                print(f"  no lesson yet: {section}")
            for item in row["untaught_items"]:
                print(f"  no lesson teaches: {item}")
        for failure in failures:
            print(f"FAILED {failure}")
    uncovered = any(row["uncovered_sections"] or row["untaught_items"] for row in data.values())
    return 1 if failures or (uncovered and not allow_uncovered) else 0
