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
from webtabletop.fairplay.linkauth import LinkKey, LinkRefused

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
    """"Joining twice" — "Say what really happened", to the second joiner as well —
    but only what it can know (a carrier with no key can forge a 'second joiner'
    notice): the creator's next link (its game with the first joiner) carries a tag the second
    joiner cannot check, so it learns that the link does not continue its game, changed on its way
    or from a game someone else started from the same invitation; the first joiner, handed the
    second's answer, is told the same. Each keeps its match as it was."""
    creator, first, second, (_answer1, answer2) = two_joiners(game_id, "second")
    while creator.can_move:
        creator.play(creator.state.legal_moves()[0].code)
    link3 = carried(creator.link(START))
    for joiner, link in ((second, link3), (first, answer2)):
        before = to_json(joiner)
        with pytest.raises(MatchError, match=NEUTRAL) as told:
            joiner.receive(link, START)
        assert "changed on its way" in str(told.value) and "cheated" not in str(told.value)
        assert to_json(joiner) == before
    first.receive(link3, START)  # the game goes on between the creator and the first joiner


NEUTRAL = "does not continue your game"


def test_a_keyless_carrier_cannot_forge_a_second_joiner_notice():
    """A carrier with no key of the match rewrites the creator's link 3 (or any later
    link) so that it looks like the creator's game with someone else: new seat-1 values in place of
    the joiner's, the checksum made again. The joiner is not told that its friend went on with
    someone else (the forgery cannot be told from that), only that the link does not continue its
    game; the creator, handed a forged "second answer" (the joiner's link 2 with its seat-1 values
    changed), refuses it as changed, since its tag holds under no key of a second joiner."""
    from .helpers import rebuild

    spec = get_game("dumaraj")
    creator = Match.create(spec, {}, 0, entropy("forge/a"), START)
    creator.play(creator.state.legal_moves()[0].code)
    joiner = Match.join(creator.link(START), entropy("forge/b"), START)
    joiner.play(joiner.state.legal_moves()[0].code)
    link2 = joiner.link(START)
    creator.receive(link2, START)
    creator.play(creator.state.legal_moves()[0].code)
    link3 = creator.link(START)
    c1, k1 = creator.data.commitments[1].head, creator.data.link_keys[1]

    someone = (entropy("forge/c")[:16], LinkKey(entropy("forge/c")).public)  # valid, of someone else

    def other_joiner(body):
        for value, new in zip((c1, k1), someone, strict=True):
            at = bytes(body).index(value)
            body[at : at + len(value)] = new

    before = to_json(joiner)
    with pytest.raises(MatchError, match=NEUTRAL) as told:
        joiner.receive(rebuild(link3, other_joiner), START)
    assert "went on with someone else" not in str(told.value) and "new invitation" not in str(told.value)
    assert to_json(joiner) == before
    before = to_json(creator)
    with pytest.raises(LinkRefused, match="changed after it was sent"):
        creator.receive(rebuild(link2, other_joiner), START)
    assert to_json(creator) == before
    assert joiner.receive(link3, START) == "newer"


def test_link_1_with_another_date_is_refused():
    """A carrier may "change link 1's date". Link 1 has no tag: a date after tomorrow is refused as
    the joiner opens it; an earlier one is taken, and the creator then refuses the joiner's
    answer as changed on its way (the key of the tags hashes link 1 as each player holds it)."""
    from webtabletop.correspondence.binary import varint
    from webtabletop.correspondence.link import read_link

    from .helpers import rebuild

    spec = get_game("tsifrograd")
    creator = Match.create(spec, {}, 0, entropy("date/a"), START)
    link1 = creator.link(START)
    d = read_link(link1).data.date

    def dated(days):
        def change(body):
            at = bytes(body).index(varint(d))
            body[at : at + 3] = varint(d + days)

        return change

    with pytest.raises(MatchError, match="date in this link is impossible"):
        Match.join(rebuild(link1, dated(30)), entropy("date/b"), START)
    joiner = Match.join(rebuild(link1, dated(-30)), entropy("date/b"), START)
    before = to_json(creator)
    with pytest.raises(LinkRefused, match="changed after it was sent"):
        creator.receive(joiner.link(START), START)
    assert to_json(creator) == before
