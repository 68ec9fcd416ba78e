"""Games made before the crossing correction (rules version 1) still open.

The fixtures were made by the pre-round app (commit 57f7d50; see ``fixtures/generate.py``): for
three games, the share link its "copy link" made, the file its "export game" wrote, and what it
had in localStorage. Version 1 took M among the numbers touching the placed number; version 2
reads the source's «и она соприкасается как минимум еще с одним вашим числом» with «она» = the
enemy digit, so M must touch the enemy number. Each old game opens completely (``full``) or at
its last move the corrected rule allows, with the reason (``forbidden``: a crossing version 2
forbids; ``diverged``: version 1 offered a crossing step where version 2 ends the turn). Never a
crash, never a silently different game.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

import attrs
import pytest

from tests.app.harness import Page
from webtabletop.core import registry, sharelink
from webtabletop.core.record import History, Record
from webtabletop.core.storage import PREFIX
from webtabletop.games.tsifrograd import SPEC
from webtabletop.games.tsifrograd.legacy import legacy_codes, old_crossing_targets
from webtabletop.games.tsifrograd.rules import CROSS, TsifroState

FIXTURES = Path(__file__).parent / "fixtures"
EXPECTED = json.loads((FIXTURES / "expected.json").read_text())
KINDS = ("full", "forbidden", "diverged")
WHY = {
    "full": None,
    "forbidden": "was played under earlier rules of Tsifrograd and is not legal under the corrected rules",
    "diverged": "had led to a different position than the corrected rules do",
}


def link(kind: str) -> str:
    return (FIXTURES / f"v1_{kind}.link.txt").read_text().strip()


def record_text(kind: str) -> str:
    return (FIXTURES / f"v1_{kind}.record.json").read_text()


def storage(kind: str) -> dict[str, str]:
    return json.loads((FIXTURES / f"v1_{kind}.storage.json").read_text())


def kept(kind: str) -> tuple[str, ...]:
    """The creator's moves up to where today's rules must stop (all of them for ``full``)."""
    exp = EXPECTED[kind]
    return tuple(exp["moves"][: exp["stop"]] if exp["stop"] is not None else exp["moves"])


def check_problem(kind: str, problem: str | None) -> None:
    if WHY[kind] is None:
        assert problem is None
    else:
        assert problem is not None and WHY[kind] in problem
        assert f"move {EXPECTED[kind]['stop'] + 1}" in problem


def test_the_fixtures_are_old_data():
    for kind in KINDS:
        payload = link(kind).split("r=", 1)[1]
        assert base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))[0] == 1  # link format 1
        assert "rules" not in json.loads(record_text(kind))  # records had no rules version
        assert Record.loads(record_text(kind)).moves == tuple(EXPECTED[kind]["moves"])
    assert EXPECTED["full"]["finished"] and SPEC.rules_version == 2


@pytest.mark.parametrize("kind", KINDS)
def test_an_old_share_link_opens_at_its_last_legal_move(kind):
    record, problem = sharelink.decode_link_upto(link(kind))
    assert record.moves == kept(kind) and record.rules == 1 and record.older_rules
    check_problem(kind, problem)
    history, replay_problem = History.upto(record)
    assert replay_problem is None and len(history.states) == len(kept(kind)) + 1
    assert history.state.is_over == (kind == "full")


@pytest.mark.parametrize("kind", KINDS)
def test_an_old_record_file_opens_at_its_last_legal_move(kind):
    record = Record.loads(record_text(kind))
    assert record.rules == 1
    history, problem = History.upto(record)
    assert history.record.moves == kept(kind)
    check_problem(kind, problem)
    if kind == "full":
        assert history.record.rules == 0 and history.record.to_json()["rules"] == 2  # now today's game
        assert history.state.is_over


@pytest.mark.parametrize("kind", KINDS)
def test_an_old_saved_game_opens_in_the_app(kind):
    store = storage(kind)
    (key,) = [k for k in store if k.startswith(PREFIX + "game:tsifrograd:")]
    page = Page(store, "#/tsifrograd")
    assert page.last["route"] == "game"
    assert page.state.session.history.record.moves == kept(kind)
    html = page.last["html"]
    backups = [k for k in page.storage if k.startswith(PREFIX + "backup:")]
    if kind == "full":
        assert "replayed under the corrected rules" in html and backups == []
        assert page.state.session.state.is_over
    else:
        assert f"stops after move {EXPECTED[kind]['stop']}" in html
        assert WHY[kind].replace("'", "&#x27;") in html
        assert len(backups) == 1 and page.storage[backups[0]] == store[key]  # the original is kept


@pytest.mark.parametrize("kind", KINDS)
def test_an_old_link_opened_in_the_app(kind):
    page = Page(hash_=link(kind))
    record = page.state.session.history.record
    assert page.last["route"] == "game" and record.moves == kept(kind)
    # the address bar keeps the game as today's canonical link (bookmarkable), or no link at all
    assert page.hash in ("#/tsifrograd", "#/tsifrograd?r=" + sharelink.encode(record))
    if kind != "full":
        assert f"The shared game stops after move {EXPECTED[kind]['stop']}" in page.last["html"]


def test_without_the_old_move_order_the_full_link_would_decode_to_another_game(monkeypatch):
    """The old link stores indexes into version 1's lists; where version 2 lists other targets,
    only ``legacy_codes`` maps them back to the moves the creator played."""
    spec = attrs.evolve(SPEC, legacy_codes=None)
    monkeypatch.setitem(registry._GAMES, SPEC.id, spec)
    monkeypatch.setattr(TsifroState, "spec", spec)
    try:
        record, _problem = sharelink.decode_link_upto(link("full"))
        assert record.moves != kept("full")
    except sharelink.LinkError:
        pass  # or it does not decode at all


def test_the_full_game_has_crossings_where_the_readings_list_different_targets():
    """In the ``full`` game the two readings disagree at several crossing steps (different lists,
    and the move's index differs), yet every crossing played is allowed by both."""
    record = Record.loads(record_text("full"))
    state, differ, moved = record.start_state(), 0, 0
    for code in record.moves:
        old = legacy_codes(state, 1)
        assert old != []  # never a position version 1 would not have reached
        if old is not None:
            today = [m.code for m in state.legal_moves()]
            differ += old != today
            moved += old.index(code) != today.index(code)
        state = state.apply_code(code)
    assert differ >= 3 and moved >= 2


def test_the_forbidden_crossing_is_allowed_by_version_1_only():
    exp = EXPECTED["forbidden"]
    history, _problem = History.upto(Record.loads(record_text("forbidden")))
    state = history.state  # Orange's crossing step, under today's rules
    code = exp["moves"][exp["stop"]]
    assert state.phase == CROSS and state.targets  # today offers other targets, not this one
    assert code not in [m.code for m in state.legal_moves()]
    assert code in legacy_codes(state, 1)
    grid = state.grid
    old = old_crossing_targets(
        grid.neighbours, state.owners, state.values, state.crossed, state.last, state.player
    )
    assert int(code[1:]) in old


def test_the_diverged_game_took_a_crossing_only_version_1_offered():
    exp = EXPECTED["diverged"]
    history, _problem = History.upto(Record.loads(record_text("diverged")))
    state = history.state  # today: the turn ended after the placement, the other player is to place
    assert state.phase != CROSS and exp["moves"][exp["stop"]].startswith("x")
    assert legacy_codes(state, 1) == []
    grid = state.grid
    placer = state.owners[state.last]
    assert old_crossing_targets(
        grid.neighbours, state.owners, state.values, state.crossed, state.last, placer
    )


@pytest.mark.parametrize("variant", ["tsifroshturm", "proximity"])
def test_the_other_variants_kept_their_rules(variant):
    """Only Tsifrograd's crossing changed: links of Tsifroshturm and Proximity made under rules
    version 1 list the same moves as today (legacy_codes says None everywhere)."""
    from webtabletop.core.rng import Rng
    from webtabletop.games.tsifrograd.options import TsifrogradOptions

    for seed in range(3):
        state, rng = SPEC.start(TsifrogradOptions(variant=variant, grace=0), seed), Rng(seed)
        while not state.is_over:
            assert legacy_codes(state, 1) is None
            legal = state.legal_moves()
            state = state.apply(legal[rng.randbelow(len(legal))])


def test_today_links_need_no_old_move_order():
    state = Record.loads(record_text("full")).final_state()
    assert legacy_codes(state, 2) is None
    record, problem = sharelink.decode_upto("tsifrograd", sharelink.encode(Record("tsifrograd", {}, 9, ())))
    assert problem is None and not record.older_rules
