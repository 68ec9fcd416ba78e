"""Saved games and settings as storage documents (schemas, validation, keys).

Keys: ``webtabletop:game:<game>:<slot>`` holds one saved game (its record, cursor and players);
``webtabletop:last:<game>`` names the slot to resume; ``webtabletop:settings`` holds preferences.
One document per game means two tabs never overwrite each other's games.

:func:`saved_games` lists them as "Your data" and the review show them: read through their schema
(never trusted), an entry that does not validate is listed as unreadable, not opened.
"""

from __future__ import annotations

import re
from typing import Any

import attrs

from webtabletop.core import storage
from webtabletop.core.errors import GameError
from webtabletop.core.inputs import guard, is_finite_number
from webtabletop.core.record import Record, RecordError
from webtabletop.core.registry import PLAYABLE, get_game
from webtabletop.core.storage import PREFIX, Schema
from webtabletop.correspondence.live import ice as live_ice
from webtabletop.i18n import _

GAME_PREFIX = PREFIX + "game:"
LAST_PREFIX = PREFIX + "last:"
SETTINGS_KEY = PREFIX + "settings"
MAX_PREFS = 20
PLAYER_KINDS = ("human", "ai")
AI_LEVELS = ("easy", "normal", "hard")


@attrs.frozen
class Players:
    kinds: tuple[str, str] = ("human", "human")
    level: str = "normal"

    def is_ai(self, player: int) -> bool:
        return self.kinds[player] == "ai"

    def to_json(self) -> dict[str, Any]:
        return {"kinds": list(self.kinds), "level": self.level}

    @classmethod
    def from_json(cls, data: Any) -> Players:
        if not isinstance(data, dict):
            raise ValueError(_("players must be an object"))
        kinds = data.get("kinds", ["human", "human"])
        level = data.get("level", "normal")
        if not isinstance(kinds, list) or len(kinds) != 2 or any(k not in PLAYER_KINDS for k in kinds):
            raise ValueError(_("players must be two of human/ai"))
        if level not in AI_LEVELS:
            raise ValueError(_("unknown AI level {level}").format(level=repr(level)[:40]))
        return cls((kinds[0], kinds[1]), level)


#: the longest slot name (slots are made by the app: time and random digits in hex)
MAX_SLOT = 64
#: game results as saved: {"winner": 0 | 1 | None, "reason": text}
MAX_REASON = 300


def _validate_game(data: Any) -> dict[str, Any]:
    """A saved game is valid only if it can be opened: its record starts (game, options, seed,
    length within the game's ply cap), its cursor is inside the record, its players and clock
    are well formed and every number is finite. (Its moves are replayed when it is opened; an
    import replays them too.)"""
    if not isinstance(data, dict):
        raise ValueError(_("a saved game must be an object"))
    if "record" not in data:
        raise ValueError(_("a saved game must hold a record"))
    record = Record.from_json(data["record"])
    guard(record.start_state, RecordError, _("the saved game’s record"))
    cursor = data.get("cursor", len(record.moves))
    if not isinstance(cursor, int) or isinstance(cursor, bool) or not 0 <= cursor <= len(record.moves):
        raise ValueError(_("cursor out of range"))
    players = Players.from_json(data.get("players", {}))
    clock = data.get("clock")
    if clock is not None:
        from webtabletop.app.model.clock import GameClock

        GameClock.from_json(clock)
    updated = data.get("updated", 0)
    if not is_finite_number(updated) or not 0 <= updated < 10**15:
        raise ValueError(_("bad timestamp"))
    out = {
        "record": record.to_json(),
        "cursor": cursor,
        "players": players.to_json(),
        "updated": updated,
        "clock": clock,
        "reported": data.get("reported", False) is True,
    }
    # plies whose move was played after a hint (games saved before hints existed have none)
    hints = data.get("hints", [])
    if not isinstance(hints, list) or len(hints) > len(record.moves) + 1:
        raise ValueError(_("bad hint list"))
    if any(not isinstance(p, int) or isinstance(p, bool) or not 0 <= p <= len(record.moves) for p in hints):
        raise ValueError(_("hint ply out of range"))
    out["hints"] = sorted(set(hints))
    if data.get("first") is True:  # a newcomer's first game (app/game/newcomer.py): its screen says so
        out["first"] = True
    kept = data.get("kept")  # its ending is in the history under this id (app/model/keeping.py)
    if kept is not None:
        if not isinstance(kept, str) or not re.fullmatch(r"[0-9a-f]{16}", kept):
            raise ValueError(_("bad history id"))
        out["kept"] = kept
    result = data.get("result")
    if result is not None:
        out["result"] = validate_result(result)
    return out


def validate_result(result: Any) -> dict[str, Any]:
    """A game's result as stored: ``{"winner": 0 | 1 | None, "reason": text}``."""
    if (
        not isinstance(result, dict)
        or result.get("winner") not in (None, 0, 1)
        or isinstance(result.get("winner"), bool)
        or not isinstance(result.get("reason"), str)
        or len(result["reason"]) > MAX_REASON
    ):
        raise ValueError(_("bad result"))
    return {"winner": result["winner"], "reason": result["reason"]}


def _validate_last(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict) or not isinstance(data.get("slot"), str):
        raise ValueError(_("no slot named"))
    if not 0 < len(data["slot"]) <= MAX_SLOT or ":" in data["slot"]:
        raise ValueError(_("bad slot name"))
    return {"slot": data["slot"]}


#: how long the player's move stays on screen before the computer's reply (seconds; 0: at once)
REPLY_DELAYS = (0, 0.3, 0.7, 1.2, 2)
DEFAULT_REPLY_DELAY = 0.7


