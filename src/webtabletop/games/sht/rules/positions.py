"""SHT positions built by card names, for tests, examples and the CLI."""

from __future__ import annotations

from typing import Any

from webtabletop.games.sht.rules import cards as C
from webtabletop.games.sht.rules.moves import DEFEND, TURN, Slot
from webtabletop.games.sht.rules.options import ShtOptions
from webtabletop.games.sht.rules.state import ShtState
from webtabletop.i18n import _


def state_from(options: ShtOptions | None = None, **zones: Any) -> ShtState:
    """A position for tests: zones given by card names; every card not named goes to the deck.

    Keys: ``hand0``/``hand1`` (names), ``field0``/``field1`` (names, a ``*`` suffix = closed),
    ``shield0``/``shield1`` (a name or None), ``discard`` (names), ``deck`` (names, top last; the
    default is every remaining card in id order; when a deck is given, cards named nowhere go to the
    discard pile), ``player``, ``turn`` (default 1), ``attack`` (a name: the position is a battle).
    """
    opts = options or ShtOptions()
    used: list[int] = []

    def ids(names) -> tuple[int, ...]:
        out = tuple(C.from_name(n.rstrip("*")) for n in names)
        used.extend(out)
        return out

    hands = (C.sorted_cards(ids(zones.get("hand0", ()))), C.sorted_cards(ids(zones.get("hand1", ()))))
    fields = tuple(
        tuple(Slot(C.from_name(n.rstrip("*")), not n.endswith("*")) for n in zones.get(f"field{p}", ()))
        for p in (0, 1)
    )
    for f in fields:
        used.extend(x.card for x in f)
    shields = []
    for p in (0, 1):
        sh = zones.get(f"shield{p}")
        shields.append(None if sh is None else ids([sh])[0])
    discard = ids(zones.get("discard", ()))
    attack = ids([zones["attack"]])[0] if zones.get("attack") else None
    if "deck" in zones:
        deck = ids(zones["deck"])
        rest = [c for c in C.ALL_CARDS if c not in used]
        discard = discard + tuple(rest)  # cards not placed anywhere are treated as discarded
    else:
        deck = tuple(c for c in C.ALL_CARDS if c not in used)
    if len(set(used)) != len(used):
        raise ValueError(_("a card is named twice"))
    player = zones.get("player", 0)
    return ShtState(
        options=opts,
        deck=tuple(deck),
        hands=hands,
        shields=(shields[0], shields[1]),
        fields=(fields[0], fields[1]),
        discard=discard,
        first=zones.get("first", 0),
        player=player,
        phase=DEFEND if attack is not None else TURN,
        turn=zones.get("turn", 1),
        attack=attack,
    )
