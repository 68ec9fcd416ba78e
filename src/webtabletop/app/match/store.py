"""Matches by link in this browser's storage, and what the app shows of each.

Key: ``webtabletop:match:<game>:<id>`` holds one match, ``<id>`` being the first 8 bytes (hex) of
the match key (``MatchData.key()``: the game, its options, the creator's side and clock and the
creator's commitment), so opening any link of a match finds the match this browser holds. The
document (schema ``match``, version 1) is ``{"match": store.to_json(match), "updated": ms}``:
the secret lives there and nowhere else (it never travels in a link).

Reading validates by rebuilding the match (every chain value and move checked,
:func:`webtabletop.correspondence.store.from_json`); a document that does not rebuild is set
aside by the usual storage machinery. The app caches rebuilt matches by the document's text
(app/match/flow.py), so a list of matches costs a replay once per change, not once per render.

Parts of a friend's link not all here yet: ``webtabletop:parts:<game>:<id>`` (schema
``match-parts``, version 1, ``{"parts": [fragments], "updated": ms}``; app/match/parts.py).
"""

from __future__ import annotations

import datetime
import json
from typing import TYPE_CHECKING, Any

import attrs

from webtabletop.app.match import ruledraws
from webtabletop.app.model import keeping, persist
from webtabletop.core import storage
from webtabletop.core.inputs import is_finite_number
from webtabletop.core.protocol import State
from webtabletop.core.storage import PREFIX, Schema, encode_doc
from webtabletop.correspondence import Match, store
from webtabletop.correspondence.endings import RESIGN
from webtabletop.correspondence.parts import MAX_PARTS, read_part
from webtabletop.fairplay.beacon import sender
from webtabletop.i18n import _

MATCH_PREFIX = PREFIX + "match:"

if TYPE_CHECKING:
    from webtabletop.app.model.effects import Effects
    from webtabletop.app.model.state import AppState


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

#: the parts of a friend's link not all here yet (app/match/parts.py)
PARTS_PREFIX = PREFIX + "parts:"


def _validate_parts(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict) or not isinstance(data.get("parts"), list):
        raise ValueError(_("stored parts of a link must be an object with a list of parts"))
    updated = data.get("updated", 0)
    if not is_finite_number(updated) or not 0 <= updated < 10**15:
        raise ValueError(_("bad timestamp"))
    texts = [t for t in data["parts"] if isinstance(t, str)][:MAX_PARTS]
    for t in texts:
        read_part(t)  # each still reads (raises a clear MatchError otherwise)
    return {"parts": texts, "updated": updated}


PARTS = Schema("match-parts", 1, _validate)


PARTS = Schema("match-parts", 1, _validate_parts)


def match_secret(raw: str) -> bool:
    """The stored text ``raw`` is a player's match, holding its secret."""
    try:
        doc = json.loads(raw)
    except ValueError:  # an unreadable entry holds nothing we can tell
        return False
    match = doc.get("data", {}).get("match") if isinstance(doc, dict) else None
    return isinstance(match, dict) and match.get("secret") is not None


def without_secret(raw: str) -> str:
    """The stored text of a match as a spectator's (``store.without_secrets``); anything that is
    not a readable match document is returned as it is."""
    try:
        data = json.loads(raw)["data"]
        return encode_doc(MATCH, {**data, "match": store.without_secrets(data["match"])})
    except Exception:  # noqa: BLE001 - kept as it is
        return raw


def document(match: Match, now: float) -> str:
    """The stored text of ``match`` (not re-validated: it comes from a verified match)."""
    return encode_doc(MATCH, {"match": store.to_json(match), "updated": now})


def sent_latest(m: Match) -> bool:
    """The latest link (with the ending on it) was made by this browser: sending it again can
    help a friend who did not get it, while a link the friend made is theirs already."""
    e = m.data.ending
    if e is None:
        return m.data.count > 0 and sender(m.data.count) == m.seat
    answered = e.kind == RESIGN and m.spec.cards is not None and None not in e.reveals
    return (e.seat != m.seat) if answered else (e.seat == m.seat)


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
    #: the end check: None (not run, or a game without hidden cards), True, or False
    verified: bool | None = None
    #: who the end check found cheating: "friend", "you" (this browser's own part failed), or None
    cheater: str | None = None
    #: the game is over and this browser waits for its friend's link revealing its secret
    awaiting: bool = False
    reveal_deadline: datetime.date | None = None
    forfeit: bool = False
    over: bool = False
    #: why the game ended, untranslated (``Outcome.reason``: "resignation", "draw agreed", …)
    reason: str | None = None
    #: the friend's draw offer waits for this player's answer
    offer: bool = False
    #: a link of the friend proved that it cheated (``Match.finding``): the game stopped there
    finding: bool = False
    #: the number of the latest link this browser holds, and whether this browser made it
    links: int = 0
    sent_here: bool = False


def summary(key: str, match: Match, updated: float) -> Summary:
    history = match.public_history
    last = None
    if history:
        before, code = history[-1]
        last = (before, match.public_position, code)
    if match.is_over and not match.my_link:
        status = "over"
    elif match.my_link:
        status = "mine"
    else:
        status = "theirs"
    outcome = match.state.outcome() if match.is_over else None
    cheater = None
    if match.cheater is not None and match.seat is not None:
        cheater = "you" if match.cheater == match.seat else "friend"
    if match.finding is not None:
        cheater = "friend"
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
        match.verified if match.spec.cards is not None else None,
        cheater,
        match.awaiting_secret,
        match.reveal_deadline,
        match.forfeit,
        match.is_over,
        None if outcome is None else outcome.reason,
        match.draw_offered or ruledraws.offered(match),
        match.finding is not None,
        match.data.count,
        match.seat is not None and sent_latest(match),
    )


# ---------------------------------------------------------------------- the app's copies
def load_match(st: AppState, fx: Effects, key: str) -> Match | None:
    """The match stored at ``key``, or None (none, or set aside). Rebuilt matches are kept
    by their document's text (this app's own: one match object per document, changed only
    by this app and saved at once)."""
    raw = st.store.get(key)
    if raw is None:
        return None
    built = st.match_cache.get(raw)
    if built is not None:
        return built
    data = persist.read(st, fx, key, MATCH)
    if data is None:
        return None
    match = store.from_json(data["match"])
    remember(st, st.store.get(key, raw), match)
    return match


def remember(st: AppState, text: str, match: Match) -> None:
    """Keep ``match`` as the rebuilt form of the document ``text``, and of no other: a match
    object changes in place (a move, a link received), so the text it was loaded from must not
    give it back once an older document is restored."""
    for old in [t for t, m in st.match_cache.items() if m is match]:
        del st.match_cache[old]
    if len(st.match_cache) >= 100:
        st.match_cache.clear()
    st.match_cache[text] = match


def save_match(st: AppState, fx: Effects, om) -> None:
    """Store the match of ``om`` (an :class:`~webtabletop.app.model.openmatch.OpenMatch`) when this
    browser holds it."""
    if om.key is None:
        return
    text = document(om.match, st.now)
    remember(st, text, om.match)
    persist.write(st, fx, storage.Write(om.key, text))
    if not om.was_settled and om.settled():  # its end was settled just now: into the history
        om.was_settled = True
        keeping.keep_match(st, fx, om)


def today() -> datetime.date:
    """The date of this browser (tests replace it to let days pass): every date the match
    screens and commands use comes from here."""
    return datetime.date.today()
