"""The list of playable games. A game appears here only when it is complete and tested."""

from __future__ import annotations

from webtabletop.core.protocol import GameError, GameSpec

_GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    if spec.id in _GAMES and _GAMES[spec.id] is not spec:
        raise ValueError(f"game id {spec.id!r} registered twice")
    _GAMES[spec.id] = spec
    return spec


def _load() -> None:
    if _GAMES:
        return
    # Importing a game package registers it. Order = order on the home page.
    from webtabletop.games import tsifrograd  # noqa: F401


def all_games() -> list[GameSpec]:
    _load()
    return list(_GAMES.values())


def get_game(game_id: str) -> GameSpec:
    _load()
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(_GAMES))
        raise GameError(f"unknown game {game_id!r} (known games: {known})") from None
