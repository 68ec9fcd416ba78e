"""Every DumaRaj game ends: progress restarts the 100-move count and the repetition history and
nothing else does, cycles end, the ply cap is a draw, links at the cap open fast, the AI stops
searching at the cap, and a property test bounds every game in every variant."""

from __future__ import annotations

import base64
import json
import time
import tracemalloc
import zlib

import pytest
from _dumaraj_helpers import is_progress, long_game, st
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from webtabletop.core import sharelink
from webtabletop.core.record import History, Record, RecordError
from webtabletop.core.rng import Rng
from webtabletop.games.dumaraj import SPEC
from webtabletop.games.dumaraj.ai.choose import choose_move
from webtabletop.games.dumaraj.rules import engine as E
from webtabletop.games.dumaraj.rules.endings import (
    DRAW_MOVES,
    PLY_CAP,
    max_plies,
    progress_bound,
    rules_bound,
)
from webtabletop.games.dumaraj.rules.options import DumaRajOptions
from webtabletop.games.dumaraj.rules.pieces import PIXA
from webtabletop.games.dumaraj.rules.state import DumaState

CYCLE = "4k3/8/8/8/8/8/P7/1R2K3 w"


def before_cap(state: DumaState) -> DumaState:
    """The same position, one ply before the cap of its game (for tests of the cap)."""
    return DumaState.from_board(state.options, state.board(), state.history, ply=state.cap - 1)


# --- what restarts the count -----------------------------------------------------------------------


def test_the_referees_cycle_ends_by_repetition():
    """Lod' b1-a1-b1 with Pixa a2-b2-a2 (sideways) used to restart the count and the repetition
    history at every Pixa move, so the cycle went on forever; now it is a threefold repetition."""
    s = st(CYCLE)
    loop = ["b1a1", "e8d8", "a2b2", "d8e8", "a1b1", "e8d8", "b2a2", "d8e8"]
    plies = 0
    while not s.is_over:
        s = s.apply_code(loop[plies % len(loop)])
        plies += 1
        assert s.half == plies  # no move of the cycle is progress
    assert plies == 16 and s.outcome().reason == "threefold repetition"


def test_the_cycle_ends_in_hot_seat_too():
    history = History(Record("dumaraj", {"fen": CYCLE}, 0, ()))
    loop = ["b1a1", "e8d8", "a2b2", "d8e8", "a1b1", "e8d8", "b2a2", "d8e8"]
    for i in range(16):
        history.play(loop[i % 8])
    assert history.state.is_over and history.state.legal_moves() == []


@pytest.mark.parametrize(
    "fen,code,options,progress",
    [
        (CYCLE, "a2b2", {}, False),  # sideways Pixa step: can be undone
        (
            CYCLE,
            "a2a3",
            {},
            True,
        ),  # forward Pixa step: «запрещены в сторону линии превращения своей половины»
        (CYCLE, "a2a3", {"warp": True}, False),  # under Warp the Pixa may come round
        ("4k3/8/8/8/8/8/p7/1R2K3 w", "b1b2", {}, False),  # a Lod' flep
        ("4k3/8/8/8/8/8/1p6/1R2K3 w", "b1b2", {}, True),  # a frag
        ("4k3/P7/8/8/8/8/8/4K3 w", "a7a8r", {"warp": True}, True),  # a rursus
        ("4k3/8/8/8/8/8/8/R3K2R w", "e1h1", {"raj_flex": True}, False),  # Raj flex
        ("4k3/8/8/8/8/8/8/2RBK3 w", "c1d1", {"pair_flex": True}, False),  # pair flex
    ],
)
def test_what_is_progress(fen, code, options, progress):
    s = st(fen.replace(" w", " w RBrb 0:3,0:3 - - - 2 40 30"), **options)
    after = s.apply_code(code)
    assert is_progress(s, s.move_from_code(code)) is progress
    assert (after.half == 0) is progress
    assert (len(after.history) == 1) is progress  # the repetition history restarts with it


