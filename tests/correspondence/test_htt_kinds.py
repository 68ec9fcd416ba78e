"""HTT by link: a hand's kind and every card placed must fit the table.

"Each seat's hand section carries a kind (own, dealt, random), and nothing checks it against the
table's options: only the screens restrict it. A modified browser that declares "own" on a dealt
table brings any hand it likes, even five copies of its strongest card (strength 230, against
about 150 for a dealt hand). "Random" over a pool of exactly five cards works the same way. ...
Required: a hand's kind must be the one the table's options allow. Refuse anything else when the
link is read, naming the seat, and check it again in the end verification."

Each test plays the cheater's step through the project's match code: the cheater's browser is a
real match object whose own checks are switched off while it acts (what a modified browser
does); the honest browser reads its links with the project's code as it is.
"""

from __future__ import annotations

import contextlib
import datetime
import random

import attrs
import pytest

from webtabletop.core.registry import get_game
from webtabletop.correspondence import Match, MatchError
from webtabletop.correspondence import chosen as CH
from webtabletop.correspondence.store import to_json
from webtabletop.fairplay.errors import ClaimRefused
from webtabletop.games.htt.rules.match import HttHands
from webtabletop.games.htt.rules.sets.library import get_card, pool_by_level

from .helpers import START, entropy, kept_finding, play
from .test_htt import VERIFIED, keen

SPEC = get_game("htt")
STRONGEST = max(
    (c for cards in pool_by_level("all", 1, 11).values() for c in cards), key=lambda c: c.strength
)
COPIES = (STRONGEST.id,) * 5  # five copies of the strongest card: a legal hand on a dealt table


@contextlib.contextmanager
def modified(monkeypatch):
    """The cheater's browser: it neither refuses its own hand's kind nor checks its cards."""
    with monkeypatch.context() as m:
        m.setattr(CH, "kind_problem", lambda spec, data, kind: None)
        m.setattr(HttHands, "placed_problem", lambda self, *a: None)
        m.setattr(HttHands, "check_hand", lambda self, options, side, refs: tuple(refs))
        yield


def day(n: int) -> datetime.date:
    return START + datetime.timedelta(days=n)


def test_the_strongest_copies_make_a_legal_hand_on_a_dealt_table():
    """The attack's premise: a dealt table's rules take five copies (no "one per level" rule)."""
    options = SPEC.options_from_dict({})
    assert HttHands().check_hand(options, 1, COPIES) == COPIES
    assert sum(get_card(r).strength for r in COPIES) >= 200


@pytest.mark.parametrize("bring", ["own", "random pool of five"])
def test_a_joiner_bringing_its_own_hand_to_a_dealt_table_is_refused_at_link_2(bring, monkeypatch):
    """The joiner's link 2 (tagged) declares its hand Own, or Random over a pool of exactly its five
    chosen cards: the creator refuses link 2 at once, naming the joiner, keeps the finding, and
    takes no later link of the match."""
    creator = Match.create(SPEC, {}, 0, entropy("kinds/a"), START)
    link1 = creator.link(START)
    hand = COPIES if bring == "own" else CH.Bring(CH.RANDOM, pool=COPIES)
    with modified(monkeypatch):
        cheater = Match.join(link1, entropy("kinds/b"), START, hand=hand)
        link2 = cheater.link(START)
    before = to_json(creator)
    with pytest.raises(ClaimRefused, match="this table does not allow") as info:
        creator.receive(link2, START)
    assert "The player who joined the match cheated" in str(info.value)
    kept_finding(creator, before, info.value, link2)
    # a spectator, who cannot check the tag, refuses the link too, naming nobody
    with pytest.raises(ClaimRefused, match="changed on its way, or it came from someone else") as seen:
        Match.watch(link2)
    assert seen.value.seat is None and "cheated" not in str(seen.value)


def test_a_creator_bringing_its_own_hand_to_a_dealt_table_is_refused_at_link_1(monkeypatch):
    """Link 1 has no tag: the joiner refuses it when it opens it, and cannot say who changed it
    (the creator's app, or whoever carried the link), so it names nobody."""
    with modified(monkeypatch):
        cheater = Match.create(SPEC, {}, 0, entropy("kinds/c"), START, hand=COPIES)
        link1 = cheater.link(START)
    with pytest.raises(ClaimRefused) as info:
        Match.join(link1, entropy("kinds/d"), START)
    assert info.value.seat is None and "this table does not allow" in str(info.value)
    assert "changed on its way" in str(info.value) and "cheated" not in str(info.value)


def test_an_honest_browser_cannot_bring_its_own_cards_to_a_dealt_table():
    with pytest.raises(MatchError, match="This table deals the hands"):
        Match.create(SPEC, {}, 0, entropy("kinds/e"), START, hand=COPIES)
    link1 = Match.create(SPEC, {}, 0, entropy("kinds/f"), START).link(START)
    with pytest.raises(MatchError, match="This table deals the hands"):
        Match.join(link1, entropy("kinds/g"), START, hand=COPIES)


def test_the_end_check_refuses_a_kind_the_table_does_not_allow():
    """The end verification checks the kind again: the same finished game, with seat 1's hand
    declared Own, fails it naming seat 1 (the kind is also refused as each link is read, so only
    a replay that skipped that check could reach the end)."""
    game = play("htt", {}, 0, 71, choose=keen)
    b = game.players[1]
    assert b.verdict == VERIFIED
    chosen = b._replay  # noqa: SLF001 - the finished public replay, with both secrets
    seats = (chosen.seats[0], attrs.evolve(chosen.seats[1], kind=CH.OWN))
    verdict, _true = CH.verify(SPEC, b.data, attrs.evolve(chosen, seats=seats), b._values)  # noqa: SLF001
    assert not verdict.ok and verdict.cheater == 1 and "this table does not allow" in verdict.text


def test_a_card_outside_the_tables_levels_is_refused_when_it_is_placed(monkeypatch):
    """Own deck, levels 1..7: the cheater commits to a hand holding a level-9 card (its browser
    skips the check of its own hand) and places it; the friend refuses that link at once, naming
    it, rather than at the end."""
    options = {"own_deck": True, "max_level": 7}
    pool = pool_by_level("all", 1, 11)
    bad = (pool[9][0].id, *(pool[lv][0].id for lv in (1, 2, 3, 4)))
    good = tuple(pool[lv][0].id for lv in (1, 2, 3, 4, 5))
    with modified(monkeypatch):
        cheater = Match.create(SPEC, options, 0, entropy("levels/a"), START, hand=bad)
        link = cheater.link(START)
    honest = Match.join(link, entropy("levels/b"), START, hand=good)
    current, other, n = honest, cheater, 1
    for _ in range(12):
        n += 1
        if current is cheater:
            with modified(monkeypatch):
                while cheater.can_move:  # the level-9 card first (hand slot 0)
                    legal = [m.code for m in cheater.state.legal_moves()]
                    cheater.play(next((c for c in legal if c.startswith("0")), legal[0]))
                link = cheater.link(day(n))
            before = to_json(honest)
            try:
                honest.receive(link, day(n))
            except ClaimRefused as exc:
                assert "level 9, outside the table's levels 1..7" in str(exc)
                assert "The player who started the match cheated" in str(exc)
                kept_finding(honest, before, exc)
                return
        else:
            while honest.can_move:
                honest.play(keen(honest.state, random.Random(n)))
            link = honest.link(day(n))
            with modified(monkeypatch):
                cheater.receive(link, day(n))
        current, other = other, current
    raise AssertionError("the level-9 card was never placed")
