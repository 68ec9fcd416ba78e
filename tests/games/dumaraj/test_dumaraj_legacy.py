"""Games from before rules version 2 still open: v1 share links, record files, saved games and
position text made by the pre-correction code (fixtures/make_fixtures.py, run on commit 57f7d50).

Game ``a`` is legal under the corrected rules and opens completely; game ``b`` runs into the
corrected 100-move rule and opens at its last legal position with the reason; game ``c`` makes a
camel move after which the corrected Editor opens a phase version 1 did not have, and stops there.
"""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest

from tests.app.harness import Page
from tests.games.old_data import OldData
from webtabletop.core import registry, sharelink
from webtabletop.core.record import History
from webtabletop.core.storage import PREFIX
from webtabletop.games.dumaraj import SPEC
from webtabletop.games.dumaraj.rules import engine as E
from webtabletop.games.dumaraj.rules.fen import parse_fen
from webtabletop.games.dumaraj.rules.legacy import legacy_codes
from webtabletop.games.dumaraj.rules.options import DumaRajOptions
from webtabletop.games.dumaraj.rules.state import DumaState, state_from_fen

FIXTURES = Path(__file__).parent / "fixtures"
DRAW_REASON = "100 moves without progress"


OLD = OldData(FIXTURES)
link, record, saved = OLD.link, OLD.record, OLD.saved


def test_the_spec_declares_rules_version_two_and_its_cap():
    assert SPEC.rules_version == 2 and SPEC.legacy_codes is legacy_codes
    assert SPEC.ply_cap(DumaRajOptions()) == 1000


# --- game a: every move still legal ----------------------------------------------------------------


def test_a_v1_link_opens_completely_with_the_moves_its_players_made():
    old = record("a")
    decoded, problem = sharelink.decode_upto("dumaraj", link("a"))
    assert problem is None and decoded.moves == old.moves and decoded.rules == 1
    # the camel move i2-h5 and the cut of file j (version 1 listed -1 -j -, today -1 -a -j -)
    assert decoded.moves[:2] == ("i2h5", "-j")
    history, problem = History.upto(decoded)
    assert problem is None and history.record.rules == 0  # now a game of today's rules
    assert len(history.states) == len(old.moves) + 1


def test_a_reading_the_v1_link_in_todays_order_would_change_the_game(monkeypatch):
    """Without the legacy order the same indexes name other moves: the mapping matters."""
    spec = attrs.evolve(SPEC, legacy_codes=None)
    monkeypatch.setitem(registry._GAMES, "dumaraj", spec)
    monkeypatch.setattr(DumaState, "spec", spec)
    try:  # the mixed-radix digits come out differently from the second move on
        other = sharelink.decode("dumaraj", link("a")).moves
    except sharelink.LinkError:
        other = ()
    assert other[:1] in ((), ("i2h5",)) and other != record("a").moves
    # the list after the camel move: version 1 offered 2 lines, today 3
    state = SPEC.start(SPEC.options_from_dict(record("a").options)).apply_code("i2h5")
    assert [m.code for m in state.legal_moves()] == ["-1", "-a", "-j", "-"]
    assert legacy_codes(state, 1) == ["-1", "-j", "-"]


def test_a_record_file_and_saved_game_open_completely():
    history, problem = History.upto(record("a"))
    assert problem is None and history.record.moves == record("a").moves
    page = Page(saved("a"), "#/dumaraj")
    session = page.state.session
    assert session is not None and session.history.record.moves == record("a").moves
    assert "recorded before a correction of the rules" in page.last["html"]
    assert not [k for k in page.storage if k.startswith(PREFIX + "backup:")]


def test_a_uses_pair_flexes_four_own_moves_apart_and_todays_list_has_them_a_move_earlier():
    states = record("a").replay()
    flexes = [
        i
        for i, (s, c) in enumerate(zip(states, record("a").moves, strict=False))
        if s.move_from_code(c).kind == E.PAIRFLEX
    ]
    assert len(flexes) >= 3
    white = [i for i in flexes if states[i].side == 0]
    # own moves between White's two pair flexes: version 1 needed n+4
    own = [i for i in range(white[0] + 1, white[1] + 1) if states[i].side == 0 and states[i].editor is None]
    assert len(own) == 4
    # «Флекс возможно повторить только через 3 хода»: at own move n+3 today's list has the flex,
    # version 1's list does not
    n3 = own[2]
    assert any(m.kind == E.PAIRFLEX for m in states[n3].legal_moves())
    assert not any(c in ("c2b2", "b2c2") for c in legacy_codes(states[n3], 1))


# --- game b: the corrected 100-move rule ends it ------------------------------------------------


