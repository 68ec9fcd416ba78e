"""SHT rules version 2: old links, records and saved games (made when a defence was one whole set
from a list of at most 200, earliest equal cards only) open completely, with every defence they
used; in a battle they were saved in, any set «場のカードを好きな枚数選んで防御することができます»
(any number of field cards) is now accepted. Every game ends within the ply cap."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
from _sht_helpers import SPEC, random_game
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.app.harness import Page
from tests.games.old_data import OldData
from webtabletop.core import registry, sharelink
from webtabletop.core.record import History
from webtabletop.core.storage import PREFIX
from webtabletop.games.sht.rules import cards as C
from webtabletop.games.sht.rules.options import ShtOptions
from webtabletop.games.sht.rules.positions import state_from
from webtabletop.games.sht.rules.state import DEFEND, OVER, ShtState
from webtabletop.games.sht.rules.versions import legacy_codes, max_plies

FIXTURES = Path(__file__).parent / "fixtures"
EXPECTED = json.loads((FIXTURES / "expected.json").read_text())


OLD = OldData(FIXTURES)
link, record, saved = OLD.link, OLD.record, OLD.saved


def same_position(state: ShtState, old_snapshot: dict) -> bool:
    """The position version 1 reached (its snapshot has no ``chosen``/``plies``)."""
    snap = json.loads(json.dumps(state.snapshot()))
    return {k: v for k, v in snap.items() if k in old_snapshot} == old_snapshot


def test_the_spec_declares_rules_version_two_and_its_cap():
    assert SPEC.rules_version == 2 and SPEC.legacy_codes is legacy_codes and SPEC.max_plies is max_plies
    assert SPEC.ply_cap(ShtOptions()) == 522


# --- game a: a whole game with defences ------------------------------------------------------


def test_a_v1_link_record_and_saved_game_open_completely():
    old = record("a")
    assert old.rules == 1 and len(EXPECTED["a"]["defences"]) >= 4
    decoded, problem = sharelink.decode_upto("sht", link("a"))
    assert problem is None and decoded.moves == old.moves and decoded.rules == 1
    history, problem = History.upto(decoded)
    assert problem is None and history.record.rules == 0 and history.state.is_over
    assert same_position(history.state, EXPECTED["a"]["final"])
    history, problem = History.upto(old)
    assert problem is None and same_position(history.state, EXPECTED["a"]["final"])
    page = Page(saved("a"), "#/sht")
    assert page.state.session.history.record.moves == old.moves
    assert "recorded before a correction of the rules" in page.last["html"]
    assert not [k for k in page.storage if k.startswith(PREFIX + "backup:")]
    # once replayed it is a game of today's rules: its link is a version 2 link of the same moves
    again = sharelink.decode("sht", sharelink.encode(history.record.as_current()))
    assert again.moves == old.moves and not again.older_rules


def test_a_read_in_todays_order_the_old_link_would_be_another_game(monkeypatch):
    """Version 2 lists more moves in a battle, so the old digits mean something else."""
    spec = attrs.evolve(SPEC, legacy_codes=None)
    monkeypatch.setitem(registry._GAMES, "sht", spec)
    monkeypatch.setattr(ShtState, "spec", spec)
    try:
        other = sharelink.decode("sht", link("a")).moves
    except sharelink.LinkError:
        other = ()
    assert other != record("a").moves


def test_legacy_codes_are_version_1s_list_at_the_start_of_a_battle_only():
    s = state_from(field0=["9S"], field1=["4H", "5H", "5D*", "KS"], shield1="2D")
    assert legacy_codes(s, 1) is None  # not in a battle: the same list as today
    s = s.apply_code(f"a:{C.from_name('9S')}")
    old = legacy_codes(s, 1)
    assert old[-1] == "decline" and old == [m.code for m in s.legal_moves()][: len(old)]
    assert all(c.startswith("d:") for c in old[:-1]) and len(s.legal_moves()) == len(old) + 4
    assert legacy_codes(s.apply_code(f"+:{C.from_name('KS')}"), 1) == []  # version 1 never got here
    assert legacy_codes(s, 2) is None


# --- game b: saved in a battle where the defender holds two equal cards -----------------------


def test_b_opens_in_the_battle_and_the_later_equal_card_now_defends():
    old = record("b")
    decoded, problem = sharelink.decode_upto("sht", link("b"))
    assert problem is None and decoded.moves == old.moves
    state = History.upto(decoded)[0].state
    assert state.phase == DEFEND and same_position(state, EXPECTED["b"]["final"])
    assert legacy_codes(state, 1) == EXPECTED["b"]["old_list_at_end"]
    field = state.fields[1 - state.player]
    a = C.value(state.attack)
    equal = {}
    for x in field:
        equal.setdefault((C.value(x.card), x.open), []).append(x.card)
    first, later = next(cards for (v, _o), cards in equal.items() if len(cards) > 1 and v >= a)[:2]
    assert f"d:{first}" in EXPECTED["b"]["old_list_at_end"]
    assert f"d:{later}" not in EXPECTED["b"]["old_list_at_end"]  # version 1 could not use it
    done = state.apply_code(f"+:{later}").apply_code(f"d:{later}")
    assert done.discard[-1] == later and first in {x.card for x in done.fields[1 - state.player]}


def test_b_saved_game_opens_completely_and_the_app_accepts_the_later_card():
    old = record("b")
    page = Page(saved("b"), "#/sht")
    session = page.state.session
    assert session.history.record.moves == old.moves and session.state.phase == DEFEND
    assert "recorded before a correction of the rules" in page.last["html"]
    state = session.state
    field = state.fields[1 - state.player]
    a = C.value(state.attack)
    values = [C.value(x.card) for x in field]
    later = next(
        x.card
        for i, x in enumerate(field)
        if C.value(x.card) >= a and any(y.open == x.open and C.value(y.card) == values[i] for y in field[:i])
    )
    page.send({"type": "move", "code": f"+:{later}"})
    page.send({"type": "move", "code": f"d:{later}"})
    assert page.state.session.history.record.moves == old.moves + (f"+:{later}", f"d:{later}")
    assert page.state.session.state.last_battle.defence == (later,)


# --- the ply cap ------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**64 - 1), st.booleans(), st.sampled_from(["random", "first", "second"]))
def test_random_games_end_within_the_cap(seed, rule, first):
    states = random_game(seed, ShtOptions(first_player=first, first_turn_rule=rule))
    final = states[-1]
    assert final.is_over and final.plies == len(states) - 1 < max_plies()
    assert "move limit" not in final.outcome().reason


def test_the_rules_end_a_game_at_the_cap_as_a_draw():
    s = state_from(hand0=["2C", "3C"], hand1=["4D"], shield0="5D", shield1="6C")
    s = attrs.evolve(s, plies=max_plies() - 1)
    t = s.apply_code(f"c:{C.from_name('2C')}")
    assert t.phase == OVER and t.outcome().winner is None and "move limit" in t.outcome().reason
    assert attrs.evolve(s, plies=0).apply_code(f"c:{C.from_name('2C')}").phase != OVER
