"""Perft: hand-derived counts for the presets and for positions exercising every rule, python-chess
agreement where the rules coincide, the CLI, and the speed requirement."""

from __future__ import annotations

import io
import random
import time

import chess
import pytest
from _dumaraj_helpers import codes, counts, st

from webtabletop import cli
from webtabletop.games.dumaraj.rules import state as rules
from webtabletop.games.dumaraj.rules.options import PRESET_FENS, DumaRajOptions

GRAND = PRESET_FENS["grand"]
CLASSIC = PRESET_FENS["classic"]


def test_grand_start():
    # Depth 1: each of the 10 Pixas steps or leaps forward (2 each; sideways bits are taken) = 20;
    # Gon' b1: a3, c3; Gon' i1: h3, j3 = 4; Trigon' (degree 2 = knight + camel) d1: c3, e3 (knight),
    # c4, e4 (camel; a2/g2 taken) and the same for g1 = 8; everything else is boxed in: 32.
    # Depth 2: Black has the mirror 32 whatever White played (no White move reaches beyond rank 4,
    # no Black move below rank 7, nothing attacks a Raj): 32 * 32 = 1024.
    # Depth 3: too many lines to derive by hand; the naive independent implementation in
    # _dumaraj_reference.py gives the same 41308 (test_dumaraj_reference.py, marked slow).
    assert counts(GRAND, 3) == [32, 1024, 41308]


def test_classic_start():
    # Depth 1: 8 Pixas x (step, leap) = 16 + Gon' a3/c3/f3/h3 = 4 -> 20; depth 2 by the same
    # argument as Grand: 20 * 20 = 400. Depth 3 (11362) agrees with the naive reference.
    assert counts(CLASSIC, 3) == [20, 400, 11362]


@pytest.mark.parametrize("degree,expected", [(1, 28), (2, 32), (3, 40)])
def test_grand_start_by_trigon_degree(degree, expected):
    # Degree 1 = camel only: each Trigon' keeps c4/e4 (d1) and f4/h4 (g1) and loses its two knight
    # moves: 32 - 4 = 28. Degree 3 adds the zebra (+-2, 3) and (+-3, 2): from d1 b4 f4 a3 g3, from
    # g1 e4 i4 d3 j3, all free: 32 + 8 = 40.
    s = rules.new_game(DumaRajOptions(trigon_degree=degree))
    assert rules.perft(s, 1) == expected


def test_promotion_counts():
    # White Pixa a7, Rajas e1/e8 (8x8). Pixa: a8 with 5 rursus choices, b7 step, c7 sideways leap
    # (forward 2 is off the location, no frag) = 7; Raj: d1 f1 d2 e2 f2 = 5 -> 12.
    # Depth 2: after a8=Fej or a8=Lod' Black is under flag along rank 8: only d7 e7 f7 (3 each);
    # a8=Slod' and a8=Gon' attack no Raj bit (5 each); a8=Trigon' (camel) hits d7 (4);
    # Pixa b7 attacks a8/c8 (5); Pixa c7 attacks b8/d8 -> d8 lost (4); 5 Raj moves x 5 = 25.
    # 3 + 3 + 5 + 5 + 4 + 5 + 4 + 25 = 54.
    assert counts("4k3/P7/8/8/8/8/8/4K3 w", 2) == [12, 54]
    assert [c for c in codes(st("4k3/P7/8/8/8/8/8/4K3 w")) if c.startswith("a7a8")] == [
        "a7a8q",
        "a7a8r",
        "a7a8b",
        "a7a8n",
        "a7a8t",
    ]


def test_flag_evasion_and_pin():
    # Fej e2 next to the Raj e1 and unprotected: only Raj x e2 (d1 f1 d2 f2 are all under flag).
    assert counts("4k3/8/8/8/8/8/4q3/4K3 w", 1) == [1]
    # "Raj capture": no mate rule, all five Raj moves are allowed.
    assert counts("4k3/8/8/8/8/8/4q3/4K3 w", 1, raj_capture=True) == [5]
    # Pixa e2 pinned by the Lod' e8: only e3 and e4 (along the pin); Raj d1 f1 d2 f2 -> 6.
    assert counts("k3r3/8/8/8/8/8/4P3/4K3 w", 1) == [6]


