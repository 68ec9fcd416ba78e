"""HTT in words: text mode's grid of cells, both hands as lists, and the moves
(:mod:`webtabletop.core.textboard`; docs/accessibility.md).

The grid's rows are the board's row letters and its columns the places in a row (``b2``), the
names the drawn board writes and a player types. A card on the board is named as the drawn board
names it (the card, its cell and owner, its level, matter and printed sides); its full description
gives the six sides as they play, with Matter's change, each by its direction. A free cell says
whether a card may go there.

Hidden information follows :meth:`HttState.hidden`: a hand the viewer may not see is a list of
"hidden card" entries (how many, never which), as the drawn board's face-down cards are; a
spectator, such as the hot-seat privacy screen, sees both hands so.

Typed moves are the view's own (``typed_moves``: the card's place in the hand and the cell,
``2b3``); a draw offer's answer and the winner's face-down pick are buttons of the moves list.
"""

from __future__ import annotations

from webtabletop.core.textboard import Choice, Grid, Item, Listing, Row, TextBoard, may_move
from webtabletop.core.view import ViewContext
from webtabletop.games.htt.rules.cards import value_text
from webtabletop.games.htt.rules.sets.names import card_name, matter_name
from webtabletop.games.htt.rules.state import PLAY, PLAYER_NAMES, HttState, Place, Take
from webtabletop.games.htt.ui.render.board import spoken_sides
from webtabletop.i18n import _


def player(p: int) -> str:
    return _(PLAYER_NAMES[p])


def card_fields(card) -> dict:
    return {"card": card_name(card), "level": card.level, "matter": matter_name(card.matter), "values": spoken_sides(card)}


def sides_in_play(values) -> str:
    """The six sides of a card on the board as they play (after Matter), by direction."""
    v = [value_text(x) for x in values]
    return _(
        "Sides in play: east {east}, north-east {north_east}, north-west {north_west}, west {west}, "
        "south-west {south_west}, south-east {south_east}."
    ).format(east=v[0], north_east=v[1], north_west=v[2], west=v[3], south_west=v[4], south_east=v[5])


def cell_item(view, state: HttState, ctx: ViewContext, i: int, act: bool, selected: int | None) -> Item:
    name = state.board.grid.names[i]
    icon = state.icons[i]
    card = state.cards[i]
    turned = {f.cell for f in state.flips} if ctx.last_move is not None else set()
    changed = ctx.last_move is not None and (i == state.last or i in turned)
    if card is None:
        label = (
            _("{cell}: free cell, {matter} icon").format(cell=name, matter=matter_name(icon))
            if icon
            else _("{cell}: free cell").format(cell=name)
        )
        codes: tuple[str, ...] = ()
        if act:
            codes = tuple(m.code for m in state.legal_moves() if isinstance(m, Place) and m.cell == i)
            if selected is not None:
                label = _("{cell}: place {card} here").format(
                    cell=label, card=card_name(state.decks[state.player][selected])
                )
            else:
                label = _("{cell}: choose a card, then place it here").format(cell=label)
        return Item(label, f"cell-{i}", pick=f"c{i}" if act else None, legal=act, moves=codes, short=name)
    owner = state.owners[i]
    fields = {**card_fields(card), "cell": name, "player": player(owner)}
    label = _("{card} on {cell}, {player}; level {level}, {matter}; sides {values}").format(**fields)
    if icon:
        label = _("{card}: {matter} icon").format(card=label, matter=matter_name(icon))
    if i == state.last:
        label = _("{card}, placed last").format(card=label)
    elif i in turned:
        label = _("{card}, turned by the last move").format(card=label)
    detail = f"{label}. {sides_in_play(state.values[i] or card.values)}"
    return Item(label, f"cell-{i}", detail=detail, changed=changed, owner=owner, short=card_name(card))


def hand_list(view, state: HttState, ctx: ViewContext, p: int, act: bool, selected: int | None) -> Listing:
    """One player's unplayed cards, in hand order: named if the viewer may see them."""
    hidden = p in state.hidden(ctx.viewer, ctx.reveal_all)
    title = _("Your hand ({player})").format(player=player(p)) if p == ctx.viewer else _("{player}'s hand").format(player=player(p))
    items = []
    slots = state.hand_slots(p)
    for place, slot in enumerate(state.orders[p]):
        if state.used[p] >> slot & 1:
            continue
        if hidden:
            items.append(Item(_("{player}'s hidden card").format(player=player(p)), f"hand{p}-{place}", owner=p))
            continue
        card = state.decks[p][slot]
        fields = {**card_fields(card), "n": place + 1}
        mine = act and p == state.player
        if not mine:
            label = _("{card}, level {level}, {matter}; sides {values}").format(**fields)
            items.append(Item(label, f"hand{p}-{place}", detail=f"{label}. {sides_in_play(card.values)}", owner=p))
            continue
        allowed = not state.options.in_order or slot == slots[0]
        label = (
            _("{card}, level {level}, {matter}; sides {values}; card {n} of your hand")
            if allowed
            else _("{card}, level {level}, {matter}; sides {values}; card {n} of your hand (In order: not yet)")
        ).format(**fields)
        items.append(
            Item(
                label,
                f"hand{p}-{place}",
                detail=f"{label}. {sides_in_play(card.values)}",
                pick=f"h{slot}",
                legal=allowed,
                selected=selected == slot,
                owner=p,
            )
        )
    return Listing(title, tuple(items), _("no cards left"))


def move_words(state: HttState, move) -> str:
    if isinstance(move, Place):
        card = state.decks[state.player][move.slot]
        return _("Play {card} on {cell}").format(card=card_name(card), cell=state.board.grid.names[move.cell])
    if isinstance(move, Take):
        return _("Take face-down card {n}").format(n=move.index + 1)
    return {
        "draw": _("Offer a draw"),
        "accept": _("Accept the draw"),
        "decline": _("Decline"),
    }.get(move.code, state.move_label(move))


def text_board(view, state: HttState, ctx: ViewContext) -> TextBoard:
    act = view._can_act(state, ctx)
    selected = view._selected_slot(state, ctx) if act else None
    grid = state.board.grid
    rows: dict[str, list[Item]] = {}
    for i, name in enumerate(grid.names):
        rows.setdefault(name[0], []).append(cell_item(view, state, ctx, i, act, selected))
    width = max(len(r) for r in rows.values())
    board = Grid(
        label=_("Board: rows a to {last}, {cells} cells").format(last=grid.names[-1][0], cells=grid.size),
        columns=tuple(str(n) for n in range(1, width + 1)),
        rows=tuple(Row(letter, tuple(items)) for letter, items in rows.items()),
    )
    me = ctx.viewer if ctx.viewer is not None else 0
    hands = tuple(hand_list(view, state, ctx, p, act, selected) for p in (me, 1 - me))
    moves: tuple[Choice, ...] = ()
    # the moves name the mover's cards: only for a reader who may see that hand
    if may_move(state, ctx) and state.player not in state.hidden(ctx.viewer, ctx.reveal_all):
        typed = {code: text for text, code in view.typed_moves(state, ctx).items()}
        legal = [m for m in state.legal_moves() if not (ctx.study and m.code == "draw")]
        if state.phase == PLAY and state.options.in_order:
            first = state.hand_slots(state.player)[:1]
            legal = [m for m in legal if not isinstance(m, Place) or m.slot in first]
        moves = tuple(Choice(m.code, move_words(state, m), typed.get(m.code, "")) for m in legal)
    return TextBoard(grid=board, lists=hands, moves=moves)
