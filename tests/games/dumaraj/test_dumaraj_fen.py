"""Position text is checked before anything is built: every decoder (the position editor, the
``fen`` option, the CLI's ``--fen``) answers crafted text at once with a clear message."""

from __future__ import annotations

import gc
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from webtabletop import cli
from webtabletop.core.protocol import GameError, OptionsError
from webtabletop.games.dumaraj import EDITOR, SPEC
from webtabletop.games.dumaraj.rules.fen import MAX_TEXT, Position, fen_of, parse_fen, parse_pair
from webtabletop.games.dumaraj.rules.notation import NotationError
from webtabletop.games.dumaraj.rules.state import state_from_fen

GOOD = "4k3/8/8/8/8/8/8/4K3 w"
CRAFTED = [
    ("999999999/8/8/8/8/8/8/8 w", "more than 12 bits"),  # froze the page for 13 s
    ("9" * 5000 + "/8/8/8/8/8/8/8 w", "too long"),
    ("9" * 300 + "/8/8/8 w", "longer than a rank"),
    ("1" * 13 + "/8/8/8 w", "longer than a rank"),
    ("8/" * 100_000 + "8 w", "too long"),
    ("8/" * 120 + "8 w", "ranks"),
    ("/".join(["8"] * 13) + " w", "ranks"),
    ("²/8/8/8/8/8/8/8 w", "not a mob letter"),  # "²".isdigit() is true
    ("٣k4/8/8/8/8/8/8/4K3 w", "not a mob letter"),  # an Arabic-Indic three
    ("ǅk6/8/8/8/8/8/8/4K3 w", "not a mob letter"),
    ("0k7/8/8/8/8/8/8/4K3 w", "0 bits"),
    ("00000000000000000004k3/8/8/8/8/8/8/4K3 w", "longer than a rank"),
    (GOOD + " RBrb 0:3,0:3 - - - 2 0 " + "9" * 5000, "too long"),
    (GOOD + " RBrb 0:3,0:3 - - - 2 0 " + "9" * 40, "fullmove number"),
    (GOOD + " RBrb 0:3,0:3 - - - 2 0 0", "fullmove number"),
    (GOOD + " RBrb 0:3,0:3 - - - 2 101 1", "since the last progress"),
    (GOOD + " RBrb 0:3,0:3 - - - 2 ١ 1", "since the last progress"),
    (GOOD + " RBrb 0:3,0:3 - - - 2 -1 1", "since the last progress"),
    (GOOD + " RBrb 4:3,0:3", "pair flex field"),
    (GOOD + " RBrb 0:9,0:3", "pair flex field"),
    (GOOD + " RBrb 0400", "pair flex field"),
    (GOOD + " RBrb 0:3,0:3 - - 1,1", "twice"),
    (GOOD + " RBrb 0:3,0:3 - - 1,2,3,4,5", "at most 4 lines"),
    (GOOD + " RBrb 0:3,0:3 - - ²", "not a line"),
    (GOOD + " RBrb 0:3,0:3 - - 99999999999999", "not a line"),
    (GOOD + " RBrb 0:3,0:3 - a1:z99", "bit name"),
    (GOOD + " RBrb 0:3,0:3 a1", "piCSbumm field"),
    (GOOD + " RBrb 0:3,0:3 - - - 4", "rules field"),
    (GOOD + " RBrb 0:3,0:3 - - - 2kk", "rules field"),
    (GOOD + " RRBB", "Raj flex field"),
    (GOOD + " w w w w w w w w w", "at most 10"),
    ("4k3/8/8/8/8/8/8/4K3", "at least the board"),
    ("", "at least the board"),
]
#: CPU seconds a decoder may take on crafted text (they take well under a millisecond)
SECONDS = 0.05


@pytest.mark.parametrize("text,message", CRAFTED)
def test_crafted_position_text_is_refused_at_once(text, message):
    start = time.process_time()
    with pytest.raises(NotationError, match=message):
        parse_fen(text)
    assert time.process_time() - start < SECONDS


