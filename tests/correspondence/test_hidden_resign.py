"""Resigning a game with hidden cards by link ("Every game gets Resign").

SHT, HTT and CardGO end with a check that needs both players' secrets (docs/fair-play.md). A
resignation there is the latest link again, carrying the resigner's reveal (what its end link
would carry: the secret, and in HTT the unplayed cards), signed with the resignation; the other
player answers with the same annotation and its own reveal, as at any end; then every browser
(and a spectator) checks the whole game on the position it stopped in. Played through the
project's match code between independent browsers that exchange only link strings.
"""

from __future__ import annotations

import datetime

import attrs
import pytest

from webtabletop.core.ending import RESIGNATION
from webtabletop.correspondence import NEWER, OLDER, SAME, Match, MatchError, endings
from webtabletop.correspondence.clock import REVEAL_DAYS
from webtabletop.correspondence.link import make_link, read_link
from webtabletop.correspondence.store import to_json
from webtabletop.fairplay.linkauth import LinkKey, LinkRefused

from .helpers import entropy, play, rebuild, reread

GAMES = ["sht", "htt", "cardgo"]
VERIFIED = {
    "sht": "Verified: no card was swapped.",
    "htt": "Verified: no card was swapped.",
    "cardgo": "Verified: every card was drawn fairly and none was swapped.",
}


class Enough(Exception):
    pass


def table(game: str, upto: int, seed: int = 7):
    """(sender of link ``upto``, its receiver, a spectator), every link received, and the secrets
    the players hold (``helpers.play``'s)."""
    held = {}

    def each(current, other, spectator, link):
        held.update(current=current, other=other, spectator=spectator)
        if current.data.count >= upto:
            raise Enough

    with pytest.raises(Enough):
        play(game, {}, 0, seed, each=each)
    return held["current"], held["other"], held["spectator"]


def day_of(m: Match, days: int = 1) -> datetime.date:
    return datetime.date.fromordinal(m.data.date) + datetime.timedelta(days=days)


def same_after_storage(m: Match) -> None:
    again = reread(m)
    assert to_json(again) == to_json(m)
    assert (again.verdict, again.is_over, again.awaiting_secret) == (m.verdict, m.is_over, m.awaiting_secret)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("who", ["out of turn", "on its turn"])
def test_a_resignation_reveals_and_the_answer_checks_the_whole_game(game, who):
    sender, receiver, spectator = table(game, 6)
    resigner, friend = (sender, receiver) if who == "out of turn" else (receiver, sender)
    if who == "on its turn":
        assert resigner.can_move
        resigner.play(resigner.state.legal_moves()[0].code)  # a move not sent: dropped
    assert resigner.can_resign and friend.can_resign and not resigner.can_offer_draw
    day = day_of(sender, 2)
    link = resigner.resign(day)
    winner_side = 1 - resigner.role
    assert resigner.is_over and resigner.awaiting_secret and resigner.verdict is None
    assert resigner.reveal_deadline == day + datetime.timedelta(days=REVEAL_DAYS)
    assert not resigner.can_resign and not resigner.pending and not resigner.my_link
    assert resigner.link(day) == link  # sent again as it was
    assert resigner.state.outcome().winner == winner_side and resigner.state.outcome().reason == RESIGNATION
    same_after_storage(resigner)

    assert friend.receive(link, day) == NEWER
    assert friend.is_over and friend.my_link and friend.can_send and not friend.can_move
    # the friend holds both secrets now: it checks at once, and still owes its answer
    assert not friend.awaiting_secret and friend.verdict == VERIFIED[game]
    assert spectator.receive(link, day) == NEWER and spectator.is_over and spectator.verdict is None
    same_after_storage(friend)

    answer = friend.link(day)
    assert friend.complete and not friend.my_link and friend.verdict == VERIFIED[game]
    assert friend.link(day) == answer
    assert resigner.receive(answer, day) == NEWER
    assert spectator.receive(answer, day) == NEWER
    for m in (resigner, friend, spectator):
        assert m.verdict == VERIFIED[game] and m.verified is True and m.cheater is None
        assert m.state.outcome().winner == winner_side and m.state.outcome().reason == RESIGNATION
        assert m.revealed  # nothing is secret any more: every card shows
    assert not resigner.awaiting_secret and resigner.reveal_deadline is None
    same_after_storage(resigner)
    assert Match.watch(answer).verdict == VERIFIED[game]
    # links that came before change nothing
    assert resigner.receive(link, day) == OLDER and friend.receive(answer, day) == SAME