def _validate_settings(data: Any) -> dict[str, Any]:
    """Settings are forgiving (an unknown value falls back to its default) but bounded: display
    preferences only for games this app has, only switches, at most :data:`MAX_PREFS` each."""
    if not isinstance(data, dict):
        raise ValueError(_("settings must be an object"))
    out: dict[str, Any] = {}
    level = data.get("ai_level", "normal")
    out["ai_level"] = level if level in AI_LEVELS else "normal"
    out["coords"] = data.get("coords", True) is not False
    out["motion"] = data.get("motion", True) is not False  # animations (on unless turned off)
    out["sounds"] = data.get("sounds", False) is True  # Web Audio sounds (off unless turned on)
    out["engine"] = data.get("engine", False) is True  # "Engine details" (off unless turned on)
    out["text"] = data.get("text", False) is True  # text mode (off unless turned on): widgets/textmode.py
    delay = data.get("reply_delay", DEFAULT_REPLY_DELAY)  # the computer's reply waits this long
    out["reply_delay"] = delay if delay in REPLY_DELAYS and not isinstance(delay, bool) else DEFAULT_REPLY_DELAY
    theme = data.get("theme", "system")  # colours: as the system says, or always light / dark
    out["theme"] = theme if theme in ("system", "light", "dark") else "system"
    # live play: which ICE servers to ask (docs/live-play.md), and a notification of the friend's
    # move while the tab is hidden (off unless the player asked for it)
    out["live_ice"] = live_ice.checked(data.get("live_ice", "default"))
    out["live_notify"] = data.get("live_notify", False) is True
    prefs = data.get("prefs", {})
    if not isinstance(prefs, dict):
        prefs = {}
    out["prefs"] = {
        game: {k: v is True for k, v in list(values.items())[:MAX_PREFS] if isinstance(k, str) and len(k) <= 40}
        for game, values in prefs.items()
        if game in PLAYABLE and isinstance(values, dict)
    }
    # the games of which a game was saved here: the player is no newcomer to them (app/game/newcomer.py)
    played = data.get("played", [])
    if isinstance(played, list) and any(g in PLAYABLE for g in played if isinstance(g, str)):
        out["played"] = sorted({g for g in played if isinstance(g, str) and g in PLAYABLE})
    # the history, when full, keeps its oldest games as results only (the player allowed it)
    if data.get("history_trim") is True:
        out["history_trim"] = True
    warned = data.get("aside_warned")
    if is_finite_number(warned) and warned >= 0:
        out["aside_warned"] = warned
    return out


SAVED_GAME = Schema("saved-game", 1, _validate_game)
LAST_GAME = Schema("last-game", 1, _validate_last)
SETTINGS = Schema("settings", 1, _validate_settings)

#: key prefix -> schema, used to validate imports
SCHEMAS = {GAME_PREFIX: SAVED_GAME, LAST_PREFIX: LAST_GAME, SETTINGS_KEY: SETTINGS}


def game_key(game_id: str, slot: str) -> str:
    return f"{GAME_PREFIX}{game_id}:{slot}"


def last_key(game_id: str) -> str:
    return f"{LAST_PREFIX}{game_id}"


_RESULTS: dict[str, dict[str, Any] | None] = {}


#: validated saved-game documents by their raw text (validation starts the game: cache it)
_VALID: dict[str, dict[str, Any] | None] = {}


_CACHE_SIZE = 500


@attrs.frozen
class SavedGame:
    key: str
    game: str
    title: str
    updated: float
    players: tuple[str, str]  # "human" / "ai"
    moves: int
    result: dict[str, Any] | None  # {"winner", "reason"}; None while the game goes on
    href: str


def saved_games(store: dict[str, str]) -> tuple[list[SavedGame], list[str]]:
    """The saved games in ``store``, newest first, and the keys of those that cannot be read."""
    out, bad = [], []
    for key in sorted(k for k in store if k.startswith(GAME_PREFIX)):
        game_id, _sep, slot = key[len(GAME_PREFIX) :].partition(":")
        try:
            spec = get_game(game_id)
            data = _validated(key, store[key])
        except GameError:
            data = None
        if data is None:
            bad.append(key)
            continue
        result = data.get("result") if "result" in data else _replayed_result(store[key], data)
        out.append(
            SavedGame(
                key=key,
                game=game_id,
                title=_(spec.title),
                updated=float(data.get("updated", 0)),
                players=tuple(data["players"]["kinds"]),
                moves=len(data["record"]["moves"]),
                result=result,
                href=f"#/{game_id}/slot?s={slot}",
            )
        )
    out.sort(key=lambda g: (-g.updated, g.key))
    return out, bad


def _validated(key: str, raw: str) -> dict[str, Any] | None:
    if raw not in _VALID:
        _VALID[raw] = storage.read({key: raw}, key, SAVED_GAME).data
        if len(_VALID) > _CACHE_SIZE:
            _VALID.pop(next(iter(_VALID)))
    return _VALID[raw]


def _replayed_result(raw: str, data: dict[str, Any]) -> dict[str, Any] | None:
    """The result of a saved game from before results were saved (replayed once, cached)."""
    if raw not in _RESULTS:

        def replay() -> dict[str, Any] | None:
            final = Record.from_json(data["record"]).replay_upto().states[-1]
            outcome = final.outcome()
            return None if outcome is None else {"winner": outcome.winner, "reason": outcome.reason}

        try:
            _RESULTS[raw] = guard(replay, GameError, _("the saved game"))
        except GameError:
            _RESULTS[raw] = None
        if len(_RESULTS) > _CACHE_SIZE:
            _RESULTS.pop(next(iter(_RESULTS)))
    return _RESULTS[raw]