@pytest.fixture(scope="module")
def warm():
    """Import everything the decoders use once, so the timings below are the decoders' own."""
    state_from_fen(GOOD)
    EDITOR.check(GOOD)
    cli.main(["dumaraj", "perft", "--fen", GOOD, "--depth", "1"])


def timed(fn):
    """``fn()``, checked to take less than SECONDS of this process's CPU. The garbage collector
    is held meanwhile: a full collection of a long test session's heap can cost more than the
    decoder itself (a run of the whole suite once failed this check while the test alone passed)."""
    gc.collect()
    gc.disable()
    start = time.process_time()
    try:
        return fn()
    finally:
        spent = time.process_time() - start
        gc.enable()
        assert spent < SECONDS, f"{spent:.3f} s of CPU"


@pytest.mark.parametrize("text,message", CRAFTED[:12])
def test_every_decoder_refuses_it_with_a_clear_message(text, message, capsys, warm):
    with pytest.raises(GameError, match=message):
        timed(lambda: state_from_fen(text))
    if len(text) <= MAX_TEXT:  # (a longer option is refused by its length check first)
        with pytest.raises(OptionsError, match=message):
            timed(lambda: SPEC.options_from_dict({"fen": text}))
    else:
        with pytest.raises(OptionsError, match="'fen'"):
            timed(lambda: SPEC.options_from_dict({"fen": text}))
    problem = timed(lambda: EDITOR.check(text))
    assert problem and (message in problem or "too long" in problem)
    with pytest.raises(GameError, match=message):
        timed(lambda: EDITOR.load(text))
    capsys.readouterr()
    assert timed(lambda: cli.main(["dumaraj", "perft", "--fen", text, "--depth", "1"])) == 2
    assert message in capsys.readouterr().err


def test_the_editor_refuses_crafted_clicks():
    text = EDITOR.default_text()
    for token in ("sq:²", "sq:99999999999999999999", "sq:-1", "sq:", "side:x", "load:huge"):
        assert "Unknown editor action" in EDITOR.pick(text, "Q", token)[2]


def test_old_and_new_pair_flex_fields():
    # today: used:since for each player; before rules version 2: used, wait, used, wait
    assert parse_pair("1:2,0:3") == (1, 0, 2, 3)
    assert parse_pair("1300") == (1, 0, 0, 3)  # wait 3 = right after the pair flex
    assert parse_pair("2100") == (2, 0, 2, 3)
    with pytest.raises(NotationError):
        parse_pair("1:2")


FIELD = hs.sampled_from(
    ["w", "b", "-", "RBrb", "Rb", "0:3,0:3", "1:2,3:0", "1300", "e2e4", "a1:h8", "b2:j10", "1,a", "2pe", "3kfpewb",
     "0", "99", "100", "1", "99999", "²", "٣", "9" * 30, ":", ",", "/"]
)  # fmt: skip
RANK = hs.text(alphabet="KQRBNTPkqrbntp0123456789x²/ ", max_size=16)


@settings(max_examples=300, deadline=500)
@given(hs.lists(RANK, min_size=0, max_size=14), hs.lists(FIELD, max_size=10))
def test_fuzz_structured_position_text(ranks, fields):
    text = " ".join(["/".join(ranks), *fields])
    _check(text)


@settings(max_examples=300, deadline=500)
@given(hs.text(max_size=600))
def test_fuzz_any_text(text):
    _check(text)


def _check(text: str) -> None:
    """parse_fen gives a Position of a legal size whose text reads back, or a NotationError."""
    try:
        pos = parse_fen(text)
    except NotationError as exc:
        assert str(exc)
        return
    assert isinstance(pos, Position)
    assert 4 <= pos.width <= 12 and 4 <= pos.height <= 12
    assert len(pos.cells) == pos.width * pos.height
    try:
        state = state_from_fen(text)
    except GameError:
        return  # readable, but not a legal position: a clear message was given
    assert parse_fen(state.fen()).cells == pos.cells
    assert fen_of(state.board()) == state.fen()
