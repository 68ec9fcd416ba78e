"""Real-time clocks of a match by link or live (correspondence/liveclock.py, timed.py).

Two browsers and a spectator exchange only link strings; each is told the time on its own clock
(``Match.at``), and the two clocks are set apart on purpose (``SKEW``): only intervals travel, so
the skew changes nothing. docs/fair-play.md, "Clocks", states the rule tested here.
"""

from __future__ import annotations

import random

import attrs
import pytest

from webtabletop.core.ending import LEFT, ON_TIME, TIMEOUT, WALKOVER
from webtabletop.core.registry import get_game
from webtabletop.correspondence import NEWER, SAME, Match, MatchError, endings, liveclock
from webtabletop.correspondence.link import make_link
from webtabletop.correspondence.liveclock import TimeControl, Timing
from webtabletop.correspondence.store import to_json

from .helpers import START, entropy, reread

T0 = 1_800_000_000_000.0  # ms on the creator's clock
SKEW = 97_531.0  # the joiner's clock is this far ahead: never compared with the creator's


class Table:
    """A timed match: the creator ``a``, the joiner ``b``, a spectator ``w``, each with its own
    clock; ``t`` is true time in ms (the creator's clock reads ``t``, the joiner's ``t + SKEW``)."""

    def __init__(self, game: str = "tsifrograd", control: TimeControl | None = None, seed: int = 0):
        self.spec = get_game(game)
        self.rnd = random.Random(seed)
        self.t = T0
        control = control or TimeControl(1, 2)
        self.a = Match.create(self.spec, None, 0, entropy(f"clock/{game}/a", seed), START, time=control)
        self.a.at(self.t)
        self.link = self.a.link(START)
        self.w = Match.watch(self.link)
        self.b = Match.join(self.link, entropy(f"clock/{game}/b", seed), START).at(self.t + SKEW)
        self.links = [self.link]

    def clock_of(self, m: Match) -> float:
        return self.t + (SKEW if m is self.b else 0)

    def sender(self) -> Match:
        return self.a if self.a.my_link else self.b

    def turn(self, think_ms: float, live: bool = True, transit_ms: float = 5) -> str:
        """The player whose link is next thinks ``think_ms``, plays, sends; the link arrives
        ``transit_ms`` later (over the live channel by default)."""
        me = self.sender()
        other = self.b if me is self.a else self.a
        self.t += think_ms
        me.at(self.clock_of(me))
        while me.can_move:
            me.play(self.rnd.choice(list(me.state.legal_moves())).code)
        link = me.link(START)
        self.links.append(link)
        self.t += transit_ms
        assert other.at(self.clock_of(other)).receive(link, START, live=live) == NEWER
        assert self.w.receive(link, START) == NEWER
        return link


def test_presets_and_parsing():
    assert TimeControl.parse("5+3") == TimeControl(5, 3)
    assert TimeControl.parse(" 10+5 ").text == "10+5"
    for bad in ("5", "0+3", "5+-1", "181+0", "5+181", "five+3", "5+3+1"):
        with pytest.raises(MatchError):
            TimeControl.parse(bad)
    assert all(TimeControl(*v).text == k for k, v in liveclock.PRESETS.items())


def test_the_arithmetic_links_1_and_2_are_free_then_interval_and_increment():
    t = Timing(TimeControl(1, 2))
    for cs in (0, 0, 1000, 2500, 500):  # links 1-5: seat 0 sends 1, 3, 5
        t = t.then(cs)
    # seat 0: 60 s - 10 s + 2 s - 5 s + 2 s; seat 1: 60 s - 25 s + 2 s
    assert liveclock.remaining(t) == (49_000, 37_000)
    assert Timing(TimeControl(1, 2)).then(4000).then(4000).spent == (0, 0)  # links 1 and 2 cost nothing
    # a turn that used all the time left flags its sender
    assert liveclock.remaining(t.then(3700)) == (49_000, 0)