def test_a_removed_line_is_progress_and_keeping_the_location_is_not():
    s = st("8/4k3/8/8/8/8/R3K3/8 w - 0:3,0:3 - - - 2 40 30", editor=True).apply_code("a2a3")
    assert s.half == 41
    assert s.apply_code("-").half == 41
    cut = s.apply_code("-1")
    assert cut.half == 0 and len(cut.history) == 1


def test_the_hundredth_move_without_progress_ends_the_game():
    s = st("4k3/8/8/8/8/8/P7/1R2K3 w - 0:3,0:3 - - - 2 99 60")
    out = s.apply_code("a2b2").outcome()  # a sideways step no longer saves the game
    assert out is not None and out.reason.startswith(f"{DRAW_MOVES} moves without progress")


# --- the ply cap ----------------------------------------------------------------------------------


def test_the_cap_is_the_rules_bound_or_1000():
    assert max_plies(DumaRajOptions()) == PLY_CAP == 1000
    assert rules_bound(DumaRajOptions(editor=True)) == 47_064  # the Grand start with the Editor
    # Lod' and two Rajas: 3 mobs, at most 3 progress moves, 100 moves around each
    small = DumaRajOptions(fen="4k3/8/8/8/8/8/8/R3K3 w")
    assert max_plies(small) == rules_bound(small) == 3 + DRAW_MOVES * 4


def test_at_the_cap_the_game_is_a_draw():
    s = before_cap(st(CYCLE))
    assert s.cap == PLY_CAP and not s.is_over
    after = s.apply_code("b1a1")
    out = after.outcome()
    assert out is not None and out.winner is None and "1000 plies" in out.reason
    assert after.legal_moves() == []


def test_a_mate_at_the_cap_still_wins_with_the_editor_choice_pending():
    s = before_cap(st("k7/8/1K6/8/8/8/8/7R w", editor=True))
    after = s.apply_code("h1h8")
    assert after.editor is not None  # rank 1 is behind the Lod' and empty
    out = after.outcome()
    assert out is not None and out.winner == 0 and out.reason == "mate"


def test_longer_links_and_records_are_refused_before_replay():
    """The referee's 46-character link claimed ~259k moves and replayed forever."""
    body = bytes([2]) + bytes([2, 0, 0]) + sharelink._varint(259_000) + (123456789).to_bytes(8, "little")
    body += (zlib.crc32(b"dumaraj" + body) & 0xFFFFFFFF).to_bytes(4, "little")
    payload = base64.urlsafe_b64encode(body).rstrip(b"=").decode()
    start = time.perf_counter()
    with pytest.raises(sharelink.LinkError, match="more than a game of DumaRaj can have"):
        sharelink.decode("dumaraj", payload)
    assert time.perf_counter() - start < 0.5
    text = '{"format":"webtabletop-record","version":1,"game":"dumaraj","seed":0,"rules":2,"moves":'
    with pytest.raises(RecordError, match="more than a game of DumaRaj can have"):
        Record.loads(text + json.dumps(["a1a2"] * (PLY_CAP + 1)) + "}")


@pytest.mark.parametrize("options", [{}, {"editor": True, "warp": True, "pair_flex": True, "raj_flex": True}])
def test_a_link_at_the_cap_decodes_and_replays_fast(options):
    codes = long_game(DumaRajOptions(**options), 1, PLY_CAP)
    assert len(codes) == PLY_CAP
    link = sharelink.encode(Record("dumaraj", options, 0, tuple(codes)))
    assert len(link) < 2000
    start = time.process_time()
    record = sharelink.decode("dumaraj", link)
    history, problem = History.upto(record)
    seconds = time.process_time() - start
    assert problem is None and history.state.outcome().reason.startswith("the game reached 1000 plies")
    # measured 0.22-0.29 s of CPU time here (CPython 3.11); the page's Pyodide is 2-3x slower
    assert seconds < 1.0, seconds
    tracemalloc.start()
    kept = History.upto(record)[0]
    size = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    assert len(kept.states) == PLY_CAP + 1
    assert size < 40_000_000, size  # measured ~8-12 MB for the 1001 positions


# --- the AI and the cap ---------------------------------------------------------------------------


