"""The move tree of an analysis board (Lichess's analysis board): a game's moves, the main line,
which never changes, and the variations a player tries from any position of it or of another
variation. A record keeps them (:attr:`webtabletop.core.record.Record.variations`) and a review
link carries them (:mod:`webtabletop.core.variationlink`).

A tree is a list of lines. Line 0 is the main line (the game). Every other line is a variation:
the line it branches from (``parent``, an earlier line), the ply it branches at (``at``: how many
moves from the start of the game come before its first move) and its own moves. Invariants (what
:func:`check_shape` refuses otherwise): a parent comes before its variations; a variation
branches within its parent's reach, after the parent's own first move (``parent.at < at <=
parent.end``; anywhere from 0 to the end on the main line), and holds at least one move.

A node is ``(line, ply)``: the position after ``ply`` moves along ``line``. A variation's fork
position belongs to its parent, so a node's canonical form names the lowest line that reaches it
(:meth:`MoveTree.node`). Replaying the variations through the rules is the caller's
(:meth:`MoveTree.replay`): a tree read from a file or a link is trusted only after it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeGuard

import attrs

from webtabletop.core.protocol import GameError, State
from webtabletop.i18n import _, ngettext

#: the most variations a tree (a record, a link) may hold, and their moves in all
MAX_LINES = 200
MAX_MOVES = 2000

Node = tuple[int, int]


class TreeError(GameError):
    """Variations that cannot be read or replayed; the message says which and why."""


@attrs.frozen
class Line:
    #: the line this one branches from (-1: the main line has none)
    parent: int
    #: the moves from the start of the game before this line's first move
    at: int
    moves: tuple[str, ...]

    @property
    def end(self) -> int:
        return self.at + len(self.moves)

    def to_json(self) -> dict[str, Any]:
        return {"parent": self.parent, "at": self.at, "moves": list(self.moves)}


def check_shape(main: int, lines: Sequence[Line]) -> None:
    """Refuse variations that break the tree's invariants (``main``: the main line's length)."""
    if len(lines) > MAX_LINES:
        # the count is {n}: the noun follows it ({most} stands alone)
        text = ngettext(
            "it holds {n} variation, more than the {most} an analysis keeps",
            "it holds {n} variations, more than the {most} an analysis keeps",
            len(lines),
        )
        raise TreeError(text.format(n=len(lines), most=MAX_LINES))
    if sum(len(v.moves) for v in lines) > MAX_MOVES:
        text = ngettext("its variations hold more than {most} move", "its variations hold more than {most} moves", MAX_MOVES)
        raise TreeError(text.format(most=MAX_MOVES))
    ends = [main]
    starts = [0]
    for k, v in enumerate(lines, start=1):
        if not 0 <= v.parent < k:
            raise TreeError(_("variation {n} branches from a line that does not come before it").format(n=k))
        low = starts[v.parent] + (1 if v.parent else 0)
        if not low <= v.at <= ends[v.parent] or not v.moves:
            raise TreeError(_("variation {n} does not branch from a position of its line").format(n=k))
        starts.append(v.at)
        ends.append(v.end)


def _whole(x: object) -> TypeGuard[int]:
    return isinstance(x, int) and not isinstance(x, bool)


def lines_from_json(data: Any) -> tuple[Line, ...]:
    """Variations from a record file's ``variations`` (a list of ``{parent, at, moves}``)."""
    if not isinstance(data, list):
        raise TreeError(_("the record's variations are not a list"))
    out = []
    for item in data:
        if not isinstance(item, dict):
            raise TreeError(_("the record's variations are not a list of lines"))
        parent, at, moves = item.get("parent"), item.get("at"), item.get("moves")
        if not (_whole(parent) and _whole(at)):
            raise TreeError(_("a variation's parent and start must be whole numbers"))
        if not isinstance(moves, list) or not all(isinstance(m, str) and len(m) <= 64 for m in moves):
            raise TreeError(_("a variation's moves are not a list of move codes"))
        out.append(Line(parent, at, tuple(moves)))
    return tuple(out)


