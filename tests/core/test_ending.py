"""core/ending.py: a resignation or an agreed draw as the record's last entry, in files and links."""

import base64
import zlib

import pytest

from webtabletop.core import sharelink
from webtabletop.core.ending import ending_of, is_ending
from webtabletop.core.protocol import GameError
from webtabletop.core.record import History, Record
from webtabletop.core.registry import get_game


def some_moves(game, n=4, seed=3):
    state = get_game(game).start(None, seed)
    codes = []
    for i in range(n):
        moves = state.legal_moves()
        move = moves[(5 * i) % len(moves)]
        codes.append(move.code)
        state = state.apply(move)
    return tuple(codes)


@pytest.mark.parametrize("game", ["htt", "cardgo", "dumaraj", "sht", "tsifrograd"])
def test_a_resignation_finishes_the_position_as_it_stands(game):
    moves = some_moves(game)
    rec = Record(game, {}, 3, (*moves, "!resign0"))
    states = rec.replay()
    before, after = states[-2], states[-1]
    assert isinstance(after, type(before)) and ending_of(after) == "!resign0" and ending_of(before) is None
    # the board is the one the game stopped in (a snapshot that names the outcome names the new one)
    assert {**after.snapshot(), "outcome": None} == {**before.snapshot(), "outcome": None}
    out = after.outcome()
    assert out.winner == 1 and out.reason == "resignation" and after.legal_moves() == []
    with pytest.raises(GameError):
        after.apply_code(before.legal_moves()[0].code)
    with pytest.raises(GameError):  # nothing follows an ending, not even another one
        Record(game, {}, 3, (*moves, "!resign0", "!resign1")).replay()
    link = sharelink.encode(rec)
    assert sharelink.decode(game, link).moves == rec.moves
    assert Record.loads(rec.dumps()).moves == rec.moves
    assert History(rec).log(("A", "B"))[-1] == "A resigns"


def test_links_without_an_ending_keep_format_2():
    rec = Record("tsifrograd", {}, 3, some_moves("tsifrograd"))
    raw = base64.urlsafe_b64decode(sharelink.encode(rec) + "==")
    assert raw[0] == sharelink.PLAIN == 2
    ended = rec.with_moves((*rec.moves, "!resign1"))
    raw = base64.urlsafe_b64decode(sharelink.encode(ended) + "==")
    assert raw[0] == 3


def forge(game, body):
    body = bytes(body)
    crc = zlib.crc32(game.encode() + body) & 0xFFFFFFFF
    return base64.urlsafe_b64encode(body + crc.to_bytes(4, "little")).rstrip(b"=").decode()


def test_a_format_3_link_must_hold_an_ending_that_can_follow_its_moves():
    spec = get_game("tsifrograd")
    head = bytes([3]) + sharelink.varint(spec.rules_version) + sharelink.varint(3) + sharelink.varint(0)
    head += sharelink.varint(0)  # no moves
    with pytest.raises(sharelink.LinkError, match="not a webtabletop link"):
        sharelink.decode("tsifrograd", forge("tsifrograd", head + sharelink.varint(0)))  # "no ending"
    with pytest.raises(sharelink.LinkError, match="not a webtabletop link"):
        sharelink.decode("tsifrograd", forge("tsifrograd", head + sharelink.varint(4)))
    with pytest.raises(sharelink.LinkError, match="no draw by agreement"):
        sharelink.decode("tsifrograd", forge("tsifrograd", head + sharelink.varint(3)))
    assert sharelink.decode("tsifrograd", forge("tsifrograd", head + sharelink.varint(2))).moves == (
        "!resign1",
    )


def test_only_games_whose_rules_allow_it_end_in_an_agreed_draw():
    allowed = [g for g in ("htt", "cardgo", "dumaraj", "sht", "tsifrograd") if get_game(g).agreed_draws]
    assert allowed == ["dumaraj"]  # HTT's draw offer is a move of its own rules
    state = Record("dumaraj", {}, 3, (*some_moves("dumaraj"), "!draw")).final_state()
    assert state.outcome().winner is None and state.outcome().reason == "draw agreed"
    assert is_ending("!draw") and not is_ending("draw")
