"""Helpers shared by the DumaRaj tests."""

from __future__ import annotations

import attrs

from webtabletop.games.dumaraj.rules import engine as E
from webtabletop.games.dumaraj.rules import movegen as G
from webtabletop.games.dumaraj.rules.attacks import attacked
from webtabletop.games.dumaraj.rules.options import DumaRajOptions
from webtabletop.games.dumaraj.rules.pieces import PIXA
from webtabletop.games.dumaraj.rules.state import DumaState, perft, state_from_fen

ALL_ON = {"raj_flex": True, "pair_flex": True, "editor": True, "warp": True, "picsbumm": True}


def st(fen: str, **options) -> DumaState:
    """A state from position text with these rule options (the text's own rules field ignored)."""
    return state_from_fen(fen, DumaRajOptions(fen=fen, **options))


def counts(fen: str, depth: int, **options) -> list[int]:
    s = st(fen, **options)
    return [perft(s, d) for d in range(1, depth + 1)]


def codes(state: DumaState) -> list[str]:
    return [m.code for m in state.legal_moves()]


def reference_moves(b: E.Board) -> list[int]:
    """Legal moves the slow way: pseudo-legal moves (the engine under "Raj capture") filtered by
    make / is the own Raj under flag / unmake. Used to check the pin-and-check generator."""
    rb = E.Board(
        b.W,
        b.H,
        b.sq,
        b.side,
        attrs.evolve(b.rules, raj_capture=True),
        b.rect,
        b.ctr,
        b.bumm,
        b.editor,
        b.half,
        b.full,
    )
    out = []
    c = b.side
    for m in G.gen_moves(rb):
        E.make(rb, m)
        ok = rb.kings[c] >= 0 and not attacked(rb.sq, rb.geo, rb.kings[c], 1 - c)
        E.unmake(rb)
        if ok:
            out.append(m)
    return sorted(out)


def is_progress(state: DumaState, mv) -> bool:
    """Is ``mv`` progress in ``state`` (a frag, piCSbumm, rursus, forward Pixa move without Warp,
    a removed line)? Read from the position, not from the engine's counter."""
    if mv.kind in (E.PROMO, E.BUMM, E.CUT):
        return True
    if mv.kind in (E.RAJFLEX, E.PAIRFLEX, E.SKIP):
        return False
    if state.cells[mv.to]:
        return True
    if state.cells[mv.frm] & 7 == PIXA and not state.options.warp:
        fwd = 1 if state.side == 0 else -1
        return (mv.to // state.width - mv.frm // state.width) * fwd > 0
    return False


def long_game(options: DumaRajOptions, seed: int, plies: int) -> list[str]:
    """Codes of a game of ``plies`` plies (fewer only if the rules end it sooner): random moves
    without progress, "keep the location" in every Editor phase, and a progress move just
    before the 100-move rule would end the game; a move that would end it otherwise is avoided."""
    from webtabletop.core.rng import Rng
    from webtabletop.games.dumaraj import SPEC

    rng = Rng.from_seed(seed)
    s = SPEC.start(options)
    out: list[str] = []
    while len(out) < plies and not s.is_over:
        legal = s.legal_moves()
        if s.editor is not None:
            mv = legal[-1]
            nxt = s.apply(mv)
        else:
            quiet = [mv for mv in legal if not is_progress(s, mv)]
            progress = [mv for mv in legal if is_progress(s, mv)]
            pool = progress if (s.half >= 95 or not quiet) and progress else quiet
            rng.shuffle(pool)
            for mv in pool[:12]:
                nxt = s.apply(mv)
                if not nxt.is_over:
                    break
        out.append(mv.code)
        s = nxt
    return out
