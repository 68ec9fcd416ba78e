"""Rules of DumaRaj (digest: shared/rules/dumaraj.md), as an immutable game state.

A turn is one move (flep, frag, rursus, Raj flex, pair flex, piCSbumm). With the Editor agreed,
a move that leaves an empty outer line *behind* the moved mob opens an Editor phase: the same
player then plays ``-<line>`` (remove it) or ``-`` (keep the location); only then the turn passes.

End of the game (checked when a turn is complete):
- no legal move: mate (the Raj is under flag) loses, otherwise stalemate = draw;
- "Raj capture": the side whose Raj was fragged loses (no mate rule; moves may leave the Raj
  under flag);
- draw: the same position (mobs, side, area, flex counters, piCSbumm target) for the third time,
  or 100 plies (turns) without a frag or a Pixa move. A draw by agreement is left to the app
  (it is an offer between players, not a move of the record).

Invariants: ``cells`` holds exactly one Raj per side (except after a Raj capture); no Pixa on its
finist line; the side to move cannot frag the enemy Raj (outside the Editor phase, and unless
"Raj capture" is agreed).
"""

from __future__ import annotations

from typing import Any

import attrs

from webtabletop.core.protocol import IllegalMove, Outcome, State
from webtabletop.games.dumaraj import engine as E
from webtabletop.games.dumaraj import notation as N
from webtabletop.games.dumaraj.options import DumaRajOptions
from webtabletop.games.dumaraj.pieces import MOBS, PIXA, RAJ, value_of

PLAYER_NAMES = ("White", "Black")
DRAW_PLIES = 100


@attrs.frozen
class DumaMove:
    """A move: ``code`` (stable, e.g. ``e2e4``), ``label`` (readable), ``m`` (engine int)."""

    code: str
    label: str = attrs.field(eq=False)
    m: int = attrs.field(eq=False, repr=False)

    @property
    def frm(self) -> int:
        return E.m_from(self.m)

    @property
    def to(self) -> int:
        return E.m_to(self.m)

    @property
    def kind(self) -> int:
        return E.m_kind(self.m)


