"""The list of playable games. A game appears here only when it is complete and tested."""

from __future__ import annotations

from webtabletop.core.protocol import GameError, GameSpec
from webtabletop.i18n import _

_GAMES: dict[str, GameSpec] = {}
#: game packages shown on the home page, in this order (a game is listed when it is complete)
PLAYABLE = ("htt", "cardgo", "dumaraj", "sht", "tsifrograd")
_loaded = False


def register(spec: GameSpec) -> GameSpec:
    if spec.id in _GAMES and _GAMES[spec.id] is not spec:
        raise ValueError(f"game id {spec.id!r} registered twice")
    _GAMES[spec.id] = spec
    return spec


def _load() -> None:
    global _loaded
    if _loaded:
        return
    import importlib

    for name in PLAYABLE:  # importing a game package registers it
        importlib.import_module(f"webtabletop.games.{name}")
    _loaded = True


def catalog() -> list:
    """Each playable game's ``meta`` module (ID, TITLE, SUMMARY, optional NAV), in home-page order,
    without importing the games themselves (the page starts faster: a game loads when opened)."""
    import importlib

    return [importlib.import_module(f"webtabletop.games.{name}.meta") for name in PLAYABLE]


def all_games() -> list[GameSpec]:
    """The playable games, in home-page order."""
    _load()
    return [_GAMES[name] for name in PLAYABLE]


def get_game(game_id: str) -> GameSpec:
    """The game ``game_id``; imports that game's package only (a link to one game does not wait
    for the other four), or every game to name them in the error."""
    if game_id not in _GAMES and game_id in PLAYABLE:
        import importlib

        importlib.import_module(f"webtabletop.games.{game_id}")
    if game_id not in _GAMES:
        _load()
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(_GAMES))
        raise GameError(_("unknown game {game} (known games: {known})").format(game=repr(game_id)[:60], known=known)) from None
