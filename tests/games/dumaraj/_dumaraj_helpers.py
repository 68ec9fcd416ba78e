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
