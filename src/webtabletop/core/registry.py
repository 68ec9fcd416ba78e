"""The list of playable games. A game appears here only when it is complete and tested.

Importing a game's package registers it: its :class:`GameSpec` and its
:class:`~webtabletop.core.gamemodule.GameModule` (what the shared code asks of it). Adding a game
is one folder ``games/<id>/`` and its id in :data:`PLAYABLE` (docs/adding-a-game.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from webtabletop.core.protocol import GameError, GameSpec
from webtabletop.i18n import _

if TYPE_CHECKING:
    from types import ModuleType

    from webtabletop.core.gamemodule import GameModule

_GAMES: dict[str, GameSpec] = {}
_MODULES: dict[str, GameModule] = {}
#: game packages shown on the home page, in this order (a game is listed when it is complete)
PLAYABLE = ("htt", "cardgo", "dumaraj", "sht", "tsifrograd")
_loaded = False


def register(spec: GameSpec) -> GameSpec:
    if spec.id in _GAMES and _GAMES[spec.id] is not spec:
        raise ValueError(f"game id {spec.id!r} registered twice")
    _GAMES[spec.id] = spec
    return spec


def register_module(module: GameModule) -> GameModule:
    """Register a game: its spec (if not yet) and what the shared code asks of it."""
    register(module.spec)
    if module.spec.id in _MODULES and _MODULES[module.spec.id] is not module:
        raise ValueError(f"game module {module.spec.id!r} registered twice")
    _MODULES[module.spec.id] = module
    return module


def _load() -> None:
    global _loaded
    if _loaded:
        return
    import importlib

    for name in PLAYABLE:  # importing a game package registers it
        importlib.import_module(f"webtabletop.games.{name}")
    _loaded = True


def catalog() -> list[ModuleType]:
    """Each playable game's ``meta`` module (ID, TITLE, SUMMARY, optional NAV), in home-page order,
    without importing the games themselves (the page starts faster: a game loads when opened)."""
    import importlib

    return [importlib.import_module(f"webtabletop.games.{name}.meta") for name in PLAYABLE]


def all_games() -> list[GameSpec]:
    """The playable games, in home-page order."""
    _load()
    return [_GAMES[name] for name in PLAYABLE]


def all_modules() -> list[GameModule]:
    """What the shared code asks of each playable game, in home-page order."""
    _load()
    return [_MODULES[name] for name in PLAYABLE]


def is_game(game_id: object) -> bool:
    """``game_id`` names a game of this app: one of the five, or one registered since (a game
    added as ``docs/adding-a-game.md`` says), without importing any game."""
    return isinstance(game_id, str) and (game_id in PLAYABLE or game_id in _GAMES)


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


def game_module(game_id: str) -> GameModule:
    """What the shared code asks of ``game_id`` (its view, AI, pages, lessons…): see
    :class:`~webtabletop.core.gamemodule.GameModule`. Loads that game only (a link to one game
    does not wait for the others)."""
    if game_id not in _MODULES and game_id in PLAYABLE:
        import importlib

        importlib.import_module(f"webtabletop.games.{game_id}")
    if game_id not in _MODULES:
        get_game(game_id)  # the clear message for an unknown game
    return _MODULES[game_id]
