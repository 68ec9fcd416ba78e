"""Saved games and settings as storage documents (schemas, validation, keys).

Keys: ``webtabletop:game:<game>:<slot>`` holds one saved game (its record, cursor and players);
``webtabletop:last:<game>`` names the slot to resume; ``webtabletop:settings`` holds preferences.
One document per game means two tabs never overwrite each other's games.
"""

from __future__ import annotations

from typing import Any

import attrs

from webtabletop.core.record import Record
from webtabletop.core.storage import PREFIX, Schema

GAME_PREFIX = PREFIX + "game:"
LAST_PREFIX = PREFIX + "last:"
SETTINGS_KEY = PREFIX + "settings"
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
            raise ValueError("players must be an object")
        kinds = data.get("kinds", ["human", "human"])
        level = data.get("level", "normal")
        if not isinstance(kinds, list) or len(kinds) != 2 or any(k not in PLAYER_KINDS for k in kinds):
            raise ValueError("players must be two of human/ai")
        if level not in AI_LEVELS:
            raise ValueError(f"unknown AI level {level!r}")
        return cls((kinds[0], kinds[1]), level)


def _validate_game(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ValueError("a saved game must be an object")
    record = Record.from_json(data["record"])
    cursor = data.get("cursor", len(record.moves))
    if not isinstance(cursor, int) or not 0 <= cursor <= len(record.moves):
        raise ValueError("cursor out of range")
    players = Players.from_json(data.get("players", {}))
    clock = data.get("clock")
    if clock is not None:
        from webtabletop.app.clock import GameClock

        GameClock.from_json(clock)
    updated = data.get("updated", 0)
    if not isinstance(updated, (int, float)):
        raise ValueError("bad timestamp")
    return {
        "record": record.to_json(),
        "cursor": cursor,
        "players": players.to_json(),
        "updated": updated,
        "clock": clock,
    }


def _validate_last(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict) or not isinstance(data.get("slot"), str):
        raise ValueError("no slot named")
    return {"slot": data["slot"]}


def _validate_settings(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ValueError("settings must be an object")
    out: dict[str, Any] = {}
    level = data.get("ai_level", "normal")
    out["ai_level"] = level if level in AI_LEVELS else "normal"
    out["coords"] = bool(data.get("coords", True))
    prefs = data.get("prefs", {})
    if not isinstance(prefs, dict):
        prefs = {}
    out["prefs"] = {
        str(game): {str(k): bool(v) for k, v in values.items()}
        for game, values in prefs.items()
        if isinstance(values, dict)
    }
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
