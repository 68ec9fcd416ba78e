"""SHT moves in words for the status line: public facts only.

The sentence is shown to both players (and to a spectator), so it names only cards both may see:
cards put open, the attacking card (turned face up), the defending cards (they go to the face-up
discard pile). A card put closed, a closed card put forward, a card drawn and a broken shield that
goes to its owner's hand are never named (the policy of ``summary.public_summary``).
"""

from __future__ import annotations

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
from webtabletop.games.sht.rules.state import ShtState
from webtabletop.games.sht.rules.summary import player
from webtabletop.i18n import _, ngettext


def card_list(cards) -> str:
    """Cards named in words, joined as a list ("4 of hearts + 5 of hearts")."""
    return " + ".join(C.long_name(c) for c in cards)


def describe(before: ShtState, after: ShtState, code: str) -> str:
    """One sentence (or two) saying what the move ``code`` did, safe for both players."""
    try:
        move = before.move_from_code(code)
    except Exception:  # noqa: BLE001 (an unknown code is described by itself)
        return code
    who = player(before.to_move())
    kind, cards = move.kind, move.cards
    if kind == CLOSED:
        return _("{player} puts a card on the field closed.").format(player=who)
    if kind in (OPEN, OPEN_ONE):
        if len(cards) == 1:
            return _("{player} puts the {card} on the field open.").format(
                player=who, card=C.long_name(cards[0])
            )
        return _("{player} puts the {first} and the {second} on the field open.").format(
            player=who, first=C.long_name(cards[0]), second=C.long_name(cards[1])
        )
    if kind == ATTACK:
        return _("{player} attacks with the {card} ({value}).").format(
            player=who, card=C.long_name(cards[0]), value=C.value(cards[0])
        )
    if kind == ADD:
        slot = next((x for x in before.fields[before.to_move()] if x.card == cards[0]), None)
        if slot is not None and not slot.open:
            return _("{player} puts a closed card forward to defend.").format(player=who)
        return _("{player} puts the {card} forward to defend.").format(player=who, card=C.long_name(cards[0]))
    if kind in (DEFEND_KIND, DECLINE_KIND):
        return battle_sentence(before, after, who)
    if kind == PUT:
        return _("{player} puts the {card} open (advantage).").format(player=who, card=C.long_name(cards[0]))
    if kind == PASS_KIND:
        return _("{player} passes.").format(player=who)
    return _("{player} puts no card (advantage).").format(player=who)


def battle_sentence(before: ShtState, after: ShtState, who: str) -> str:
    """The end of a battle: the defence (its cards are public now) and what followed."""
    lb = after.last_battle
    if lb is None:
        return _("{player} does not defend.").format(player=who)
    if lb.result == "lost":
        return _("{player} does not defend and has no shield: {player} loses.").format(player=who)
    if lb.result == "shield":
        return _("{player} does not defend; the shield breaks and goes to {player}'s hand.").format(
            player=who
        )
    d = sum(C.value(c) for c in lb.defence)
    return ngettext(
        "{player} defends with the {cards} ({defence} against {attack}); {gainer} gets {n} advantage.",
        "{player} defends with the {cards} ({defence} against {attack}); {gainer} gets {n} advantages.",
        lb.advantages,
    ).format(
        player=who,
        cards=card_list(lb.defence),
        defence=d,
        attack=C.value(lb.attack),
        gainer=player(lb.advantage_player),
        n=lb.advantages,
    )
