"""Public facts of an SHT position (safe to show before anyone says who they are), the share-link
policy, and the battle text."""

from __future__ import annotations

from typing import Any

from webtabletop.games.sht import cards as C
from webtabletop.games.sht.rules import PLAYER_NAMES, ShtState


def public_summary(state: ShtState) -> dict[str, Any]:
    """Facts anyone may see (safe before a receiver says who they are): the spectator view plus
    readable lines. It never names a card in a hand, closed on a field, in a shield or in the deck
    (not after the game either: those are shown only when a player asks to see everything)."""
    v = state.view(None)
    lines = []
    for p in (0, 1):
        pv = v["players"][p]
        open_cards = [c for c in (f["card"] for f in pv["field"]) if c]
        closed = sum(1 for f in pv["field"] if f["card"] is None)
        shield = "shield intact" if pv["shield"] else "no shield"
        lines.append(
            f"{PLAYER_NAMES[p]}: {pv['hand_count']} in hand, {shield}, open {' '.join(sym(c) for c in open_cards) or 'none'}, {closed} closed"
        )
    lines.append(f"Deck {v['deck_count']}, discard pile {len(v['discard'])}; turn {v['turn'] + 1}")
    if v["outcome"]:
        w = v["outcome"]["winner"]
        lines.append(("Draw" if w is None else f"{PLAYER_NAMES[w]} wins") + f" ({v['outcome']['reason']})")
    else:
        lines.append(f"{PLAYER_NAMES[v['to_move']]} to move")
    return {"view": v, "lines": lines}


def link_policy(state: ShtState) -> dict[str, Any]:
    """How an opened share link shows this position: a finished game like any other (``viewer``
    None; hidden cards only when a player asks to see everything); otherwise behind the privacy
    screen for the player to move, who must confirm ``confirm`` first."""
    if state.is_over:
        return {"reveal": "on request", "viewer": None, "confirm": None}
    p = state.to_move()
    return {"reveal": "player", "viewer": p, "confirm": f"I am {PLAYER_NAMES[p]}"}


def wrap(text: str, width: int) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def sym(name: str) -> str:
    return C.symbol(C.from_name(name))


def battle_text(lb: dict[str, Any] | None) -> str:
    if not lb:
        return ""
    att = PLAYER_NAMES[lb["attacker"]]
    defender = PLAYER_NAMES[1 - lb["attacker"]]
    a = C.value(C.from_name(lb["attack"]))
    if lb["result"] == "lost":
        return f"{att} attacked with {sym(lb['attack'])} ({a}); {defender} had no defence and no shield."
    if lb["result"] == "shield":
        return f"{att} attacked with {sym(lb['attack'])} ({a}); {defender}'s shield broke and went to their hand."
    d = sum(C.value(C.from_name(c)) for c in lb["defence"])
    who = PLAYER_NAMES[lb["advantage_player"]]
    n = lb["advantages"]
    return f"{att} attacked with {sym(lb['attack'])} ({a}); {defender} defended with {' + '.join(sym(c) for c in lb['defence'])} = {d}. {who} got {n} advantage{'s' if n > 1 else ''}."
