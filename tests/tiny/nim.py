"""Nim with one heap: take 1 to 3 counters in turn; whoever takes the last one wins.

The whole game as the shared code asks for it: rules (options, state, moves, outcome), a view, a
lab table, registered in ``core.registry`` like ``games/<id>/__init__.py`` registers one of the
five. Its computer player, analysis and review are the shared MCTS's (no ``ai_choose``, no
``analyse``). Importing this module registers the game.
"""

from __future__ import annotations

import attrs

from webtabletop.core.gamemodule import GameModule, LabTable
from webtabletop.core.outcome import Outcome
from webtabletop.core.protocol import GameSpec, IllegalMove, Move, State
from webtabletop.core.registry import register_module
from webtabletop.core.view import GameView, ViewContext, esc

ID = "nim"


@attrs.frozen
class NimOptions:
    heap: int = attrs.field(default=10, validator=attrs.validators.and_(attrs.validators.ge(1), attrs.validators.le(40)))


@attrs.frozen
class Take:
    n: int

    @property
    def code(self) -> str:
        return str(self.n)

    @property
    def label(self) -> str:
        return f"take {self.n}"


@attrs.frozen
class NimState(State):
    heap: int
    player: int = 0
    last: int | None = None  # who took the last counters

    def to_move(self) -> int:
        return self.player

    def legal_moves(self) -> list[Take]:
        return [] if self.heap == 0 else [Take(n) for n in (1, 2, 3) if n <= self.heap]

    def apply(self, move: Move) -> NimState:
        if move not in self.legal_moves():
            raise IllegalMove(f"{getattr(move, 'code', move)!r} is not a legal move here")
        assert isinstance(move, Take)
        return NimState(self.heap - move.n, 1 - self.player, self.player)

    def outcome(self) -> Outcome | None:
        if self.heap or self.last is None:
            return None
        return Outcome(self.last, (1.0, 0.0) if self.last == 0 else (0.0, 1.0), "last counter")

    def snapshot(self) -> dict[str, object]:
        return {"heap": self.heap, "player": self.player, "last": self.last}


def new_game(options: NimOptions, seed: int) -> NimState:
    return NimState(options.heap)


class NimView(GameView):
    def board(self, state: State, ctx: ViewContext) -> str:
        assert isinstance(state, NimState)
        counters = "".join(
            f'<circle cx="{10 + 20 * i}" cy="20" r="8"{" data-move=" + repr(str(state.heap - i)) if state.heap - i <= 3 and ctx.interactive else ""}/>'
            for i in range(state.heap)
        )
        return f'<svg class="nim" viewBox="0 0 {20 * max(state.heap, 1) + 10} 40"><title>{esc(state.heap)}</title>{counters}</svg>'


def items(before: State, move: Move, after: State) -> list[str]:
    return [f"move/take {move.code}"]


SPEC = GameSpec(id=ID, title="Nim", summary="Take 1 to 3; the last counter wins.", options_class=NimOptions, new_game=new_game)
NimState.spec = SPEC
GAME = register_module(GameModule(spec=SPEC, view=NimView(), lab=LabTable(items=items)))
