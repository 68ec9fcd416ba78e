"""What a move uses, for the lab's per-item statistics: cards, effects, terrains, mobs, move kinds.

``items_of(before, move, after)`` returns item keys ``"<category>/<name>"``, from the game's own
``GameModule.lab`` (a :class:`~webtabletop.core.gamemodule.LabTable`). A name is the English
text the game already translates (an ``N_`` msgid: a CardGO effect or terrain, a DumaRaj mob), or
a plain symbol (an HTT level ``L3``, an SHT move kind) that the game's ``names`` and ``label`` put
in words, so the page shows them in
the reader's language. Each game's function reads only what both players see on the board after
the move (the card placed, the cell, the mob moved): the statistics never depend on a hidden card.
"""

from __future__ import annotations

from webtabletop.core.protocol import Move, State
from webtabletop.core.registry import all_modules, game_module
from webtabletop.i18n import N_, _

#: the item categories, for headings (msgids: :func:`label` translates them)
CATEGORIES = {
    "effect": N_("Effect"),
    "terrain": N_("Terrain"),
    "mob": N_("Mob"),
    "move": N_("Move"),
    "level": N_("Card level"),
    "flip": N_("Turned by"),
}


def label(item: str, game_id: str | None = None) -> str:
    """An item key (``"move/rursus"``) as the lab's table shows it, in the reader's language: in
    the words of ``game_id``, or of the first playable game that has words for it."""
    category, _sep, name = item.partition("/")
    modules = [game_module(game_id)] if game_id is not None else all_modules()
    word = None
    for table in (m.lab for m in modules if m.lab is not None):
        if item in table.names:
            word = _(table.names[item])
        elif table.label is not None:
            word = table.label(category, name)
        if word is not None:
            break
    if word is None:
        word = _(name)  # a msgid: a CardGO effect or terrain
    return _("{category}: {name}").format(category=_(CATEGORIES.get(category, category)), name=word)


def items_of(before: State, move: Move, after: State) -> list[str]:
    """The items ``move`` uses (see the module's docstring); [] for a game that counts none."""
    table = game_module(before.spec.id).lab
    return table.items(before, move, after) if table is not None else []