class MoveTree:
    """The main line's states and codes, and variations played from them (see the module)."""

    def __init__(self, states: list[State], main: Sequence[str], lines: Sequence[Line] = ()) -> None:
        if len(states) != len(main) + 1:
            raise ValueError("a move tree needs one more position than main-line moves")
        self.lines: list[Line] = [Line(-1, 0, tuple(main)), *lines]
        self.main_states = states
        #: the states of each variation, from its fork position on (``end - at + 1`` of them)
        self._states: dict[int, list[State]] = {}

    @property
    def variations(self) -> tuple[Line, ...]:
        return tuple(self.lines[1:])

    # ------------------------------------------------------------------ nodes
    def node(self, line: int, ply: int) -> Node:
        """The canonical name of the position after ``ply`` moves along ``line``."""
        line = line if 0 <= line < len(self.lines) else 0
        ply = max(0, min(ply, self.lines[line].end))
        while line and ply <= self.lines[line].at:
            line = self.lines[line].parent
        return line, ply

    def path(self, node: Node) -> tuple[str, ...]:
        """The moves from the start of the game to ``node``."""
        line, ply = self.node(*node)
        v = self.lines[line]
        if not line:
            return v.moves[:ply]
        return self.path((v.parent, v.at)) + v.moves[: ply - v.at]

    def end(self, line: int) -> int:
        return self.lines[line].end

    def main_fork(self, node: Node) -> int:
        """The main-line ply ``node`` comes from (its own ply on the main line)."""
        line, ply = self.node(*node)
        while line:
            line, ply = self.lines[line].parent, self.lines[line].at
        return ply

    def branches(self, line: int, ply: int) -> list[int]:
        """The variations that branch from ``line`` at ``ply`` (alternatives to its next move)."""
        return [k for k, v in enumerate(self.lines) if k and v.parent == line and v.at == ply]

    # ------------------------------------------------------------------ states
    def state(self, node: Node) -> State:
        line, ply = self.node(*node)
        if not line:
            return self.main_states[ply]
        return self._line_states(line)[ply - self.lines[line].at]

    def _line_states(self, line: int) -> list[State]:
        v = self.lines[line]
        states = self._states.get(line)
        if states is None or len(states) != len(v.moves) + 1:
            states = [self.state((v.parent, v.at))]
            for i, code in enumerate(v.moves):
                if states[-1].is_over:
                    raise TreeError(_("variation {n}, move {m} ({code}) comes after the end of the game").format(n=line, m=i + 1, code=code))
                try:
                    states.append(states[-1].apply_code(code))
                except GameError as exc:
                    raise TreeError(
                        _("variation {n}, move {m} ({code}) is not legal: {problem}").format(n=line, m=i + 1, code=code, problem=exc)
                    ) from None
            self._states[line] = states
        return states

    def adopt(self, line: int, states: list[State]) -> None:
        """Keep the states a caller replayed ``line`` through (from its fork position on)."""
        self._states[line] = states

    def replay(self) -> MoveTree:
        """Check the variations' shape and push every move through the rules (TreeError says
        which move is wrong)."""
        check_shape(len(self.lines[0].moves), self.variations)
        for line in range(1, len(self.lines)):
            self._line_states(line)
        return self

    # ------------------------------------------------------------------ changes
    def play(self, node: Node, code: str) -> Node:
        """Play ``code`` at ``node``: follow the move where the tree has it already, extend a
        variation at its end, else start a variation there. The main line never changes."""
        line, ply = self.node(*node)
        v = self.lines[line]
        if ply < v.end and v.moves[ply - v.at] == code:
            return line, ply + 1
        for k in self.branches(line, ply):
            if self.lines[k].moves[0] == code:
                return k, ply + 1
        after = self.state((line, ply)).apply_code(code)  # GameError for an illegal move
        full = sum(len(x.moves) for x in self.variations) >= MAX_MOVES
        if full or (len(self.lines) > MAX_LINES and not (line and ply == v.end)):
            raise TreeError(_("This analysis holds as many variations as one can keep: delete one first."))
        if line and ply == v.end:
            states = self._line_states(line)
            self.lines[line] = attrs.evolve(v, moves=v.moves + (code,))
            self._states[line] = [*states, after]
            return line, ply + 1
        self.lines.append(Line(line, ply, (code,)))
        self._states[len(self.lines) - 1] = [self.state((line, ply)), after]
        return len(self.lines) - 1, ply + 1

    def delete(self, line: int) -> Node:
        """Delete variation ``line`` and every variation that branches from it; the node where it
        branched (canonical in the tree that remains)."""
        if not 0 < line < len(self.lines):
            return self.node(0, 0)
        gone = {line}
        for k in range(line + 1, len(self.lines)):
            if self.lines[k].parent in gone:
                gone.add(k)
        fork = self.lines[line].parent, self.lines[line].at
        renumber, kept = {}, [self.lines[0]]
        for k in range(1, len(self.lines)):
            if k not in gone:
                renumber[k] = len(kept)
                v = self.lines[k]
                kept.append(attrs.evolve(v, parent=renumber.get(v.parent, 0) if v.parent else 0))
        self.lines = kept
        self._states = {}
        parent = renumber.get(fork[0], 0) if fork[0] else 0
        return self.node(parent, fork[1])
