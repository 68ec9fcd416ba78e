"""Helpers shared by the DumaRaj tests."""

from __future__ import annotations

import attrs

from webtabletop.games.dumaraj import engine as E
from webtabletop.games.dumaraj.options import DumaRajOptions
from webtabletop.games.dumaraj.rules import DumaState, perft, state_from_fen

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
    for m in E.gen_moves(rb):
        E.make(rb, m)
        ok = rb.kings[c] >= 0 and not E.attacked(rb.sq, rb.geo, rb.kings[c], 1 - c)
        E.unmake(rb)
        if ok:
            out.append(m)
    return sorted(out)


def is_progress(state: DumaState, m: int) -> bool:
    """Does engine move ``m`` (legal in ``state``) restart the 100-move count?"""
    after = state.apply_code(next(mv.code for mv in state.legal_moves() if mv.m == m))
    return after.half == 0 and (after.editor is None or state.editor is None)


def long_game(options: DumaRajOptions, seed: int, plies: int) -> list[str]:
    """Codes of a game of exactly ``plies`` plies (or fewer if it ends): random moves that keep
    the game going as long as the rules allow, with a progress move (a forward Pixa step, else
    anything that restarts the count) just before the 100-move rule would end it."""
    from webtabletop.core.rng import Rng
    from webtabletop.games.dumaraj import SPEC

    rng = Rng.from_seed(seed)
    s = SPEC.start(options)
    out: list[str] = []
    while len(out) < plies and not s.is_over:
        legal = s.legal_moves()
        if s.editor is not None:
            mv = legal[-1]  # keep the location
        else:
            quiet, progress = [], []
            for mv in legal:
                nxt = s.apply(mv)
                if nxt.is_over:
                    continue
                target = progress if (nxt.half == 0 and nxt.editor is None) or s.cells[mv.to] else quiet
                if nxt.editor is None and nxt.history.count(nxt.history[-1]) > 1:
                    continue
                target.append(mv)
            pool = progress if (s.half >= 95 or not quiet) and progress else quiet
            if not pool:
                pool = legal
            mv = pool[rng.randbelow(len(pool))]
        out.append(mv.code)
        s = s.apply(mv)
    return out
