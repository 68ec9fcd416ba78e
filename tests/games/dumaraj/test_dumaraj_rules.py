"""DumaRaj rules: options, Betza parser, notation, every arbitrary move, and the end of the game."""

from __future__ import annotations

import pytest
from _dumaraj_helpers import codes, st

from webtabletop.core.protocol import GameError, IllegalMove, OptionsError, options_from_dict
from webtabletop.core.registry import register
from webtabletop.games.dumaraj import SPEC, VIEW, ai_choose
from webtabletop.games.dumaraj.rules.options import DumaRajOptions
from webtabletop.games.dumaraj.rules.pieces import BetzaError, parse_betza
from webtabletop.games.dumaraj.rules.state import DumaState, new_game, state_from_fen

# --- registration and options --------------------------------------------------------------------


def test_spec_registered():
    assert SPEC.id == "dumaraj" and SPEC.title == "DumaRaj"
    assert register(SPEC) is SPEC
    assert DumaState.spec is SPEC
    assert VIEW is not None and callable(ai_choose)
    s = SPEC.start()
    assert s.width == 10 and s.height == 10 and s.to_move() == 0


def test_options_validation_messages():
    with pytest.raises(OptionsError, match="rhombus"):
        options_from_dict(DumaRajOptions, {"warp": True, "rhombus": True})
    with pytest.raises(OptionsError, match="Trigon' degree"):
        options_from_dict(DumaRajOptions, {"trigon_degree": 4})
    with pytest.raises(OptionsError, match="preset"):
        options_from_dict(DumaRajOptions, {"preset": "huge"})
    with pytest.raises(OptionsError, match="unknown option"):
        options_from_dict(DumaRajOptions, {"castling": True})
    with pytest.raises(OptionsError, match="exactly one Raj"):
        options_from_dict(DumaRajOptions, {"fen": "8/8/8/8/8/8/8/4K3 w"})
    opts = options_from_dict(DumaRajOptions, {"editor": "on", "trigon_degree": "3", "preset": "classic"})
    assert opts.editor and opts.trigon_degree == 3 and "Classic" in opts.describe()


@pytest.mark.parametrize(
    "fen,message",
    [
        ("4k3/8/8/8/8/8/8/4K2K w", "exactly one Raj"),
        ("P3k3/8/8/8/8/8/8/4K3 w", "finist"),
        ("4k3/8/8/8/8/8/8/4K2p b", "finist"),
        ("4k2R/8/8/8/8/8/8/4K3 w", "could frag the enemy Raj"),
        ("4k3/8/8/8/8/8/8/3 w", "bits"),
        ("4k/4/4 w", "ranks"),
        ("4k3/8/8/8/8/8/8/4K2X w", "mob letter"),
        ("4k3/8/8/8/8/8/8/4K3 x", "side to move"),
        ("13/13/13/13 w", "more than 12 bits"),
        ("12/12/12/12 w", "exactly one Raj"),
        ("4k3/8/8/8/8/8/8/R3K3 w - 0000 - b2:h8", "removed line"),
        ("4k3/8/8/8/8/8/8/4K3 w - 0000 - a1:h3", "at least 4x4"),
    ],
)
def test_position_validation(fen, message):
    with pytest.raises(GameError, match=message):
        state_from_fen(fen)


def test_betza_parser():
    assert len(parse_betza("K")) == 2
    (rook,) = parse_betza("R")
    assert rook.rider and len(rook.vectors) == 4
    step, leap, frag = parse_betza("mfsW mfsD cfF")
    assert set(step.vectors) == {(1, 0), (-1, 0), (0, 1)} and step.move and not step.capture
    assert set(leap.vectors) == {(2, 0), (-2, 0), (0, 2)}
    assert set(frag.vectors) == {(1, 1), (-1, 1)} and frag.capture and not frag.move
    assert len(parse_betza("NCZ")) == 3
    for bad in ("", "X", "m", "qW"):
        with pytest.raises(BetzaError):
            parse_betza(bad)


# --- notation -------------------------------------------------------------------------------------


def test_fen_round_trip_and_defaults():
    s = new_game(DumaRajOptions(preset="classic"))
    assert s.fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w RBrb 0:3,0:3 - - - 2 0 1"
    full = "4k3/8/8/8/4pP2/8/8/4K2R b Bb 1:1,0:3 f3f4 b1:h8 - 3fpewb 7 31"
    s = state_from_fen(full)
    assert s.fen() == full
    assert s.options.warp and s.options.trigon_degree == 3 and not s.options.raj_capture
    assert s.bumm is not None and s.ctr == (1, 1, 1, 0, 1, 3)
    # restarting from the options gives the same position
    assert new_game(s.options).fen() == full