def test_b_v1_link_opens_at_its_last_legal_position_with_the_reason():
    old = record("b")
    decoded, problem = sharelink.decode_upto("dumaraj", link("b"))
    kept = len(decoded.moves)
    assert 100 < kept < len(old.moves) and decoded.moves == old.moves[:kept]
    assert f"move {kept + 1} ({old.moves[kept]}) was played under earlier rules of DumaRaj" in problem
    assert "the game is over" in problem and DRAW_REASON in problem
    history, replay_problem = History.upto(decoded)
    assert replay_problem is None and DRAW_REASON in history.state.outcome().reason


def test_b_record_file_and_saved_game_stop_at_the_same_position():
    old = record("b")
    history, problem = History.upto(old)
    kept = len(history.states) - 1
    assert (kept, problem) == (len(sharelink.decode_upto("dumaraj", link("b"))[0].moves), problem)
    assert f"move {kept + 1} ({old.moves[kept]!r}) was played under earlier rules of DumaRaj" in problem
    assert "the game is already over" in problem and DRAW_REASON in problem
    store = saved("b")
    ((key, original),) = store.items()
    page = Page(store, "#/dumaraj")
    assert page.state.session.history.record.moves == old.moves[:kept]
    assert f"stops after move {kept}" in page.last["html"]
    backups = [k for k in page.storage if k.startswith(PREFIX + "backup:")]
    assert len(backups) == 1 and page.storage[backups[0]] == original  # the whole game is kept


def test_b_sideways_pixa_moves_no_longer_restart_the_count():
    """Version 1 restarted the 100-ply count at every Pixa move; the shuffle in b relied on it."""
    old = record("b")
    states = History.upto(old)[0].states
    sideways = [
        i
        for i, code in enumerate(old.moves[: len(states) - 1])
        if states[i].editor is None
        and states[i].cells[states[i].move_from_code(code).frm] & 7 == 7
        and states[i + 1].half != 0
    ]
    assert sideways  # sideways Pixa moves happened, and the count ran on through them


# --- game c: the corrected Editor opens a phase version 1 did not have ---------------------------


def test_c_link_and_record_stop_where_the_old_rules_passed_the_turn():
    decoded, problem = sharelink.decode_upto("dumaraj", link("c"))
    assert decoded.moves == ("i1h4",) and "from move 2 on" in problem
    history, problem = History.upto(record("c"))
    assert len(history.states) == 2 and "from move 2 on" in problem
    # the camel went north-east then north-west (i1-h4): south, west and east lie behind it;
    # rank 1 and file j hold mobs, so only file a is offered today (version 1 offered none)
    assert [m.code for m in history.state.legal_moves()] == ["-a", "-"]


# --- position text with the old pair-flex counter ------------------------------------------------


def test_old_position_text_is_converted():
    """Old texts wrote "used wait used wait" (wait 3 right after a pair flex, counted down per own
    move); today's field is "used:since,used:since". The texts were written right after White's
    pair flex (own move n) and after each of Black's following moves."""
    texts = json.loads((FIXTURES / "old_position_texts.json").read_text())
    assert [t.split()[3] for t in texts] == ["1300", "1200", "1100", "1000"]
    for since, text in enumerate(texts):
        pos = parse_fen(text)
        assert pos.pair == (1, 0, since, 3)
        state = state_from_fen(text)
        assert state.ctr[4] == since and state.fen().split()[3] == f"1:{since},0:3"
    # texts[2]: White has made own moves n+1 and n+2; «… только через 3 хода»: move n+3 may flex
    assert any(m.kind == E.PAIRFLEX for m in _white_turn(texts[2]).legal_moves())
    assert not any(m.kind == E.PAIRFLEX for m in _white_turn(texts[1]).legal_moves())


def _white_turn(text: str):
    """White to move after Black's first listed flep from the position text."""
    s = state_from_fen(text)
    s = s.apply_code(next(m.code for m in s.legal_moves() if m.kind == E.NORMAL))
    while s.editor is not None:
        s = s.apply_code("-")
    return s


@pytest.mark.parametrize("where", ["options", "editor", "cli"])
def test_old_position_text_opens_everywhere(where, capsys):
    text = json.loads((FIXTURES / "old_position_texts.json").read_text())[0]
    if where == "options":
        state = SPEC.start(SPEC.options_from_dict({"fen": text, "editor": True, "pair_flex": True}))
        assert state.ctr[4] == 0
    elif where == "editor":
        from webtabletop.games.dumaraj import EDITOR

        assert EDITOR.check(text) is None and EDITOR.load(text).endswith(" b")
    else:
        from webtabletop import cli

        assert cli.main(["dumaraj", "perft", "--fen", text, "--depth", "1"]) == 0
        assert "Nodes searched:" in capsys.readouterr().out
