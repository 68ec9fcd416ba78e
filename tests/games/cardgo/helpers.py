"""Shared helpers of the CardGO tests: build positions from diagrams and read boards back."""

from __future__ import annotations

from webtabletop.games.cardgo.rules import state as rules
from webtabletop.games.cardgo.rules.diagram import position
from webtabletop.games.cardgo.rules.options import CardgoOptions


def pos(diagram: str, player: int = 0, hands=("", ""), **opts) -> rules.CardgoState:
    options = CardgoOptions(terrain=False, **opts)
    return position(diagram, options, player=player, hands=hands)


def stones(state: rules.CardgoState) -> dict[str, str]:
    """cell name -> "G4"/"R5" for every stone on the board."""
    names = state.grid.names
    return {names[i]: f"{'GR'[o]}{state.values[i]}" for i, o in enumerate(state.owners) if o != rules.EMPTY}


def play(state: rules.CardgoState, code: str) -> rules.CardgoState:
    return state.apply_code(code)
