"""Rules of DumaRaj (digest: shared/rules/dumaraj.md), as an immutable game state.

A turn is one move (flep, frag, rursus, Raj flex, pair flex, piCSbumm). With the Editor agreed,
a move that leaves an empty outer line *behind* the moved mob opens an Editor phase: the same
player then plays ``-<line>`` (remove it) or ``-`` (keep the location); only then the turn passes.

End of the game (checked when a turn is complete):
- no legal move: mate (the Raj is under flag) loses, otherwise stalemate = draw;
- "Raj capture": the side whose Raj was fragged loses (no mate rule; moves may leave the Raj
  under flag);
- draw: the same position (mobs, side, area, flex counters, piCSbumm target) for the third time
  since the last progress, or 100 moves without progress (:mod:`endings`: a frag, a rursus, a
  forward Pixa move without Warp, a removed line). A draw by agreement is left to the app (it is
  an offer between players, not a move of the record);
- draw at the cap: a record of :func:`endings.max_plies` plies (Editor choices count) ends the
  game if nothing else did (a mate given by the move before a pending Editor choice still wins).

Invariants: ``cells`` holds exactly one Raj per side (except after a Raj capture); no Pixa on its
finist line; the side to move cannot frag the enemy Raj (outside the Editor phase, and unless
"Raj capture" is agreed).
"""

from __future__ import annotations

from typing import Any

import attrs

from webtabletop.core.protocol import IllegalMove, Outcome, State
from webtabletop.games.dumaraj.rules import endings
from webtabletop.games.dumaraj.rules import engine as E
from webtabletop.games.dumaraj.rules import fen as F
from webtabletop.games.dumaraj.rules import movegen as G
from webtabletop.games.dumaraj.rules import notation as N
from webtabletop.games.dumaraj.rules.endings import DRAW_MOVES
from webtabletop.games.dumaraj.rules.moves import DumaMove, code_key
from webtabletop.games.dumaraj.rules.options import DumaRajOptions
from webtabletop.games.dumaraj.rules.pieces import MOBS, RAJ, value_of
from webtabletop.games.dumaraj.rules.position_check import validate_board
from webtabletop.i18n import N_, _, ngettext

#: outcome reasons stay English keys in the rules and records; views translate them when shown
FRAGGED = (N_("the White Raj was fragged"), N_("the Black Raj was fragged"))


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
    #: position keys since the last progress (for threefold repetition)
    history: tuple = attrs.field(repr=False)
    last_move: int = attrs.field(default=-1, eq=False)
    #: plies (Editor choices included) since the start of the record: the cap counts them
    ply: int = 0
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
        cls, options: DumaRajOptions, b: E.Board, history: tuple = (), last_move: int = -1, ply: int = 0
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
            ply,
        )

    @property
    def cap(self) -> int:
        """The ply at which the game ends in a draw if nothing else ended it."""
        return endings.max_plies(self.options)

    # --- protocol ---------------------------------------------------------------------------
    def to_move(self) -> int:
        return self.side

    def _engine_moves(self) -> list[int]:
        """The legal engine moves in the listed order: by from-bit, to-bit, kind and rursus
        choice, Editor cuts (by line) and then "keep the location" last. (Share links store
        indexes into this order: it never changes without a new rules version.)"""
        ms = self._cache.get("moves")
        if ms is None:
            # sort on one int per move that orders like (cut?, skip?, from, to, kind, promo)
            keys = [
                ((m >> 16 & 15) >= E.CUT) << 25
                | ((m >> 16 & 15) == E.SKIP) << 24
                | (m & 255) << 16
                | (m >> 8 & 255) << 8
                | (m >> 16 & 15) << 4
                | m >> 20
                for m in G.gen_moves(self._board())
            ]
            keys.sort()
            ms = [k >> 16 & 255 | (k >> 8 & 255) << 8 | (k >> 4 & 15) << 16 | (k & 15) << 20 for k in keys]
            self._cache["moves"] = ms
        return ms

    def legal_moves(self) -> list[DumaMove]:
        lm = self._cache.get("legal")
        if lm is None:
            if self.outcome() is not None:
                lm = []
            else:
                w = self.width
                cells = self.cells
                lm = [DumaMove(m, cells, w) for m in self._engine_moves()]
            self._cache["legal"] = lm
        return lm

    def _find(self, key: int | None) -> int | None:
        """The legal engine move a code's :func:`match_key` stands for, or None."""
        if key is None or self.outcome() is not None:
            return None
        ms = self._engine_moves()
        for m in (key, key | E.RAJFLEX << 16, key | E.PAIRFLEX << 16) if key >> 16 == 0 else (key,):
            if m in ms:
                return m
        return None

    def move_from_code(self, code: str) -> DumaMove:
        m = self._find(code_key(code, self.width, self.height))
        if m is None:
            out = self.outcome()
            if out is not None:
                raise IllegalMove(
                    _("{code!r} is not a legal move here: the game is over ({reason})").format(
                        code=code, reason=out.reason
                    )
                )
            raise IllegalMove(_("{code!r} is not a legal move here").format(code=code))
        return DumaMove(m, self.cells, self.width)

    def apply(self, move: Any) -> DumaState:
        if isinstance(move, DumaMove) and move.width == self.width and self._find(move.m) == move.m:
            m = move.m
        else:
            code = getattr(move, "code", None)
            if not isinstance(code, str):
                raise IllegalMove(_("{move!r} is not a DumaRaj move").format(move=move))
            m = self.move_from_code(code).m
        b = self._board().clone()
        E.make(b, m)
        if b.editor is not None:
            history = self.history
        else:
            key = b.key()
            history = (key,) if b.half == 0 else self.history + (key,)
        nxt = DumaState.from_board(self.options, b, history, m, self.ply + 1)
        b.stack.clear()
        nxt._cache["board"] = b
        return nxt

    def outcome(self) -> Outcome | None:
        if "outcome" in self._cache:
            return self._cache["outcome"]
        out = self._compute_outcome()
        self._cache["outcome"] = out
        return out

    def _compute_outcome(self) -> Outcome | None:
        if self.editor is not None:
            if self.ply < self.cap:
                return None
            # at the cap with an Editor choice pending: the move itself may have ended the game
            b = self._board().clone()
            E.make(b, E.SKIP << 16)
            return _decided(b) or _cap_draw(self.cap)
        b = self._board()
        out = _decided(b, self._engine_moves())
        if out is not None:
            return out
        if self.half >= DRAW_MOVES:
            return Outcome(
                None,
                (0.5, 0.5),
                ngettext(
                    "{n} move without progress (a frag, a rursus, a forward Pixa move or a removed line)",
                    "{n} moves without progress (a frag, a rursus, a forward Pixa move or a removed line)",
                    DRAW_MOVES,
                ).format(n=DRAW_MOVES),
            )
        if self.history and self.history.count(self.history[-1]) >= 3:
            return Outcome(None, (0.5, 0.5), N_("threefold repetition"))  # translated where shown
        if self.ply >= self.cap:
            return _cap_draw(self.cap)
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
        return F.fen_of(self._board())

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
            "ply": self.ply,
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


