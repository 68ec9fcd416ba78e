"""DumaRaj in words: text mode's grid of bits and its moves (:mod:`webtabletop.core.textboard`;
docs/accessibility.md).

The grid is the location as drawn: ranks from the far side down, files left to right (both turned
round when the board is flipped for Black), each bit named for its mob, or empty, or a removed line,
and for what the viewer may do there (select a mob; move, frag or flex onto it once one is
selected; a piCSbumm strike). Enter on a bit does what a click on the drawn bit does. Its full
description adds where a selectable mob may go. Nothing in DumaRaj is hidden.

Each legal move is named by the game's own sentence (``describe_move``: "Gon' b1 moves to c3.");
typed codes are the view's (``e2e4``, UCI-like; ``-a`` removes a line in the Editor).
"""

from __future__ import annotations

from webtabletop.core.textboard import Choice, Grid, Item, Row, TextBoard, may_move
from webtabletop.core.view import ViewContext
from webtabletop.games.dumaraj.rules import engine as E
from webtabletop.games.dumaraj.rules import notation as N
from webtabletop.games.dumaraj.rules import texts as T
from webtabletop.games.dumaraj.rules.state import DumaState
from webtabletop.i18n import _, pgettext
from webtabletop.i18n.text import join_list

#: the marks of a selected mob's destinations, in words (as the drawn board's labels)
MARKS = {
    "flep": lambda: pgettext("DumaRaj", "move here"),
    "frag": lambda: pgettext("DumaRaj", "frag here"),
    "flex": lambda: _("flex with this mob"),
    "bumm": lambda: _("piCSbumm strike"),
}


def mark_of(state: DumaState, mv) -> str:
    if mv.kind in (E.RAJFLEX, E.PAIRFLEX):
        return "flex"
    if mv.kind == E.BUMM:
        return "bumm"
    return "frag" if state.cells[mv.to] else "flep"


def bit_item(view, state: DumaState, ctx: ViewContext, s: int, movable: set[int], dests: dict[int, str]) -> Item:
    w = state.width
    name = N.square_name(s, w)
    p = state.cells[s]
    desc = [_("{mob} on {bit}").format(mob=T.side_mob(p), bit=name) if p else name]
    if not state._board().geo.active[s]:
        desc.append(pgettext("DumaRaj", "removed line"))
    elif not p:
        desc.append(pgettext("DumaRaj", "empty"))
    sel = view_selected(ctx)
    if s == sel:
        desc.append(pgettext("DumaRaj", "selected"))
    if s == state.flagged_raj():
        desc.append(pgettext("DumaRaj", "under flag"))
    pick = None
    if s in dests:
        desc.append(MARKS[dests[s]]())
        pick = f"s{s}"
    elif s in movable:
        if s != sel:
            desc.append(pgettext("DumaRaj", "select"))
        pick = f"s{s}"
    codes = tuple(
        mv.code for mv in state.legal_moves() if mv.kind < E.CUT and s in (mv.frm, mv.to)
    ) if movable else ()
    text = join_list(desc)
    detail = text
    if s in movable:
        targets = sorted({N.square_name(view._dest(mv, s), w) for mv in view._moves_from(state, s)})
        detail = _("{bit}. It may go to: {targets}.").format(bit=text, targets=join_list(targets))
    before = ctx.previous
    changed = ctx.last_move is not None and isinstance(before, DumaState) and before.cells[s] != p
    return Item(
        text,
        f"bit-{s}",
        detail=detail,
        pick=pick,
        legal=pick is not None,
        selected=s == sel,
        changed=changed,
        moves=codes,
        owner=None if not p else p >> 3,
        short=N.square_name(s, w) if not p else T.mob_name(p & 7),
    )


def view_selected(ctx: ViewContext) -> int | None:
    sel = ctx.selection or ""
    return int(sel[1:]) if sel.startswith("s") and sel[1:].isdigit() else None


def text_board(view, state: DumaState, ctx: ViewContext) -> TextBoard:
    w, h = state.width, state.height
    mine = may_move(state, ctx) and state.editor is None
    movable: set[int] = set()
    dests: dict[int, str] = {}
    if mine:
        for mv in state.legal_moves():
            if mv.kind < E.CUT:
                movable.add(mv.frm)
                if mv.kind == E.PAIRFLEX:
                    movable.add(mv.to)
        sel = view_selected(ctx)
        if sel is not None:
            for mv in view._moves_from(state, sel):
                dests.setdefault(view._dest(mv, sel), mark_of(state, mv))
    files = [N.FILES[x] for x in range(w)]
    ranks = list(range(h - 1, -1, -1))
    if ctx.flipped:
        files, ranks = files[::-1], ranks[::-1]
    rows = []
    for y in ranks:
        xs = range(w - 1, -1, -1) if ctx.flipped else range(w)
        rows.append(Row(str(y + 1), tuple(bit_item(view, state, ctx, y * w + x, movable, dests) for x in xs)))
    grid = Grid(
        _("Location: {w}×{h} bits, files {first} to {last}").format(w=w, h=h, first=N.FILES[0], last=N.FILES[w - 1]),
        tuple(files),
        tuple(rows),
    )
    moves: tuple[Choice, ...] = ()
    if may_move(state, ctx):
        typed = {code: text for text, code in view.typed_moves(state, ctx).items()}
        moves = tuple(Choice(mv.code, move_words(state, mv), typed.get(mv.code, "")) for mv in state.legal_moves())
    return TextBoard(grid=grid, moves=moves)


def move_words(state: DumaState, mv) -> str:
    """A legal move as the game's own sentence ("Gon' b1 moves to c3.")."""
    try:
        return T.describe_move(state, state.apply(mv), mv.code)
    except Exception:  # noqa: BLE001 - a move the sentence cannot name keeps its label
        return mv.label
