"""Translator comments the extractor writes on every entry whose meaning is not plain from the
English ("what ``{player}`` holds, where the string shows").

They reach the catalogs as ``#.`` lines. Two kinds, both derived from the code, so a new string
gets them without anyone remembering to:

- what a placeholder holds (:data:`PLACEHOLDERS`; ``{player}`` names each game's sides, from
  the module the string is in);
- where a short string (three words or fewer, no placeholder) shows (:data:`SCREENS`, by the
  module): "Open", "Deck" or "Keep" mean little without it.

A hand-written ``# TRANSLATORS:`` comment above a call is kept as well (Babel's own convention).
"""

from __future__ import annotations

import importlib
import re
from types import ModuleType

_ANY_SIDE = "a side's name from any of the five games (Blue, Red, Green, Orange, Player 1…, White, Black)"

#: placeholder -> what it holds (``{side}`` is filled in per game)
PLACEHOLDERS = {
    "player": "{{player}}: {side}",
    "winner": "{{winner}}: the winning side's name, {side}",
    "loser": "{{loser}}: the losing side's name, {side}",
    "other": "{{other}}: the other side's name, {side}",
    "gainer": "{{gainer}}: the name of the side that gains, {side}",
    "who": "{{who}}: a player or their hand, already translated (e.g. “Player 1’s hand”)",
    "side": "{{side}}: {side}",
    "what": "{{what}}: what could not be read, a translated noun phrase (“the file”, “the collection”, “the link”)",
    "problem": "{{problem}}: a translated description of what is wrong",
    "verdict": "{{verdict}}: the end-of-game check's sentences, already translated (“Not verified: …”)",
    "reason": "{{reason}}: why the game ended, translated (“mate”, “two passes in a row”…)",
    "why": "{{why}}: why the game ended, a translated clause",
    "cell": "{{cell}}: a cell's or square's name on the board (e.g. “c4”)",
    "cells": "{{cells}}: a list of cell names, already joined",
    "card": "{{card}}: a card's name, already translated",
    "cards": "{{cards}}: a list of card names, already joined",
    "mob": "{{mob}}: a DumaRaj mob's name, already translated (Raj, Fej, Lod'…)",
    "a": "{{a}}: the bit (square) a move starts from, e.g. “e2”",
    "z": "{{z}}: the bit (square) a move goes to, e.g. “e4”",
    "game": "{{game}}: a game's name, already translated",
    "name": "{{name}}: a name as the player or the data gives it (a file, a set, an option), not translated",
    "matter": "{{matter}}: an HTT matter colour, already translated",
    "terrain": "{{terrain}}: a CardGO terrain's name, already translated",
    "effect": "{{effect}}: a CardGO card effect's name, already translated",
}

#: module (under ``src/webtabletop``, as a glob) -> where its strings show; a game's own modules
#: (``games/<id>/…``) say it in the game's ``meta.SCREENS``, and what its ``{player}`` holds in
#: ``meta.SIDES``
SCREENS = (
    ("cli.py", "the command line (python -m webtabletop … --lang)"),
    ("**/cli.py", "the command line (python -m webtabletop … --lang)"),
    ("app/widgets/chrome.py", "the page's header and footer, on every screen"),
    ("app/data/page.py", "the “Your data” page (saved games, backups, import and export)"),
    ("app/data/flow.py", "the “Your data” page (saved games, backups, import and export)"),
    ("app/game/screen.py", "the game screen (buttons, menus and the side panel)"),
    ("app/game/render.py", "the game screen"),
    ("app/game/endings.py", "the game screen: resigning and draw offers"),
    ("app/widgets/pages.py", "the home page, a game's page and the new-game dialog"),
    ("app/game/newgame.py", "the new-game dialog"),
    ("app/match/*.py", "a game with a friend by link (its screen and the list of such games)"),
    ("app/widgets/share.py", "the Share window of a game"),
    ("app/review/*.py", "the computer analysis (review) of a finished game"),
    ("app/lab/*.py", "the designer's lab (batches of computer games, statistics)"),
    ("app/learn/lesson*.py", "the lessons pages"),
    ("app/learn/store.py", "the lessons pages"),
    ("app/**.py", "the app, shared by all games"),
    ("core/*.py", "messages shared by all games (mostly errors about links, files and saved data)"),
    ("lab/*.py", "the designer's lab (batches of computer games, statistics)"),
    ("learn/*.py", "the lessons pages"),
    ("correspondence/*.py", "a game with a friend by link"),
    ("fairplay/*.py", "a game with a friend by link: the checks that keep cards secret and fair"),
)

_PLACEHOLDER = re.compile(r"\{(\w+)[^{}]*\}")


def _module(filename: str) -> str:
    """``…/src/webtabletop/games/htt/ui/view.py`` -> ``games/htt/ui/view.py``."""
    path = str(filename).replace("\\", "/")
    return path.split("src/webtabletop/", 1)[-1]


def _game(module: str) -> str | None:
    parts = module.split("/")
    return parts[1] if len(parts) > 2 and parts[0] == "games" else None


def _meta(game: str) -> ModuleType | None:
    """The game's ``meta`` module (names and notes, importable without the game), or None."""
    try:
        return importlib.import_module(f"webtabletop.games.{game}.meta")
    except ModuleNotFoundError:
        return None


def _screens(module: str) -> tuple[tuple[str, str], ...]:
    game = _game(module)
    meta = _meta(game) if game else None
    if meta is None:
        return SCREENS
    return tuple((f"games/{game}/{pattern}", where) for pattern, where in meta.SCREENS) + SCREENS


def screen(module: str) -> str | None:
    """Where the strings of ``module`` show (the first pattern of :data:`SCREENS`, or of its
    game's ``meta.SCREENS``, that matches)."""
    for pattern, where in _screens(module):
        if _match(module, pattern):
            return where
    return None


def _match(module: str, pattern: str) -> bool:
    """Glob matching: ``*`` within a folder, ``**`` across folders."""
    rx = re.escape(pattern).replace(r"\*\*", ".*").replace(r"\*", "[^/]*")
    return re.fullmatch(rx, module) is not None


def notes(filename: str, message: str | tuple, plural_sides: bool = False) -> list[str]:
    """The translator comments of ``message`` (a msgid, or (singular, plural)) found in ``filename``.

    ``plural_sides``: the entry is the plural-side one of a ``side_gettext`` call, whose own note
    already says what ``{player}`` holds.
    """
    module = _module(filename)
    text = message if isinstance(message, str) else message[0]
    game = _game(module)
    meta = _meta(game) if game else None
    side = meta.SIDES if meta is not None else _ANY_SIDE
    out = []
    for name in dict.fromkeys(_PLACEHOLDER.findall(text)):
        note = PLACEHOLDERS.get(name)
        if note is None or (plural_sides and name in ("player", "winner", "loser", "other", "side")):
            continue
        out.append(note.format(side=side))
    if len(text.split()) <= 3 and not _PLACEHOLDER.search(text):
        where = screen(module)
        if where:
            out.append(f"Shown in {where}.")
    return out