def test_warp_counts():
    # Gon' a1: b3, c2 and, over the flank, h3 and g2 (never over the back border) + 5 Raj moves.
    assert counts("4k3/8/8/8/8/8/8/N3K3 w", 1) == [7]
    assert counts("4k3/8/8/8/8/8/8/N3K3 w", 1, warp=True) == [9]
    # Pixa h7: h8 with 5 choices, g7, f7, over the flank a7, b7, over the front h1 (2 forward
    # from rank 7 lands on rank 1: no rursus) = 10; Raj 5 -> 15.
    assert counts("4k3/7P/8/8/8/8/8/4K3 w", 1, warp=True) == [15]
    s = st("4k3/7P/8/8/8/8/8/4K3 w", warp=True)
    assert {"h7a7", "h7b7", "h7h1"} <= set(codes(s))
    # 4x4: Gon' a1 reaches b3, c2 and over the flank d3; (-2, +1) wraps onto c2 again and counts
    # once; Raj d1: c1 c2 d2 -> 6 (5 without Warp).
    assert counts("k3/4/4/N2K w", 1, warp=True) == [6]
    assert counts("k3/4/4/N2K w", 1) == [5]
    # Black Gon' a2 attacks g1 over the flank: Raj h1 has g2 and h2 only (3 without Warp).
    assert counts("4k3/8/8/8/8/8/n7/7K w", 1, warp=True) == [2]
    assert counts("4k3/8/8/8/8/8/n7/7K w", 1) == [3]


def test_picsbumm_counts():
    # After d2d4 (leaping over d3, which the Black Pixa e4 attacks) Black has: Raj 5, Pixa e3 e2
    # (step, leap), f4, c4 (sideways leap), g4 = 5, and the strike e4d3! = 11 (10 without the option).
    fen = "4k3/8/8/8/4p3/8/3P4/4K3 w"
    assert dict(rules.divide(st(fen, picsbumm=True), 2))["d2d4"] == 11
    assert dict(rules.divide(st(fen), 2))["d2d4"] == 10


def test_raj_flex_counts():
    # Lod' a1: 7 up + 3 right = 10; Lod' h1: 7 up + 2 left = 9; Raj 5 -> 24; with Raj flex e1-a1 and
    # e1-h1: 26. With a Black Lod' on h8 the flex to h1 would put the Raj under flag (h-file): 25.
    assert counts("4k3/8/8/8/8/8/8/R3K2R w", 1) == [24]
    assert counts("4k3/8/8/8/8/8/8/R3K2R w", 1, raj_flex=True) == [26]
    assert counts("4k2r/8/8/8/8/8/8/R3K2R w", 1, raj_flex=True) == [25]


def test_pair_flex_counts():
    # Lod' c1: c2..c8 and b1 a1 = 9; Slod' d1: c2 b3 a4 and e2 f3 g4 h5 = 7; Raj e1: d2 e2 f2 f1 = 4
    # -> 20; with pair flex c1-d1 (neighbours): 21. Right after one (old position text "0300": used 0,
    # wait 3, read as 0 own moves since) the next White turn has none.
    assert counts("4k3/8/8/8/8/8/8/2RBK3 w", 1) == [20]
    assert counts("4k3/8/8/8/8/8/8/2RBK3 w", 1, pair_flex=True) == [21]
    assert counts("4k3/8/8/8/8/8/8/2RBK3 w RBrb 0300", 1, pair_flex=True) == [20]


