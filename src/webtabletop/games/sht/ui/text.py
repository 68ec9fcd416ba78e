"""SHT in words: text mode's table, the hands, shields, deck and discard pile as lists, the moves,
and the news only a card's owner may hear (:mod:`webtabletop.core.textboard`; docs/accessibility.md).

Everything here is read from ``state.view(viewer)`` (as the drawn table is), so a card the viewer may
not see is never named: the opponent's hand and closed cards are "hand card" and "closed field
card", both shields "shield (nobody may look at it)", the deck a count. The viewer's own closed
cards are named with "closed". The grid has three rows: the opponent's field, the middle of the
table (the deck, the discard pile's top card, the attacking card) and the viewer's field.

Moves name only the viewer's own cards. Typed codes use the cards' short names: ``c 4h`` puts the
four of hearts closed, ``o 4h 7c`` (``o 4h`` on the first turn) puts cards open, ``a 4h`` attacks,
``f 4h`` puts a field card forward, ``d`` defends with the cards forward, ``p 4h`` puts a card open
in an advantage step; ``decline``, ``skip`` and ``pass`` are themselves.
"""

from __future__ import annotations

from webtabletop.core.textboard import Choice, Grid, Item, Listing, Row, TextBoard, may_move
from webtabletop.core.view import ViewContext
from webtabletop.games.sht.rules import cards as C
from webtabletop.games.sht.rules.moves import (
    ADD,
    ATTACK,
    CLOSED,
    DECLINE_KIND,
    DEFEND_KIND,
    OPEN,
    OPEN_ONE,
    PASS_KIND,
    PUT,
)
from webtabletop.games.sht.rules.state import ADVANTAGE, TURN, ShtState
from webtabletop.games.sht.rules.summary import player
from webtabletop.games.sht.ui.describe import battle_sentence
from webtabletop.i18n import _, ngettext, pgettext

#: the typed word of each kind of move (a card's short name follows)
TYPED = {CLOSED: "c", OPEN: "o", OPEN_ONE: "o", ATTACK: "a", ADD: "f", PUT: "p"}


def named(card: str) -> str:
    """A visible card in words and symbols: "4♥, four of hearts"."""
    c = C.from_name(card)
    return _("{symbol}, {card}").format(symbol=C.symbol(c), card=C.long_name(c))


def field_row(v: dict, p: int, viewer: int | None, legal: set[str], forward: set[int]) -> Row:
    """One player's field cards, in field order."""
    items = []
    who = player(p)
    for i, slot in enumerate(v["players"][p]["field"]):
        key = f"f{p}-{i}"
        card = slot["card"]
        if card is None:
            text = (
                _("{player}'s closed field card, put forward to defend")
                if slot["chosen"]
                else _("{player}'s closed field card")
            ).format(player=who)
            items.append(Item(text, key, owner=p, short="▒"))
            continue
        c = C.from_name(card)
        state_words = _("open") if slot["open"] else _("closed")
        text = _("{card} ({state})").format(card=named(card), state=state_words)
        codes = tuple(x for x in (f"a:{c}", f"+:{c}") if x in legal)
        if c in forward:
            text = _("{card}, put forward to defend").format(card=text)
        pick = None
        if f"a:{c}" in legal:
            pick, text = f"f:{c}", _("{card}: attack with it").format(card=text)
        elif f"+:{c}" in legal:
            pick, text = f"d:{c}", _("{card}: put it forward to defend").format(card=text)
        detail = _("{card}: value {value}.").format(card=text, value=C.value(c))
        items.append(
            Item(text, key, detail=detail, pick=pick, legal=pick is not None, selected=c in forward, moves=codes, owner=p, short=C.symbol(c))
        )
    if not items:
        items.append(Item(_("no field cards"), f"f{p}-none", owner=p, short="—"))
    title = _("Your field ({player})").format(player=who) if p == viewer else _("{player}'s field").format(player=who)
    return Row(title, tuple(items))


def middle_row(v: dict) -> Row:
    """The deck, the discard pile's top card and the attacking card."""
    n = v["deck_count"]
    items = [Item(ngettext("deck, {n} card", "deck, {n} cards", n).format(n=n), "deck", short=str(n))]
    disc = v["discard"]
    if disc:
        text = ngettext(
            "discard pile, {n} card, on top: {card}", "discard pile, {n} cards, on top: {card}", len(disc)
        ).format(n=len(disc), card=named(disc[-1]))
        items.append(Item(text, "discard", short=C.symbol(C.from_name(disc[-1]))))
    else:
        items.append(Item(_("discard pile, empty"), "discard", short="—"))
    if v["attack"]:
        c = C.from_name(v["attack"])
        text = _("attacking card: {card}, attack {value}").format(card=named(v["attack"]), value=C.value(c))
        items.append(Item(text, "attack", short=C.symbol(c)))
    return Row(_("Middle of the table"), tuple(items))


def hand_list(v: dict, p: int, viewer: int | None, selected: set[int], can_pick: bool) -> Listing:
    pv = v["players"][p]
    who = player(p)
    items = []
    if pv["hand"] is None:
        for i in range(pv["hand_count"]):
            items.append(Item(_("{player}'s hand card").format(player=who), f"h{p}-{i}", owner=p))
    else:
        for i, card in enumerate(pv["hand"]):
            if card is None:
                items.append(Item(_("{player}'s hand card").format(player=who), f"h{p}-{i}", owner=p))
                continue
            c = C.from_name(card)
            text = named(card)
            items.append(
                Item(
                    text,
                    f"h{p}-{i}",
                    detail=_("{card}: value {value}.").format(card=text, value=C.value(c)),
                    pick=f"h:{c}" if can_pick else None,
                    legal=can_pick,
                    selected=c in selected,
                    owner=p,
                )
            )
    title = _("Your hand ({player})").format(player=who) if p == viewer else _("{player}'s hand").format(player=who)
    return Listing(title, tuple(items), pgettext("SHT: an empty hand", "no cards"))


