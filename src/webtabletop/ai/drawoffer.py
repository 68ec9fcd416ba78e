"""The computer's answer to a draw offer: it accepts only when its own search
judges it not ahead, and never in the first moves.

``accepts_draw(state, player, level, seed, turns)`` declines while fewer than
:data:`OPENING_TURNS` turns have been played (an even opening is no reason to stop a game), then asks :func:`webtabletop.ai.analysis.analyse` for
``player``'s winning chances and accepts when they are at most :data:`ACCEPT_AT` (½: not
ahead). It judges with at least the normal budget, so an easy computer does not accept a lost-
looking draw by a shallow look. It reads only what ``player`` may know: a game with hidden
cards is analysed only at ``player``'s own turn (the analysis samples what the player to move
cannot see); at the offerer's turn it would read the offerer's cards, so it declines instead.
HTT's own draw offer (a move of its rules) has its own answer in games/htt/ai/choose.py, by the same rule.
"""

from __future__ import annotations

from webtabletop.ai.analysis import analyse
from webtabletop.core.protocol import State

#: the computer accepts when its winning chances are at most this
ACCEPT_AT = 0.5
#: the computer declines every offer before this many turns (both players' together) are played
OPENING_TURNS = 10


def judging_budget(level: str) -> str:
    return "hard" if level == "hard" else "normal"


def accepts_draw(state: State, player: int, level: str, *, turns: int, seed: int = 0) -> bool:
    """Does the computer playing ``player`` accept a draw offered in ``state``, ``turns`` turns
    into the game?"""
    if state.is_over or turns < OPENING_TURNS:
        return False
    if state.spec.hidden_information and state.to_move() != player:
        return False  # judging now would read the offerer's hidden cards
    return analyse(state, judging_budget(level), seed).chances[player] <= ACCEPT_AT
