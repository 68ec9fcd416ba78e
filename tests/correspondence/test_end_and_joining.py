"""The end of a game with hidden cards must not wait forever, and a second joiner is told apart.

"The link that reveals the secrets has a deadline (the match's days per move, or 7 days when none
was set). Past it, the game shows 'Unverified: your friend has not revealed their secrets' and
offers to count it as a forfeit." — "Opening link 1 again in a second profile creates a second
seat-1 identity. The creator then refuses it with the misleading 'belongs to another match'. Say
what really happened."
"""

from __future__ import annotations

import datetime

import pytest

from webtabletop.core.registry import get_game
from webtabletop.correspondence import Match, MatchError
from webtabletop.correspondence.clock import REVEAL_DAYS
from webtabletop.correspondence.store import to_json

from .helpers import START, carried, entropy, play, reread


@pytest.mark.parametrize(("days", "expected"), [(0, REVEAL_DAYS), (3, 3)])
def test_the_player_waiting_for_the_last_link_has_a_deadline(days, expected):
    """The link that ends the game carries its sender's secret; the sender then waits for the
    reply with both secrets, until the deadline, and a reread of its storage says the same."""
    saved = {}

    def each(current, other, spectator, link):
        saved[current.data.count] = reread(current)

    game = play("htt", {}, 0, 61, days=days, each=each)
    end = len(game.links) - 1  # the link whose moves ended the game
    waiting = saved[end]
    assert waiting.is_over and waiting.awaiting_secret and waiting.verdict is None
    sent = datetime.date.fromordinal(waiting.data.date)
    assert waiting.reveal_deadline == sent + datetime.timedelta(days=expected)
    # once the revealing link arrives the game is verified and nothing is awaited
    waiting.receive(game.links[-1], sent + datetime.timedelta(days=1))
    assert not waiting.awaiting_secret and waiting.reveal_deadline is None and waiting.verified


def test_dice_games_await_nothing_after_the_end():
    game = play("tsifrograd", {"radius": 2}, 0, 62)
    for m in game.players:
        assert m.is_over and not m.awaiting_secret and m.reveal_deadline is None


def two_joiners(game_id: str, tag: str):
    """A creator and two browsers that joined from its one link 1 (another profile), each with
    its answer; the creator took the first one."""
    spec = get_game(game_id)
    creator = Match.create(spec, {}, 0, entropy(f"{tag}/{game_id}"), START)
    if game_id == "dumaraj":
        creator.play(creator.state.legal_moves()[0].code)
    link1 = carried(creator.link(START))
    first = Match.join(link1, entropy(f"{tag}/{game_id}/b"), START)
    second = Match.join(link1, entropy(f"{tag}/{game_id}/c"), START)  # another profile
    for m in (first, second):
        while m.can_move:
            m.play(m.state.legal_moves()[0].code)
    answers = carried(first.link(START)), carried(second.link(START))
    creator.receive(answers[0], START)
    return creator, first, second, answers


@pytest.mark.parametrize("game_id", ["dumaraj", "sht"])
def test_a_second_joiner_is_told_apart(game_id):
    creator, _first, _second, answers = two_joiners(game_id, "twice")
    before = to_json(creator)
    with pytest.raises(MatchError, match="joined this game a second time"):
        creator.receive(answers[1], START)
    assert to_json(creator) == before


@pytest.mark.parametrize("game_id", ["dumaraj", "sht"])
def test_the_second_joiner_is_told_too(game_id):
    """"Joining twice": "Say what really happened", to the second joiner as well: the
    creator's next link (its game with the first joiner) tells the second that its answer was not
    taken; the first joiner, handed the second's answer, learns it belongs to another game. Each
    keeps its match as it was."""
    creator, first, second, (_answer1, answer2) = two_joiners(game_id, "second")
    while creator.can_move:
        creator.play(creator.state.legal_moves()[0].code)
    link3 = carried(creator.link(START))
    before = to_json(second)
    with pytest.raises(
        MatchError, match="went on with someone else who joined from the same invitation"
    ) as told:
        second.receive(link3, START)
    assert "your answer was not taken" in str(told.value)
    assert to_json(second) == before
    before = to_json(first)
    with pytest.raises(MatchError, match="belongs to a different game"):
        first.receive(answer2, START)
    assert to_json(first) == before
    first.receive(link3, START)  # the game goes on between the creator and the first joiner