def shields_list(v: dict, viewer: int | None) -> Listing:
    items = []
    for p in (0, 1):
        pv = v["players"][p]
        who = player(p)
        if pv["shield_card"]:
            text = _("{player}'s shield: {card}").format(player=who, card=named(pv["shield_card"]))
        elif pv["shield"]:
            text = _("{player}'s shield (nobody may look at it)").format(player=who)
        else:
            text = _("{player}: no shield").format(player=who)
        items.append(Item(text, f"shield{p}", owner=p))
    return Listing(_("Shields"), tuple(items))


def discard_list(v: dict) -> Listing:
    items = tuple(Item(named(c), f"d{i}") for i, c in enumerate(v["discard"]))
    return Listing(_("Discard pile (newest last)"), items, pgettext("discard pile", "empty"))


def move_words(state: ShtState, move) -> str:
    """The viewer's own move in words (it may name their own cards)."""
    cards = [C.long_name(c) for c in move.cards]
    kind = move.kind
    if kind == CLOSED:
        return _("Put the {card} on your field closed").format(card=cards[0])
    if kind in (OPEN, OPEN_ONE):
        if len(cards) == 1:
            return _("Put the {card} on your field open").format(card=cards[0])
        return _("Put the {first} and the {second} on your field open").format(first=cards[0], second=cards[1])
    if kind == ATTACK:
        return _("Attack with the {card} ({value})").format(card=cards[0], value=C.value(move.cards[0]))
    if kind == ADD:
        return _("Put the {card} forward to defend").format(card=cards[0])
    if kind == DEFEND_KIND:
        total = sum(C.value(c) for c in move.cards)
        return _("Defend with the {cards} ({defence} against {attack})").format(
            cards=" + ".join(cards), defence=total, attack=C.value(state.attack) if state.attack is not None else 0
        )
    if kind == DECLINE_KIND:
        if state.shields[state.to_move()] is not None:
            return _("Decline (your shield breaks)")
        return _("Decline (you lose)")
    if kind == PUT:
        return _("Put the {card} open (advantage)").format(card=cards[0])
    if kind == PASS_KIND:
        return _("Pass (nothing to play)")
    return _("Skip")


def typed(move) -> str:
    if move.kind in TYPED:
        return " ".join([TYPED[move.kind], *(C.name(c).lower() for c in move.cards)])
    if move.kind == DEFEND_KIND:
        return " ".join(["d", *(C.name(c).lower() for c in move.cards)])
    return move.code


def text_board(view, state: ShtState, ctx: ViewContext) -> TextBoard:
    v = state.view(ctx.viewer, reveal=ctx.reveal_all)
    bottom = view.bottom(ctx)
    mine = view.my_turn(state, ctx) and may_move(state, ctx)
    legal_moves = state.legal_moves() if mine else []
    legal = {m.code for m in legal_moves}
    forward = set(state.chosen) if ctx.viewer == state.to_move() or ctx.reveal_all else set()
    rows = (
        field_row(v, 1 - bottom, ctx.viewer, legal, forward),
        middle_row(v),
        field_row(v, bottom, ctx.viewer, legal, forward),
    )
    width = max(len(r.items) for r in rows)
    grid = Grid(_("SHT table"), tuple(str(n) for n in range(1, width + 1)), rows)
    hand_sel = set(view_ids(ctx.selection, "h"))
    can_pick = mine and state.phase in (TURN, ADVANTAGE) and "pass" not in legal and bool(legal)
    lists = (
        hand_list(v, bottom, ctx.viewer, hand_sel, can_pick),
        hand_list(v, 1 - bottom, ctx.viewer, set(), False),
        shields_list(v, ctx.viewer),
        discard_list(v),
    )
    moves = tuple(Choice(m.code, move_words(state, m), typed(m)) for m in legal_moves)
    return TextBoard(grid=grid, lists=lists, moves=moves)


def view_ids(selection: str | None, prefix: str) -> tuple[int, ...]:
    if not selection or not selection.startswith(prefix + ":"):
        return ()
    return tuple(int(x) for x in selection[len(prefix) + 1 :].split(",") if x.isdigit())


def news(before: ShtState, after: ShtState, code: str, viewer: int | None) -> list[str]:
    """An attack nobody could defend (its battle ended at once: public), and the cards that came
    into the viewer's hand (an advantage's draw, their broken shield): named to the viewer only,
    never to the other player or behind a privacy screen."""
    out = []
    if code.startswith("a:") and after.last_battle is not None and after.last_battle is not before.last_battle:
        out.append(battle_sentence(before, after, player(1 - before.to_move())))
    if viewer is None:
        return out
    new = [c for c in after.hands[viewer] if c not in before.hands[viewer] and not C.is_placeholder(c)]
    shield = before.shields[viewer]
    if shield is not None and after.shields[viewer] is None and shield in new:
        out.append(_("Your broken shield, the {card}, is now in your hand.").format(card=C.long_name(shield)))
        new.remove(shield)
    if new:
        out.append(
            ngettext("You drew the {cards}.", "You drew the {cards}.", len(new)).format(
                cards=" + ".join(C.long_name(c) for c in new)
            )
        )
    other = 1 - viewer
    drawn = len(after.hands[other]) - len(before.hands[other])
    if drawn > 0 and after.deck != before.deck:
        out.append(ngettext("{player} drew a card.", "{player} drew {n} cards.", drawn).format(player=player(other), n=drawn))
    return out