@pytest.mark.parametrize("game", GAMES)
def test_no_resignation_before_the_cards_are_dealt(game):
    sender, receiver, _sp = table(game, endings.HIDDEN_FROM - 1)
    for m in (sender, receiver):
        assert not m.can_resign
        with pytest.raises(MatchError):
            m.resign()


@pytest.mark.parametrize("game", ["sht", "cardgo"])
def test_a_resignation_crossing_a_move_ends_the_game_where_it_was_made(game):
    """The friend's move (link 7) and the resignation (link 6 again) cross: the resigner refuses
    the move, the friend goes back to link 6, answers with its secret, and both check the game."""
    resigner, friend, spectator = table(game, 6)
    while friend.can_move:
        friend.play(friend.state.legal_moves()[0].code)
    day = day_of(resigner, 2)
    move = friend.link(day)
    link = resigner.resign(day)
    before = to_json(resigner)
    with pytest.raises(MatchError, match="came after the end of the game"):
        resigner.receive(move, day)
    assert to_json(resigner) == before
    assert friend.receive(link, day) == NEWER
    assert friend.data.count == 6 and friend.is_over and friend.my_link
    answer = friend.link(day)
    assert resigner.receive(answer, day) == NEWER
    assert resigner.verdict == friend.verdict == VERIFIED[game]
    same_after_storage(friend)


def test_the_deadline_applies_after_a_resignation_and_the_resigner_claims_no_forfeit():
    """The resigner waits for the friend's revealing link under the same deadline; past it the
    game stays unverified, but it is the resigner's loss: a resignation already gave the game
    away, so the resigner has no forfeit to claim (it would turn its own resignation into a win)."""
    resigner, friend, _sp = table("htt", 6)
    day = day_of(resigner, 1)
    link = resigner.resign(day)
    limit = resigner.reveal_deadline
    assert limit == day + datetime.timedelta(days=REVEAL_DAYS) and resigner.resigned_here
    for when in (limit, limit + datetime.timedelta(days=1)):
        with pytest.raises(MatchError, match="You resigned this game"):
            resigner.claim_forfeit(when)
    assert not resigner.forfeit and resigner.verdict is None
    assert resigner.state.outcome().winner == 1 - resigner.role
    friend.receive(link, day)
    assert not friend.resigned_here
    resigner.receive(friend.link(limit + datetime.timedelta(days=3)), limit + datetime.timedelta(days=3))
    assert resigner.verdict == VERIFIED["htt"]  # a late answer is still checked


def _relinked(m: Match, data) -> str:
    """A link of ``data`` made by the player ``m`` (it holds the tag key: a cheating player)."""
    return make_link(data, m._opened.number, m.mac_key(data))  # noqa: SLF001