def test_clocks_agree_in_both_browsers_and_the_spectator_whatever_the_skew():
    tb = Table()
    tb.turn(30_000)  # link 2: the joiner, free
    assert tb.a.clocks() == tb.b.clocks() == (60_000, 60_000)
    assert tb.a.clock_running == 0
    tb.turn(10_000)  # link 3: the creator thought 10 s
    tb.turn(20_000, transit_ms=50)  # link 4: the joiner 20 s
    assert tb.a.data.timing.spent == (0, 0, 1000, 2000)
    assert liveclock.remaining(tb.w.data.timing) == (52_000, 42_000)
    assert tb.w.data.timing == tb.a.data.timing == tb.b.data.timing
    # the creator's clock runs on both screens, from when each browser held link 4
    tb.t += 2000
    assert tb.a.at(tb.clock_of(tb.a)).clocks() == (52_000 - 2000, 42_000)
    assert tb.b.at(tb.clock_of(tb.b)).clocks() == (52_000 - 2050, 42_000)  # its clock ran from sending
    # the match's key binds the control: a link of the same game without a clock is another match
    assert tb.a.data.key() != attrs.evolve(tb.a.data, timing=None).key()


def test_stored_and_read_back_the_running_clock_goes_on():
    tb = Table()
    tb.turn(1000)
    tb.turn(3000)
    again = reread(tb.b)
    assert to_json(again) == to_json(tb.b)
    assert again.held_at == tb.b.held_at
    tb.t += 4000
    assert again.at(tb.clock_of(tb.b)).clocks() == tb.b.at(tb.clock_of(tb.b)).clocks()


def test_a_player_cannot_send_after_its_flag_fell():
    tb = Table()
    tb.turn(0)
    tb.t += 61_000
    tb.a.at(tb.t)
    assert tb.a.flagged() == 0 and tb.b.at(tb.clock_of(tb.b)).flagged() == 0
    while tb.a.can_move:
        tb.a.play(tb.a.state.legal_moves()[0].code)
    with pytest.raises(MatchError, match="Your time ran out"):
        tb.a.link(START)


def test_a_link_after_the_senders_flag_is_refused_by_its_receiver(monkeypatch):
    tb = Table()
    tb.turn(0)
    monkeypatch.setattr(liveclock, "out_of_time", lambda *args: None)  # a cheater's own browser
    tb.t += 61_000
    tb.a.at(tb.t)
    while tb.a.can_move:
        tb.a.play(tb.a.state.legal_moves()[0].code)
    link = tb.a.link(START)
    assert tb.a.data.timing.spent[-1] == 6100
    held = to_json(tb.b)
    with pytest.raises(MatchError, match="Your friend's time ran out before this link was sent"):
        tb.b.at(tb.clock_of(tb.b)).receive(link, START, live=False)
    assert to_json(tb.b) == held
    # a spectator cannot tell whose link it is: its sentence names nobody
    with pytest.raises(MatchError, match="clock is impossible"):
        tb.w.receive(link, START)


def under_report(tb: Table, said_ms: float, think_ms: float) -> str:
    """The creator thinks ``think_ms`` but its browser says ``said_ms`` (a cheater sets the
    time its own browser reads: it controls every clock in it)."""
    tb.t += think_ms
    tb.a.held_at = tb.t - said_ms
    tb.a.at(tb.t)
    while tb.a.can_move:
        tb.a.play(tb.a.state.legal_moves()[0].code)
    return tb.a.link(START)


def test_live_an_under_reported_turn_is_refused_beyond_the_tolerance():
    tb = Table()
    tb.turn(0)
    link = under_report(tb, said_ms=1000, think_ms=10_000)
    tb.t += 5
    held = to_json(tb.b)
    with pytest.raises(MatchError, match=r"says the move took 1 s, but 10 s passed here"):
        tb.b.at(tb.clock_of(tb.b)).receive(link, START, live=True)
    assert to_json(tb.b) == held
    # by hand the same link is taken: the time a link spends with its carrier cannot be told
    # from thinking time (docs/fair-play.md says what this leaves open)
    assert tb.b.receive(link, START, live=False) == NEWER


