"""Game records (game id, options, seed, moves) and the history that undo/redo walks.

A record is the save format, the share-link content and the replay input. It is trusted only
after :func:`replay` has pushed every move through the rules.
"""

from __future__ import annotations

import json
from typing import Any

import attrs

from webtabletop.core.protocol import GameError, GameSpec, State, options_diff
from webtabletop.core.registry import get_game

RECORD_FORMAT = "webtabletop-record"
RECORD_VERSION = 1
MAX_SEED = (1 << 64) - 1


class RecordError(GameError):
    """A record that cannot be replayed: says which part is wrong."""


@attrs.frozen
class Record:
    game_id: str
    options: dict[str, Any] = attrs.field(factory=dict)  # non-default options only
    seed: int = 0
    moves: tuple[str, ...] = ()

    @property
    def spec(self) -> GameSpec:
        return get_game(self.game_id)

    def with_moves(self, moves: tuple[str, ...]) -> Record:
        return attrs.evolve(self, moves=tuple(moves))

    def start_state(self) -> State:
        spec = self.spec
        if not isinstance(self.seed, int) or isinstance(self.seed, bool) or not 0 <= self.seed <= MAX_SEED:
            raise RecordError(f"the seed must be a whole number from 0 to 2^64-1, not {self.seed!r}")
        options = spec.options_from_dict(self.options)
        return spec.new_game(options, self.seed)

    def replay(self) -> list[State]:
        """All states from the start to after the last move (``len(moves) + 1`` states)."""
        states = [self.start_state()]
        for i, code in enumerate(self.moves):
            state = states[-1]
            if state.is_over:
                raise RecordError(f"move {i + 1} ({code!r}) comes after the end of the game")
            try:
                states.append(state.apply_code(code))
            except GameError as exc:
                raise RecordError(f"move {i + 1} ({code!r}) is not legal: {exc}") from None
        return states

    def final_state(self) -> State:
        return self.replay()[-1]

    # --- JSON file form ----------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.game_id,
            "options": dict(self.options),
            "seed": self.seed,
            "moves": list(self.moves),
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"))

    @classmethod
    def from_json(cls, data: Any) -> Record:
        if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
            raise RecordError("this is not a webtabletop game record")
        version = data.get("version")
        if version != RECORD_VERSION:
            raise RecordError(
                f"record version {version!r} is not supported (this app reads version {RECORD_VERSION})"
            )
        game = data.get("game")
        options = data.get("options", {})
        seed = data.get("seed")
        moves = data.get("moves", [])
        if not isinstance(game, str):
            raise RecordError("the record names no game")
        if not isinstance(options, dict):
            raise RecordError("the record's options are not an object")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError("the record's seed is not a whole number")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise RecordError("the record's moves are not a list of move codes")
        get_game(game)
        return cls(game, dict(options), seed, tuple(moves))

    @classmethod
    def loads(cls, text: str) -> Record:
        try:
            data = json.loads(text)
        except (ValueError, TypeError):
            raise RecordError("the file is not valid JSON") from None
        return cls.from_json(data)

    @classmethod
    def new(cls, spec: GameSpec, options: Any, seed: int) -> Record:
        return cls(spec.id, options_diff(options), seed, ())


class History:
    """A record plus a cursor: the states of a game, undo/redo, and step-through.

    ``states[i]`` is the position after ``i`` moves; ``cursor`` is the position shown and played
    from. Playing a move at a cursor before the end drops the moves after it (like any editor's
    undo). The moves after the cursor are the redo list.
    """

    def __init__(self, record: Record, states: list[State] | None = None, cursor: int | None = None):
        self.record = record
        self.states = states if states is not None else record.replay()
        self.cursor = len(self.states) - 1 if cursor is None else max(0, min(cursor, len(self.states) - 1))

    @property
    def state(self) -> State:
        return self.states[self.cursor]

    @property
    def at_end(self) -> bool:
        return self.cursor == len(self.states) - 1

    def can_undo(self) -> bool:
        return self.cursor > 0

    def can_redo(self) -> bool:
        return not self.at_end

    def play(self, code: str) -> State:
        state = self.state.apply_code(code)
        moves = self.record.moves[: self.cursor] + (code,)
        self.states = self.states[: self.cursor + 1] + [state]
        self.record = self.record.with_moves(moves)
        self.cursor += 1
        return state

    def undo(self) -> None:
        if self.cursor > 0:
            self.cursor -= 1

    def redo(self) -> None:
        if not self.at_end:
            self.cursor += 1

    def goto(self, index: int) -> None:
        self.cursor = max(0, min(index, len(self.states) - 1))

    def current_record(self) -> Record:
        """The record up to the cursor (what a share link of the shown position holds)."""
        return self.record.with_moves(self.record.moves[: self.cursor])

    def log(self) -> list[str]:
        """Readable names of all moves (including those after the cursor)."""
        return [
            self.states[i].move_label(self.states[i].move_from_code(code))
            for i, code in enumerate(self.record.moves)
        ]