def test_move_codes_and_labels():
    s = st("4k3/P7/8/8/8/8/8/4K3 w")
    m = s.move_from_code("a7a8q")
    assert m.label == "Pixa a7–a8=Fej"
    assert s.move_label(m) == "Pixa a7–a8=Fej+"
    assert s.move_from_code("e1d2").label == "Raj e1–d2"
    with pytest.raises(IllegalMove):
        s.move_from_code("a7a9")
    with pytest.raises(IllegalMove):
        s.apply(object())
    cap = st("4k3/8/8/8/8/8/3p4/4K3 w")
    assert cap.move_from_code("e1d2").label == "Raj e1×d2"
    grand = SPEC.start()
    assert grand.move_from_code("b1c3").label == "Gon' b1–c3"
    assert grand.move_from_code("d1e4").label == "Trigon' d1–e4"
    tall = st("4k5/P9/10/10/10/10/10/10/10/4K5 w")
    assert "a9a10t" in codes(tall)


# --- arbitrary moves --------------------------------------------------------------------------------


def test_raj_flex_rules():
    s = st("4k3/8/8/8/8/8/8/R3K2R w", raj_flex=True)
    after = s.apply_code("e1h1")
    assert after.cells[7] & 7 == 1 and after.cells[4] & 7 == 3  # Raj on h1, Lod' on e1
    assert after.fen().split()[2] == "Brb"
    # the second Lod' flex is not allowed (one per kind), even much later
    later = after.apply_code("e8d8").apply_code("h1g1").apply_code("d8c8")
    assert not [c for c in codes(later) if c in ("g1e1", "g1a1")]
    # Slod' along a diagonal, both on the own half (ranks 1-4 of 8)
    s = st("4k3/8/8/8/7B/8/8/4K3 w", raj_flex=True)
    assert "e1h4" in codes(s)
    s = st("4k3/8/8/5B2/8/8/8/1K6 w", raj_flex=True)  # b1-h7 diagonal: f5 is not on White's half
    assert not any(m.kind == 2 for m in s.legal_moves())
    # not while under flag
    s = st("4k3/8/8/4r3/8/8/8/R3K2R w", raj_flex=True)
    assert not any(m.kind == 2 for m in s.legal_moves())
    # not between mobs
    s = st("4k3/8/8/8/8/8/8/R2NK2R w", raj_flex=True)
    assert [m.code for m in s.legal_moves() if m.kind == 2] == ["e1h1"]


def test_pair_flex_rules():
    s = st("4k3/8/8/8/8/8/8/2RBK3 w", pair_flex=True)
    assert "c1d1" in codes(s)
    s1 = s.apply_code("c1d1")
    assert s1.cells[2] & 7 == 4 and s1.cells[3] & 7 == 3
    assert s1.ctr[2] == 1 and s1.ctr[4] == 0  # one used, no own move since
    # «Флекс возможно повторить только через 3 хода»: a pair flex on own move n allows the next
    # one on own move n+3 (moves n+1 and n+2 pass without one)
    t = s1
    for black, white in (("e8f8", "e1e2"), ("f8e8", "e2e1")):
        t = t.apply_code(black)
        assert not any(m.kind == 3 for m in t.legal_moves())
        t = t.apply_code(white)
    t = t.apply_code("e8f8")
    assert t.ctr[4] == 2 and "d1c1" in codes(t)  # own move n+3
    # «… но не более 3 раз за партию»: at most three per game
    u = st("4k3/8/8/8/8/8/8/2RBK3 w RBrb 3:3,0:3", pair_flex=True)
    assert not any(m.kind == 3 for m in u.legal_moves())
    # a diagonal pair flex keeps the Slod' on its colour
    d = st("4k3/8/8/8/8/8/3B4/2R1K3 w", pair_flex=True)
    assert "c1d2" in codes(d)


def test_editor_rules():
    fen = "8/4k3/8/8/8/8/R3K3/8 w"
    s = st(fen, editor=True)
    e = s.apply_code("a2a3")
    assert e.to_move() == 0 and e.editor is not None and e.outcome() is None
    cut = e.apply_code("-1")
    assert cut.to_move() == 1 and cut.rect == (0, 1, 7, 7)
    assert cut.fen().split()[5] == "a2:h8"
    # nothing may move onto a removed line
    assert not any(c.endswith("1") and len(c) == 4 for c in codes(cut.apply_code("e7e6")))
    skip = e.apply_code("-")
    assert skip.rect == (0, 0, 7, 7) and skip.to_move() == 1
    # a line with a mob on it is never offered; the location never goes below 4x4
    s = st("4k3/8/8/8/8/8/R3K3/4P3 w", editor=True)
    assert s.apply_code("a2a3").editor is None
    small = st("k3/4/4/K2R w", editor=True)
    nxt = small.apply_code("d1d2")
    assert nxt.editor is None  # 4 ranks: nothing can go


