"""Records for tests, built through the rules API (no hand-written move codes)."""

from __future__ import annotations

from webtabletop.core.record import Record


def first_moves(game: str, seed: int, plies: int) -> Record:
    """A record of ``game`` (default options) where each turn plays its first legal move,
    ``plies`` times (fewer if the game ends first)."""
    record = Record(game, {}, seed, ())
    state = record.start_state()
    moves: list[str] = []
    while len(moves) < plies and not state.is_over:
        move = state.legal_moves()[0]
        moves.append(move.code)
        state = state.apply(move)
    return record.with_moves(tuple(moves))
