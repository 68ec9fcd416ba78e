"""HTT's words for the play screen: why a card turned, matter names, the sentence that describes a
move (``describe_move``, the status line after every move) and the end of the game.

Every sentence is one translated message with named placeholders; counts go through ``ngettext``.
"""

from __future__ import annotations

from webtabletop.games.htt.rules.sets.names import card_name
from webtabletop.games.htt.rules.state import DRAW, PICK, PLAY, PLAYER_NAMES, HttState, Place, Take
from webtabletop.i18n import N_, _, ngettext
from webtabletop.i18n.text import join_list, join_sentences

CAUSE_TITLES = {
    "standard": N_("higher value"),
    "same": N_("Same"),
    "plus": N_("Plus"),
    "minus": N_("Minus"),
    "combo": N_("Combo"),
}


def and_list(items: list[str]) -> str:
    """ "b2", "b2 and c3", "b2, c3 and d4" in the player's language."""
    if len(items) <= 1:
        return "".join(items)
    return _("{first} and {last}").format(first=join_list(items[:-1]), last=items[-1])


def cause_text(cause: str) -> str:
    """Why a card turned, for people: "Same", "Same and Plus", "higher value"…"""
    return and_list([_(CAUSE_TITLES.get(c, c)) for c in cause.split("+")])


def ordinal_step(k: int, why: str, step: int) -> str:
    """The tooltip of the k-th turned card of the last move."""
    if step > 1:
        return _("Turned as number {k} ({why}, chain step {step})").format(k=k, why=why, step=step)
    return _("Turned as number {k} ({why})").format(k=k, why=why)


def describe_placement(before: HttState, after: HttState, move: Place) -> str:
    """ "Red plays Ifrit on c3 and turns b2 and c3 with Plus. Combo turns d4." — the placed card,
    its cell, then each group of turned cards in chain order (Same/Plus/Minus and the standard rule
    first, then the Combo steps)."""
    names = before.board.grid.names
    fields = {
        "player": _(PLAYER_NAMES[before.player]),
        "card": card_name(before.decks[before.player][move.slot]),
        "cell": names[move.cell],
    }
    groups: list[tuple[str, list[str]]] = []
    for f in after.flips:
        if groups and groups[-1][0] == f.cause:
            groups[-1][1].append(names[f.cell])
        else:
            groups.append((f.cause, [names[f.cell]]))
    if not groups:
        return _("{player} plays {card} on {cell}.").format(**fields)
    cause, cells = groups[0]
    n = len(cells)
    fields["cells"] = and_list(cells)
    if cause == "standard":
        first = ngettext(
            "{player} plays {card} on {cell} and turns {cells} with a higher value.",
            "{player} plays {card} on {cell} and turns {cells} with higher values.",
            n,
        ).format(**fields)
    else:
        first = ngettext(
            "{player} plays {card} on {cell} and turns {cells} with {rule}.",
            "{player} plays {card} on {cell} and turns {cells} with {rule}.",
            n,
        ).format(rule=cause_text(cause), **fields)
    rest = [first]
    for cause, cells in groups[1:]:
        n = len(cells)
        if cause == "combo":
            rest.append(
                ngettext("Combo turns {cells}.", "Combo turns {cells}.", n).format(cells=and_list(cells))
            )
        elif cause == "standard":
            rest.append(
                ngettext("A higher value turns {cells}.", "Higher values turn {cells}.", n).format(
                    cells=and_list(cells)
                )
            )
        else:
            rest.append(
                ngettext("{rule} turns {cells}.", "{rule} turns {cells}.", n).format(
                    rule=cause_text(cause), cells=and_list(cells)
                )
            )
    return join_sentences(rest)


def describe(before: HttState, after: HttState, code: str) -> str:
    """The status-line sentence for the move ``code`` that led from ``before`` to ``after``."""
    try:
        move = before.move_from_code(code)
    except Exception:  # noqa: BLE001 - an unknown code is described by itself
        return code
    who = _(PLAYER_NAMES[before.player])
    if isinstance(move, Place):
        return describe_placement(before, after, move)
    if isinstance(move, Take):
        # "picks", not "takes": whether the card changes hands is the end text's to say (a dealt
        # hand, a game by link or between two players at one device changes no collection)
        card = after.taken_card
        if card is None:
            return _("{player} picks face-down card {n}.").format(player=who, n=move.index + 1)
        return _("{player} picks face-down card {n}: {card}.").format(
            player=who, n=move.index + 1, card=card_name(card)
        )
    return {
        "draw": _("{player} offers a draw."),
        "accept": _("{player} accepts the draw."),
        "decline": _("{player} declines the draw."),
    }.get(move.code, move.code).format(player=who)


def result_text(state: HttState, viewer: int | None, by_link: bool = False) -> str:
    """The end of the game as it really is: which card the winner took, and whether it changes
    hands (not at a friendly table, not when both hands were dealt for the game, not in a game
    by link, and no collection changes in a game without exactly one human at the device:
    ``viewer`` None)."""
    out = state.outcome()
    if out is None:
        return ""
    a, b = (int(x) for x in out.scores)
    if out.winner is None:
        if out.reason == "draw agreed":
            return _("Draw {a}–{b} (agreed)").format(a=a, b=b)
        return _("Draw {a}–{b}").format(a=a, b=b)
    fields = {"winner": _(PLAYER_NAMES[out.winner]), "score": f"{max(a, b)}–{min(a, b)}"}
    taken = state.taken_card
    if state.options.friendly:
        return _("{winner} wins {score}. A friendly table: no card changes hands.").format(**fields)
    if taken is None:
        return _("{winner} wins {score}.").format(**fields)
    fields["card"] = card_name(taken)
    if all(state.dealt):
        return _(
            "{winner} wins {score} and picks {card} face down; both hands were dealt for this game, "
            "so no card changes hands."
        ).format(**fields)
    if by_link:  # the rules page: "No card changes hands in a game by link"
        return _(
            "{winner} wins {score} and picks {card} face down; in a game by link no card changes hands."
        ).format(**fields)
    if viewer is None:
        return _(
            "{winner} wins {score} and picks {card} face down; only games against the computer "
            "change a collection."
        ).format(**fields)
    return _("{winner} wins {score} and takes {card}.").format(**fields)


def prompt_text(state: HttState, me: int, interactive: bool, selected: bool) -> str:
    """What the player at the device should do now."""
    who = _(PLAYER_NAMES[state.player])
    other = _(PLAYER_NAMES[1 - state.player])
    if state.phase == DRAW:
        if me == state.player:
            return _("{player} offers a draw: accept or decline.").format(player=other)
        return _("Waiting for {player} to answer the draw offer.").format(player=who)
    if state.phase == PICK:
        if me == state.player:
            return _("Pick one of the loser's face-down cards.")
        return _("{player} is picking one of the loser's cards.").format(player=who)
    if me != state.player or not interactive or state.phase != PLAY:
        return _("{player} to play.").format(player=who)
    if state.options.in_order:
        return _("Place your first card (In order): choose a free cell, or drag the card there.")
    if selected:
        return _("Now pick a free cell for the chosen card.")
    return _("Choose a card from your hand, then a free cell (or drag the card onto the cell).")