def test_editor_counts():
    # Lod' a2: a3..a8, a1, b2 c2 d2 = 10; Raj e2: 8 -> 18 moves. After a2a3 (north) the empty
    # southern rank 1 may go: "-1" or "-" (2). After Raj e2d3 (north-west) rank 1 and file h: 3.
    fen = "8/4k3/8/8/8/8/R3K3/8 w"
    s = st(fen, editor=True)
    assert rules.perft(s, 1) == 18
    d = dict(rules.divide(s, 2))
    assert codes(s.apply_code("a2a3")) == ["-1", "-"]
    assert codes(s.apply_code("e2d3")) == ["-1", "-h", "-"]
    assert d["a2a3"] == 2 and d["e2d3"] == 3
    # a2a1 goes south: the northern rank 8 is empty -> "-8" or "-"
    assert codes(s.apply_code("a2a1")) == ["-8", "-"]


# --- python-chess where the rules coincide (no Pixas, no castling, no en passant) -----------------


def _chess_perft(board: chess.Board, depth: int) -> int:
    if depth == 1:
        return board.legal_moves.count()
    n = 0
    for m in board.legal_moves:
        board.push(m)
        n += _chess_perft(board, depth - 1)
        board.pop()
    return n


CHESS_STARTS = [
    "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1",
    "rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w - - 0 1",
    "4k3/8/8/3q4/8/8/3R4/3K4 w - - 0 1",
    "8/8/3k4/8/1b6/8/3N4/3K1R2 w - - 0 1",
    "r1b1k1nr/8/2n5/1B1q4/8/2N5/5Q2/R3K1NR b - - 0 1",
]


@pytest.mark.parametrize("start", CHESS_STARTS)
def test_matches_python_chess_without_pixas(start):
    rng = random.Random(start)
    for _ in range(6):
        board = chess.Board(start)
        for _ in range(rng.randrange(0, 10)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        fen = board.board_fen() + (" w" if board.turn else " b")
        depth = 3 if len(board.piece_map()) <= 8 else 2
        mine = counts(fen, depth)
        theirs = [_chess_perft(chess.Board(board.fen()), d) for d in range(1, depth + 1)]
        assert mine == theirs, fen


# --- CLI ---------------------------------------------------------------------------------------


def test_cli_perft_and_divide(capsys):
    assert cli.main(["dumaraj", "perft", "--depth", "2"]) == 0
    assert "Nodes searched: 1024" in capsys.readouterr().out
    assert (
        cli.main(
            [
                "dumaraj",
                "perft",
                "--fen",
                "4k3/8/8/8/8/8/8/R3K2R w",
                "--depth",
                "1",
                "--divide",
                "--options",
                '{"raj_flex": true}',
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "e1h1: 1" in out and "Nodes searched: 26" in out
    assert cli.main(["dumaraj", "perft", "--depth", "1", "--options", '{"warp": true, "rhombus": true}']) == 2
    assert "rhombus" in capsys.readouterr().err
    assert cli.main(["dumaraj", "perft", "--fen", "8/8/8/8/8/8/8/8 w", "--depth", "1"]) == 2


def test_cli_add_commands_into_another_parser():
    import argparse

    from webtabletop.games.dumaraj import cli as duma_cli

    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command")
    duma_cli.add_commands(sub)
    args = parser.parse_args(["dumaraj", "perft", "--depth", "1", "--options", '{"preset": "classic"}'])
    buf = io.StringIO()
    assert args.func(args, out=buf) == 0
    assert "Nodes searched: 20" in buf.getvalue()


# --- speed ---------------------------------------------------------------------------------------


def test_perft_speed_against_python_chess():
    """Classic start perft(4) must run at >= 0.5x python-chess's nodes/s on the chess start."""
    state = rules.new_game(DumaRajOptions(preset="classic"))

    def rate(fn):
        best = 0.0
        for _ in range(2):
            t = time.perf_counter()
            n = fn()
            best = max(best, n / (time.perf_counter() - t))
        return best, n

    mine, n = rate(lambda: rules.perft(state, 4))
    theirs, _ = rate(lambda: _chess_perft(chess.Board(), 4))
    assert n == 321220
    assert mine >= 0.5 * theirs, (mine, theirs)
