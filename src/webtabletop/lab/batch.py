"""A lab batch: what to play, split into games that can run anywhere.

A :class:`Batch` names a game, one option set (``a``) or two to compare (``a`` and ``b``), the two
player kinds, the number of games per option set and a seed. :meth:`Batch.tasks` lists its games
as plain tuples; :func:`webtabletop.lab.play.play_task` plays one. A task depends on nothing but
its own fields, so a batch gives the same games in one process, in a pool, on a Dask cluster or
in the page's workers, and its results are aggregated in task order (:mod:`webtabletop.lab.metrics`).

Seats alternate: games ``2k`` and ``2k + 1`` of an option set share their deal (terrain, hands,
dice) with the players swapped, as in :mod:`webtabletop.ai.arena`.

A batch with ``skill`` adds the skill trace's games after the option sets' (variants 2, 3, 4: one
per step of :data:`SKILL_STEPS`, on option set A, ``games`` games each, no evaluations), so the
command line, a Dask cluster and the page's pool play them like any other game.
"""

from __future__ import annotations

from typing import Any

import attrs

from webtabletop.ai.analysis import BUDGETS
from webtabletop.ai.arena import KINDS, game_seeds, seats_of
from webtabletop.core.protocol import GameError
from webtabletop.core.registry import PLAYABLE, get_game

#: the most games one batch plays per option set
MAX_GAMES = 100_000
#: the evaluation budgets: an analysis budget, or "none" (no evaluations: no decisiveness or lead changes)
EVALS = ("none",) + BUDGETS
#: the skill trace's steps (stronger, weaker): each level searches several times the one below
SKILL_STEPS = (("easy", "random"), ("normal", "easy"), ("hard", "normal"))
#: the variant number of the skill trace's first step (0 and 1 are option sets A and B)
SKILL_VARIANT = 2
#: seeds stay below 2**53: a task crosses JavaScript (web/labpool.mjs), whose numbers are doubles
JS_SAFE = (1 << 53) - 1


@attrs.frozen
class Task:
    """One game of a batch: ``variant`` 0 plays option set A, 1 plays B."""

    game: str
    variant: int
    index: int
    options: dict[str, Any]
    seats: tuple[str, str]
    deal_seed: int
    move_seed: int
    eval_budget: str

    def as_tuple(self) -> tuple:
        return (
            self.game,
            self.variant,
            self.index,
            self.options,
            self.seats,
            self.deal_seed,
            self.move_seed,
            self.eval_budget,
        )


@attrs.frozen
class Batch:
    game: str
    a: dict[str, Any] = attrs.field(factory=dict)
    b: dict[str, Any] | None = None
    players: tuple[str, str] = ("normal", "normal")
    games: int = 20
    seed: int = 1
    eval_budget: str = "normal"
    skill: bool = False

    def check(self) -> Batch:
        """The batch itself, or a :class:`GameError` that says what is wrong with it."""
        try:
            spec = get_game(self.game)  # a playable game, or one registered by its package
        except GameError:
            raise GameError(f"unknown game {self.game!r} (use one of {', '.join(PLAYABLE)})") from None
        for opts in (self.a, self.b):
            if opts is not None:
                if not isinstance(opts, dict):
                    raise GameError("options must be a JSON object of option names and values")
                spec.options_from_dict(opts)  # raises a clear GameError for a bad option
        for kind in self.players:
            if kind not in KINDS:
                raise GameError(f"unknown player {kind!r} (use {', '.join(KINDS)})")
        if not 1 <= self.games <= MAX_GAMES:
            raise GameError(f"the number of games must be from 1 to {MAX_GAMES}")
        if self.eval_budget not in EVALS:
            raise GameError(f"unknown evaluation budget {self.eval_budget!r} (use {', '.join(EVALS)})")
        return self

    @property
    def variants(self) -> list[dict[str, Any]]:
        return [self.a] if self.b is None else [self.a, self.b]

    def options_of(self, variant: int) -> dict[str, Any]:
        """The options a task of ``variant`` plays (the skill trace plays option set A)."""
        return self.b if variant == 1 and self.b is not None else self.a

    def _games(
        self, variant: int, options: dict[str, Any], players: tuple[str, str], budget: str
    ) -> list[Task]:
        pairing = "-".join(players)
        out = []
        for i in range(self.games):
            deal, moves = game_seeds(self.seed, self.game, pairing, i)
            moves &= JS_SAFE  # the page's pool passes tasks through JavaScript numbers
            out.append(Task(self.game, variant, i, dict(options), seats_of(*players, i), deal, moves, budget))
        return out

    def tasks(self) -> list[Task]:
        """Every game of the batch: option set A's, B's (the same seeds), then the skill trace's."""
        out = []
        for variant, options in enumerate(self.variants):
            out += self._games(variant, options, self.players, self.eval_budget)
        if self.skill:
            for k, step in enumerate(SKILL_STEPS):
                out += self._games(SKILL_VARIANT + k, self.a, step, "none")
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "options": dict(self.a),
            "compare": None if self.b is None else dict(self.b),
            "players": list(self.players),
            "games": self.games,
            "seed": self.seed,
            "eval": self.eval_budget,
            "skill": self.skill,
        }
