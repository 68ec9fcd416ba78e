"""Resigning and draws by agreement in a match by link (correspondence/endings.py).

Two browsers and a spectator exchange link strings only. An ending is an annotation on the latest
link, signed with its sender's link key: refused when the other player forges it, when it is
moved to another position or match, and when whoever carries it changes it.
"""

from __future__ import annotations

import attrs
import pytest

from webtabletop.core.errors import GameError
from webtabletop.core.registry import get_game
from webtabletop.correspondence import NEWER, OLDER, SAME, Match, MatchError, endings
from webtabletop.correspondence.binary import Reader
from webtabletop.correspondence.link import make_link, read_link
from webtabletop.fairplay.linkauth import LinkKey, LinkRefused

from .helpers import START, entropy, rebuild, reread

DRAW_GAME = "dumaraj"  # the rules allow a draw by agreement ("by agreement")


class Table:
    """Seat 0 (``a``) and seat 1 (``b``) of a match, a spectator, and every link sent."""

    def __init__(self, game: str = DRAW_GAME, tag: str = "t") -> None:
        spec = get_game(game)
        self.a = Match.create(spec, None, 0, entropy(f"end/{tag}/a"), START)
        self.sa, self.sb = entropy(f"end/{tag}/a"), entropy(f"end/{tag}/b")
        self._turn(self.a)
        first = self.a.link(START)
        self.b = Match.join(first, self.sb, START)
        self.watcher = Match.watch(first)
        self.links = [first]

    def _turn(self, m: Match) -> None:
        while m.can_move:
            m.play(m.state.legal_moves()[0].code)

    def send(self, sender: Match, link: str | None = None) -> str:
        """``sender`` plays its turn (unless ``link`` is given) and both others receive its link."""
        if link is None:
            self._turn(sender)
            link = sender.link(START)
        self.links.append(link)
        other = self.b if sender is self.a else self.a
        assert other.receive(link, START) in (NEWER, SAME)
        self.watcher.receive(link, START)
        return link

    def rounds(self, n: int) -> None:
        for _ in range(n):
            self.send(self.b if self.b.my_link else self.a)


def test_resign_out_of_turn_ends_the_game_for_both_and_the_spectator():
    t = Table(tag="out")
    t.rounds(3)
    waiting = t.a if not t.a.my_link else t.b  # the player who is not to move
    assert waiting.can_resign and not waiting.my_link
    link = waiting.resign()
    assert waiting.is_over
    t.send(waiting, link)
    for m in (t.a, t.b, t.watcher):
        outcome = m.state.outcome()
        assert m.is_over and outcome.reason == "resignation"
        assert outcome.winner == 1 - waiting.role
    assert not t.a.can_resign and not t.b.can_resign and not t.a.can_move and not t.b.can_move
    # the stored match keeps the resignation (signatures checked again as it is read back)
    assert reread(t.b).state.outcome() == t.b.state.outcome()
    # the same link again changes nothing
    other = t.b if waiting is t.a else t.a
    assert other.receive(link, START) == SAME


def test_resign_on_ones_turn_drops_the_moves_not_sent():
    t = Table(tag="turn")
    t.rounds(2)
    mover = t.a if t.a.can_move else t.b
    mover.play(mover.state.legal_moves()[0].code)
    count = mover.data.count
    link = mover.resign()
    assert mover.data.count == count and not mover.pending
    t.send(mover, link)
    other = t.b if mover is t.a else t.a
    assert other.state.outcome().winner == 1 - mover.role


def test_a_resignation_crossing_a_move_ends_the_game_where_it_was_made():
    """A resigns at link N while B's link N+1 (a move) is on its way: B takes the resignation
    back at N, and A refuses B's later link."""
    t = Table(tag="cross")
    t.rounds(2)
    waiting, mover = (t.a, t.b) if t.b.my_link else (t.b, t.a)
    resign_link = waiting.resign()
    t._turn(mover)
    move_link = mover.link(START)
    assert mover.receive(resign_link, START) == NEWER
    assert mover.is_over and mover.data.count == waiting.data.count
    with pytest.raises(MatchError, match="after the end of the game"):
        waiting.receive(move_link, START)
    assert waiting.state.outcome() == mover.state.outcome()


def test_an_accepted_draw_is_drawn_everywhere():
    t = Table(tag="draw")
    t.rounds(3)
    offerer, other = t.a, t.b
    assert offerer.can_offer_draw
    t.send(offerer, offerer.offer_draw())
    assert other.draw_offered and not offerer.draw_offered and not offerer.can_offer_draw
    assert t.watcher.ending.kind == endings.OFFER
    t.send(other, other.answer_draw(True))
    for m in (t.a, t.b, t.watcher):
        outcome = m.state.outcome()
        assert outcome.winner is None and outcome.reason == "draw agreed"
    assert reread(t.a).state.outcome().reason == "draw agreed"


def test_a_declined_draw_goes_on_and_the_next_move_clears_it():
    t = Table(tag="decline")
    t.rounds(3)
    t.send(t.a, t.a.offer_draw())
    t.send(t.b, t.b.answer_draw(False))
    assert not t.a.is_over and t.a.ending.kind == endings.DECLINED
    assert not t.a.can_offer_draw  # not again in the same position
    mover = t.a if t.a.can_move else t.b
    t.send(mover)
    assert t.a.ending is None and t.b.ending is None and t.b.can_offer_draw


def test_resign_needs_both_players_and_is_refused_in_games_without_draws():
    spec = get_game("tsifrograd")
    m = Match.create(spec, {"radius": 2}, 0, entropy("end/solo"), START)
    assert not m.can_resign  # nobody joined yet: nobody to win
    t = Table("tsifrograd", tag="tsif")
    t.rounds(2)
    assert t.a.can_resign and not t.a.can_offer_draw
    with pytest.raises(MatchError):
        t.a.offer_draw()