@pytest.mark.parametrize("game", GAMES)
def test_an_answer_with_another_secret_names_the_friend(game):
    """The friend's step replaced: its answer reveals a secret that does not open its commitment.
    The resigner and a spectator end "Not verified"; the resigner, who checked the answer's tag,
    names the friend."""
    resigner, friend, spectator = table(game, 6)
    day = day_of(resigner)
    link = resigner.resign(day)
    friend.receive(link, day)
    spectator.receive(link, day)
    honest = read_link(friend.link(day)).data
    reveals = list(honest.ending.reveals)
    reveals[friend.seat] = bytes([reveals[friend.seat][0] ^ 1]) + reveals[friend.seat][1:]
    forged = _relinked(
        friend, attrs.evolve(honest, ending=attrs.evolve(honest.ending, reveals=tuple(reveals)))
    )
    named = ("The player who started the match cheated.", "The player who joined the match cheated.")
    for m in (resigner, spectator):
        assert m.receive(forged, day) == NEWER
        assert m.verified is False and m.verdict.startswith("Not verified")
    assert resigner.cheater == friend.seat and named[friend.seat] in resigner.verdict
    # a spectator cannot check who sent the link: it says what failed, naming nobody
    assert spectator.cheater is None and "cheated" not in spectator.verdict.replace("who cheated", "")


@pytest.mark.parametrize("game", ["sht", "htt"])
def test_nobody_resigns_for_the_other_nor_changes_its_reveal(game):
    resigner, friend, _sp = table(game, 6)
    day = day_of(resigner)
    data = read_link(resigner.latest_link).data
    moves = (len(data.moves), resigner._opened.number)  # noqa: SLF001
    # the friend says the other resigned, signing with its own key
    fake = endings.make(data, moves, endings.RESIGN, resigner.seat, LinkKey(friend.secret), b"\0" * 32)
    before = to_json(resigner)
    with pytest.raises(MatchError, match="not made by the player it names"):
        resigner.receive(_relinked(friend, attrs.evolve(data, ending=fake)), day)
    assert to_json(resigner) == before
    # the friend answers a real resignation with the resigner's reveal changed
    link = resigner.resign(day)
    friend.receive(link, day)
    answer = read_link(friend.link(day)).data
    reveals = list(answer.ending.reveals)
    reveals[resigner.seat] = bytes(32) + reveals[resigner.seat][32:]
    changed = attrs.evolve(answer, ending=attrs.evolve(answer.ending, reveals=tuple(reveals)))
    before = to_json(resigner)
    with pytest.raises(MatchError):
        resigner.receive(_relinked(friend, changed), day)
    assert to_json(resigner) == before
    # a resignation that reveals nothing is no resignation of a game with hidden cards
    bare = attrs.evolve(
        data, ending=endings.make(data, moves, endings.RESIGN, friend.seat, LinkKey(friend.secret))
    )
    with pytest.raises(MatchError, match="damaged"):
        resigner.receive(_relinked(friend, bare), day)


@pytest.mark.parametrize("game", GAMES)
def test_a_resignation_changed_on_its_way_is_refused(game):
    resigner, friend, _sp = table(game, 6)
    day = day_of(resigner)
    link = resigner.resign(day)
    before = to_json(friend)
    for at in (0, 1, 8, 40, -60, -40, -12, -1):

        def change(body, at=at):
            body[at] ^= 0x04

        with pytest.raises(LinkRefused, match="changed after it was sent"):
            friend.receive(rebuild(link, change), day)
        assert to_json(friend) == before
    assert friend.receive(link, day) == NEWER
    assert entropy  # the players' secrets come from helpers.entropy (runs repeat)


def test_a_reveal_in_a_game_without_hidden_cards_is_refused():
    """Only a link of a game with hidden cards (format 4) carries reveals: the same bits in
    another game's link make it damaged, even with a valid tag and signature."""
    from tests.correspondence.test_endings import Table

    t = Table(tag="reveal")
    t.rounds(3)
    data = read_link(t.a.latest_link).data
    moves = (len(data.moves), t.a._opened.number)  # noqa: SLF001
    ending = endings.make(data, moves, endings.RESIGN, 0, LinkKey(t.sa), b"\1" * 32)
    assert ending.reveals[0] is not None
    with pytest.raises(MatchError, match="damaged"):
        t.b.receive(_relinked(t.a, attrs.evolve(data, ending=ending)))
