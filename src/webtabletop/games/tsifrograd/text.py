"""Tsifrograd in words: text mode's grid, dice and moves, and the news a move brings
(:mod:`webtabletop.core.textboard`; docs/accessibility.md).

The grid's rows are the board's row letters and its columns the places in a row (``c3`` is row c,
column 3): the names the drawn board writes in its cells and a player types. A cell is named as
the drawn board names it (:meth:`TsifrogradView.cell_label`: its name, the number and whose, crossed
out or not, and whether a number may be written or crossed out there); its full description adds
its neighbours. Everything on the board is public: both players see every number and the dice.

Typed moves: a cell's name writes the number there (``c3``), ``x`` and a name crosses out
(``xc3``), ``decline`` (or ``-``) keeps the peace.
"""

from __future__ import annotations

from webtabletop.core.textboard import Choice, Grid, Item, Listing, Row, TextBoard, may_move
from webtabletop.core.view import ViewContext
from webtabletop.games.tsifrograd.rules import CROSS, EMPTY, PLAYER_NAMES, TsifroState
from webtabletop.i18n import _
from webtabletop.i18n.text import join_list


def player(p: int) -> str:
    return _(PLAYER_NAMES[p])


def short(state: TsifroState, i: int) -> str:
    """What a sighted reader sees in the cell: the number (struck through: ×), or nothing."""
    if state.owners[i] == EMPTY:
        return state.grid.names[i]
    return f"{state.values[i]}×" if state.crossed[i] else str(state.values[i])


def neighbour_words(state: TsifroState, i: int) -> str:
    """"b2 (Blue 4), c2 (empty), …": a cell's neighbours and what stands on them."""
    names = state.grid.names
    parts = []
    for n in state.grid.neighbours[i]:
        owner = state.owners[n]
        if owner == EMPTY:
            what = _("{cell} (empty)").format(cell=names[n])
        elif state.crossed[n]:
            what = _("{cell} ({player} {value}, crossed out)").format(
                cell=names[n], player=player(owner), value=state.values[n]
            )
        else:
            what = _("{cell} ({player} {value})").format(cell=names[n], player=player(owner), value=state.values[n])
        parts.append(what)
    return _("Neighbours: {cells}.").format(cells=join_list(parts))


def move_words(state: TsifroState, code: str) -> str:
    """A legal move in words ("Write 5 on c3", "Cross out Blue's 4 on b2", "Decline")."""
    names = state.grid.names
    if code == "-":
        return _("Decline (cross nothing out)")
    if code.startswith("x"):
        cell = int(code[1:])
        return _("Cross out {player}'s {value} on {cell}").format(
            player=player(state.owners[cell]), value=state.values[cell], cell=names[cell]
        )
    cell = int(code)
    if state.options.variant == "proximity":
        return _("Place your army of {number} on {cell}").format(number=state.number, cell=names[cell])
    return _("Write {number} on {cell}").format(number=state.number, cell=names[cell])


def typed(state: TsifroState, code: str) -> str:
    names = state.grid.names
    if code == "-":
        return "decline"
    if code.startswith("x"):
        return "x" + names[int(code[1:])]
    return names[int(code)]


def text_board(view, state: TsifroState, ctx: ViewContext) -> TextBoard:
    """The board as rows of named cells, the dice, and the viewer's moves."""
    mine = may_move(state, ctx)
    placing = mine and state.phase != CROSS
    crossing = mine and state.phase == CROSS
    targets = set(state.targets) if state.phase == CROSS else set()
    changed = view.changed_cells(state, ctx.previous) if ctx.last_move is not None else set()
    codes = {m.code for m in state.legal_moves()} if mine else set()
    rows: dict[str, list[Item]] = {}
    for i, name in enumerate(state.grid.names):
        label = view.cell_label(state, i, placing)
        if i == state.last and state.owners[i] != EMPTY:
            label = _("{cell_label}, written last").format(cell_label=label)
        here = tuple(c for c in (str(i), f"x{i}") if c in codes)
        act = None
        if placing and state.owners[i] == EMPTY:
            act = str(i)
        elif crossing and i in targets:
            act = f"x{i}"
        rows.setdefault(name[0], []).append(
            Item(
                name=label,
                key=f"cell-{i}",
                detail=f"{label}. {neighbour_words(state, i)}",
                move=act,
                legal=act is not None,
                changed=i in changed,
                moves=here,
                short=short(state, i),
                owner=None if state.owners[i] == EMPTY else state.owners[i],
            )
        )
    width = max(len(r) for r in rows.values())
    grid = Grid(
        label=_("Board: rows a to {last}, {cells} cells").format(last=state.grid.names[-1][0], cells=state.grid.size),
        columns=tuple(str(n) for n in range(1, width + 1)),
        rows=tuple(Row(letter, tuple(items)) for letter, items in rows.items()),
    )
    moves = tuple(Choice(c, move_words(state, c), typed(state, c)) for c in sorted(codes, key=_order))
    return TextBoard(grid=grid, lists=(dice_list(state),), moves=moves)


def _order(code: str) -> tuple[int, int]:
    if code == "-":
        return (2, 0)
    if code.startswith("x"):
        return (1, int(code[1:]))
    return (0, int(code))


def dice_list(state: TsifroState) -> Listing:
    """The dice just rolled for the player to move (Proximity: the army)."""
    if state.is_over:
        return Listing(_("Dice"), (), _("The game is over: no dice."))
    who = player(state.player)
    if state.options.variant == "proximity":
        item = Item(
            _("{player}'s army: {number}").format(player=who, number=state.number), key="army"
        )
        return Listing(_("Army"), (item,))
    a, b = state.roll
    items = (
        Item(_("first die: {value}").format(value=a), key="die-0"),
        Item(_("second die: {value}").format(value=b), key="die-1"),
        Item(_("{player} writes {number}").format(player=who, number=state.number), key="dice-sum"),
    )
    return Listing(_("Dice"), items)


def news(before: TsifroState, after: TsifroState, code: str) -> list[str]:
    """A new turn's roll (public: both players see the dice)."""
    if after.is_over or after.player == before.player:
        return []
    who = player(after.player)
    if after.options.variant == "proximity":
        return [_("{player}'s army: {number}.").format(player=who, number=after.number)]
    a, b = after.roll
    return [_("{player} rolled {a} + {b} = {number}.").format(player=who, a=a, b=b, number=after.number)]