def test_live_an_under_report_within_the_tolerance_is_taken():
    tb = Table()
    tb.turn(0)
    slack = liveclock.TOLERANCE_MS - 100
    link = under_report(tb, said_ms=10_000 - slack, think_ms=10_000)
    tb.t += 5
    assert tb.b.at(tb.clock_of(tb.b)).receive(link, START, live=True) == NEWER
    # the most a cheater gains: the tolerance, per turn
    assert liveclock.remaining(tb.b.data.timing)[0] == 60_000 - (10_000 - slack) + 2000


def test_a_changed_earlier_interval_is_refused():
    tb = Table()
    tb.turn(0)
    tb.turn(5000)
    tb.turn(5000)
    # the creator re-times the joiner's link 4 in its own (correctly tagged) link 5
    a = tb.a.at(tb.t)
    while a.can_move:
        a.play(a.state.legal_moves()[0].code)
    real = a.link(START)
    assert a.data.timing.spent[:4] == (0, 0, 500, 500)
    forged = attrs.evolve(a.data, timing=attrs.evolve(a.data.timing, spent=(0, 0, 500, 9000, 0)))
    text = make_link(forged, a._opened.number, a.mac_key(forged))
    b = tb.b.at(tb.clock_of(tb.b))
    with pytest.raises(MatchError, match="changes moves that were already played"):
        b.receive(text, START)
    assert b.receive(real, START) == NEWER


def flag_the_creator(tb: Table) -> str:
    """The creator is to send link 5 and lets its clock run out; the joiner claims."""
    tb.turn(0)
    tb.turn(1000)
    tb.turn(1000)
    left = liveclock.remaining(tb.b.data.timing)[0]
    tb.t += left - 6  # the joiner's clock runs from sending link 4, 5 ms before it arrived
    assert not tb.b.at(tb.clock_of(tb.b)).can_claim_time
    tb.t += 1
    assert tb.b.at(tb.clock_of(tb.b)).can_claim_time and tb.b.flagged() == 0
    return tb.b.claim_time(START)


def test_a_claim_on_time_ends_the_game_for_everyone():
    tb = Table()
    link = flag_the_creator(tb)
    side = tb.b.role
    assert tb.b.is_over and tb.b.state.outcome().winner == side
    assert tb.b.state.outcome().reason == ON_TIME
    assert tb.b.ending.kind == endings.FLAG and tb.b.ending.waited > 0
    assert tb.a.at(tb.t).receive(link, START) == NEWER
    assert tb.w.receive(link, START) == NEWER
    for m in (tb.a, tb.w):
        assert m.is_over and m.state.outcome().winner == side and m.verified
    assert type(tb.a.state).ended_by == TIMEOUT[tb.a.role]
    assert reread(tb.a).state.outcome() == tb.a.state.outcome()
    assert tb.a.receive(link, START) == SAME


def test_a_claim_before_the_flag_is_refused_by_everyone():
    tb = Table()
    tb.turn(0)
    tb.turn(1000)
    tb.turn(1000)
    b = tb.b
    ending = endings.make(
        b.data, (len(b.data.moves), b._opened.number), endings.FLAG, 1, b._link_key, None, 100
    )
    data = attrs.evolve(b.data, ending=ending)
    text = make_link(data, b._opened.number, b.mac_key(data))
    for m in (tb.a.at(tb.t), tb.w):
        with pytest.raises(MatchError, match="came before the clock ran out"):
            m.receive(text, START)
        assert not m.is_over


def test_a_claim_made_early_by_a_cheaters_clock_is_refused_by_the_flagged_player():
    tb = Table()
    tb.turn(0)
    tb.turn(1000)
    tb.turn(1000)
    tb.t += 20_000
    tb.b.held_at -= 60_000  # the joiner's browser pretends it waited a minute more
    link = tb.b.at(tb.clock_of(tb.b)).claim_time(START)
    with pytest.raises(MatchError, match="before your clock ran out here"):
        tb.a.at(tb.t).receive(link, START)
    assert not tb.a.is_over
    assert tb.w.receive(link, START) == NEWER  # a spectator can check only the arithmetic


