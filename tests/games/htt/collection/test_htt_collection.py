"""The collection model: packs, earning, the card moved after a game, achievements, JSON."""

from __future__ import annotations

import json

import pytest

import webtabletop.games.htt  # noqa: F401
from webtabletop.games.htt import SPEC
from webtabletop.games.htt.collection.model import EARN_RULE, SCHEMA_VERSION, Collection, draw_pack
from webtabletop.games.htt.rules.options import HttOptions
from webtabletop.games.htt.rules.sets.library import builtin_set, get_card
from webtabletop.games.htt.rules.state import OVER, PICK


def test_first_pack_is_free_and_has_five_cards_below_level_11():
    c = Collection()
    assert c.packs_available == 1
    ids = c.open_pack("emb", seed=1)
    assert len(ids) == 5 and all(get_card(i).level <= 10 and i.startswith("emb-") for i in ids)
    assert c.total_cards() == 5 and c.packs_opened == 1 and c.packs_available == 0
    with pytest.raises(ValueError, match="(?i)no pack"):
        c.open_pack("emb", seed=2)


def test_packs_are_seeded_and_favour_low_levels():
    s = builtin_set("tid")
    assert draw_pack(s, 5) == draw_pack(s, 5)
    levels = [get_card(i).level for seed in range(300) for i in draw_pack(s, seed)]
    assert levels.count(1) > levels.count(10) * 4


def finished(options, seed, want_winner=None):
    for k in range(200):
        st = SPEC.start(options, seed + k)
        while st.phase not in (OVER, PICK):
            st = st.apply(
                [m for m in st.legal_moves() if m.code != "draw"][k % 3 if len(st.legal_moves()) > 3 else 0]
            )
        if st.phase == PICK:
            st = st.apply(st.legal_moves()[0])
        if want_winner is None or st.outcome().winner == want_winner:
            return st
    raise AssertionError("no such game")


def test_earning_rule_and_counters():
    assert "every win" in EARN_RULE
    c = Collection(packs_available=0)
    win = finished(HttOptions(friendly=True), 1, want_winner=0)
    loss = finished(HttOptions(friendly=True), 1, want_winner=1)
    c.record_game(win, 0, date="2026-01-01")
    assert c.packs_available == 1 and c.games_won == 1
    c.record_game(loss, 0)
    c.record_game(loss, 0)
    assert c.packs_available == 2 and c.games_played == 3 and c.games_lost == 2
    assert c.log[0]["result"] == "win" and c.log[0]["date"] == "2026-01-01" and c.log[-1]["result"] == "loss"


def test_card_moves_after_a_non_friendly_game():
    hand = ("emb-1a", "emb-2a", "emb-3a", "emb-4a", "emb-5a")
    c = Collection()
    for cid in hand:
        c.add_card(cid)
    lost = finished(HttOptions(hand0=hand), 3, want_winner=1)
    taken = lost.taken_card
    assert taken.id in hand
    msgs = c.record_game(lost, 0)
    assert c.copies(taken.id) == 0 and c.ai_won == {taken.id: 1}
    assert any("took your" in m for m in msgs)
    won = finished(HttOptions(hand0=hand), 3, want_winner=0)
    c.record_game(won, 0)
    assert c.copies(won.taken_card.id) >= 1
    friendly = finished(HttOptions(hand0=hand, friendly=True), 3, want_winner=1)
    before = dict(c.owned)
    c.record_game(friendly, 0)
    assert c.owned == before


def test_own_deck_and_random_hand_from_the_collection():
    c = Collection()
    for lv in range(1, 8):
        c.add_card(f"grv-{lv}a")
    assert c.check_deck(["grv-1a", "grv-2a", "grv-3a", "grv-4a", "grv-5a"]) == []
    problems = c.check_deck(["grv-1a", "grv-1a", "grv-3a", "grv-4a", "grv-9a"])
    assert any("one card per level" in p for p in problems) and any("own 0 copies of grv-9a" in p for p in problems)
    hand = c.random_hand(seed=4)
    assert len({get_card(i).level for i in hand}) == 5 and all(c.copies(i) for i in hand)
    assert c.random_hand(seed=4) == hand
    assert Collection.deck_strength(hand) == sum(get_card(i).level for i in hand)
    with pytest.raises(ValueError, match="different levels"):
        Collection().random_hand(seed=1)


