"""Matches by link in this browser's storage, and what the app shows of each.

Key: ``webtabletop:match:<game>:<id>`` holds one match, ``<id>`` being the first 8 bytes (hex) of
the match key (``MatchData.key()``: the game, its options, the creator's side and clock and the
creator's commitment), so opening any link of a match finds the match this browser holds. The
document (schema ``match``, version 1) is ``{"match": store.to_json(match), "updated": ms}``:
the secret lives there and nowhere else (it never travels in a link).

Reading validates by rebuilding the match (every chain value and move checked,
:func:`webtabletop.correspondence.store.from_json`); a document that does not rebuild is set
aside by the usual storage machinery. The app caches rebuilt matches by the document's text
(app/matchflow.py), so a list of matches costs a replay once per change, not once per render.
"""

from __future__ import annotations

import datetime
from typing import Any

import attrs

from webtabletop.core.inputs import is_finite_number
from webtabletop.core.protocol import State
from webtabletop.core.storage import PREFIX, Schema, encode_doc
from webtabletop.correspondence import Match, store
from webtabletop.i18n import _

MATCH_PREFIX = PREFIX + "match:"


def match_id(match: Match) -> str:
    return match.data.key().hex()[:16]


def match_key(game_id: str, mid: str) -> str:
    return f"{MATCH_PREFIX}{game_id}:{mid}"


def _validate(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict) or not isinstance(data.get("match"), dict):
        raise ValueError(_("a stored match must be an object"))
    updated = data.get("updated", 0)
    if not is_finite_number(updated) or not 0 <= updated < 10**15:
        raise ValueError(_("bad timestamp"))
    match = store.from_json(data["match"])  # raises a clear MatchError
    return {"match": store.to_json(match), "updated": updated}


MATCH = Schema("match", 1, _validate)


def document(match: Match, now: float) -> str:
    """The stored text of ``match`` (not re-validated: it comes from a verified match)."""
    return encode_doc(MATCH, {"match": store.to_json(match), "updated": now})


@attrs.frozen
class Summary:
    """One line of the "Games with friends" list."""

    key: str
    game: str
    mid: str
    role: int | None
    status: str  # "mine" (your move or your link to send), "theirs", "over"
    last: tuple[State, State, str] | None  # before, after, code of the latest move
    date: datetime.date | None
    deadline: datetime.date | None
    updated: float
    winner: int | None = None


def summary(key: str, match: Match, updated: float) -> Summary:
    history = match.public_history
    last = None
    if history:
        before, code = history[-1]
        last = (before, match.public_position, code)
    if match.is_over:
        status = "over"
    elif match.my_link:
        status = "mine"
    else:
        status = "theirs"
    outcome = match.state.outcome() if match.is_over else None
    return Summary(
        key,
        match.spec.id,
        key.rsplit(":", 1)[1],
        match.role,
        status,
        last,
        match.last_date,
        match.deadline,
        updated,
        None if outcome is None else outcome.winner,
    )
