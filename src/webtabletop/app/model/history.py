"""The history of finished games as storage documents: one document per finished game.

Key: ``webtabletop:history:<game>:<id>``. The document (schema ``finished-game``, version 1)::

    {"game": id, "date": ms, "opponent": {"kind": "ai", "level": "easy"} | {"kind": "hotseat"}
     | {"kind": "friend", "match": match id, "name": the name the player gave (optional)},
     "side": the player's side (0 | 1; null in hot-seat, where the player plays both),
     "result": {"winner": 0 | 1 | null, "reason": text}, "moves": plies,
     "record": a game record (core/record.py; absent in a *summary*),
     "timed": true (the game ended on a clock, after the record's last move; optional),
     "link": a game with a friend's latest link (it opens the game read-only; optional),
     "check": a game with a friend's end check: "verified" | "forfeit" | "cheat-friend" | "cheat-you",
     "summary": true (kept as its result only: no record, no link; optional)}

Why one document per game: two tabs that finish two games write two keys, so neither write can
lose the other (one shared list would be read, changed and written back by each tab, and the
later write would drop the earlier game). The id is made from the game itself and the slot of its
saved game (:func:`game_id`): the same finished game written again, by a reload, a replay or
another tab, lands on the same key, so a game is in the history once; two games played alike are
two games.

A *summary* keeps everything but the record (and link): the game still counts in the statistics,
but its review cannot be opened from the history any more. Summaries exist only when the history
is full (app/model/keeping.py says when).

Reading validates each document (:data:`FINISHED`) through the storage layer; an unreadable one
is listed as unreadable and set aside when the history page opens (never deleted).
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

import attrs

from webtabletop.app.model.saves import AI_LEVELS, validate_result
from webtabletop.core import storage
from webtabletop.core.inputs import is_finite_number
from webtabletop.core.protocol import GameError
from webtabletop.core.record import Record
from webtabletop.core.registry import is_game
from webtabletop.core.storage import PREFIX, Schema
from webtabletop.i18n import _

HISTORY_PREFIX = PREFIX + "history:"
#: a history id: 16 hex digits (a game on this device) or "f" and 16 (a game with a friend)
ID = re.compile(r"^f?[0-9a-f]{16}$")
#: the longest name a player may give a friend
MAX_NAME = 40
#: the longest friend's link kept (longer links are not kept: the game opens from "Games with friends")
MAX_LINK = 4000
OPPONENTS = ("ai", "hotseat", "friend")
CHECKS = ("verified", "forfeit", "cheat-friend", "cheat-you")


def clean_name(text: Any) -> str:
    """A friend's name as kept: printable, single spaces, at most :data:`MAX_NAME` characters."""
    return " ".join("".join(c for c in str(text) if c.isprintable()).split())[:MAX_NAME]


def _opponent(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict) or data.get("kind") not in OPPONENTS:
        raise ValueError(_("the opponent must be the computer, hot-seat or a friend"))
    kind = data["kind"]
    if kind == "ai":
        if data.get("level") not in AI_LEVELS:
            raise ValueError(_("unknown AI level {level}").format(level=repr(data.get("level"))[:40]))
        return {"kind": kind, "level": data["level"]}
    if kind == "hotseat":
        return {"kind": kind}
    mid = data.get("match")
    if not isinstance(mid, str) or not re.fullmatch(r"[0-9a-f]{16}", mid):
        raise ValueError(_("a game with a friend must name its match"))
    out = {"kind": kind, "match": mid}
    name = data.get("name")
    if name is not None:
        if not isinstance(name, str) or clean_name(name) != name or not name:
            raise ValueError(_("bad friend's name"))
        out["name"] = name
    return out


def _validate(data: Any) -> dict[str, Any]:
    """A finished game: a known game, a plausible date, an opponent, a result, and (unless it is
    a summary) a record of that game, as long as it says. The record's moves are replayed when
    its review opens and when a file is imported (app/data/flow.py), not at every read."""
    if not isinstance(data, dict):
        raise ValueError(_("a finished game must be an object"))
    game = data.get("game")
    if not is_game(game):
        raise ValueError(_("it names a game this app does not have"))
    date: Any = data.get("date")  # a number, checked below
    if not is_finite_number(date) or not 0 <= date < 10**15:
        raise ValueError(_("bad timestamp"))
    side = data.get("side")
    if side not in (None, 0, 1) or isinstance(side, bool):
        raise ValueError(_("bad side"))
    result = validate_result(data.get("result"))
    moves = data.get("moves")
    if not isinstance(moves, int) or isinstance(moves, bool) or not 0 <= moves <= 100_000:
        raise ValueError(_("bad number of moves"))
    opponent = _opponent(data.get("opponent"))
    if (opponent["kind"] == "hotseat") != (side is None):
        raise ValueError(_("bad side"))
    out: dict[str, Any] = {
        "game": game,
        "date": date,
        "opponent": opponent,
        "side": side,
        "result": result,
        "moves": moves,
    }
    if "record" in data:
        record = Record.from_json(data["record"])
        if record.game_id != game:
            raise ValueError(_("its record is of another game"))
        if len(record.moves) != moves:
            raise ValueError(_("bad number of moves"))
        out["record"] = record.to_json()
    if data.get("timed") is True:
        out["timed"] = True
    if data.get("summary") is True:
        if "record" in data or "link" in data:
            raise ValueError(_("a game kept as its result only holds no record"))
        out["summary"] = True
    link = data.get("link")
    if link is not None:
        if not isinstance(link, str) or not 0 < len(link) <= MAX_LINK or not link.startswith(f"#/{game}/m?"):
            raise ValueError(_("bad link"))
        out["link"] = link
    check = data.get("check")
    if check is not None:
        if check not in CHECKS or opponent["kind"] != "friend":
            raise ValueError(_("bad end check"))
        out["check"] = check
    return out