def _win(winner: int, reason: str) -> Outcome:
    return Outcome(winner, (1.0, 0.0) if winner == 0 else (0.0, 1.0), reason)


def _decided(b: E.Board, moves: list[int] | None = None) -> Outcome | None:
    """A Raj fragged, mate or stalemate on ``b`` (a complete turn), else None."""
    for c in (0, 1):
        if b.kings[c] < 0:
            return _win(1 - c, FRAGGED[c])
    if not (G.gen_moves(b) if moves is None else moves):
        if b.in_check():
            return _win(1 - b.side, "mate")
        return Outcome(None, (0.5, 0.5), "stalemate")
    return None


def _cap_draw(cap: int) -> Outcome:
    return Outcome(
        None,
        (0.5, 0.5),
        ngettext(
            "the game reached {n} ply, the most a game may last", "the game reached {n} plies, the most a game may last", cap
        ).format(n=cap),
    )


def state_from_fen(text: str, options: DumaRajOptions | None = None) -> DumaState:
    """A state from position text. Without ``options`` the text's rules field gives them (and
    ``fen`` = the text, so restarting from the options gives the same position)."""
    pos = F.parse_fen(text)
    if options is None:
        validate_board(pos.board(DumaRajOptions(**(pos.rules or {})).rules()))
        options = DumaRajOptions(fen=text, **(pos.rules or {}))
    b = pos.board(options.rules())
    validate_board(b)
    return DumaState.from_board(options, b, (b.key(),) if b.editor is None else ())


def new_game(options: DumaRajOptions, seed: int = 0) -> DumaState:
    """The start position (preset or ``options.fen``). DumaRaj has no chance: ``seed`` is unused."""
    return state_from_fen(options.start_fen(), options)


def perft(state: DumaState, depth: int) -> int:
    """Leaf count of the move tree from ``state`` (draw rules ignored, as chess perft does)."""
    return G.perft(state.board(), depth)


def divide(state: DumaState, depth: int) -> list[tuple[str, int]]:
    """Per-move leaf counts at ``depth`` (move code, count), in legal-move order."""
    b = state.board()
    out = []
    for m in state._engine_moves():
        E.make(b, m)
        out.append((N.move_code(m, state.width), G.perft(b, depth - 1)))
        E.unmake(b)
    return out
