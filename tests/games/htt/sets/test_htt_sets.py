"""Set generator and checker: generated sets are valid; every planted violation is found."""

from __future__ import annotations

import json

import attrs
import pytest

from webtabletop.games.htt.rules.cards import (
    MATTERS,
    A,
    card_from_inline,
    card_problems,
    inline_code,
    sum_position,
)
from webtabletop.games.htt.rules.sets.cardset import CardSet
from webtabletop.games.htt.rules.sets.check import check_set
from webtabletop.games.htt.rules.sets.library import BUILTIN_IDS, build_builtin, builtin_set, get_card
from webtabletop.games.htt.rules.sets.rules import generate_set, position_counts


def sizes(i: int) -> tuple[int, int]:
    return 6 + i % 7, 3 + (i // 7) % 4


def _check_many(n: int) -> None:
    for i in range(n):
        per, l11 = sizes(i)
        s = generate_set(i * 7919 + 13, per, l11)
        assert len(s.cards) == 10 * per + l11
        v = check_set(s)
        assert not v, (i, [str(x) for x in v])


@pytest.mark.slow
def test_1000_generated_sets_have_no_violation():
    _check_many(1000)


def test_100_generated_sets_have_no_violation():
    _check_many(100)


def test_generator_is_deterministic_and_round_trips_json():
    a = generate_set(42, 9, 4, "Test", "Theme")
    assert a == generate_set(42, 9, 4, "Test", "Theme")
    assert a != generate_set(43, 9, 4, "Test", "Theme")
    assert CardSet.loads(a.dumps()) == a


def test_generator_rejects_bad_sizes():
    with pytest.raises(ValueError, match="6..12"):
        generate_set(1, 5, 4)
    with pytest.raises(ValueError, match="3..6"):
        generate_set(1, 8, 7)


def test_position_counts_follow_the_middle_rule():
    assert position_counts(6, 3) == [2, 2, 2]
    assert position_counts(7, 3) == [2, 3, 2]
    assert position_counts(8, 3) == [3, 2, 3]
    assert position_counts(8, 5) == [2, 1, 2, 1, 2]
    assert sum(position_counts(11, 5)) == 11


def test_builtin_sets_are_valid_and_match_their_seeds():
    for sid in BUILTIN_IDS:
        s = builtin_set(sid)
        assert len(s.cards) == 86 and s.per_level == 8 and s.level11 == 6
        assert check_set(s) == []
        assert s == build_builtin(sid)
        assert len({c.name for c in s.cards}) == 86


def test_card_lookup_and_inline_codes():
    c = get_card("tid-11a")
    assert c.level == 11 and c.set_id == "tid"
    code = inline_code(c)
    again = card_from_inline(code)
    assert again.values == c.values and again.matter == c.matter and again.level == 11
    with pytest.raises(ValueError):
        get_card("nope-1a")


BASE = generate_set(2024, 8, 6, "Base", "Test")


def replace_card(s: CardSet, cid: str, **changes) -> CardSet:
    return attrs.evolve(s, cards=tuple(attrs.evolve(c, **changes) if c.id == cid else c for c in s.cards))


def codes(s: CardSet) -> set[str]:
    return {v.code for v in check_set(s)}


def first(level: int, pred=lambda c: True, s: CardSet = BASE):
    return next(c for c in s.cards if c.level == level and pred(c))


def test_base_set_is_valid():
    assert check_set(BASE) == []


def test_sum_out_of_range_is_found():
    c = first(4)
    vals = list(c.values)
    vals[vals.index(min(vals))] = 1
    vals[0] = 1
    bad = replace_card(BASE, c.id, values=(1, 1, 1, 1, 1, 1))
    v = check_set(bad)
    assert any(x.code == "card" and x.card_id == c.id and "sum of 23..25" in x.message for x in v)


def test_value_above_level_maximum_is_found():
    c = first(1)
    bad = replace_card(BASE, c.id, values=(7, 2, 2, 1, 1, 1))  # sum 14 but 7 > 6
    assert any("up to 6" in x.message for x in check_set(bad))


def test_a_on_low_level_and_missing_a_on_high_level_are_found():
    low = first(8)
    high = first(9)
    bad = replace_card(BASE, low.id, values=(A, 9, 9, 5, 1, 1))
    bad = replace_card(bad, high.id, values=(7, 7, 7, 7, 6, 5))
    msgs = [x.message for x in check_set(bad)]
    assert any("level 8 cards carry 0 A, this one has 1" in m for m in msgs)
    assert any("level 9 cards carry 1/2 A, this one has 0" in m for m in msgs)


def test_neighbouring_triple_a_is_found():
    c = first(10)
    bad = replace_card(BASE, c.id, values=(A, A, A, 3, 3, 2))  # sum 38 in 37..39, but neighbours
    assert any("neighbouring" in x.message for x in check_set(bad))


def test_three_a_on_level_9_is_found():
    c = first(9)
    bad = replace_card(BASE, c.id, values=(A, 2, A, 3, A, 3))
    assert any("level 9 cards carry 1/2 A, this one has 3" in x.message for x in check_set(bad))


def test_too_many_three_a_and_two_a_cards_are_found():
    tens = [c for c in BASE.cards if c.level == 10]
    bad = BASE
    for c in tens[:2]:
        bad = replace_card(bad, c.id, values=(A, 3, A, 2, A, 3))
    assert "three-a" in codes(bad)
    nines = [c for c in BASE.cards if c.level == 9]
    bad = BASE
    for c in nines[:4]:
        bad = replace_card(bad, c.id, values=(A, A, 4, 4, 4, 4))  # 36..38 needs 16..18 in four values
    assert "two-a" in codes(bad)


def test_uneven_sum_spread_is_found():
    c = first(2, lambda c: sum_position(2, c.values) == 0)
    vals = list(c.values)
    vals[vals.index(min(vals))] += 1
    bad = replace_card(BASE, c.id, values=tuple(vals))
    assert not card_problems(2, tuple(vals))
    v = [x for x in check_set(bad) if x.code == "spread"]
    assert v and "level 2" in v[0].message and "3/2/3" in v[0].message


def test_uneven_level3_spread_is_found():
    # level 3 has three sums, 20..22, spread like every level's
    threes = [c for c in BASE.cards if c.level == 3]
    bad = BASE
    for i, c in enumerate(threes):
        bad = replace_card(bad, c.id, values=(4, 4, 3, 3, 3, 3 + i % 2))  # sums 20 and 21 only
    assert any(x.code == "spread" and "level 3" in x.message for x in check_set(bad))


def test_wrong_counts_are_found():
    drop = first(5)
    bad = attrs.evolve(BASE, cards=tuple(c for c in BASE.cards if c.id != drop.id))
    assert any("level 5 has 7 cards" in x.message for x in check_set(bad))
    elevens = [c for c in BASE.cards if c.level == 11]
    bad = attrs.evolve(BASE, cards=tuple(c for c in BASE.cards if c not in elevens[:4]))
    assert any("level 11 has 2 cards" in x.message for x in check_set(bad))
    small = generate_set(5, 6, 3)
    tiny = attrs.evolve(small, cards=tuple(c for c in small.cards if not (c.level <= 10 and c.id[-1] == "f")))
    assert any("each of levels 1..10 needs 6..12" in x.message for x in check_set(tiny))


def test_repeated_matter_among_the_first_five_is_found():
    ones = [c for c in BASE.cards if c.level == 1]
    bad = replace_card(BASE, ones[1].id, matter=ones[0].matter)
    assert "matter-level" in codes(bad)


def test_uneven_matter_over_the_set_is_found():
    extras = [c for c in BASE.cards if c.id[-1] in "fgh" and c.matter != "red"][:3]
    bad = BASE
    for c in extras:
        bad = replace_card(bad, c.id, matter="red")
    v = [x for x in check_set(bad) if x.code == "matter-spread"]
    assert v and "red" in v[0].message


def test_other_card_faults_are_found():
    c = first(6)
    assert "rarity" in codes(replace_card(BASE, c.id, rarity=0))
    assert "matter" in codes(replace_card(BASE, c.id, matter="orange"))
    assert "card-name" in codes(replace_card(BASE, c.id, name=" "))
    assert "duplicate-id" in codes(replace_card(BASE, c.id, id=first(7).id))
    assert "level" in codes(replace_card(BASE, c.id, level=12))
    assert "set-name" in codes(attrs.evolve(BASE, name=""))
    assert "set-id" in codes(attrs.evolve(BASE, id="Bad Id!"))


def test_values_zero_or_eleven_are_not_printable():
    c = first(6)
    assert any("1..A" in x.message for x in check_set(replace_card(BASE, c.id, values=(0, 8, 8, 8, 3, 3))))


def test_every_violation_has_a_readable_message():
    bad = replace_card(BASE, first(1).id, values=(9, 9, 9, 9, 9, 9), matter="grey")
    for v in check_set(bad):
        assert v.message and str(v).startswith("[")


def test_from_json_rejects_corrupt_files():
    good = BASE.to_json()
    for broken, msg in (
        ({**good, "format": "x"}, "not an HTT card set"),
        ({**good, "version": 99}, "version 99"),
        ({**good, "cards": []}, "non-empty list"),
        ({**good, "cards": [{"id": "x"}]}, "card 1"),
        ({**good, "cards": [{**good["cards"][0], "values": "12"}]}, "six characters"),
        ({**good, "cards": [{**good["cards"][0], "values": "12345Q"}]}, "not a card value"),
    ):
        with pytest.raises(ValueError, match=msg):
            CardSet.from_json(json.loads(json.dumps(broken)))
    with pytest.raises(ValueError, match="not valid JSON"):
        CardSet.loads("{")


def test_matters_are_the_five_colours():
    assert set(MATTERS) == {"red", "blue", "yellow", "green", "purple"}
