"""Applying SHT moves to a draft: a dict of the next state's fields, turned into one state per move
by :meth:`ShtState.apply` (one constructor call per move)."""

from __future__ import annotations

from typing import Any

from webtabletop.games.sht.rules import cards as C
from webtabletop.games.sht.rules.moves import (
    ADVANTAGE,
    ATTACK,
    CLOSED,
    DEFEND,
    OVER,
    PASS,
    TURN,
    Battle,
    ShtMove,
    Slot,
    advantage_of,
)
from webtabletop.i18n import N_


def set_zone(d: dict[str, Any], zone: str, p: int, value: Any) -> None:
    pair = d[zone]
    d[zone] = (value, pair[1]) if p == 0 else (pair[0], value)


def play_turn(d: dict[str, Any], move: ShtMove) -> None:
    p = d["player"]
    kind = move.kind
    if move == PASS:
        d["passes"] += 1
        if d["passes"] >= 2:
            d.update(phase=OVER, winner=None, end_reason=N_("two passes in a row: a draw"))
        else:
            end_turn(d)
        return
    d["passes"] = 0
    if kind == ATTACK:
        card = move.cards[0]
        set_zone(d, "fields", p, tuple(x for x in d["fields"][p] if x.card != card))
        d.update(attack=card, phase=DEFEND)
        field = d["fields"][1 - p]
        if all(x.open for x in field) and sum(C.value(x.card) for x in field) < C.value(card):
            resolve_battle(d, ())  # publicly impossible to defend
        return
    is_open = kind != CLOSED
    set_zone(d, "hands", p, tuple(c for c in d["hands"][p] if c not in move.cards))
    set_zone(d, "fields", p, d["fields"][p] + tuple(Slot(c, is_open) for c in move.cards))
    end_turn(d)


def resolve_battle(d: dict[str, Any], defence: tuple[int, ...]) -> None:
    """End the battle: discard the cards, break a shield or hand out advantages."""
    p = d["player"]
    q = 1 - p
    attack = d["attack"]
    d["chosen"] = ()
    d["discard"] = d["discard"] + (attack,) + defence
    if defence:
        set_zone(d, "fields", q, tuple(x for x in d["fields"][q] if x.card not in defence))
    d["attack"] = None
    if not defence:
        shield = d["shields"][q]
        if shield is None:
            d.update(
                phase=OVER,
                winner=p,
                last_battle=Battle(p, attack, (), "lost"),
                end_reason=N_("an undefended attack on a player without a shield"),
            )
            return
        set_zone(d, "shields", q, None)
        set_zone(d, "hands", q, C.sorted_cards(d["hands"][q] + (shield,)))
        d["last_battle"] = Battle(p, attack, (), "shield")
        end_turn(d)
        return
    who, count = advantage_of(p, C.value(attack), sum(C.value(c) for c in defence))
    d.update(last_battle=Battle(p, attack, defence, "defended", who, count), adv_player=who, adv_left=count)
    next_advantage_step(d)


def next_advantage_step(d: dict[str, Any]) -> None:
    """Start the next advantage step (draw, then ask) or end the turn when none is left."""
    q = d["adv_player"]
    while d["adv_left"] > 0:
        deck = d["deck"]
        if deck:
            set_zone(d, "hands", q, C.sorted_cards(d["hands"][q] + (deck[-1],)))
            d["deck"] = deck[:-1]
        d["adv_left"] -= 1
        if d["hands"][q]:
            d["phase"] = ADVANTAGE
            return
    end_turn(d)


def end_turn(d: dict[str, Any]) -> None:
    d.update(phase=TURN, player=1 - d["player"], turn=d["turn"] + 1, attack=None, adv_left=0)
