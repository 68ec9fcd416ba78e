"""Public facts of an SHT position (safe to show before anyone says who they are), the share-link
policy, and the battle text."""

from __future__ import annotations

from typing import Any

from webtabletop.games.sht.rules import cards as C
from webtabletop.games.sht.rules.state import PLAYER_NAMES, ShtState
from webtabletop.i18n import _, ngettext


def player(p: int) -> str:
    """A player's name in the current language."""
    return _(PLAYER_NAMES[p])


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
        if pv["shield"]:
            text = _("{player}: {hand} in hand, shield intact, open: {open}, {closed} closed")
        else:
            text = _("{player}: {hand} in hand, no shield, open: {open}, {closed} closed")
        shown = " ".join(sym(c) for c in open_cards) or "—"
        lines.append(text.format(player=player(p), hand=pv["hand_count"], open=shown, closed=closed))
    lines.append(
        _("Deck {deck}, discard pile {discard}; turn {turn}").format(
            deck=v["deck_count"], discard=len(v["discard"]), turn=v["turn"] + 1
        )
    )
    if v["outcome"]:
        w = v["outcome"]["winner"]
        reason = v["outcome"]["reason"]
        reason = _(reason)
        if w is None:
            lines.append(_("Draw ({reason})").format(reason=reason))
        else:
            lines.append(_("{player} wins ({reason})").format(player=player(w), reason=reason))
    else:
        lines.append(_("{player} to move").format(player=player(v["to_move"])))
    return {"view": v, "lines": lines}


def link_policy(state: ShtState) -> dict[str, Any]:
    """How an opened share link shows this position: a finished game like any other (``viewer``
    None; hidden cards only when a player asks to see everything); otherwise behind the privacy
    screen for the player to move, who must confirm ``confirm`` first."""
    if state.is_over:
        return {"reveal": "on request", "viewer": None, "confirm": None}
    p = state.to_move()
    return {"reveal": "player", "viewer": p, "confirm": _("I am {player}").format(player=player(p))}


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
    """The last battle in words: public facts only (the attacking and defending cards were shown)."""
    if not lb:
        return ""
    att = player(lb["attacker"])
    defender = player(1 - lb["attacker"])
    card = sym(lb["attack"])
    a = C.value(C.from_name(lb["attack"]))
    if lb["result"] == "lost":
        return _(
            "{attacker} attacked with {card} ({attack}); {defender} had no defence and no shield."
        ).format(attacker=att, card=card, attack=a, defender=defender)
    if lb["result"] == "shield":
        return _(
            "{attacker} attacked with {card} ({attack}); {defender}'s shield broke and went to their hand."
        ).format(attacker=att, card=card, attack=a, defender=defender)
    d = sum(C.value(C.from_name(c)) for c in lb["defence"])
    n = lb["advantages"]
    return ngettext(
        "{attacker} attacked with {card} ({attack}); {defender} defended with {cards} = {defence}. "
        "{player} got {n} advantage.",
        "{attacker} attacked with {card} ({attack}); {defender} defended with {cards} = {defence}. "
        "{player} got {n} advantages.",
        n,
    ).format(
        attacker=att,
        card=card,
        attack=a,
        defender=defender,
        cards=" + ".join(sym(c) for c in lb["defence"]),
        defence=d,
        player=player(lb["advantage_player"]),
        n=n,
    )
