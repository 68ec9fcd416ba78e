"""CardGO in words: text mode's grid of terrain and stones, the hands and time as lists, the moves,
and the cards drawn, named to their owner only (:mod:`webtabletop.core.textboard`;
docs/accessibility.md).

A cell is named as the drawn board names it (:func:`~webtabletop.games.cardgo.ui.events.cell_label`:
its name, terrain and stone, the stone's value explained, hidden on tall grass from anyone but its
owner) and, when the viewer may place there, says so; its full description adds what the terrain
and the stone's effect do. Enter on a free cell places the selected card (a card is chosen in the
hand list); Enter on a stone explains its value, as a click does.

Hands follow the drawn panel: the viewer's own hand by name, the other only as a count. Typed
moves are the view's (``1e5``: the first card on e5; ``pass``, ``skip``).
"""

from __future__ import annotations

from collections import Counter

from webtabletop.core.textboard import Choice, Grid, Item, Listing, Row, TextBoard, may_move
from webtabletop.core.view import ViewContext
from webtabletop.games.cardgo.rules.effects import EFFECTS, UNSEEN, card_text
from webtabletop.games.cardgo.rules.state import EMPTY, CardgoState
from webtabletop.games.cardgo.rules.terrain import TERRAINS
from webtabletop.games.cardgo.ui.events import cell_label, stone_value_text, who
from webtabletop.i18n import _, ngettext


def selected_card(ctx: ViewContext) -> int | None:
    sel = ctx.selection or ""
    return int(sel[1:]) if sel.startswith("h") and sel[1:].isdigit() else None


def cell_item(state: CardgoState, ctx: ViewContext, i: int, legal: bool, codes: tuple[str, ...]) -> Item:
    name = state.grid.names[i]
    label = cell_label(state, i, ctx.viewer, ctx.reveal_all)
    owner = state.owners[i]
    kind = TERRAINS[state.terrain[i]]
    selected = selected_card(ctx)
    pick = None
    if legal:
        label = (
            _("{cell}: place card {n} here").format(cell=label, n=selected + 1)
            if selected is not None
            else _("{cell}: choose a card, then place it here").format(cell=label)
        )
        pick = name
    elif owner != EMPTY:
        pick = f"i{name}"  # Enter explains the stone's value, as a click does
    about = [label + ".", _("{terrain}: {rule}").format(terrain=_(kind.name), rule=_(kind.text))]
    if owner != EMPTY and state.effects[i]:
        eff = EFFECTS[state.effects[i]]
        about.append(_("{effect}: {rule}").format(effect=_(eff.name), rule=_(eff.text)))
    last = state.last
    changed = ctx.last_move is not None and last is not None and last.kind == "place" and (
        i == last.cell or i in last.removed or i in last.converted or i in (last.brave, last.evil)
    )
    short = name if owner == EMPTY else stone_value_text(state, i, ctx.viewer, ctx.reveal_all)
    return Item(
        label,
        f"cell-{name}",
        detail=" ".join(about),
        pick=pick,
        legal=legal,
        changed=changed,
        moves=codes,
        owner=None if owner == EMPTY else owner,
        short=f"{kind.icon} {short}".strip(),
    )


def hand_list(state: CardgoState, ctx: ViewContext, p: int, active: bool) -> Listing:
    """A hand by name (its owner's, or everyone's after the game on request), else a count."""
    hand = state.hands[p]
    title = _("Your hand ({player})").format(player=who(p)) if p == ctx.viewer else _("{player}'s hand").format(player=who(p))
    if p != ctx.viewer and not ctx.reveal_all:
        items = tuple(Item(_("{player}'s hidden card").format(player=who(p)), f"hand{p}-{i}", owner=p) for i in range(len(hand)))
        return Listing(title, items, _("no cards left"))
    playable = set(state.playable_hand()) if active else set()
    selected = selected_card(ctx)
    shown_items: list[Item] = []
    for i, card in enumerate(hand):
        if card == UNSEEN:
            label = _("Card {n}: you see it when your friend's next link arrives.").format(n=i + 1)
            shown_items.append(Item(label, f"hand{p}-{i}", owner=p))
            continue
        shown = card_text(card)
        eff = EFFECTS[card.effect]
        label = (
            _("{card}: card {n}. {effect_rule}").format(card=shown, n=i + 1, effect_rule=_(eff.text))
            if card.effect
            else _("{card}: card {n}").format(card=shown, n=i + 1)
        )
        shown_items.append(
            Item(
                label,
                f"hand{p}-{i}",
                pick=f"h{i}" if i in playable else None,
                legal=i in playable,
                selected=selected == i,
                owner=p,
            )
        )
    return Listing(title, tuple(shown_items), _("no cards left"))


def time_list(state: CardgoState) -> Listing:
    items = tuple(Item(_("{player}: time {n}").format(player=who(p), n=state.time[p]), f"time{p}", owner=p) for p in (0, 1))
    return Listing(_("Time"), items)


def move_words(state: CardgoState, code: str) -> str:
    if code == "pass":
        return _("Pass")
    if code == "skip":
        return _("Skip the extra play")
    slot, _at, cell = code.partition("@")
    card = state.hands[state.player][int(slot)]
    return _("Play {card} (card {n}) on {cell}").format(card=card_text(card), n=int(slot) + 1, cell=cell)


def text_board(view, state: CardgoState, ctx: ViewContext) -> TextBoard:
    # the moves name the mover's cards: only for their owner (nobody behind a privacy screen)
    mine = may_move(state, ctx) and (ctx.viewer == state.player or ctx.reveal_all)
    legal_moves = state.legal_moves() if mine else []
    legal = view._legal(state, ctx)
    by_cell: dict[str, list[str]] = {}
    for m in legal_moves:
        _slot, at, cell = m.code.partition("@")
        if at:
            by_cell.setdefault(cell, []).append(m.code)
    rows: dict[str, list[Item]] = {}
    for i, name in enumerate(state.grid.names):
        rows.setdefault(name[0], []).append(cell_item(state, ctx, i, i in legal, tuple(by_cell.get(name, ()))))
    side = state.options.size
    grid = Grid(
        _("Board: {n}×{n} cells, rows a to {last}").format(n=side, last=state.grid.names[-1][0]),
        tuple(str(n) for n in range(1, side + 1)),
        tuple(Row(letter, tuple(items)) for letter, items in rows.items()),
    )
    me = ctx.viewer if ctx.viewer is not None else state.player
    active = mine and me == state.player
    lists = (hand_list(state, ctx, me, active), hand_list(state, ctx, 1 - me, False), time_list(state))
    typed = {code: text for text, code in view.typed_moves(state, ctx).items()}
    moves = tuple(Choice(m.code, move_words(state, m.code), typed.get(m.code, "")) for m in legal_moves)
    return TextBoard(grid=grid, lists=lists, moves=moves)


def news(before: CardgoState, after: CardgoState, code: str, viewer: int | None) -> list[str]:
    """The cards that came into hands since ``before``: named to their owner, counted for the other."""
    out = []
    for p in (0, 1):
        gained = Counter(after.hands[p]) - Counter(before.hands[p])
        cards = [c for c in gained.elements() if c != UNSEEN]
        n = sum(gained.values())
        if not n:
            continue
        if p == viewer and cards:
            out.append(
                ngettext("You draw {cards}.", "You draw {cards}.", len(cards)).format(
                    cards=" + ".join(card_text(c) for c in cards)
                )
            )
        else:
            out.append(ngettext("{player} draws a card.", "{player} draws {n} cards.", n).format(player=who(p), n=n))
    return out
