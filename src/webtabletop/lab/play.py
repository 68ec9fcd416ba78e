"""One lab game: played from its task's seeds, with what the metrics need along the way.

:func:`play_task` takes a task tuple (:meth:`webtabletop.lab.batch.Task.as_tuple`) and returns a
plain JSON-able dict, so it runs the same in a process pool, on a Dask worker and in the page:

- ``winner`` (0, 1 or None), ``first`` (the seat that moved first: a game may toss for it),
  ``plies``, and ``seats`` (the player kind of each seat);
- ``moves``: every move's code, in order (the game's record: :func:`record_of`);
- ``evals``: seat 0's winning chances before each move and at the end (``plies + 1`` numbers,
  from :func:`webtabletop.ai.analysis.analyse` at the task's budget, rounded to 4 places so that
  every runtime agrees), or ``[]`` when the budget is "none";
- ``items``: per seat, how often it used each item (card, effect, terrain, mob, move kind) that
  the game's ``lab`` module names (:mod:`webtabletop.lab.items`).

Nothing here reads the clock: the same task gives the same dict anywhere.
"""

from __future__ import annotations

from typing import Any

from webtabletop.ai.analysis import analyse
from webtabletop.ai.arena import player_for
from webtabletop.core.record import Record
from webtabletop.core.registry import get_game
from webtabletop.core.rng import Rng
from webtabletop.lab.items import items_of

#: a game longer than this many plies stops and counts as a draw (no game here comes near it)
MAX_PLIES = 5_000


def play_task(task: tuple) -> dict[str, Any]:
    game, variant, index, options, seats, deal_seed, move_seed, budget = task
    spec = get_game(game)
    state = spec.new_game(spec.options_from_dict(options), deal_seed)
    players = [player_for(seats[0]), player_for(seats[1])]
    rng = Rng.from_seed(move_seed)
    codes: list[str] = []
    evals: list[float] = []
    items: list[dict[str, int]] = [{}, {}]
    first = state.to_move()
    while not state.is_over and len(codes) < MAX_PLIES:
        if budget != "none":
            evals.append(round(analyse(state, budget, seed=len(codes)).chances[0], 4))
        seat = state.to_move()
        move = players[seat](state, rng)
        after = state.apply(move)
        for item in items_of(state, move, after):
            items[seat][item] = items[seat].get(item, 0) + 1
        codes.append(move.code)
        state = after
    winner = state.outcome().winner if state.is_over else None
    if budget != "none":
        evals.append(1.0 if winner == 0 else 0.0 if winner == 1 else 0.5)
    return {
        "variant": variant,
        "index": index,
        "seats": list(seats),
        "deal_seed": deal_seed,
        "first": first,
        "winner": winner,
        "plies": len(codes),
        "moves": codes,
        "evals": evals,
        "items": items,
    }


def record_of(game: str, options: dict[str, Any], result: dict[str, Any]) -> Record:
    """The game record of a lab game: ``replay`` and ``review`` read it."""
    spec = get_game(game)
    base = Record.new(spec, spec.options_from_dict(options), result["deal_seed"])
    return base.with_moves(tuple(result["moves"]))
