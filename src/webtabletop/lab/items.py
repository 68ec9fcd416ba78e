"""What a move uses, for the lab's per-item statistics: cards, effects, terrains, mobs, move kinds.

``items_of(before, move, after)`` returns item keys ``"<category>/<name>"``. A name is the English
text the game already translates (an ``N_`` msgid: a CardGO effect or terrain, a DumaRaj mob), or
a plain symbol (an HTT level ``L3``, an SHT move kind), so the page shows them in the reader's
language. Each game's function reads only what both players see on the board after the move
(the card placed, the cell, the mob moved): the statistics never depend on a hidden card.
"""

from __future__ import annotations

from collections.abc import Callable

from webtabletop.core.protocol import Move, State
from webtabletop.i18n import N_, _, pgettext

#: the item categories, for headings (msgids: :func:`label` translates them)
CATEGORIES = {
    "effect": N_("Effect"),
    "terrain": N_("Terrain"),
    "mob": N_("Mob"),
    "move": N_("Move"),
    "level": N_("Card level"),
    "flip": N_("Turned by"),
}

#: item names that are codes, with their words (msgids; the other names are msgids already)
NAMES = {
    # CardGO
    "move/place": N_("place a card"),
    "move/pass": N_("pass"),
    "move/skip": N_("skip the extra play"),
    # DumaRaj
    "move/normal": N_("flep or frag"),
    "move/rursus": N_("Rursus"),
    "move/Raj flex": N_("Raj flex"),
    "move/pair flex": N_("Pair flex"),
    "move/piCSbumm": N_("piCSbumm"),
    "move/editor": N_("Editor"),
    # HTT (a move other than placing a card; the turning rules)
    "move/take": N_("take a card"),
    "move/draw": N_("offer a draw"),
    "move/accept": N_("accept the draw"),
    "move/decline": N_("decline the draw"),
    "flip/standard": N_("higher value"),
    "flip/same": N_("Same"),
    "flip/plus": N_("Plus"),
    "flip/minus": N_("Minus"),
    "flip/combo": N_("Combo"),
    # SHT (move kinds)
    "move/c": N_("put a card closed"),
    "move/o": N_("put cards open"),
    "move/o1": N_("put one card open"),
    "move/a": N_("attack"),
    "move/d": N_("defend"),
    "move/p": N_("put a card open (advantage)"),
    "move/+": N_("put a card forward to defend"),
    # Tsifrograd
    "move/cross out": N_("cross out"),
    "move/no crossing": N_("no crossing"),
}


def label(item: str) -> str:
    """An item key (``"move/rursus"``) as the lab's table shows it, in the reader's language."""
    category, _sep, name = item.partition("/")
    if item in NAMES:
        word = _(NAMES[item])
    elif category == "flip" and "+" in name:  # turned by two rules at once (Same+Plus)
        word = " + ".join(_(NAMES.get(f"flip/{part}", part)) for part in name.split("+"))
    elif category == "mob":
        word = pgettext("DumaRaj", name)
    elif category == "level" and name[1:].isdigit():
        word = pgettext("HTT card level", "L{n}").format(n=name[1:])
    else:
        word = _(name)  # a msgid: a CardGO effect or terrain
    return _("{category}: {name}").format(category=_(CATEGORIES.get(category, category)), name=word)


def _cardgo(before: State, move: Move, after: State) -> list[str]:
    from webtabletop.games.cardgo.effects import EFFECTS
    from webtabletop.games.cardgo.moves import Place
    from webtabletop.games.cardgo.terrain import TERRAINS

    if not isinstance(move, Place):
        return [f"move/{move.code}"]
    out = ["move/place"]
    card = before.hands[before.player][move.hand]
    if card.effect:
        out.append(f"effect/{EFFECTS[card.effect].name}")
    terrain = before.terrain[move.cell]
    if terrain:
        out.append(f"terrain/{TERRAINS[terrain].name}")
    return out


def _dumaraj(before: State, move: Move, after: State) -> list[str]:
    from webtabletop.games.dumaraj import engine as E
    from webtabletop.games.dumaraj.pieces import MOBS

    kind = move.kind
    names = {
        E.PROMO: "rursus",
        E.RAJFLEX: "Raj flex",
        E.PAIRFLEX: "pair flex",
        E.BUMM: "piCSbumm",
        E.CUT: "editor",
        E.SKIP: "editor",
    }
    out = [f"move/{names.get(kind, 'normal')}"]
    if kind not in (E.CUT, E.SKIP):
        piece = before.cells[move.frm] & 7
        if piece in MOBS:
            out.append(f"mob/{MOBS[piece].name}")
    return out


def _htt(before: State, move: Move, after: State) -> list[str]:
    from webtabletop.games.htt.rules import Place

    if not isinstance(move, Place):
        return [f"move/{move.code if move.code in ('draw', 'accept', 'decline') else 'take'}"]
    card = before.decks[before.player][move.slot]
    out = [f"level/L{card.level}"]
    out += sorted({f"flip/{f.cause}" for f in after.flips})
    return out


def _sht(before: State, move: Move, after: State) -> list[str]:
    return [f"move/{move.kind}"]


def _tsifrograd(before: State, move: Move, after: State) -> list[str]:
    from webtabletop.games.tsifrograd.rules import Cross, Place

    return [
        "move/place"
        if isinstance(move, Place)
        else "move/cross out"
        if isinstance(move, Cross)
        else "move/no crossing"
    ]


ITEMS: dict[str, Callable[[State, Move, State], list[str]]] = {
    "cardgo": _cardgo,
    "dumaraj": _dumaraj,
    "htt": _htt,
    "sht": _sht,
    "tsifrograd": _tsifrograd,
}


def items_of(before: State, move: Move, after: State) -> list[str]:
    """The items ``move`` uses (see the module's docstring); [] for a game with no table entry."""
    fn = ITEMS.get(before.spec.id)
    return fn(before, move, after) if fn else []
