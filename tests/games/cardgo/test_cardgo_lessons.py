"""Every CardGO effect and terrain is taught by doing: each is an item some lesson teaches
(``Lesson.teaches``), and in that lesson the goal depends on it. The proof, per lesson and item:
with the item taken out of the start position (the effect off every card and stone, the terrain
made plain land), the set of the learner's first moves that reach the goal (the rest of the
lesson's line and its replies following) changes: the line misses, or a move that misses now
would reach the goal. The plain kinds (land, grass, wasteland) cannot be taken out, so their
proof is that the stones that take effect in their lesson stand on each of them; tall grass
changes only what the opponent sees, so its proof is read in the learner's view."""

from __future__ import annotations

import attrs
import pytest

from webtabletop.games.cardgo.learn.goals import ITEMS, effect_item, terrain_item
from webtabletop.games.cardgo.rules.effects import EFFECTS, NO_EFFECT, Card
from webtabletop.games.cardgo.rules.state import EMPTY, CardgoState
from webtabletop.games.cardgo.rules.terrain import (
    GRASS,
    LAND,
    NONE,
    TALL_GRASS,
    TERRAINS,
    WASTELAND,
    value_delta,
)
from webtabletop.games.cardgo.ui.events import stone_value_text
from webtabletop.learn import catalog
from webtabletop.learn.lesson import Lesson, replay

LESSONS = catalog.lessons("cardgo")
PLAIN_KINDS = {terrain_item(k): k for k in (LAND, GRASS, WASTELAND)}
#: taught where nothing is switched on: the first lesson's cards and cells
NOTHING = (effect_item(NO_EFFECT), terrain_item(NONE))
#: changes only what the opponent sees (the proof reads the view)
VIEW_ONLY = terrain_item(TALL_GRASS)
PROVED = [
    (lesson, item)
    for lesson in LESSONS
    for item in lesson.teaches
    if item not in PLAIN_KINDS and item not in NOTHING and item != VIEW_ONLY
]


def without(state: CardgoState, item: str) -> CardgoState:
    """``state`` with ``item`` taken out: an effect off every stone and hand card, a terrain kind
    made plain land (stones on it keep their card's value)."""
    for e in EFFECTS:
        if item == effect_item(e.id):
            hands = tuple(tuple(Card(c.value) if c.effect == e.id else c for c in h) for h in state.hands)
            effects = tuple(NO_EFFECT if x == e.id else x for x in state.effects)
            return attrs.evolve(state, hands=hands, effects=effects)
    for t in TERRAINS:
        if item == terrain_item(t.id):
            values = tuple(
                v - value_delta(t.id) if k == t.id and o != EMPTY else v
                for v, k, o in zip(state.values, state.terrain, state.owners, strict=True)
            )
            terrain = tuple(LAND if k == t.id else k for k in state.terrain)
            return attrs.evolve(state, terrain=terrain, values=values)
    raise AssertionError(f"no such item: {item}")


def winners(lesson: Lesson, start: CardgoState) -> set[str]:
    """The learner's first moves from ``start`` that, followed by the rest of the lesson's line
    (and its replies), reach the goal."""
    found = set()
    for move in start.legal_moves():
        tried = attrs.evolve(lesson, start=lambda: start, solution=(move.code, *lesson.solution[1:]))
        if replay(tried) is None:
            found.add(move.code)
    return found


def test_every_effect_and_terrain_is_an_item_a_lesson_teaches():
    assert len(ITEMS) == 13 + 15
    assert catalog.items("cardgo") == ITEMS
    assert catalog.untaught("cardgo") == []


@pytest.mark.parametrize(("lesson", "item"), PROVED, ids=[f"{lesson.id}-{item}" for lesson, item in PROVED])
def test_the_goal_depends_on_the_item(lesson, item):
    start = lesson.start()
    assert lesson.solution[0] in winners(lesson, start)
    changed = without(start, item)
    assert changed != start, "the lesson's start has no such item"
    assert winners(lesson, changed) != winners(lesson, start)


def lesson(lesson_id: str) -> Lesson:
    return next(x for x in LESSONS if x.id == lesson_id)


def line(lesson: Lesson) -> list[CardgoState]:
    """The states along the lesson's line (its solution and its replies)."""
    states = [lesson.start()]
    learner = states[0].to_move()
    mine, theirs = list(lesson.solution), list(lesson.replies)
    while mine:
        states.append(states[-1].apply_code((mine if states[-1].to_move() == learner else theirs).pop(0)))
    return states


def test_the_plain_kinds_are_the_ground_of_the_stones_that_take_effect():
    (found,) = [x for x in LESSONS if set(PLAIN_KINDS) <= set(x.teaches)]
    end = line(found)[-1]
    grounds = {end.terrain[cell] for cell, *_ in end.last.took_effect}
    assert set(PLAIN_KINDS.values()) <= grounds


def test_tall_grass_hides_the_stone_the_learner_must_make_take_effect():
    found = next(x for x in LESSONS if VIEW_ONLY in x.teaches)
    start = found.start()
    hidden = [i for i, (o, k) in enumerate(zip(start.owners, start.terrain, strict=True)) if o == 1 and k == TALL_GRASS]
    assert hidden and all(stone_value_text(start, i, viewer=0) == "?" for i in hidden)
    end = line(found)[-1]
    assert any(end.owners[i] == EMPTY for i in hidden)


def test_nothing_switched_on_is_taught_first():
    first = LESSONS[0]
    assert set(NOTHING) <= set(first.teaches)
    start = first.start()
    assert not start.options.terrain and not start.options.effects
    assert set(start.terrain) == {NONE} and all(c.effect == NO_EFFECT for h in start.hands for c in h)


def test_the_extra_plays_lesson_is_one_turn_of_four_cards():
    # "Play all four of your cards in this one turn": only Indulgence → Excitement → Pride → the 1 does it
    found = lesson("extra-plays")
    states = line(found)
    assert [s.to_move() for s in states[:-1]] == [0, 0, 0, 0] and states[-1].to_move() == 1
    assert [r.card.code for r in states[-1].log] == ["1I", "2E", "2P", "1"]