def test_the_ai_sees_the_cap_as_the_end(monkeypatch):
    free = st("4k3/8/8/3q4/8/8/3R4/3K4 w")
    assert choose_move(free, "normal", seed=0, time_limited=False).score > 500
    last = before_cap(free)
    deepest = 0
    make = E.make

    def counting(b, m):
        nonlocal deepest
        make(b, m)
        deepest = max(deepest, len(b.stack))

    monkeypatch.setattr(E, "make", counting)
    res = choose_move(last, "normal", seed=0, time_limited=False)
    assert res.score == 0 and len(res.pv) == 1 and deepest == 1  # no line past the cap
    mate = before_cap(st("k7/8/1K6/8/8/8/8/7R w"))
    assert choose_move(mate, "normal", seed=0, time_limited=False).move.code == "h1h8"


# --- every game ends within the bound -------------------------------------------------------------

SMALL = [
    "rnbtkr/pppppp/6/6/PPPPPP/RNBTKR w",
    "4k3/8/8/8/8/8/8/R3K3 w",
    "k3/1p2/2P1/3K w",
    "2k2/1p1p1/5/1P1P1/2K2 w",
    "10/1rb2k2t1/1pppppppp1/10/10/10/10/1PPPPPPPP1/1RB2K2T1/10 w",
    "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w",
]


@hs.composite
def variants(draw):
    warp = draw(hs.booleans())
    opts = {
        "trigon_degree": draw(hs.integers(1, 3)),
        "raj_capture": draw(hs.booleans()),
        "raj_flex": draw(hs.booleans()),
        "pair_flex": draw(hs.booleans()),
        "editor": draw(hs.booleans()),
        "warp": warp,
        "picsbumm": draw(hs.booleans()),
        "rhombus": not warp and draw(hs.booleans()),
    }
    where = draw(hs.sampled_from(["grand", "classic", *SMALL]))
    if where in ("grand", "classic"):
        opts["preset"] = where
    else:
        opts["fen"] = where
    return DumaRajOptions(**opts)


def potential(s: DumaState) -> int:
    """Mobs + what the Pixas can still advance (Pixas under Warp) + lines the Editor may remove:
    every progress move lowers it, no other move changes it."""
    x0, y0, x1, y1 = s.rect
    w = s.width
    total = 0
    for i, p in enumerate(s.cells):
        if p:
            total += 1
            if p & 7 == PIXA:
                total += 1 if s.options.warp else (y1 - i // w if p < 8 else i // w - y0)
    if s.options.editor:
        total += (x1 - x0 - 3) + (y1 - y0 - 3)
    return total


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variants(), hs.integers(0, 2**32), hs.booleans())
def test_every_game_ends_within_the_bound(options, seed, stall):
    """Random games, or games that avoid progress as long as they can: the potential never rises,
    falls exactly on progress moves (which restart the count), the count never passes 100, so a
    game has at most ``progress_bound`` progress moves and ends by the rules within the bound; the
    cap ends it earlier only where the rules bound is above the cap."""
    rng = Rng.from_seed(seed)
    s = SPEC.start(options)
    start = s
    k0 = potential(s)
    w, h = s.width, s.height
    assert k0 <= progress_bound(
        sum(1 for p in s.cells if p),
        sum(1 for p in s.cells if p & 7 == PIXA),
        w,
        h,
        options.editor,
        options.warp,
    )
    events = 0
    while not s.is_over:
        legal = s.legal_moves()
        if stall and s.editor is None:
            quiet = [m for m in legal if not is_progress(s, m)]
            legal = quiet if quiet and s.half < 97 else legal
        mv = legal[rng.randbelow(len(legal))]
        before, k_before = s, potential(s)
        s = s.apply(mv)
        k = potential(s)
        assert k <= k_before
        if mv.kind == E.SKIP:
            assert k == k_before and s.half == before.half
        else:
            progress = is_progress(before, mv)
            assert (k < k_before) is progress
            assert (s.half == 0) is progress
            events += progress
        assert s.half <= DRAW_MOVES and s.ply <= SPEC.ply_cap(options)
    assert events <= k0
    assert s.ply <= rules_bound(options)
    if "1000 plies" in s.outcome().reason:
        assert rules_bound(options) > PLY_CAP and s.ply == PLY_CAP
    assert start.ply == 0
