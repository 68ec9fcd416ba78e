"""Stars earned in lessons, one storage document per game: ``webtabletop:learn:<game>`` holds
``{"stars": {lesson id: 1..3}}``.

Invariants: stars never go down (a later, worse solve keeps the best); a write first reads the
document again from the storage snapshot (another tab may have earned stars meanwhile) and merges;
an unreadable document is set aside by the storage layer, never wiped (docs/architecture.md, "The core": storage).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from webtabletop.app.model import persist
from webtabletop.core import storage
from webtabletop.core.storage import PREFIX, Schema
from webtabletop.i18n import _
from webtabletop.learn.lesson import MAX_STARS

if TYPE_CHECKING:
    from webtabletop.app.model.effects import Effects
    from webtabletop.app.model.state import AppState

LEARN_PREFIX = PREFIX + "learn:"
#: the most lessons (and later puzzles) a document remembers
MAX_ENTRIES = 500
LESSON_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")


def _validate(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict) or not isinstance(data.get("stars"), dict):
        raise ValueError(_("lesson progress must hold a table of stars"))
    stars = data["stars"]
    if len(stars) > MAX_ENTRIES:
        raise ValueError(_("lesson progress lists too many lessons"))
    for key, value in stars.items():
        if not isinstance(key, str) or not LESSON_ID.match(key):
            raise ValueError(_("lesson progress names a lesson badly"))
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_STARS:
            raise ValueError(_("lesson progress holds a number of stars out of range"))
    return {"stars": dict(sorted(stars.items()))}


LESSON_STARS = Schema("lesson-stars", 1, _validate)


def key(game_id: str) -> str:
    return f"{LEARN_PREFIX}{game_id}"


def stars(st: AppState, fx: Effects, game_id: str) -> dict[str, int]:
    """The stars earned in ``game_id``'s lessons (an unreadable document is set aside once)."""
    data = persist.read(st, fx, key(game_id), LESSON_STARS)
    return dict(data["stars"]) if data else {}


def earn(st: AppState, fx: Effects, game_id: str, lesson_id: str, earned: int) -> int:
    """Remember ``earned`` stars for a lesson unless it has as many already; the best count."""
    table = stars(st, fx, game_id)
    best = max(earned, table.get(lesson_id, 0))
    if table.get(lesson_id) != best:
        table[lesson_id] = best
        persist.write(st, fx, storage.write(LESSON_STARS, key(game_id), {"stars": table}))
    return best
