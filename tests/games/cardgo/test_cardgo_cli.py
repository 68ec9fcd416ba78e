"""The cardgo command line tools."""

from __future__ import annotations

import io
import json

from webtabletop.games.cardgo import cli


def _run(argv):
    parser_out = io.StringIO()
    import argparse

    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command", required=True)
    cli.add_commands(sub)
    args = parser.parse_args(argv)
    code = args.func(args, parser_out)
    return code, parser_out.getvalue()


def test_preview_from_a_diagram(tmp_path):
    f = tmp_path / "ex4.txt"
    f.write_text(". . . . .\n. . G4 . .\n. G5 . G6 .\n. R1 G3 R5 .\n. . R3 . .\n")
    code, out = _run(
        [
            "cardgo",
            "preview",
            "--diagram",
            str(f),
            "--hand",
            "6",
            "--player",
            "1",
            "--cell",
            "c3",
            "--options",
            '{"terrain": false}',
        ]
    )
    assert code == 0 and "Green −7, Red −7" in out
    code, out = _run(
        ["cardgo", "preview", "--diagram", str(f), "--hand", "6", "--player", "1", "--cell", "c3", "--json"]
    )
    assert json.loads(out[out.index("[") :])[0]["damage"] == [[7, 7], [7, 7]]


def test_preview_from_seed_and_moves_and_errors(capsys):
    code, out = _run(
        ["cardgo", "preview", "--seed", "3", "--options", '{"effects": false}', "--moves", "0@a1"]
    )
    assert code == 0 and "turn 2" in out
    code, _ = _run(["cardgo", "preview", "--options", '{"size": 99}'])
    assert code == 2 and "board side" in capsys.readouterr().err


def test_match_runs():
    code, out = _run(
        [
            "cardgo",
            "match",
            "--a",
            "easy",
            "--b",
            "random",
            "--games",
            "1",
            "--options",
            '{"size": 5, "start_time": 20}',
        ]
    )
    assert code == 0 and "easy vs random" in out
