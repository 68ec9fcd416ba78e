"""The command line's one boundary: every subcommand turns a bad link, file or option into one
line on stderr and a non-zero exit, never a traceback."""

from __future__ import annotations

import base64
import json
import zlib

import pytest

from tests.core.test_rules_versions import SPEC, v1_link
from webtabletop.cli import main
from webtabletop.core import registry
from webtabletop.core.sharelink import _varint


@pytest.fixture(autouse=True)
def _registered():
    registry._GAMES[SPEC.id] = SPEC
    yield
    registry._GAMES.pop(SPEC.id, None)


def crafted(game: str, options: bytes, moves: int = 0) -> str:
    """A link with a valid checksum around any options bytes."""
    body = bytes([2]) + _varint(1) + _varint(5) + _varint(len(options)) + options + _varint(moves)
    body += (zlib.crc32(game.encode() + body) & 0xFFFFFFFF).to_bytes(4, "little")
    return f"#/{game}?r=" + base64.urlsafe_b64encode(body).rstrip(b"=").decode()


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    "argv",
    [
        ["replay", crafted("tsifrograd", '{"radius":"²"}'.encode())],
        ["replay", crafted("tsifrograd", b'{"radius":' + b"9" * 3000 + b"}")],
        ["replay", crafted("tsifrograd", b"[" * 1500 + b"]" * 1500)],
        ["replay", crafted("tsifrograd", b'{"radius":NaN}')],
        ["replay", crafted("tsifrograd", b"", moves=10**6)],
        ["replay", "#/tsifrograd?r=" + "A" * 30000],
        ["replay", "#/tsifrograd?r=hello-world"],
        ["replay", "#/nogame?r=AAAA"],
        ["replay", "no such file"],
        ["selfplay", "tsifrograd", "--options", "[" * 5000],
        ["selfplay", "tsifrograd", "--options", '{"radius": "²"}'],
        ["selfplay", "tsifrograd", "--options", "[1]"],
    ],
)
def test_bad_input_is_one_line_and_a_non_zero_exit(capsys, argv):
    code, _out, err = run(capsys, *argv)
    assert code == 1
    assert err.startswith("error: ") and err.count("\n") == 1 and "Traceback" not in err


def test_a_bad_record_file_is_one_line(capsys, tmp_path):
    path = tmp_path / "r.json"
    path.write_text('{"format":"webtabletop-record","version":1,"game":"tsifrograd","seed":1e999,"moves":[]}')
    code, _out, err = run(capsys, "replay", str(path))
    assert code == 1 and "not finite" in err


def test_an_old_link_that_stops_early_prints_the_position_and_the_reason(capsys):
    # "two", "one", then "one" again reaches 4: legal under version 1, not today
    code, out, err = run(capsys, "replay", "#/count-test?r=" + v1_link([0, 1, 1], [2, 2, 2]))
    assert code == 1
    assert "count-test, seed 0, options default, 2 moves" in out
    assert err.startswith("error: the game stops after move 2: move 3 (one) was played under earlier rules")
    code, out, err = run(capsys, "replay", "--json", "#/count-test?r=" + v1_link([0, 1, 1], [2, 2, 2]))
    assert (
        code == 1
        and json.loads(out)["final"] == {"total": 3}
        and "earlier rules" in json.loads(out)["stopped"]
    )


def test_an_unexpected_exception_is_one_line_too(capsys, monkeypatch):
    import webtabletop.cli as cli

    def boom(args):
        raise ZeroDivisionError("division by zero")

    parser = cli.build_parser()
    monkeypatch.setattr(cli, "build_parser", lambda: parser)
    parser._subparsers._group_actions[0].choices["replay"].set_defaults(func=boom)
    code, _out, err = run(capsys, "replay", "x")
    assert code == 2 and err == "error: the command failed (ZeroDivisionError: division by zero)\n"
