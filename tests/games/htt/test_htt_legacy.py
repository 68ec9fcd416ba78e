"""Games and data made before the rules correction (rules version 1, generated with the pre-round
code by fixtures/make_v1_fixtures.py) open under version 2: completely where the old rules played
the same game, else at their last legal position with a message; collections and set files with
old level-3 cards load with a notice and lose no card."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.app.harness import Page
from webtabletop.cli import main as cli_main
from webtabletop.core import sharelink
from webtabletop.core.record import History, Record
from webtabletop.games.htt import SPEC
from webtabletop.games.htt.collection.model import Collection
from webtabletop.games.htt.rules.legacy import V1_LEVEL3, legacy_codes, v1_state
from webtabletop.games.htt.rules.options import HttOptions
from webtabletop.games.htt.rules.sets.cardset import CardSet
from webtabletop.games.htt.rules.sets.library import builtin_set
from webtabletop.games.htt.rules.sets.rules import V1_SUMS, generate_set
from webtabletop.games.htt.rules.state import Place
from webtabletop.games.htt.ui.pages.extension import KEY

FIXTURES = Path(__file__).parent / "fixtures"
LINKS = json.loads((FIXTURES / "v1_links.json").read_text())
MOVES = json.loads((FIXTURES / "v1_records.json").read_text())


def test_the_legacy_table_is_what_version_1_generated():
    # "LV03 – Мин. – 18 / Макс. – 22" under version 1: rebuild each built-in set that way and
    # compare: exactly the cards of V1_LEVEL3 differ, and only in values and rarity
    from webtabletop.games.htt.rules.sets.names import BUILTIN_SPECS

    changed = {}
    for sid, name, theme, seed, names in BUILTIN_SPECS:
        old = generate_set(seed, 8, 6, name, theme, set_id=sid, names=list(names), table=V1_SUMS)
        for a, b in zip(old.cards, builtin_set(sid).cards, strict=True):
            assert (a.id, a.name, a.level, a.matter, a.image) == (b.id, b.name, b.level, b.matter, b.image)
            if a.level != 3 or a.values == b.values:
                assert a.values == b.values
            else:
                changed[a.id] = a.values
    assert changed == V1_LEVEL3


def test_an_old_link_that_played_the_same_game_opens_completely():
    record, problem = sharelink.decode_link_upto(LINKS["full"])
    assert problem is None and record.rules == 1 and record.moves == tuple(MOVES["full"])
    history, problem = History.upto(record)
    assert problem is None and history.state.is_over and history.record.rules == 0
    # the link's indexes needed version 1's order: dealt hands were listed by level then
    start = SPEC.start(SPEC.options_from_dict(record.options), record.seed)
    today = [m.code for m in start.legal_moves()]
    old = legacy_codes(start, 1)
    assert sorted(old) == sorted(today) and old != today


@pytest.mark.parametrize(("name", "stop"), [("level3_tid3f", 5), ("level3_tid3c", 7), ("hex19_own", 10)])
def test_an_old_link_stops_where_a_changed_level3_card_would_turn_other_cards(name, stop):
    record, problem = sharelink.decode_link_upto(LINKS[name])
    assert record.moves == tuple(MOVES[name][:stop])
    assert f"from move {stop + 1} on" in problem and "earlier rules" in problem
    state = History.upto(record)[0].state
    old = v1_state(state)
    assert old is not None and any(c.id in V1_LEVEL3 for d in state.decks for c in d)
    differs = [
        m.code
        for m in state.legal_moves()
        if isinstance(m, Place) and state.apply(m).owners != old.apply(m).owners
    ]
    assert differs  # with version 1's values some placement would turn other cards


def test_an_old_7_cell_link_stops_at_once_with_the_reason():
    # version 1 dealt 4 cards on the 7-cell board; "игроку выдаются пять ... карт" deals 5 now
    record, problem = sharelink.decode_link_upto(LINKS["hex7"])
    assert record.moves == () and "from move 1 on" in problem
    assert len(record.start_state().decks[0]) == 5


def test_an_old_record_file_with_in_order_stops_at_the_first_card_out_of_hand_order():
    record = Record.loads((FIXTURES / "v1_in_order.htt.json").read_text())
    assert record.rules == 1 and record.older_rules
    history, problem = History.upto(record)
    assert history.record.moves == record.moves[:4]
    assert "move 5 ('2a3')" in problem and "In order" in problem and "first card of the hand" in problem


def test_an_old_saved_game_opens_under_the_corrected_rules_with_a_note():
    doc = json.loads((FIXTURES / "v1_saved_game.json").read_text())
    p = Page({doc["key"]: doc["value"]}, "#/htt")
    s = p.state.session
    assert s is not None and len(s.history.record.moves) == 6 and s.history.record.rules == 0
    assert any("before a correction of the rules" in n for n in p.state.notices)
    assert s.state.options == HttOptions(same=True, combo=True, matter=True)


def test_an_old_collection_loads_with_a_notice_and_keeps_every_card():
    doc = json.loads((FIXTURES / "v1_collection.json").read_text())
    raw = json.loads(doc["value"])["data"]
    p = Page({doc["key"]: doc["value"]}, "#/htt/collection?set=u1")
    html = p.last["html"]
    assert "level-3 cards were made before the rules correction" in html
    c = Collection.from_json(json.loads(p.storage[KEY])["data"])
    assert c.owned == raw["owned"] and c.deck == raw["deck"] and c.custom_sets == raw["custom_sets"]
    old = c.old_level3_cards()
    assert [x.level for x in old] == [3, 3] and all(18 <= x.strength <= 19 for x in old)
    p.send({"type": "hash", "hash": "#/htt/sets"})
    assert "level-3 cards were made before the rules correction" in p.last["html"]


def test_an_old_level3_card_still_plays_from_an_old_collection():
    doc = json.loads((FIXTURES / "v1_collection.json").read_text())
    p = Page({doc["key"]: doc["value"]}, "#/htt/new")
    c = Collection.from_json(json.loads(p.storage[KEY])["data"])
    old_card = c.deck[0]
    assert old_card in {x.id for x in c.old_level3_cards()}
    picks = {f"deck_{x.split('-')[1][:-1]}": x for x in c.deck}
    data = {"player0": "human", "player1": "ai", "level": "easy", "clock": "none", "seed": "5"}
    p.send({"type": "form", "name": "new-game", "data": {**data, "deck_source": "own", **picks}})
    state = p.state.session.state
    mine = [x for x in state.decks[0] if x.level == 3]
    assert len(mine) == 1 and mine[0].old_level3 and mine[0].id.startswith("~")
    assert [x.level for x in state.hand(0)] == [3, 10, 1, 2, 4]  # the deck's order


def test_an_old_set_file_imports_with_a_notice_and_check_set_warns(capsys):
    path = FIXTURES / "v1_set_lantern.json"
    s = CardSet.loads(path.read_text())
    assert len(s.old_level3) == 3
    assert cli_main(["htt", "check-set", str(path)]) == 0  # warnings alone do not fail
    out = capsys.readouterr().out
    for card in s.old_level3:
        assert f"warning [old-level3] {card.id}: {card.name}" in out
    assert "no violation, 3 warning(s)" in out
    p = Page({}, "#/htt/sets")
    p.send({"type": "import", "kind": "htt-set", "name": "lantern.json", "text": path.read_text()})
    assert "Imported the set “Old Lanterns” (74 cards)" in p.last["toast"]
    p.send({"type": "hash", "hash": "#/htt/sets"})
    assert "3 level-3 cards were made before the rules correction" in p.last["html"]
    stored = Collection.from_json(json.loads(p.storage[KEY])["data"]).sets()[0]
    assert stored == s  # nothing dropped or changed


def _v1_link(options: dict, seed: int) -> str:
    """A link in format 1 (the pre-round layout: format byte, seed, options, no moves)."""
    import base64
    import zlib

    opts = json.dumps(options, separators=(",", ":"), sort_keys=True).encode()
    body = bytes([1, seed, len(opts)]) + opts + bytes([0])
    body += (zlib.crc32(b"htt" + body) & 0xFFFFFFFF).to_bytes(4, "little")
    return "#/htt?r=" + base64.urlsafe_b64encode(body).rstrip(b"=").decode()


def test_an_old_7_cell_link_with_a_4_card_hand_says_why_it_cannot_start():
    hand = ["emb-1a", "emb-2a", "emb-3b", "emb-4a"]
    with pytest.raises(
        sharelink.LinkError, match="needs 5 .since the rules correction every hand on it has 5 cards"
    ):
        sharelink.decode_link_upto(_v1_link({"board": "hex7", "hand0": hand}, 7))
