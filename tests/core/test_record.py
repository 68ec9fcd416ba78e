"""Records (save format) and History (undo/redo/step-through)."""

import pytest

from webtabletop.core.record import History, Record, RecordError


def rec(moves=()):
    return Record("tsifrograd", {}, 77, tuple(moves))


def test_replay_and_history_undo_redo_truncate():
    s0 = rec().start_state()
    first = s0.legal_moves()[3].code
    h = History(rec())
    h.play(first)
    second = h.state.legal_moves()[0].code
    h.play(second)
    assert h.record.moves == (first, second) and h.cursor == 2
    h.undo()
    assert h.cursor == 1 and h.can_redo()
    h.redo()
    assert h.at_end
    h.goto(0)
    other = h.state.legal_moves()[5].code
    h.play(other)  # playing in the past drops the future
    assert h.record.moves == (other,) and not h.can_redo()
    assert h.current_record().moves == (other,)
    assert [lbl for lbl in h.log()] == [h.states[0].move_label(h.states[0].move_from_code(other))]


def test_bad_records_are_explained():
    with pytest.raises(RecordError, match="move 2"):
        rec(["0", "0"]).replay()
    with pytest.raises(RecordError, match="not a webtabletop"):
        Record.loads('{"hello": 1}')
    with pytest.raises(RecordError, match="not valid JSON"):
        Record.loads("{")
    with pytest.raises(RecordError, match="version"):
        Record.loads('{"format": "webtabletop-record", "version": 7}')
    with pytest.raises(RecordError, match="seed"):
        Record.loads('{"format": "webtabletop-record", "version": 1, "game": "tsifrograd", "seed": "x"}')
    with pytest.raises(ValueError, match="unknown game"):
        Record.loads('{"format": "webtabletop-record", "version": 1, "game": "chess", "seed": 1}')
    with pytest.raises(RecordError, match="seed"):
        Record("tsifrograd", {}, -1).start_state()


def test_json_round_trip():
    r = rec(["5", "6"])
    assert Record.loads(r.dumps()) == r
