"""CardGO's link mode (rules.py, "Link mode"): the rules' first step towards play by link.

docs/fair-play.md (the beacon's rule): "randomness that follows a decision of X in link m uses
seed_{m+1}". Brave's stone, Evil's target, Sorrow's amount and Love's card are drawn when the card
is played, so by link they wait for the next link's seed; the follow-up step cannot know the
hidden hand, so it lists every card and checks the one played. On one device nothing changes.
"""

from __future__ import annotations

import attrs
import pytest

from webtabletop.core.protocol import IllegalMove
from webtabletop.core.rng import Rng
from webtabletop.games.cardgo.rules.effects import (
    BRAVE,
    EVIL,
    INDULGENCE,
    LOVE,
    NO_EFFECT,
    SORROW,
    UNSEEN,
    Card,
)
from webtabletop.games.cardgo.rules.options import CardgoOptions
from webtabletop.games.cardgo.rules.state import EXTRA, PLAY, Skip, new_game

OPTIONS = CardgoOptions(effects=True)


def with_hand(state, cards, player=0, linked=True):
    hands = list(state.hands)
    hands[player] = tuple(cards)
    return attrs.evolve(state, hands=(hands[0], hands[1]), linked=linked)


def position(state) -> tuple:
    """What a player sees of a position (not its log: a linked follow-up skipped by hand adds a
    "skip" report where the game on one device passes over the step)."""
    return (state.owners, state.values, state.effects, state.hands, state.time, state.player, state.turn,
            state.phase, state.extra_value, state.passes, state.rng_state)  # fmt: skip


@pytest.mark.parametrize("effect", [BRAVE, EVIL, SORROW, LOVE])
def test_an_outcome_drawn_on_play_waits_for_the_next_links_seed(effect):
    """The digest's random on-play effects ("2 Brave: a random enemy stone on the board becomes
    yours", "5 Sorrow: opponent loses a random 0..value time", "12 Evil: on placement, destroy a
    random stone in its 4-neighbourhood", "9 Love: on play, draw one extra card"): by link the card
    leaves the hand and the turn passes at once, the board unchanged; settled with a generator,
    the position is the one the game on one device reaches with that generator (the rules page's
    "Playing a friend by link" says the outcome comes with the next link)."""
    start = new_game(OPTIONS, 7)
    opening = with_hand(start.apply_code("0@c3"), [Card(4), Card(5, effect)], player=1)
    opening = attrs.evolve(opening, hands=(opening.hands[0], opening.hands[1]))
    placed = opening.apply_code("1@c4")
    assert placed.pending == (1, Card(5, effect), opening.grid.index_of("c4"), False)
    assert placed.owners == opening.owners and placed.time == opening.time
    assert placed.hands[1] == (Card(4),) and placed.to_move() == 0 and placed.turn == opening.turn
    assert len(placed.log) == len(opening.log) + 1
    for seed in range(5):
        settled = placed.settle(Rng.from_seed(seed))
        on_one_device = attrs.evolve(opening, linked=False, rng_state=Rng.from_seed(seed).state).apply_code("1@c4")
        assert settled.pending is None
        assert position(settled) == position(on_one_device) and settled.log == on_one_device.log


def test_other_cards_resolve_at_once_and_settle_only_reseeds():
    start = with_hand(new_game(OPTIONS, 3), [Card(6), Card(2, NO_EFFECT)])
    placed = start.apply_code("0@c3")
    assert placed.pending is None and placed.owners != start.owners
    assert placed.settle(Rng(99)) == attrs.evolve(placed, rng_state=99)


def test_the_follow_up_is_offered_whatever_the_hand_holds():
    """ "1 Indulgence: may at once also play a hand card of value this+1" (the digest). After
    Indulgence (value 3: the follow-up needs a 4) a linked state enters the follow-up
    even with no 4 in hand (only Skip then), where the game on one device passes over it: the
    other browser cannot tell. An unseen card may be the 4, so it is listed."""
    start = with_hand(new_game(OPTIONS, 5), [Card(3, INDULGENCE), Card(2), Card(5)])
    follow = start.apply_code("0@c3")
    assert follow.phase == EXTRA and follow.extra_value == 4 and follow.to_move() == 0
    assert follow.legal_moves() == [Skip()]
    assert attrs.evolve(start, linked=False).apply_code("0@c3").to_move() == 1
    with pytest.raises(IllegalMove, match="needs a card of value 4"):
        follow.apply_code("0@c4")
    hidden = with_hand(new_game(OPTIONS, 5), [Card(3, INDULGENCE), Card(2), UNSEEN, Card(4)]).apply_code("0@c3")
    assert {m.hand for m in hidden.legal_moves() if hasattr(m, "hand")} == {1, 2}
    assert hidden.apply_code("2@c4").phase == PLAY


def test_a_hidden_card_cannot_be_placed():
    state = with_hand(new_game(OPTIONS, 5), [UNSEEN, Card(2)])
    with pytest.raises(IllegalMove, match="hidden from this browser"):
        state.apply_code("0@c3")


@pytest.mark.parametrize("seed", range(12))
def test_a_linked_game_settled_with_the_same_generator_is_the_game_on_one_device(seed):
    """Random whole games with effects, terrain and adjacency on: the linked game, settled before
    every turn with the generator the game on one device holds, and skipping by hand where that
    game passes over a follow-up, goes through the same positions to the same end."""
    options = CardgoOptions(effects=True, terrain=True, size=7)
    local = new_game(options, seed)
    linked = attrs.evolve(local, linked=True)
    pick = Rng.from_seed(1000 + seed)
    deferred = 0
    while not local.is_over:
        deferred += linked.pending is not None
        linked = linked.settle(Rng(linked.rng_state))
        if linked.phase == EXTRA and local.phase != EXTRA:
            linked = linked.apply(Skip())  # the game on one device skipped: no card of the value
        assert position(linked) == position(local)
        legal = local.legal_moves()
        move = legal[pick.randbelow(len(legal))]
        local, linked = local.apply(move), linked.apply_code(move.code)
    linked = linked.settle(Rng(linked.rng_state))
    assert position(linked) == position(local) and linked.outcome() == local.outcome()
    assert deferred  # every one of these games plays effects whose outcome waits (18-43 each)
