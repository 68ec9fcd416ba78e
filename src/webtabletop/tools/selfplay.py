"""Self-play between random and AI players: results, win rates and speed."""

from __future__ import annotations

import time
from typing import Any

from webtabletop.ai.players import make_player
from webtabletop.core.registry import get_game
from webtabletop.core.rng import Rng


def selfplay(
    game_id: str,
    games: int,
    seed: int,
    players: tuple[str, str],
    options: dict[str, Any] | None = None,
    alternate: bool = True,
) -> dict[str, Any]:
    """Play ``games`` games; with ``alternate`` the two players swap seats every game.

    Returns wins per *player kind index* (0 = first named, 1 = second named), draws, plies and
    moves per second (all moves, both players).
    """
    spec = get_game(game_id)
    opts = spec.options_from_dict(options or {})
    movers = [make_player(players[0]), make_player(players[1])]
    rng = Rng.from_seed(seed)
    wins = [0, 0]
    draws = 0
    plies = 0
    t0 = time.perf_counter()
    think = [0.0, 0.0]
    for g in range(games):
        seat_of = [0, 1] if not alternate or g % 2 == 0 else [1, 0]  # player index -> seat
        state = spec.new_game(opts, rng.next_u64() >> 32)
        while not state.is_over:
            seat = state.to_move()
            who = seat_of.index(seat)
            t = time.perf_counter()
            move = movers[who](state, rng)
            think[who] += time.perf_counter() - t
            state = state.apply(move)
            plies += 1
        winner = state.outcome().winner
        if winner is None:
            draws += 1
        else:
            wins[seat_of.index(winner)] += 1
    seconds = time.perf_counter() - t0
    return {
        "game": game_id,
        "games": games,
        "players": list(players),
        "wins": wins,
        "draws": draws,
        "win_rate": [round(w / games, 4) for w in wins],
        "plies": plies,
        "seconds": round(seconds, 3),
        "moves_per_second": round(plies / seconds, 1) if seconds else None,
        "think_seconds": [round(x, 3) for x in think],
    }