def test_claim_on_time_needs_a_clock_and_the_friends_turn():
    tb = Table()
    tb.turn(0)
    tb.t += 100_000
    assert not tb.a.at(tb.t).can_claim_time  # its own clock ran out, not the friend's
    with pytest.raises(MatchError):
        tb.a.claim_time(START)


def test_claim_the_win_when_the_friend_left_for_long_enough():
    tb = Table(control=TimeControl(5, 3))
    tb.turn(0)
    tb.turn(1000)  # link 3: the joiner waits for link 4? no: the joiner sends link 4
    b, a = tb.b, tb.a
    assert a.my_link is False and b.my_link
    seen = tb.t  # the creator last saw the joiner now (the live channel's presence)
    tb.t += liveclock.GONE_MS - 1
    assert not a.at(tb.t).can_claim_left(seen)
    assert not a.can_claim_left(None)  # never seen live: no claim
    tb.t += 1
    assert a.at(tb.t).can_claim_left(seen)
    assert not b.at(tb.clock_of(b)).can_claim_left(seen + SKEW)  # on its own turn: no claim
    link = a.claim_left(seen, START)
    assert a.is_over and a.state.outcome().winner == a.role and a.state.outcome().reason == WALKOVER
    assert b.receive(link, START) == NEWER and b.is_over
    assert type(b.state).ended_by == LEFT[b.role]
    assert tb.w.receive(link, START) == NEWER and tb.w.is_over


def test_gone_time_is_longer_from_ten_minutes():
    assert liveclock.gone_after(TimeControl(5, 3)) == liveclock.GONE_MS
    assert liveclock.gone_after(TimeControl(10, 5)) == liveclock.GONE_LONG_MS
    assert liveclock.gone_after(None) == liveclock.GONE_LONG_MS


def test_a_link_of_an_untimed_match_is_unchanged():
    spec = get_game("tsifrograd")
    m = Match.create(spec, None, 0, entropy("untimed"), START)
    link = m.link(START)
    assert link.split("x=")[1][0] in "BF"  # format byte 5 (base64 of 0x05...)
    assert m.data.timing is None and m.clocks() is None and not m.can_claim_time


@pytest.mark.parametrize("game", ["sht", "htt", "cardgo"])
def test_a_claim_on_time_in_a_game_with_hidden_cards_keeps_the_end_check(game):
    tb = Table(game, TimeControl(1, 0), seed=3)
    while tb.links and tb.a.data.count < endings.hidden_from(tb.a.data) + 1:
        tb.turn(100)
    flagged = tb.sender()
    claimant = tb.b if flagged is tb.a else tb.a
    tb.t += 61_000
    link = claimant.at(tb.clock_of(claimant)).claim_time(START)
    assert claimant.is_over and claimant.verdict is None  # waits for the friend's reveal
    assert flagged.at(tb.clock_of(flagged)).receive(link, START) == NEWER
    assert flagged.is_over and flagged.my_link  # its answer with its secret is due
    answer = flagged.link(START)
    assert claimant.receive(answer, START) == NEWER
    assert tb.w.receive(answer, START) == NEWER
    for m in (claimant, flagged, tb.w):
        assert m.verified, m.verdict
        assert m.state.outcome().winner == claimant.role


def test_a_resignation_that_crossed_a_move_still_ends_a_timed_game():
    tb = Table()
    tb.turn(0)
    tb.turn(1000)
    tb.turn(1000)  # link 4: the joiner's; the creator is to send link 5
    b = tb.b.at(tb.clock_of(tb.b))
    resignation = b.resign(START)  # made at link 4
    # the same, with one of its earlier turns re-timed (the joiner's browser makes the tag)
    data = attrs.evolve(b.data, timing=attrs.evolve(b.data.timing, spent=(0, 0, 100, 50)))
    text = make_link(data, b._opened.number, b.mac_key(data))
    a = tb.a.at(tb.t)
    while a.can_move:
        a.play(a.state.legal_moves()[0].code)
    a.link(START)  # link 5, crossing the resignation
    with pytest.raises(MatchError, match="changes moves that were already played"):
        a.receive(text, START)
    assert a.receive(resignation, START) == NEWER
    assert a.is_over and a.data.count == 4 and a.state.outcome().winner == a.role
