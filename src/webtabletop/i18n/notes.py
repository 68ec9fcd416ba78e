"""Translator comments the extractor writes on every entry whose meaning is not plain from the
English ("what ``{player}`` holds, where the string shows").

They reach the catalogs as ``#.`` lines. Two kinds, both derived from the code, so a new string
gets them without anyone remembering to:

- what a placeholder holds (:data:`PLACEHOLDERS`; ``{player}`` names each game's sides, from
  the module the string is in). A name that means something else in some modules ({reason} is
  why a game ended, but why a file could not be imported in HTT's set files) gets the meaning of
  that module from :data:`MODULE_PLACEHOLDERS` first;
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
    "value": "{{value}}: a value as the player, the link or the file gave it, shown as it is (not translated)",
    "text": "{{text}}: text as the player typed it or the data holds it, shown as it is (not translated)",
    "title": "{{title}}: a title, already translated (a lesson's or an achievement's)",
    "count": "{{count}}: a number: how many there are in all",
    "error": "{{error}}: a technical error message, often the browser's own in English (not translated)",
    "field": "{{field}}: the name of a field of the data, shown as it is (not translated)",
    "file": "{{file}}: a file's name as the player's computer gives it",
    "label": "{{label}}: a short label, already translated",
    "options": "{{options}}: the game's options, written out and translated",
    "rule": "{{rule}}: a rule's name, already translated",
    "rules": "{{rules}}: names of rules, already translated and joined into a list",
    "kind": "{{kind}}: a technical name of a kind of data (not translated)",
    "expected": "{{expected}}: numbers already written out (e.g. “2/3/2”)",
    "got": "{{got}}: numbers already joined into a list (e.g. “1 and 3”)",
    "detail": "{{detail}}: more about the problem, a translated clause",
}

#: (module glob, placeholder, note): what a placeholder holds in these modules, where it differs
#: from :data:`PLACEHOLDERS`; the first match wins
MODULE_PLACEHOLDERS = (
    ("correspondence/blame.py", "reason", "{reason}: which fair-play check the link fails, a translated clause"),
    ("app/lab/page.py", "why", "{why}: the error that stopped the lab's run, a translated message"),
    ("app/lab/flow.py", "why", "{why}: what is wrong with the lab link, a translated clause"),
    ("app/match/screen.py", "label", "{label}: what the game's score counts, translated (e.g. “cards”, “time”)"),
    ("app/match/parts.py", "got", "{got}: the numbers of the parts of the link already here, joined (e.g. “1 and 3”)"),
    ("core/explain.py", "name", "{name}: a game term's name in bold, already translated (a terrain, an effect, a rule)"),
    ("core/explain.py", "rule", "{rule}: what the term does, a translated sentence"),
    ("core/svg.py", "value", "{value}: the number a die shows (1–6)"),
    ("app/widgets/playfeel.py", "value", "{value}: a number of seconds as the player gave it"),
    ("app/game/commands.py", "name", "{name}: a setting's name as the player typed it (not translated)"),
    ("lab/items.py", "name", "{name}: what a lab finding is about (an effect, a terrain, a mob, a rule), already translated"),
    ('games/cardgo/rules/options.py', 'value', "{value}: the option's value as the link or the file gave it (not translated)"),
    ('games/cardgo/rules/options.py', 'what', "{what}: the option's translated name (e.g. “starting time”)"),
    ('games/cardgo/**.py', 'value', "{value}: a card's or a stone's time value, a number"),
    ('games/cardgo/ui/events.py', 'why', "{why}: how the stone's value came about (its card, terrain and effects), a translated phrase"),
    ('games/cardgo/ui/view.py', 'why', "{why}: how the stone's value came about (its card, terrain and effects), a translated phrase"),
    ('games/cardgo/rules/ending.py', 'why', '{why}: how the game ended, a translated clause (e.g. “both players ran out of time”)'),
    ('games/dumaraj/rules/texts.py', 'name', '{name}: a file letter (a–j) or a rank number (1–10) of the location'),
    ('games/dumaraj/rules/fen.py', 'text', '{text}: the part of the position text that is wrong, as typed (not translated)'),
    ('games/dumaraj/rules/fen.py', 'what', '{what}: which number of the position text, translated (e.g. “the move number”)'),
    ('games/dumaraj/rules/notation.py', 'text', '{text}: what was typed for a bit or a line, as typed (not translated)'),
    ('games/dumaraj/rules/options.py', 'error', '{error}: what is wrong with the start position, a translated clause'),
    ('games/dumaraj/rules/options.py', 'name', "{name}: the option's name as the link or the file gave it (not translated)"),
    ('games/dumaraj/ui/editor.py', 'what', '{what}: what is wrong on that bit, a translated clause'),
    ('games/htt/ui/pages/set_files.py', 'reason', '{reason}: why the file could not be imported, a translated clause from the file checks (e.g. “the set has 70 cards; a set has at most 66”); not the end of a game'),
    ('games/htt/ui/pages/common.py', 'name', "{name}: a card's name, already translated"),
    ('games/htt/ui/pages/common.py', 'label', "{label}: what the progress bar counts, translated (e.g. a set's name)"),
    ('games/htt/ui/render/text.py', 'rule', '{rule}: the capture rule that turned the cards, translated (Same, Plus, Combo…)'),
    ('games/htt/ui/render/text.py', 'why', '{why}: the capture rule that turned the card, translated (Same, Plus, Combo…)'),
    ('games/htt/ui/view.py', 'why', '{why}: the capture rule that turned the card, translated (Same, Plus, Combo…)'),
    ('games/htt/rules/cards.py', 'value', '{value}: a card value as the data gave it (should be 0-9, A or S)'),
    ('games/htt/collection/model.py', 'title', "{title}: an achievement's name, already translated"),
    ('games/htt/ui/pages/newgame.py', 'title', "{title}: an achievement's name, already translated"),
    ('games/htt/rules/options.py', 'who', '{who}: a player or their hand, already translated (e.g. “Blue”)'),
    ('games/sht/ui/view.py', 'field', '{field}: how many cards the side has on its field, a number'),
    ('games/sht/ui/view.py', 'text', '{text}: the last battle told in a translated sentence'),
    ('games/sht/rules/state.py', 'why', '{why}: why the move is not legal, a translated clause'),
    ('games/sht/rules/cards.py', 'text', '{text}: what was typed for a card, as typed (not translated)'),
    ('games/sht/ui/card_svg.py', 'label', "{label}: the card's spoken name, translated (e.g. “face-down card”)"),
    ('games/sht/**.py', 'value', "{value}: an attack's value, a number"),
    ('games/tsifrograd/options.py', 'value', "{value}: the option's value as the link or the file gave it (not translated)"),
    ('games/tsifrograd/options.py', 'what', "{what}: the option's translated name (e.g. “board width”)"),
    ('games/tsifrograd/**.py', 'value', '{value}: a number written on a cell'),
)

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


def placeholder_note(module: str, name: str) -> str | None:
    """What ``{name}`` holds in the strings of ``module`` (``{side}`` not yet filled in)."""
    for pattern, placeholder, note in MODULE_PLACEHOLDERS:
        if placeholder == name and _match(module, pattern):
            return note.replace("{", "{{").replace("}", "}}")
    return PLACEHOLDERS.get(name)


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
        note = placeholder_note(module, name)
        if note is None or (plural_sides and name in ("player", "winner", "loser", "other", "side")):
            continue
        out.append(note.format(side=side))
    if len(text.split()) <= 3 and not _PLACEHOLDER.search(text):
        where = screen(module)
        if where:
            out.append(f"Shown in {where}.")
    return out
