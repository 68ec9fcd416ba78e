"""CardGO's explanation cards (:mod:`webtabletop.core.explain`): each terrain of a cell and each
effect of a stone or hand card is explained where the player meets it, with the rules' own names
and one-line rules (``TERRAINS``, ``EFFECTS``: the texts the rules page and the terrain legend
show). A cell without terrain and a card without effect have nothing to explain.
"""

from __future__ import annotations

from webtabletop.core.explain import Explanation, described, texts
from webtabletop.core.view import ViewContext
from webtabletop.games.cardgo.rules.effects import EFFECTS, NO_EFFECT, UNSEEN, badge
from webtabletop.games.cardgo.rules.state import EMPTY, CardgoState
from webtabletop.games.cardgo.rules.terrain import NONE, TERRAINS
from webtabletop.i18n import _


def terrain_id(kind: int) -> str:
    return f"cg-info-t{kind}"


def effect_id(effect: int) -> str:
    return f"cg-info-e{effect}"


def cell_attrs(state: CardgoState, cell: int) -> dict:
    """A cell's explanation: its terrain, and its stone's effect."""
    ids = []
    if state.terrain[cell] != NONE:
        ids.append(terrain_id(state.terrain[cell]))
    if state.owners[cell] != EMPTY and state.effects[cell] != NO_EFFECT:
        ids.append(effect_id(state.effects[cell]))
    return described(ids)


def card_attrs(effect: int) -> dict:
    """A hand card's explanation: its effect."""
    return described([effect_id(effect)] if effect != NO_EFFECT else [])


def shown_hands(state: CardgoState, ctx: ViewContext) -> tuple[int, ...]:
    """The hands the panel draws (its owner's; both once the player asked to see everything)."""
    return tuple(p for p in (0, 1) if p == ctx.viewer or ctx.reveal_all)


def board_texts(state: CardgoState, ctx: ViewContext) -> str:
    """The hidden texts of every terrain on the board and every effect on a stone or a hand card
    drawn on the screen."""
    kinds = sorted({t for t in state.terrain if t != NONE})
    effects = {e for i, e in enumerate(state.effects) if state.owners[i] != EMPTY}
    effects |= {c.effect for p in shown_hands(state, ctx) for c in state.hands[p] if c != UNSEEN}
    explained = [
        Explanation(terrain_id(k), _(TERRAINS[k].name), _(TERRAINS[k].text), TERRAINS[k].icon) for k in kinds
    ]
    explained += [
        Explanation(effect_id(e), _(EFFECTS[e].name), _(EFFECTS[e].text), badge(e))
        for e in sorted(effects - {NO_EFFECT})
    ]
    return texts(explained)
