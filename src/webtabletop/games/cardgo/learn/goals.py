"""What CardGO's lessons are built from: positions (text diagrams), the goals the rules decide, and
the names of the items the lessons teach (each effect and each terrain).

A goal is a predicate ``(start, now) -> bool`` read from the rules' state: times, owners, hands
and the log of :class:`~webtabletop.games.cardgo.rules.report.Report` (one per move), never from
which cell was clicked. The learner is the player to move at ``start``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from webtabletop.games.cardgo.rules.diagram import position
from webtabletop.games.cardgo.rules.effects import EFFECTS
from webtabletop.games.cardgo.rules.options import CardgoOptions
from webtabletop.games.cardgo.rules.report import Report
from webtabletop.games.cardgo.rules.state import CardgoState
from webtabletop.games.cardgo.rules.terrain import TALL_GRASS, TERRAINS

#: a goal reads CardgoStates; a Lesson (shared by every game) types its goal with the core State,
#: and a Callable's arguments are contravariant, so the alias takes any state (the lesson passes
#: only its own game's)
Goal = Callable[[Any, Any], bool]

PLAIN = CardgoOptions(size=5, start_time=20, terrain=False, effects=False)
#: the board of the effect lessons: no terrain, effects on
WITH_EFFECTS = CardgoOptions(size=5, start_time=20, terrain=False, effects=True)
#: the board of the terrain lessons: terrain on, no effects
WITH_TERRAIN = CardgoOptions(size=5, start_time=20, terrain=True, effects=False)
EMPTY = "\n".join([". . . . ."] * 5)


def board(
    diagram: str,
    hands: tuple[str, str],
    options: CardgoOptions = PLAIN,
    player: int = 0,
    time=(20, 20),
    seed: int = 0,
):
    """A lesson's start: the diagram's position (``rules.diagram.position``), the seed drawing
    the cards the turns deal and the outcomes of the random effects."""
    return lambda: position(diagram, options, player=player, hands=hands, time=time, seed=seed)


# --- the items (docs/lessons.md's item table; LessonBook.items) ---------------------------------
def effect_item(effect: int) -> str:
    """The item of a card effect, by its English name: ``"effect Joy"``."""
    return "effect " + EFFECTS[effect].name


def terrain_item(kind: int) -> str:
    """The item of a terrain kind, by its English name: ``"terrain Water"``."""
    return "terrain " + TERRAINS[kind].name


ITEMS = tuple(effect_item(e.id) for e in EFFECTS) + tuple(terrain_item(t.id) for t in TERRAINS)


# --- goals ----------------------------------------------------------------------------------
def mine(start: CardgoState, now: CardgoState) -> tuple[Report, ...]:
    """The learner's moves since the start, as the rules reported them."""
    return tuple(r for r in now.log[len(start.log) :] if r.player == start.to_move())


def theirs(start: CardgoState, now: CardgoState) -> tuple[Report, ...]:
    """The opponent's moves since the start."""
    return tuple(r for r in now.log[len(start.log) :] if r.player != start.to_move())


def all_of(*goals: Goal) -> Goal:
    return lambda start, now: all(goal(start, now) for goal in goals)


def damage(n: int) -> Goal:
    """The learner's opponent lost at least ``n`` time."""

    def check(start, now) -> bool:
        other = 1 - start.to_move()
        return start.time[other] - now.time[other] >= n

    return check


def no_loss(start: CardgoState, now: CardgoState) -> bool:
    """The learner has lost no time."""
    me = start.to_move()
    return now.time[me] >= start.time[me]


def red_stone_gone(cell: str) -> Goal:
    """The red stone on ``cell`` has left the board (it was converted and took effect)."""

    def check(start, now) -> bool:
        i = now.grid.index_of(cell)
        return start.owners[i] == 1 and now.owners[i] != 1

    return check


def placed(n: int) -> Goal:
    """The learner placed at least ``n`` cards (extra plays included)."""
    return lambda start, now: sum(1 for r in mine(start, now) if r.kind == "place") >= n


def played(effect: int) -> Goal:
    """The learner played a card with ``effect``."""
    return lambda start, now: any(r.card is not None and r.card.effect == effect for r in mine(start, now))


def hand_kept(start: CardgoState, now: CardgoState) -> bool:
    """The learner holds as many cards as at the start (the turn's own draw comes later)."""
    me = start.to_move()
    return len(now.hands[me]) >= len(start.hands[me])


def held_back(cell: str) -> Goal:
    """The opponent's move could not make the stone on ``cell`` take effect (Suppression)."""

    def check(start, now) -> bool:
        i = now.grid.index_of(cell)
        return any(i in r.suppressed for r in theirs(start, now))

    return check


def owns(cell: str) -> Goal:
    """The stone on ``cell`` is the learner's."""
    return lambda start, now: now.owners[now.grid.index_of(cell)] == start.to_move()


def no_enemy_stone(start: CardgoState, now: CardgoState) -> bool:
    """The opponent has no stone left on the board."""
    return (1 - start.to_move()) not in now.owners


def _hidden_stone_gone(start: CardgoState, now: CardgoState) -> bool:
    """An opponent's stone on tall grass (its value hidden from the learner) took effect."""
    other = 1 - start.to_move()
    return any(
        start.owners[i] == other and start.terrain[i] == TALL_GRASS and now.owners[i] != other
        for i in range(len(start.owners))
    )


hidden_stone_gone: Goal = _hidden_stone_gone
