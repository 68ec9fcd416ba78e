"""CardGO rules version 2: the hand cap of version 1 is gone, old links, records and saved games
replay up to the first draw that cap had skipped, and every game ends within the ply cap.

Source: «玩家开始时具有卡牌5张,每回合可以使用一张,新的回合获取一张» (start with 5 cards, use one per
turn, get one each new turn) and Love «打出时,额外抽取一张卡牌» (on play, draw one extra card): no
hand limit anywhere."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import attrs
import pytest

from tests.app.harness import Page
from tests.games.old_data import OldData
from webtabletop.core import registry, sharelink
from webtabletop.core.record import History
from webtabletop.core.rng import Rng
from webtabletop.core.storage import PREFIX
from webtabletop.games.cardgo import SPEC
from webtabletop.games.cardgo.rules import state as rules
from webtabletop.games.cardgo.rules.diagram import position
from webtabletop.games.cardgo.rules.options import CardgoOptions
from webtabletop.games.cardgo.rules.versions import legacy_codes, max_plies

from .helpers import pos

FIXTURES = Path(__file__).parent / "fixtures"
EXPECTED = json.loads((FIXTURES / "expected.json").read_text())


OLD = OldData(FIXTURES)
link, record, saved = OLD.link, OLD.record, OLD.saved


def test_the_spec_declares_rules_version_two_and_its_cap():
    assert SPEC.rules_version == 2 and SPEC.legacy_codes is legacy_codes and SPEC.max_plies is max_plies
    o = CardgoOptions()
    assert SPEC.ply_cap(o) == 2 * o.turn_limit + 2 * o.hand_size == 810


def test_old_links_stop_where_the_old_cap_would_have_skipped_a_draw():
    """Red holds hand size + 1 cards after its draw and plays Love: today it keeps the extra card,
    and its next turn draws on top; version 1 skipped that draw, so from there on its hands (and
    every later random outcome) were different."""
    board = "\n".join([". . . ."] * 4)
    s = position(board, CardgoOptions(terrain=False), player=1, hands=("1 1 1 1", "3V 2 2 2 2 2"))
    assert legacy_codes(s, 1) is None  # the same list: its indexes mean the same cards
    s = s.apply_code("0@a1")  # Red's Love: 6 - 1 + 1 = 6 cards, within version 1's cap
    assert len(s.hands[1]) == 6 and legacy_codes(s, 1) is None
    s = s.apply_code("0@d4")  # Green plays; Red's new turn draws its 7th card
    assert len(s.hands[1]) == 7 and legacy_codes(s, 1) == []
    s = s.apply_code("0@b2").apply_code("0@c3")  # and from then on, whatever the hands hold
    assert s.hand_peak == 7 and legacy_codes(s, 1) == []
    assert legacy_codes(s, 2) is None


# --- game a: no hand ever reached the cap -----------------------------------------------------


def test_a_v1_link_record_and_saved_game_open_completely():
    old = record("a")
    assert old.rules == 1 and EXPECTED["a"]["first_skipped_draw_after"] is None
    decoded, problem = sharelink.decode_upto("cardgo", link("a"))
    assert problem is None and decoded.moves == old.moves and decoded.rules == 1
    history, problem = History.upto(decoded)
    assert problem is None and history.record.rules == 0 and len(history.states) == len(old.moves) + 1
    final = history.state
    assert list(final.time) == EXPECTED["a"]["final_time"] and final.is_over == EXPECTED["a"]["over"]
    assert [len(h) for h in final.hands] == EXPECTED["a"]["final_hand_sizes"]
    history, problem = History.upto(old)
    assert problem is None and history.state == final
    page = Page(saved("a"), "#/cardgo")
    assert page.state.session.history.record.moves == old.moves
    assert "recorded before a correction of the rules" in page.last["html"]
    assert not [k for k in page.storage if k.startswith(PREFIX + "backup:")]


# --- game b: the old cap skipped a draw after move 18 --------------------------------------------


def test_b_v1_link_opens_at_the_last_position_both_rules_agree_on():
    old = record("b")
    kept = EXPECTED["b"]["first_skipped_draw_after"]
    decoded, problem = sharelink.decode_upto("cardgo", link("b"))
    assert decoded.moves == old.moves[:kept] and kept < len(old.moves)
    assert f"from move {kept + 1} on, the game was played under earlier rules of CardGO" in problem
    states = History.upto(decoded)[0].states
    cap = SPEC.default_options().hand_size + 1
    assert all(max(len(h) for h in s.hands) <= cap for s in states[:-1])
    assert max(len(h) for h in states[-1].hands) == cap + 1  # today's draw, version 1's skipped one


def test_b_without_the_legacy_order_the_link_would_silently_go_on(monkeypatch):
    """The mapping matters: read with today's rules alone the old indexes name other cards."""
    spec = attrs.evolve(SPEC, legacy_codes=None)
    monkeypatch.setitem(registry._GAMES, "cardgo", spec)
    monkeypatch.setattr(rules.CardgoState, "spec", spec)
    kept = EXPECTED["b"]["first_skipped_draw_after"]
    other, problem = sharelink.decode_upto("cardgo", link("b"))
    assert problem is None and len(other.moves) > kept  # no word that the game had changed


def test_b_record_file_and_saved_game_stop_at_the_same_position():
    old = record("b")
    kept = EXPECTED["b"]["first_skipped_draw_after"]
    history, problem = History.upto(old)
    assert len(history.states) - 1 == kept and f"from move {kept + 1} on" in problem
    store = saved("b")
    ((key, original),) = store.items()
    page = Page(store, "#/cardgo")
    assert page.state.session.history.record.moves == old.moves[:kept]
    assert f"stops after move {kept}" in page.last["html"]
    backups = [k for k in page.storage if k.startswith(PREFIX + "backup:")]
    assert len(backups) == 1 and page.storage[backups[0]] == original  # the whole game is kept


# --- the ply cap ------------------------------------------------------------------------------

SWITCHES = list(itertools.product([False, True], repeat=4))


@pytest.mark.parametrize("effects,terrain,full_speed,adjacent", SWITCHES)
def test_random_games_end_within_the_cap_with_every_switch(effects, terrain, full_speed, adjacent):
    """Small boards and long lives, so some games run into the turn limit or fill the board."""
    for k, (size, start_time, hand) in enumerate([(4, 999, 5), (5, 999, 1), (4, 30, 10)]):
        o = CardgoOptions(
            size=size,
            start_time=start_time,
            hand_size=hand,
            effects=effects,
            terrain=terrain,
            full_speed=full_speed,
            adjacent=adjacent,
        )
        s = SPEC.start(o, seed=k + 17 * SWITCHES.index((effects, terrain, full_speed, adjacent)))
        rng = Rng.from_seed(k)
        plies = 0
        cap = SPEC.ply_cap(o)
        while not s.is_over:
            assert plies < cap
            legal = s.legal_moves()
            s = s.apply(legal[rng.randbelow(len(legal))])
            plies += 1
        assert plies <= 2 * o.turn_limit + 2 * o.hand_size - 1 and plies == len(s.log)
        assert "move limit" not in s.outcome().reason  # the turn limit or the game itself ends it


def test_love_keeps_every_card_even_far_above_the_starting_hand():
    s = pos("\n".join([". . . ."] * 4), hands=("1V " * 9 + "1V", ""), hand_size=1)
    t = s.apply_code("0@a1")
    assert len(t.hands[0]) == 10 and t.last.drew == 1
