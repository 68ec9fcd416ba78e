"""Property tests: random legal play with every arbitrary move agreed keeps the invariants, the
fast generator equals the slow reference, positions round-trip through FEN, records replay."""

from __future__ import annotations

from _dumaraj_helpers import ALL_ON, reference_moves
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from webtabletop.core.protocol import options_diff
from webtabletop.core.record import Record
from webtabletop.core.rng import Rng
from webtabletop.games.dumaraj import SPEC
from webtabletop.games.dumaraj.rules import engine as E
from webtabletop.games.dumaraj.rules import movegen as G
from webtabletop.games.dumaraj.rules.options import DumaRajOptions
from webtabletop.games.dumaraj.rules.pieces import PIXA, RAJ
from webtabletop.games.dumaraj.rules.position_check import validate_board
from webtabletop.games.dumaraj.rules.state import state_from_fen

games = st.fixed_dictionaries(
    {
        "preset": st.sampled_from(["grand", "classic"]),
        "trigon_degree": st.integers(1, 3),
        "raj_capture": st.booleans(),
    }
)


def check_invariants(s) -> None:
    legal = s.legal_moves()
    assert (legal == []) == (s.outcome() is not None)
    codes = [m.code for m in legal]
    assert len(codes) == len(set(codes))
    for m in legal[:: max(1, len(legal) // 5)]:
        assert s.move_from_code(m.code) == m
    b = s.board()
    if s.outcome() is None and s.editor is None and not s.options.raj_capture:
        assert sorted(G.gen_moves(b)) == reference_moves(b)
    # mobs only inside the area, no Pixa on its finist line, at most one Raj each
    g = b.geo
    for sq, p in enumerate(s.cells):
        if p:
            assert g.active[sq]
            if p & 7 == PIXA:
                assert not g.promo[p >> 3][sq]
    for c in (0, 1):
        assert sum(1 for p in s.cells if p == RAJ | c << 3) <= 1
    if s.outcome() is None:
        validate_board(b)
        x0, y0, x1, y1 = s.rect
        assert x1 - x0 >= 3 and y1 - y0 >= 3
        assert all(0 <= v <= 3 for v in s.ctr[2:])
    # position text round trip, with the game's options and with the text's own rules field
    # (a game ended by "Raj capture" lacks a Raj: not a position to start from)
    if min(b.kings) < 0:
        return
    fen = s.fen()
    again = state_from_fen(fen, s.options)
    assert again.fen() == fen
    if s.outcome() is None:
        assert [m.code for m in again.legal_moves()] == codes
        assert [m.code for m in state_from_fen(fen).legal_moves()] == codes


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games, st.integers(0, 2**32), st.integers(10, 90))
def test_random_play_with_all_arbitrary_moves(opts, seed, plies):
    options = DumaRajOptions(**opts, **ALL_ON)
    s = SPEC.start(options, seed)
    rng = Rng.from_seed(seed)
    played = []
    for _ in range(plies):
        check_invariants(s)
        if s.is_over:
            break
        legal = s.legal_moves()
        m = legal[rng.randbelow(len(legal))]
        played.append(m.code)
        s = s.apply(m)
    check_invariants(s)
    # a record (options + seed + move codes) replays to the same state
    rec = Record("dumaraj", options_diff(options), seed, tuple(played))
    final = Record.loads(rec.dumps()).final_state()
    assert final.snapshot() == s.snapshot()
    assert final == s


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 2**32))
def test_random_play_arbitrary_moves_happen(seed):
    """Random play on a small location: make sure every move kind gets exercised across examples."""
    options = DumaRajOptions(fen="rnbtkr/pppppp/6/6/PPPPPP/RNBTKR w", **ALL_ON)
    s = SPEC.start(options)
    rng = Rng.from_seed(seed)
    for _ in range(60):
        check_invariants(s)
        if s.is_over:
            break
        legal = s.legal_moves()
        s = s.apply(legal[rng.randbelow(len(legal))])


def test_every_move_kind_reachable():
    seen = set()
    options = DumaRajOptions(fen="rnbtkr/pppppp/6/6/PPPPPP/RNBTKR w", **ALL_ON)
    for seed in range(40):
        s = SPEC.start(options)
        rng = Rng.from_seed(seed)
        for _ in range(80):
            if s.is_over:
                break
            legal = s.legal_moves()
            seen |= {m.kind for m in legal}
            s = s.apply(legal[rng.randbelow(len(legal))])
        if len(seen) == 7:
            break
    assert seen == {E.NORMAL, E.PROMO, E.RAJFLEX, E.PAIRFLEX, E.BUMM, E.CUT, E.SKIP}


def test_tactical_generator_matches_the_full_one():
    """gen_tactical = the frags, rursus moves and strikes among the legal moves (not under flag)."""
    options = DumaRajOptions(**ALL_ON)
    checked = 0
    for seed in range(6):
        s = SPEC.start(options)
        rng = Rng.from_seed(seed)
        for _ in range(120):
            if s.is_over:
                break
            b = s.board()
            if s.editor is None and not b.in_check():
                full = [
                    m
                    for m in G.gen_moves(b)
                    if (b.sq[E.m_to(m)] and E.m_kind(m) < E.RAJFLEX) or E.m_kind(m) in (E.PROMO, E.BUMM)
                ]
                assert sorted(G.gen_tactical(b)) == sorted(full)
                checked += 1
            legal = s.legal_moves()
            s = s.apply(legal[rng.randbelow(len(legal))])
    assert checked > 100
