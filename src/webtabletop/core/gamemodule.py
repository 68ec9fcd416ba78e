"""The game-module protocol: everything the app shell, the lab, the learning screens, the command
line and the build ask of one game, written down in one class.

A game is a folder ``games/<id>/`` whose ``__init__`` registers its :class:`GameSpec` and one
:class:`GameModule` (:func:`webtabletop.core.registry.register_module`), plus one line in
:data:`webtabletop.core.registry.PLAYABLE` (the home page's order). Shared code asks the module
only through these fields, never by looking for optional attributes of the game's package; a
field the game leaves at its default means "this game has none" (no editor, no pages, no lessons)
or "the shared behaviour" (the shared MCTS, its analysis).

Fields that would load code a start does not need (lessons, puzzles, the command line) hold a
loader: a function of no arguments that imports and returns the part on first use
(:func:`loader`).

The types of the game's own parts (its view, pages, editor, lesson book, puzzle book, lab
finding) are defined by the packages that use them, above ``core``: their docstrings say where.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

import attrs

from webtabletop.core.protocol import GameSpec, Move, State
from webtabletop.core.view import GameView

__all__ = ["GameModule", "LabTable", "Loader", "Picture", "loader"]


@attrs.frozen
class Picture:
    """The home page's picture of a game (:mod:`webtabletop.tools.pictures`): a real mid-game
    position, its options over the defaults, its seed and the moves played through the rules."""

    options: dict[str, Any] = attrs.field(factory=dict)
    seed: int = 11
    moves: tuple[str, ...] = ()
    #: the player whose hidden things the picture shows (None: the view's public side)
    viewer: int | None = 0


@attrs.frozen
class Loader:
    """A part of a game that a start does not need: calling it imports ``module`` (the first time)
    and returns its ``attribute`` (or the module itself)."""

    module: str
    attribute: str | None = None

    def __call__(self) -> Any:
        found: ModuleType = importlib.import_module(self.module)
        return getattr(found, self.attribute) if self.attribute is not None else found

    @property
    def path(self) -> str:
        """The module's file under ``src/webtabletop`` (``games/htt/learn/lessons.py``)."""
        return self.module.removeprefix("webtabletop.").replace(".", "/") + ".py"


def loader(module: str, attribute: str | None = None) -> Loader:
    """A :class:`Loader` of ``module`` (or its ``attribute``)."""
    return Loader(module, attribute)


#: a move chooser: ``(state, level, seed=..., time_limited=True, clock=...) -> SearchResult``
Chooser = Callable[..., Any]
#: what a move used, for the lab's statistics: ``(before, move, after) -> ["<category>/<name>"]``
LabItems = Callable[[State, Move, State], list[str]]


@attrs.frozen(kw_only=True)
class LabTable:
    """What the designer's lab asks of a game (webtabletop.lab.items and .findings)."""

    #: what a move used, for the per-item statistics
    items: LabItems
    #: the words of this game's item names that are codes: item key -> msgid
    names: Mapping[str, str] = attrs.field(factory=dict)
    #: ``label(category, name)``: the word of an item name that needs a rule of its own (a
    #: translation context, a pair of names), or None to leave it to ``names`` and ``_()``
    label: Callable[[str, str], str | None] | None = None
    #: the lab's run at the designer's defaults (``webtabletop.lab.findings.Finding``), or None
    finding: Any = None


@attrs.frozen(kw_only=True)
class GameModule:
    """One game as the shared code sees it (see the module's docstring)."""

    spec: GameSpec
    #: draws the game (:class:`webtabletop.core.view.GameView`)
    view: GameView
    # --- the computer (webtabletop.ai) --------------------------------------------------------
    #: the game's own move chooser; None: the shared MCTS over ``spec.ai_hooks``
    ai_choose: Chooser | None = None
    #: ``analyse(state, budget, seed)``: each side's chances, best move and line
    #: (webtabletop.ai.analysis.Analysis); None: the shared MCTS's analysis. An analyser with
    #: ``takes_memo = True`` also takes ``memo=`` (search tables kept along one review).
    analyse: Callable[..., Any] | None = None
    #: ``analyse_move(state, code, budget, seed, analysis, after)``: the value of a played move
    #: (webtabletop.ai.analysis.MoveValue); ``searches = False`` on it when it needs no search
    analyse_move: Callable[..., Any] | None = None
    #: ``exact_choose(state, seed)``: perfect play on the true state, or None (the lab's oracle)
    exact_choose: Callable[[State, int], Move | None] | None = None
    # --- the app's screens (webtabletop.app) --------------------------------------------------
    #: named option sets of the new-game dialog: name -> option data
    presets: Mapping[str, Mapping[str, Any]] = attrs.field(factory=dict)
    #: the newcomer's first game: option data over the designer's defaults
    first_game_options: Mapping[str, Any] = attrs.field(factory=dict)
    #: the position editor (``#/<game>/editor``), or None
    editor: Any = None
    #: the game's own pages (``webtabletop.app.model.extensions.GamePages``), or None
    pages: Any = None
    #: what playing by link promises for this game's dice and secrets, msgids (the rules page)
    fair_play: tuple[str, ...] = ()
    # --- learning (webtabletop.learn) ---------------------------------------------------------
    #: loads the game's lessons (``webtabletop.learn.catalog.LessonBook``), or None
    lessons: Loader | None = None
    #: loads the game's puzzles (``webtabletop.learn.puzzle.PuzzleBook``), or None
    puzzles: Loader | None = None
    # --- the designer's lab (webtabletop.lab) -------------------------------------------------
    #: what the lab counts and found, or None (the lab counts no items and shows no finding)
    lab: LabTable | None = None
    # --- the command line and the build ---------------------------------------------------------
    #: loads ``add_commands(subparsers)``, the game's own subcommands, or None
    cli: Loader | None = None
    #: the home page's picture, or None (the card shows no picture)
    picture: Picture | None = None

    @property
    def id(self) -> str:
        return self.spec.id
