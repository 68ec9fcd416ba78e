"""A draw that is a move of the game's own rules (``GameSpec.draw_moves``; HTT's draw button: "if
both players press it the game ends 5–5"), shown in a match by link as DumaRaj's draw by
agreement is (:mod:`~webtabletop.app.match.endings`): "Offer a draw", then "Accept the draw" or
"Decline the draw" on the friend's screen, the same toasts and the same line in the list.

The offer and its answer stay moves of the rules: they travel in the links like any move, are
replayed by every reader, and follow the rules' timing (an offer on one's own turn, once per turn;
the answer is the friend's next move). So an offer needs this player's turn, and its answer ends
the friend's turn (a refusal gives the turn back to the offerer), where an annotation of
:mod:`webtabletop.correspondence.endings` needs no turn.
"""

from __future__ import annotations

OFFER, ACCEPT, DECLINE = 0, 1, 2


def _codes(m) -> set[str]:
    state = m.state
    return set() if state.is_over else {move.code for move in state.legal_moves()}


def move_for(m, kind: int) -> str | None:
    """The move code that makes ``kind`` (``OFFER``, ``ACCEPT``, ``DECLINE``) now, or None: the
    game has no such move, or this player cannot play it now (not its turn, a move of the turn
    already played)."""
    moves = m.spec.draw_moves
    if moves is None or not m.can_move or m.pending:
        return None
    return moves[kind] if moves[kind] in _codes(m) else None


def offered(m) -> bool:
    """The friend's offer waits for this player's answer."""
    return move_for(m, ACCEPT) is not None and move_for(m, DECLINE) is not None


def last_move(m) -> tuple[int, bool] | None:
    """The latest move sent or received, when it is a draw move: (its kind, made by this
    player); None otherwise."""
    moves = m.spec.draw_moves
    history = m.public_history
    if moves is None or not history or m.seat is None:
        return None
    before, code = history[-1]
    if code not in moves:
        return None
    return moves.index(code), before.to_move() == m.role
