"""A position in words: what a game's text mode shows and a screen reader reads.

Every game describes its position as a :class:`TextBoard` (``GameView.text_board``): the board as
a grid of rows and columns whose every cell is named for what is there, the named lists beside it
(hands, shields, closed cards, dice, the discard pile), and the moves the viewer may type
(``GameView.text_codes``). The app draws it as an ARIA grid with a roving tabindex
(:mod:`webtabletop.app.widgets.textmode`, keys in ``web/text-mode.js``); nothing here is HTML.

Invariants a game keeps when it fills these:
- a cell's or an item's ``name`` says, in words and in the reader's language, everything the
  viewer may know of it and nothing else: a card the viewer may not see is named as hidden, never
  by its value (the same rule as the drawn board, ``state.view(viewer)``);
- ``pick`` and ``move`` are the same tokens the drawn board carries (``data-pick``, ``data-move``),
  so Enter on a cell does what a click on the drawn cell does;
- ``moves`` names the legal move codes that start or end at that cell (what "list the moves" reads
  there); ``key`` is stable between renders (the focus stays on the same cell).
"""

from __future__ import annotations

import attrs


@attrs.frozen
class Item:
    """One thing a reader can point at: a cell of the board or an entry of a list."""

    #: what is there, in words (the accessible name): owner, card or piece, values, terrain, die,
    #: and whether it is a legal target now
    name: str
    #: a stable identity (the HTML's ``data-key``)
    key: str
    #: the full description (the "describe" key reads it): sides, effects, neighbours...
    detail: str = ""
    #: the drawn board's tokens: Enter picks (``data-pick``) or plays (``data-move``)
    pick: str | None = None
    move: str | None = None
    #: a legal target (or a playable card) for the viewer now
    legal: bool = False
    selected: bool = False
    #: the last move changed it
    changed: bool = False
    #: legal move codes that start or end here
    moves: tuple[str, ...] = ()
    #: whose it is (0, 1), for its colour; None: nobody's
    owner: int | None = None
    #: the short text drawn in the cell for a sighted reader's glance ("7", "♥4", "R"); hidden
    #: from screen readers, which read ``name``. Empty: the name itself is shown
    short: str = ""


@attrs.frozen
class Row:
    """One row of the grid: its header (a row letter, a rank, "Red's field") and its cells."""

    header: str
    items: tuple[Item, ...]


@attrs.frozen
class Grid:
    """The board as rows and columns (rows may differ in length: a hexagon's rows do)."""

    label: str
    columns: tuple[str, ...]
    rows: tuple[Row, ...]


@attrs.frozen
class Listing:
    """A named list beside the board: a hand, the shields, the dice, the discard pile."""

    label: str
    items: tuple[Item, ...]
    #: what an empty list says ("no cards"); empty: the list is left out when it has no item
    empty: str = ""


@attrs.frozen
class Choice:
    """A legal move of the viewer, in words, with what a reader may type for it."""

    code: str
    label: str
    #: the move box's text for it ("c3", "1b2", "e2e4"; lower case, no spaces); empty: its code
    typed: str = ""


@attrs.frozen
class TextBoard:
    """The whole position in words for one viewer (``ViewContext.viewer``)."""

    grid: Grid
    lists: tuple[Listing, ...] = ()
    #: the viewer's legal moves now (empty when the viewer may not move)
    moves: tuple[Choice, ...] = ()


def may_move(state, ctx) -> bool:
    """The viewer of ``ctx`` may move now (their turn, on a screen that takes moves)."""
    return (
        ctx.interactive
        and not state.is_over
        and (ctx.viewer is None or ctx.viewer == state.to_move())
    )


def choices(state, ctx, typed: dict[str, str] | None = None, label=None) -> tuple[Choice, ...]:
    """The viewer's legal moves as :class:`Choice` (none when they may not move): ``label(move)``
    names each (default: the rules' move label), ``typed`` ({text: code}, a view's
    ``typed_moves``) gives what to type for it."""
    if not may_move(state, ctx):
        return ()
    back: dict[str, str] = {}
    for text, code in sorted((typed or {}).items(), key=lambda kv: (len(kv[0]), kv[0])):
        back.setdefault(code, text)
    name = label or state.move_label
    return tuple(Choice(m.code, name(m), back.get(m.code, "")) for m in state.legal_moves())