@attrs.frozen
class DumaState(State):
    options: DumaRajOptions
    width: int
    height: int
    cells: tuple[int, ...]
    side: int
    rect: tuple[int, int, int, int]
    ctr: tuple[int, int, int, int, int, int]
    bumm: tuple[int, int] | None
    editor: tuple[int, ...] | None
    half: int
    full: int
    #: position keys since the last frag/Pixa move (for threefold repetition)
    history: tuple = attrs.field(repr=False)
    last_move: int = attrs.field(default=-1, eq=False)
    _cache: dict = attrs.field(factory=dict, eq=False, repr=False)

    # --- engine bridge --------------------------------------------------------------------
    def board(self) -> E.Board:
        """A fresh mutable engine board of this position."""
        return E.Board(
            self.width,
            self.height,
            list(self.cells),
            self.side,
            self.options.rules(),
            self.rect,
            self.ctr,
            self.bumm,
            self.editor,
            self.half,
            self.full,
        )

    def _board(self) -> E.Board:
        b = self._cache.get("board")
        if b is None:
            b = self._cache["board"] = self.board()
        return b

    @classmethod
    def from_board(
        cls, options: DumaRajOptions, b: E.Board, history: tuple = (), last_move: int = -1
    ) -> DumaState:
        return cls(
            options,
            b.W,
            b.H,
            tuple(b.sq),
            b.side,
            b.rect,
            b.ctr,
            b.bumm,
            b.editor,
            b.half,
            b.full,
            history,
            last_move,
        )

    # --- protocol ---------------------------------------------------------------------------
    def to_move(self) -> int:
        return self.side

    def _engine_moves(self) -> list[int]:
        ms = self._cache.get("moves")
        if ms is None:
            b = self._board()
            ms = E.gen_moves(b)
            ms.sort(
                key=lambda m: (
                    m >> 16 & 15 >= E.CUT,
                    m >> 16 & 15 == E.SKIP,
                    m & 255,
                    m >> 8 & 255,
                    m >> 16 & 15,
                    m >> 20,
                )
            )
            self._cache["moves"] = ms
        return ms

    def legal_moves(self) -> list[DumaMove]:
        lm = self._cache.get("legal")
        if lm is None:
            if self.outcome() is not None:
                lm = []
            else:
                b = self._board()
                w = self.width
                lm = [DumaMove(N.move_code(m, w), N.move_label(b, m), m) for m in self._engine_moves()]
            self._cache["legal"] = lm
            self._cache["by_code"] = {mv.code: mv for mv in lm}
        return lm

    def move_from_code(self, code: str) -> DumaMove:
        self.legal_moves()
        mv = self._cache["by_code"].get(code)
        if mv is None:
            raise IllegalMove(f"{code!r} is not a legal move here")
        return mv

    def apply(self, move: Any) -> DumaState:
        code = getattr(move, "code", None)
        if not isinstance(code, str):
            raise IllegalMove(f"{move!r} is not a DumaRaj move")
        mv = self.move_from_code(code)
        b = self.board()
        E.make(b, mv.m)
        b.stack.clear()
        if b.editor is not None:
            history = self.history
        else:
            key = b.key()
            history = (key,) if b.half == 0 else self.history + (key,)
        return DumaState.from_board(self.options, b, history, mv.m)

    def outcome(self) -> Outcome | None:
        if "outcome" in self._cache:
            return self._cache["outcome"]
        out = self._compute_outcome()
        self._cache["outcome"] = out
        return out

    def _compute_outcome(self) -> Outcome | None:
        if self.editor is not None:
            return None
        b = self._board()
        for c in (0, 1):
            if b.kings[c] < 0:
                return _win(1 - c, f"the {PLAYER_NAMES[c]} Raj was fragged")
        if not self._engine_moves():
            if b.in_check():
                return _win(1 - self.side, "mate")
            return Outcome(None, (0.5, 0.5), "stalemate")
        if self.half >= DRAW_PLIES:
            return Outcome(None, (0.5, 0.5), f"{DRAW_PLIES} plies without a frag or a Pixa move")
        if self.history and self.history.count(self.history[-1]) >= 3:
            return Outcome(None, (0.5, 0.5), "threefold repetition")
        return None

    # --- queries for views and the AI -------------------------------------------------------
    def in_check(self) -> bool:
        """Is the Raj of the side to move under flag?"""
        return self._board().in_check()

    def flagged_raj(self) -> int | None:
        """The bit of a Raj under flag (the side to move's, or in the Editor phase the other's)."""
        b = self._board()
        for c in (b.side, 1 - b.side):
            if b.kings[c] >= 0 and b.in_check(c):
                return b.kings[c]
        return None

    def fen(self) -> str:
        return N.fen_of(self._board())

    def material(self) -> tuple[int, int]:
        """Material of each side in Pixa units (Raj not counted)."""
        tot = [0, 0]
        d = self.options.trigon_degree
        for p in self.cells:
            if p and p & 7 != RAJ:
                tot[p >> 3] += value_of(p & 7, d)
        return (round(tot[0] / 100), round(tot[1] / 100))

    def move_label(self, move: Any) -> str:
        mv = self.move_from_code(move.code)
        label = mv.label
        if mv.kind < E.CUT:
            nxt = self.apply(mv)
            out = nxt.outcome()
            if out is not None and out.reason == "mate":
                label += "#"
            elif nxt._board().in_check(1 - self.side):
                label += "+"
        return label

    def snapshot(self) -> dict[str, Any]:
        return {
            "options": attrs.asdict(self.options),
            "fen": self.fen(),
            "side": self.side,
            "repetitions": self.history.count(self.history[-1]) if self.history else 0,
            "outcome": None if self.outcome() is None else attrs.asdict(self.outcome()),  # type: ignore[arg-type]
        }

    def text(self) -> str:
        w = self.width
        lines = []
        for y in range(self.height - 1, -1, -1):
            row = []
            for x in range(w):
                s = y * w + x
                p = self.cells[s]
                if not self._board().geo.active[s]:
                    row.append(" ")
                elif p:
                    letter = MOBS[p & 7].letter
                    row.append(letter.lower() if p & 8 else letter)
                else:
                    row.append(".")
            lines.append(f"{y + 1:>2} " + " ".join(row))
        lines.append("   " + " ".join(N.FILES[:w]))
        lines.append(self.fen())
        return "\n".join(lines)

    def pixa_count(self, c: int) -> int:
        return sum(1 for p in self.cells if p == PIXA | c << 3)


def _win(winner: int, reason: str) -> Outcome:
    return Outcome(winner, (1.0, 0.0) if winner == 0 else (0.0, 1.0), reason)


def state_from_fen(text: str, options: DumaRajOptions | None = None) -> DumaState:
    """A state from position text. Without ``options`` the text's rules field gives them (and
    ``fen`` = the text, so restarting from the options gives the same position)."""
    pos = N.parse_fen(text)
    if options is None:
        N.validate_board(pos.board(DumaRajOptions(**(pos.rules or {})).rules()))
        options = DumaRajOptions(fen=text, **(pos.rules or {}))
    b = pos.board(options.rules())
    N.validate_board(b)
    return DumaState.from_board(options, b, (b.key(),) if b.editor is None else ())


def new_game(options: DumaRajOptions, seed: int = 0) -> DumaState:
    """The start position (preset or ``options.fen``). DumaRaj has no chance: ``seed`` is unused."""
    return state_from_fen(options.start_fen(), options)


def perft(state: DumaState, depth: int) -> int:
    """Leaf count of the move tree from ``state`` (draw rules ignored, as chess perft does)."""
    return E.perft(state.board(), depth)


def divide(state: DumaState, depth: int) -> list[tuple[str, int]]:
    """Per-move leaf counts at ``depth`` (move code, count), in legal-move order."""
    b = state.board()
    out = []
    for m in state._engine_moves():
        E.make(b, m)
        out.append((N.move_code(m, state.width), E.perft(b, depth - 1)))
        E.unmake(b)
    return out
