"""Optional game clocks: charging, increments, pausing, flag fall, save/load."""

import pytest

from webtabletop.app.model.clock import GameClock, format_ms


def test_time_is_charged_to_the_player_to_move_and_increment_added():
    c = GameClock.new("10+5")
    c.run(0, now=1000)
    assert c.left(0, 4000) == 600_000 - 3000
    c.moved(0, 4000, turn_over=True)
    assert c.remaining[0] == 600_000 - 3000 + 5000
    c.run(1, 4000)
    c.moved(1, 5000, turn_over=False)  # a second phase of the same turn: no increment yet
    assert c.remaining[1] == 599_000


def test_pause_and_flag():
    c = GameClock.new("3+2")
    c.run(1, 0)
    c.pause(10_000)
    assert c.left(1, 999_999) == 170_000  # paused: time does not run
    c.run(1, 0)
    assert c.check(100_000) is None
    assert c.check(170_001) == 1 and c.remaining[1] == 0 and c.running is None
    c.run(0, 200_000)
    assert c.running is None  # nothing runs after a flag


def test_json_round_trip_and_validation():
    c = GameClock.new("5+0")
    c.run(0, 0)
    c.moved(0, 2500, True)
    again = GameClock.from_json(c.to_json())
    assert again.remaining == [297_500.0, 300_000.0] and again.running is None
    for bad in (
        {"preset": "1+0"},
        {"preset": "5+0", "remaining": [1]},
        {"preset": "5+0", "remaining": [1, 2], "flagged": 3},
    ):
        with pytest.raises(ValueError):
            GameClock.from_json(bad)
    with pytest.raises(ValueError, match="unknown clock"):
        GameClock.new("2+1")


def test_format():
    assert format_ms(61_000) == "1:01" and format_ms(0) == "0:00" and format_ms(500) == "0:01"
