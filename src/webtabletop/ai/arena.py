"""Matches between players of one game: one game between two seats from fixed seeds, a batch of
games with the seats alternating, and the Wilson interval of a win rate.

A player is named by a *kind*: ``random`` (a uniformly random legal move) or an AI level
(``easy``, ``normal``, ``hard``). AI players use their level's iteration budget only (no clock),
so a game is a pure function of its seeds: the same seeds give the same game on any machine, in
one process or many. The level benchmark (``benchmarks/ai_levels.py``) and later tools build on
:func:`play_game`.
"""

from __future__ import annotations

import copy
import math
import time
from collections.abc import Callable
from typing import Any

import attrs

from webtabletop.ai.players import make_player
from webtabletop.core.protocol import Move, State
from webtabletop.core.registry import game_module, get_game
from webtabletop.core.rng import Rng, seed_state

#: player kinds, weakest first
KINDS = ("random", "easy", "normal", "hard")
#: a clairvoyant AI (``oracle:<level>``) for measuring luck: see :func:`oracle_player`
ORACLE = "oracle:"
#: a clairvoyant player that also plays perfectly where its game can solve positions exactly
#: (HTT: :func:`webtabletop.games.htt.ai.choose.exact_choose`), else the clairvoyant hard level
EXACT = "oracle:exact"


def player_for(kind: str) -> Callable:
    """The move chooser of a player kind (``random``, a level name, or ``oracle:<level>``)."""
    if kind == "random":
        return make_player("random")
    if kind in KINDS:
        return make_player(f"ai:{kind}")
    if kind.startswith(ORACLE) and kind[len(ORACLE) :] in KINDS[1:]:
        return oracle_player(kind[len(ORACLE) :])
    if kind == EXACT:
        return exact_player
    raise ValueError(f"unknown player {kind!r} (use {', '.join(KINDS)}, oracle:<level> or {EXACT})")


_ORACLES: dict[type, type] = {}


def clairvoyant(state: State) -> State:
    """The same position, but its ``determinize`` gives the position itself: a search on it
    reads every hidden card and every draw or die to come that the state already holds."""
    cls = type(state)
    sub = _ORACLES.get(cls)
    if sub is None:
        sub = type(f"Clairvoyant{cls.__name__}", (cls,), {"__slots__": (), "determinize": lambda self, player, seed: self})
        _ORACLES[cls] = sub
    twin = copy.copy(state)
    object.__setattr__(twin, "__class__", sub)
    return twin


def oracle_player(level: str) -> Callable:
    """A cheating AI at ``level``: the game's own AI searching :func:`clairvoyant` states. It is
    no player for people, but a yardstick: what it cannot win, no fair player of that search
    wins, so it shows how much of a game luck decides (the benchmark's ceiling rows)."""
    ai = make_player(f"ai:{level}")

    def choose(state: State, rng: Rng) -> Move:
        return state.move_from_code(ai(clairvoyant(state), rng).code)

    return choose


def exact_player(state: State, rng: Rng) -> Move:
    """``oracle:exact``: the game's ``exact_choose(state, seed)`` on the :func:`clairvoyant`
    state (HTT: minimax on the true hands, i.e. perfect play with perfect information, from its
    second placement on), falling back to ``oracle:hard`` where the game returns None or has none.
    The strongest yardstick: a level that no such player beats in 65% of games cannot either."""
    exact = game_module(state.spec.id).exact_choose
    seed = rng.next_u64()
    move = exact(clairvoyant(state), seed) if exact is not None else None
    if move is None:
        return oracle_player("hard")(state, Rng.from_seed(seed))
    return state.move_from_code(move.code)


@attrs.frozen
class GameResult:
    #: the winning seat (0 or 1), None for a draw
    winner: int | None
    plies: int
    #: per seat: moves made and seconds spent choosing them
    moves: tuple[int, int]
    seconds: tuple[float, float]


def play_game(
    game_id: str,
    seats: tuple[str, str],
    deal_seed: int,
    move_seed: int,
    options: dict[str, Any] | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> GameResult:
    """One game: ``seats[0]`` moves first. ``deal_seed`` starts the game (terrain, hands, dice),
    ``move_seed`` feeds the players' choices (each AI move gets the next number from it)."""
    spec = get_game(game_id)
    opts = spec.options_from_dict(options or {})
    players = [player_for(seats[0]), player_for(seats[1])]
    rng = Rng.from_seed(move_seed)
    state = spec.new_game(opts, deal_seed)
    moves = [0, 0]
    seconds = [0.0, 0.0]
    plies = 0
    while not state.is_over:
        seat = state.to_move()
        t = clock()
        move = players[seat](state, rng)
        seconds[seat] += clock() - t
        moves[seat] += 1
        state = state.apply(move)
        plies += 1
    return GameResult(state.outcome().winner, plies, (moves[0], moves[1]), (seconds[0], seconds[1]))


def game_seeds(seed: int | str, game_id: str, pairing: str, index: int) -> tuple[int, int]:
    """(deal seed, move seed) of game ``index`` of a batch. Games ``2k`` and ``2k + 1`` share their
    deal, with the seats swapped (see :func:`seats_of`), so luck in the deal favours neither
    player; every game has its own move seed."""
    deal = seed_state(f"{seed}:{game_id}:deal:{index // 2}") >> 32
    moves = seed_state(f"{seed}:{game_id}:{pairing}:{index}")
    return deal, moves


def seats_of(a: str, b: str, index: int) -> tuple[str, str]:
    """Seat order of game ``index``: ``a`` first in even games, ``b`` first in odd ones."""
    return (a, b) if index % 2 == 0 else (b, a)


def wilson(successes: float, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval of a rate ``successes / n`` (default: 95%); (0, 1) when n = 0."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))