def test_editor_finist_moves_with_the_cut():
    # a cut that would leave a Pixa on its finist line is not offered
    s = st("8/1P2k3/8/8/8/8/4K3/R7 b", editor=True)
    assert s.apply_code("e7e6").editor is None
    s = st("8/4k3/1P6/8/8/8/4K3/R7 b", editor=True)
    assert codes(s.apply_code("e7e6")) == ["-8", "-"]
    # after rank 8 is gone White's finist is rank 7: a Pixa reaching it has rursus
    t = st("8/4k3/8/1P6/8/8/4K3/R7 w - 0000 - a1:h7", editor=True)
    assert {"b5b7q", "b5b7t"} <= set(codes(t))
    assert not any(c.endswith("8") for c in codes(t))


def test_warp_rules():
    s = st("4k3/8/8/8/8/8/8/N3K3 w", warp=True)
    assert {"a1h3", "a1g2"} <= set(codes(s))
    # a Pixa frags over the flank
    s = st("4k3/8/8/p7/7P/8/8/4K3 w", warp=True)
    assert "h4a5" in codes(s)
    assert "h4a5" not in codes(st("4k3/8/8/p7/7P/8/8/4K3 w"))
    # Warp is refused with a rhombus
    with pytest.raises(ValueError, match="rhombus"):
        DumaRajOptions(warp=True, rhombus=True)


def test_picsbumm_two_and_three():
    fen = "4k3/8/8/8/4p3/8/3P4/4K3 w"
    s = st(fen, picsbumm=True).apply_code("d2d4")
    assert s.bumm is not None and "e4d3!" in codes(s)
    after = s.apply_code("e4d3!")
    assert sum(1 for p in after.cells if p & 7 == 7) == 0
    assert after.half == 0
    # only on the very next move
    later = s.apply_code("e8d8").apply_code("e1d1")
    assert "e4d3!" not in codes(later)
    # three mobs: the leaper jumped over its own Pixa on d3
    s = st("4k3/8/8/8/4p3/3P4/3P4/4K3 w", picsbumm=True).apply_code("d2d4")
    assert {"e4d3", "e4d3!"} <= set(codes(s))
    assert s.move_from_code("e4d3!").label == "piCSbumm e4×d3 (3 mobs)"
    after = s.apply_code("e4d3!")
    assert sum(1 for p in after.cells if p & 7 == 7) == 0
    # without the option there is no target
    assert "e4d3!" not in codes(st(fen).apply_code("d2d4"))


# --- the end of the game ------------------------------------------------------------------------------


def test_mate_and_stalemate():
    mate = st("k7/1Q6/1K6/8/8/8/8/8 b")
    out = mate.outcome()
    assert out is not None and out.winner == 0 and out.reason == "mate" and mate.legal_moves() == []
    stale = st("k7/8/1QK5/8/8/8/8/8 b")
    out = stale.outcome()
    assert out is not None and out.winner is None and out.reason == "stalemate"


def test_raj_capture_ends_the_game():
    s = st("4k3/8/8/8/8/8/4q3/4K3 w", raj_capture=True)
    s = s.apply_code("e1d1").apply_code("e2d1")
    out = s.outcome()
    assert out is not None and out.winner == 1 and "fragged" in out.reason
    assert s.legal_moves() == []


def test_threefold_and_hundred_moves():
    s = st("4k3/8/8/8/8/8/8/R3K3 w")
    for _ in range(2):
        for code in ("a1a2", "e8d8", "a2a1", "d8e8"):
            assert s.outcome() is None
            s = s.apply_code(code)
    out = s.outcome()
    assert out is not None and out.reason == "threefold repetition" and s.legal_moves() == []
    t = st("4k3/8/8/8/8/8/8/R3K3 w - 0:3,0:3 - - - 2 99 60")
    assert t.outcome() is None
    t = t.apply_code("a1a2")
    assert t.outcome() is not None and t.outcome().reason.startswith("100 moves without progress")
    # a forward Pixa move is progress: the count starts again
    u = st("4k3/8/8/8/8/8/P7/R3K3 w - 0:3,0:3 - - - 2 99 60").apply_code("a2a3")
    assert u.half == 0 and u.outcome() is None


def test_state_is_immutable_and_snapshot():
    s = SPEC.start()
    before = s.fen()
    s.apply_code("e2e4")
    assert s.fen() == before
    snap = s.snapshot()
    assert snap["fen"] == before and snap["side"] == 0
    assert "a" in s.text()


def test_validate_fen_for_the_position_editor():
    from webtabletop.games.dumaraj.rules.notation import NotationError, PositionError
    from webtabletop.games.dumaraj.rules.position_check import validate_fen

    pos = validate_fen("4k3/8/8/8/8/8/8/4K3 w")
    assert (pos.width, pos.height) == (8, 8)
    with pytest.raises(PositionError, match="could frag"):
        validate_fen("4k2R/8/8/8/8/8/8/4K3 w")
    # under "Raj capture" (rules field k) a Raj may stand under flag
    validate_fen("4k2R/8/8/8/8/8/8/4K3 w RBrb 0000 - - - 2k 0 1")
    with pytest.raises(NotationError):
        validate_fen("4k3/8/8/8/8/8/8/4K3 w RBrb 0000 - - - 5 0 1")