FINISHED = Schema("finished-game", 1, _validate)


def key(game: str, hid: str) -> str:
    return f"{HISTORY_PREFIX}{game}:{hid}"


def split_key(k: str) -> tuple[str, str] | None:
    """(game, id) of a history key, or None when it is not one."""
    if not k.startswith(HISTORY_PREFIX):
        return None
    game, _sep, hid = k[len(HISTORY_PREFIX) :].partition(":")
    return (game, hid) if is_game(game) and ID.match(hid) else None


def game_id(record: Record, kinds: tuple[str, str], slot: str) -> str:
    """The id of a game finished on this device: made from its record, who played it and its
    saved game's slot (made when the game started: app/game/play.py ``new_slot``), so the same
    game always has the same id, in every tab and after a reload, and two games have different
    ones even when they were played alike (the same deal, the same moves: a DumaRaj game has no
    randomness, and a resignation at the first move is common)."""
    text = json.dumps(
        {"record": record.to_json(), "kinds": list(kinds), "slot": slot},
        sort_keys=True,
        separators=(",", ":"),
    )
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def friend_id(mid: str) -> str:
    """The id of a game with a friend: its match's (one match is one game)."""
    return "f" + mid


@attrs.frozen
class Entry:
    """One finished game as the history shows it."""

    key: str
    id: str
    game: str
    date: float
    opponent: dict[str, Any]
    side: int | None
    winner: int | None
    reason: str
    moves: int
    record: dict[str, Any] | None  # None: a summary (or a game with a friend without one)
    link: str | None
    check: str | None
    timed: bool
    summary: bool  # kept as its result only (its record and link were let go when the history was full)
    size: int  # characters of the key and the document

    @property
    def kind(self) -> str:
        return str(self.opponent["kind"])

    @property
    def outcome(self) -> str:
        """ "won", "lost" or "drawn" for the player; in hot-seat "drawn" or the winner's side ("0"/"1")."""
        if self.winner is None:
            return "drawn"
        if self.side is None:
            return str(self.winner)
        return "won" if self.winner == self.side else "lost"

    @property
    def counted(self) -> bool:
        """Counts in win rates: a game with a friend whose end check found cheating does not."""
        return self.check not in ("cheat-friend", "cheat-you")


#: parsed entries by their stored text (reading validates; the history is read at every render)
_PARSED: dict[str, dict[str, Any] | None] = {}
_CACHE_SIZE = 6000


def _parsed(k: str, raw: str) -> dict[str, Any] | None:
    if raw not in _PARSED:
        if len(_PARSED) >= _CACHE_SIZE:
            _PARSED.clear()
        _PARSED[raw] = storage.read({k: raw}, k, FINISHED).data
    return _PARSED[raw]


def entry(k: str, raw: str) -> Entry | None:
    """The entry stored at ``k``, or None when it cannot be read (or is stored under a key that
    is not its game's)."""
    named = split_key(k)
    data = _parsed(k, raw)
    if named is None or data is None or data["game"] != named[0]:
        return None
    result = data["result"]
    return Entry(
        key=k,
        id=named[1],
        game=named[0],
        date=float(data["date"]),
        opponent=data["opponent"],
        side=data["side"],
        winner=result["winner"],
        reason=result["reason"],
        moves=data["moves"],
        record=data.get("record"),
        link=data.get("link"),
        check=data.get("check"),
        timed=data.get("timed", False),
        summary=data.get("summary", False),
        size=len(k) + len(raw),
    )


def entries(store: dict[str, str]) -> tuple[list[Entry], list[str]]:
    """Every finished game in ``store``, newest first, and the keys that cannot be read."""
    out, bad = [], []
    for k in store:
        if not k.startswith(HISTORY_PREFIX):
            continue
        found = entry(k, store[k])
        if found is None:
            bad.append(k)
        else:
            out.append(found)
    out.sort(key=lambda e: (-e.date, e.key))
    return out, sorted(bad)


def older(raw: str) -> bool:
    """The stored text is a finished game of an older version (the history page migrates it,
    after a copy: core/storage.py)."""
    try:
        version = json.loads(raw).get("version")
    except (ValueError, AttributeError):
        return False
    return isinstance(version, int) and not isinstance(version, bool) and version < FINISHED.version


def document(data: dict[str, Any]) -> str:
    """The stored text of a finished game (validated)."""
    return storage.encode_doc(FINISHED, FINISHED.validate(data))


def as_summary(raw: str) -> str | None:
    """The stored text of the same game kept as its result only (no record, no link), or None
    when ``raw`` cannot be read."""
    try:
        data = json.loads(raw)["data"]
    except (ValueError, TypeError, KeyError):
        return None
    if not isinstance(data, dict):
        return None
    try:
        return document({**{k: v for k, v in data.items() if k not in ("record", "link")}, "summary": True})
    except (ValueError, TypeError, KeyError, GameError):
        return None
