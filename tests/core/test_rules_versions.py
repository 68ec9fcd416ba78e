"""Records and links made under older rules: decoded through the game's legacy move order,
replayed under today's rules, and stopped (never silently changed) at the first move the
corrected rules no longer allow."""

from __future__ import annotations

import base64
import zlib

import attrs
import pytest

from webtabletop.core import registry, sharelink
from webtabletop.core.protocol import GameSpec, IllegalMove, Outcome, State
from webtabletop.core.record import History, Record, RecordError


@attrs.frozen
class Step:
    code: str


@attrs.frozen
class CountState(State):
    """Players add 1 or 2 to a total; today's rules forbid reaching 4 (the "correction")."""

    total: int = 0
    plies: int = 0

    def to_move(self) -> int:
        return self.plies % 2

    def legal_moves(self):
        if self.outcome():
            return []
        return [Step(c) for c in ("one", "two") if self.total + int(c == "two") + 1 != 4]

    def apply(self, move):
        if move not in self.legal_moves():
            raise IllegalMove(f"{move.code!r} would reach 4")
        return CountState(self.total + (2 if move.code == "two" else 1), self.plies + 1)

    def outcome(self):
        return Outcome(None, (0.0, 0.0), "done") if self.total >= 6 else None

    def snapshot(self):
        return {"total": self.total}


@attrs.frozen
class NoOptions:
    pass


def _legacy(state, version):
    # version 1 listed "two" first and allowed reaching 4
    return ["two", "one"] if version == 1 else None


SPEC = GameSpec(
    id="count-test",
    title="Count",
    summary="",
    options_class=NoOptions,
    new_game=lambda options, seed: CountState(),
    rules_version=2,
    max_plies=lambda options: 6,
    legacy_codes=_legacy,
)
CountState.spec = SPEC


@pytest.fixture(autouse=True)
def _registered():
    registry._GAMES[SPEC.id] = SPEC
    yield
    registry._GAMES.pop(SPEC.id, None)


def v1_link(indexes: list[int], legal_sizes: list[int]) -> str:
    number, radix = 0, 1
    for index, size in zip(indexes, legal_sizes, strict=True):
        number += index * radix
        radix *= size
    body = bytes([1, 0, 0, len(indexes)]) + number.to_bytes((number.bit_length() + 7) // 8, "little")
    body += (zlib.crc32(SPEC.id.encode() + body) & 0xFFFFFFFF).to_bytes(4, "little")
    return base64.urlsafe_b64encode(body).rstrip(b"=").decode()


def test_an_old_link_maps_indexes_through_the_legacy_order():
    # under version 1: index 0 = "two", index 1 = "one"; total 0 -> 2 -> 3
    record, problem = sharelink.decode_upto(SPEC.id, v1_link([0, 1], [2, 2]))
    assert problem is None
    assert record.moves == ("two", "one") and record.rules == 1 and record.older_rules


def test_an_old_link_stops_before_a_move_the_corrected_rules_forbid():
    # "two", "one", then "one" again reaches 4: legal under version 1, not today
    record, problem = sharelink.decode_upto(SPEC.id, v1_link([0, 1, 1], [2, 2, 2]))
    assert record.moves == ("two", "one")
    assert "move 3 (one) was played under earlier rules of Count" in problem
    with pytest.raises(sharelink.LinkError, match="earlier rules"):
        sharelink.decode(SPEC.id, v1_link([0, 1, 1], [2, 2, 2]))


def test_today_links_carry_the_rules_version_and_round_trip():
    record = Record(SPEC.id, {}, 0, ("one", "two"))
    assert sharelink.decode(SPEC.id, sharelink.encode(record)) == record


def test_an_old_record_file_replays_up_to_its_last_legal_move():
    text = '{"format":"webtabletop-record","version":1,"game":"count-test","seed":0,"moves":["one","two","one"]}'
    record = Record.loads(text)
    assert record.rules == 1
    history, problem = History.upto(record)
    assert history.record.moves == ("one", "two") and len(history.states) == 3
    assert "not legal under the corrected rules" in problem
    assert history.record.rules == 1  # kept as it was: the caller keeps the original too


def test_an_old_record_that_replays_cleanly_becomes_a_record_of_today():
    record = Record.loads('{"format":"webtabletop-record","version":1,"game":"count-test","moves":["two"],"seed":0}')
    history, problem = History.upto(record)
    assert problem is None and history.record.rules == 0
    assert history.record.to_json()["rules"] == 2


def test_records_of_newer_rules_or_too_many_moves_are_refused():
    base = '{"format":"webtabletop-record","version":1,"game":"count-test","seed":0'
    with pytest.raises(RecordError, match="newer rules of Count"):
        Record.loads(base + ',"moves":[],"rules":3}')
    with pytest.raises(RecordError, match="more than a game of Count can have"):
        Record.loads(base + ',"moves":' + str(["one"] * 7).replace("'", '"') + "}")


def test_where_the_old_rules_had_diverged_links_and_records_stop(monkeypatch):
    """legacy_codes() == [] marks a position the old rules would not have reached."""
    spec = attrs.evolve(SPEC, legacy_codes=lambda state, v: [] if state.total >= 3 else ["two", "one"])
    monkeypatch.setitem(registry._GAMES, SPEC.id, spec)
    monkeypatch.setattr(CountState, "spec", spec)
    record, problem = sharelink.decode_upto(SPEC.id, v1_link([0, 1, 0], [2, 2, 2]))
    assert record.moves == ("two", "one") and "from move 3 on" in problem
    text = '{"format":"webtabletop-record","version":1,"game":"count-test","seed":0,"moves":["two","one","two"]}'
    history, problem = History.upto(Record.loads(text))
    assert history.record.moves == ("two", "one") and "from move 3 on" in problem