# --- forged and replayed annotations ------------------------------------------------------------
def _forged(by: Match, data, kind: int, seat: int, key_of: bytes) -> str:
    """A link ``by`` (a player, with the shared tag key) makes with an ending signed by the key
    derived from ``key_of``, in the name of ``seat``."""
    moves = (len(data.moves), by._opened.number)
    ending = endings.make(data, moves, kind, seat, LinkKey(key_of))
    forged = attrs.evolve(data, ending=ending)
    return make_link(forged, by._opened.number, by.mac_key(forged))


def test_the_other_player_cannot_resign_for_you():
    t = Table(tag="forge")
    t.rounds(3)
    # B makes a link saying A resigned, signed with B's own key, with a valid tag
    link = _forged(t.b, t.b.data, endings.RESIGN, 0, t.sb)
    for reader in (t.a, Match.watch(t.links[-1])):
        with pytest.raises(MatchError, match="not made by the player it names"):
            reader.receive(link, START)
    assert not t.a.is_over
    with pytest.raises(MatchError, match="not made by the player it names"):
        read_link(link)


def test_the_other_player_cannot_accept_a_draw_you_never_offered():
    t = Table(tag="forge-draw")
    t.rounds(3)
    data = t.b.data
    moves = (len(data.moves), t.b._opened.number)
    fake_offer = endings.make(data, moves, endings.OFFER, 0, LinkKey(t.sb))  # "A offers", by B
    offered = attrs.evolve(data, ending=fake_offer)
    agreed = endings.make(offered, moves, endings.AGREED, 1, LinkKey(t.sb))
    link = make_link(attrs.evolve(data, ending=agreed), moves[1], t.b.mac_key(data))
    with pytest.raises(MatchError, match="not made by the player it names"):
        t.a.receive(link, START)
    assert not t.a.is_over


def test_an_offer_declined_earlier_cannot_be_accepted_later():
    """A replay: B keeps A's offer from link N and sends it as accepted at link N+2."""
    t = Table(tag="replay")
    t.rounds(3)
    t.send(t.a, t.a.offer_draw())
    old_offer = t.b.ending
    t.send(t.b, t.b.answer_draw(False))
    t.rounds(2)
    data = t.b.data
    moves = (len(data.moves), t.b._opened.number)
    own = LinkKey(t.sb).sign(endings.message(data, endings.AGREED, 1, moves))
    replayed = endings.Ending(endings.AGREED, 1, (old_offer.signatures[0], own))
    link = make_link(attrs.evolve(data, ending=replayed), moves[1], t.b.mac_key(data))
    with pytest.raises(MatchError, match="not made by the player it names, or not in this position"):
        t.a.receive(link, START)
    assert not t.a.is_over


def test_a_resignation_from_another_match_is_refused():
    one, two = Table(tag="one"), Table(tag="two")
    one.rounds(2)
    two.rounds(2)
    link = one.a.resign()
    with pytest.raises(MatchError, match="another match"):
        two.b.receive(link, START)
    assert not two.b.is_over


def test_an_old_offer_sent_again_after_its_answer_changes_nothing():
    t = Table(tag="again")
    t.rounds(3)
    offer = t.a.offer_draw()
    t.send(t.a, offer)
    t.send(t.b, t.b.answer_draw(False))
    assert t.b.receive(offer, START) == OLDER and t.b.ending.kind == endings.DECLINED
    assert t.a.receive(offer, START) == OLDER


def _flags_at(body) -> int:
    """Where the flags byte is: after the format byte, the rules version and the options."""
    r = Reader(bytes(body))
    r.byte()
    r.varint()
    r.take(r.varint())
    return r.pos


@pytest.mark.parametrize("key", [None, "player"], ids=["carrier", "player"])
def test_a_carrier_cannot_turn_an_offer_into_a_resignation(key):
    t = Table(tag="carrier")
    t.rounds(3)
    offer = t.a.offer_draw()
    shared = t.b.mac_key(None) if key else None

    def change(body):
        at = _flags_at(body)
        assert body[at] == t.a.data.creator_side | endings.flags(t.a.ending)
        body[at] = t.a.data.creator_side | endings.RESIGN << 1  # "seat 0 resigns"

    with pytest.raises(GameError) as err:
        t.b.receive(rebuild(offer, change, shared), START)
    assert isinstance(err.value, LinkRefused) or "not made by the player it names" in str(err.value)
    assert not t.b.is_over and t.b.ending is None


def test_links_without_an_ending_are_as_before():
    """Old links still open: a link with no ending has the flags byte it always had (0 or 1)."""
    t = Table(tag="old")
    t.rounds(2)
    for link in t.links:
        assert read_link(link).data.ending is None


def test_a_resignation_after_many_moves_is_signed_and_checked():
    """The moves' number outgrows 64 bits after a dozen moves of DumaRaj: a resignation then
    still signs the whole position, and the friend and a spectator check it."""
    t = Table(tag="long")
    t._turn = lambda m: m.can_move and m.play(m.state.legal_moves()[-1].code)  # a number that grows
    t.rounds(30)
    number = read_link(t.links[-1])  # the latest link's moves as one number
    assert number.number >= 1 << 64
    link = t.a.resign(START) if t.a.can_resign else t.b.resign(START)
    resigner, other = (t.a, t.b) if link == t.a.latest_link else (t.b, t.a)
    assert other.receive(link, START) == NEWER and other.is_over and other.ending is not None
    assert t.watcher.receive(link, START) == NEWER and t.watcher.is_over