def test_achievements_progress_and_level11_reward():
    c = Collection()
    c.add_card("emb-1a", 10)
    reached = c.update_achievements()
    assert [a.id for a in reached] == ["copies:10"]
    assert c.rewards_pending == ["copies:10"]
    card = c.claim_reward("copies:10", "tid", seed=3)
    assert get_card(card).level == 11 and c.copies(card) == 1 and c.rewards_pending == []
    with pytest.raises(ValueError):
        c.claim_reward("copies:10", "tid", seed=3)
    prog = {a.id: (p, done) for a, p, done in c.achievements()}
    assert prog["copies:25"] == (10, False) and prog["copies:10"] == (10, True)


def test_complete_set_achievements():
    c = Collection()
    for card in builtin_set("grv").cards:
        if card.level <= 10:
            c.add_card(card.id)
    ids = [a.id for a in c.update_achievements()]
    assert "complete10:grv" in ids and "complete:grv" not in ids
    for card in builtin_set("grv").by_level(11):
        c.add_card(card.id)
    assert "complete:grv" in [a.id for a in c.update_achievements()]


def test_presets_and_created_sets():
    c = Collection()
    c.save_preset("Classic", {"same": True, "plus": True, "hand0": ["emb-1a"] * 0})
    assert c.presets == {"Classic": {"same": True, "plus": True}}
    assert c.preset_options("Classic").same
    with pytest.raises(ValueError):
        c.save_preset("  ", {})
    s = c.create_set("My Set", "Robots", 6, 3, ["Bolt"], seed=9)
    assert s.id == "u1" and s.cards[0].name == "Bolt" and c.sets_created == 1
    assert get_card("u1-1a").name == "Bolt"
    assert "u1" in [a.id.split(":")[1] for a, _, _ in c.achievements() if a.id.startswith("complete:")]


def test_json_round_trip_and_corrupt_data():
    c = Collection()
    c.open_pack("emb", 1)
    c.save_preset("p", {"open": True})
    c.create_set("Mine", "Test", 6, 3, None, seed=2)
    again = Collection.loads(c.dumps())
    assert again == c
    data = c.to_json()
    assert data["version"] == SCHEMA_VERSION
    for broken, msg in (
        ("[]", "not an HTT collection"),
        (json.dumps({**data, "version": 7}), "version 7"),
        (json.dumps({**data, "owned": {"emb-1a": -1}}), "'owned'"),
        (json.dumps({**data, "games_won": "many"}), "'games_won'"),
        (json.dumps({**data, "custom_sets": [{"format": "htt-set"}]}), "player set 1"),
        (json.dumps({**data, "log": "x"}), "'log'"),
        ("{not json", "not valid JSON"),
    ):
        with pytest.raises(ValueError, match=msg):
            Collection.loads(broken)


def test_migration_from_version_0():
    old = {
        "format": "htt-collection",
        "version": 0,
        "owned": ["emb-1a", "emb-1a", "tid-2b"],
        "games_played": 4,
    }
    c = Collection.from_json(old)
    assert c.owned == {"emb-1a": 2, "tid-2b": 1} and c.games_played == 4
    assert old["owned"] == ["emb-1a", "emb-1a", "tid-2b"]  # the stored document is not changed


def test_dealt_hands_play_for_nothing_and_perfect_wins_and_presets_count():
    c = Collection()
    lost = finished(HttOptions(), 3, want_winner=1)  # Blue's hand was dealt: no stakes
    before = dict(c.owned)
    c.record_game(lost, 0)
    assert c.owned == before and c.ai_won == {}
    import attrs

    win = finished(HttOptions(friendly=True), 1, want_winner=0)
    perfect = attrs.evolve(win, scores=(10, 0))
    c.record_game(perfect, 0, preset="Classic")
    assert c.perfect_wins == 1 and c.preset_wins == {"Classic": 1}
    for _ in range(120):
        c.record_game(lost, 0)
    assert len(c.log) == 100 and c.games_played == 122
    assert "played:100" in c.achieved and "played:10" in c.achieved
