"""Lessons and puzzles: their lists, a lesson or puzzle on screen and its tries, and the stars
earned, kept in this browser's storage.
"""

from webtabletop.app.learn import lessons, puzzles
from webtabletop.app.model.screen import Handler, Screen, ignore

#: a lesson's or a puzzle's board: moves are judged, the rest does nothing
BOARD: dict[str, Handler] = {
    "move": lessons.on_move,
    "pick": lessons.on_pick,
    "hover": lessons.on_hover,
    "drop": lessons.on_drop,
    "cancel": lessons.on_cancel,
    **dict.fromkeys(("premove", "change", "ai"), ignore),
}
#: a lesson's board: a guided first game's opponent answers after the reply delay (``ai``)
LESSON_BOARD: dict[str, Handler] = {**BOARD, "ai": lessons.reply}

#: the screens this package draws, for the shell's table
SCREENS = {
    "learn": Screen(lessons.render_list),
    "lesson": Screen(lessons.render_lesson, LESSON_BOARD, lessons.COMMANDS),
    "puzzles": Screen(puzzles.render_list),
    "puzzle": Screen(puzzles.render_puzzle, BOARD, puzzles.COMMANDS),
}
