"""Game records (game id, options, seed, moves) and the history that undo/redo walks.

A record is the save format, the share-link content and the replay input. It is trusted only
after :meth:`Record.replay` has pushed every move through the rules.

A record also names the version of the game's rules it was made under (``rules``). When a rules
correction makes one of its moves illegal, :meth:`Record.replay_upto` replays it up to the last
legal position and says why it stopped: an old game opens there, never silently changed.
"""

from __future__ import annotations

import json
from typing import Any

import attrs

from webtabletop.core.ending import is_ending
from webtabletop.core.ending import label as ending_label
from webtabletop.core.inputs import guard, load_json
from webtabletop.core.movetree import Line, check_shape, lines_from_json
from webtabletop.core.protocol import GameError, GameSpec, State, options_diff
from webtabletop.core.registry import get_game
from webtabletop.i18n import N_, _, language, ngettext

RECORD_FORMAT = "webtabletop-record"
RECORD_VERSION = 1
MAX_SEED = (1 << 64) - 1


class RecordError(GameError):
    """A record that cannot be replayed: says which part is wrong."""


def diverged(title: str, move: int) -> str:
    """Why an old record stops where its rules and the corrected ones part ways."""
    return _(
        "from move {n} on, the game was played under earlier rules of {game} that had led "
        "to a different position than the corrected rules do"
    ).format(n=move, game=_(title))


@attrs.frozen
class Replay:
    """The states of a record up to its last legal move, and why it stopped early (or None)."""

    states: list[State]
    problem: str | None = None

    @property
    def complete(self) -> bool:
        return self.problem is None


@attrs.frozen
class Record:
    game_id: str
    options: dict[str, Any] = attrs.field(factory=dict)  # non-default options only
    seed: int = 0
    moves: tuple[str, ...] = ()
    #: the rules version the record was made under (0 = the game's current version)
    rules: int = 0
    #: an analysis's variations (``core.movetree.Line``s), kept in the file; replayed by
    #: ``core.movetree.MoveTree.replay``, never by :meth:`replay` (the game is the main line)
    variations: tuple = ()

    @property
    def spec(self) -> GameSpec:
        return get_game(self.game_id)

    def with_moves(self, moves: tuple[str, ...]) -> Record:
        return attrs.evolve(self, moves=tuple(moves))

    @property
    def older_rules(self) -> bool:
        """Made under an earlier version of the game's rules than this app plays."""
        return 0 < self.rules < self.spec.rules_version

    def as_current(self) -> Record:
        """The same moves, marked as played under today's rules (once they replayed cleanly)."""
        return attrs.evolve(self, rules=0)

    def start_state(self) -> State:
        spec = self.spec
        if not isinstance(self.seed, int) or isinstance(self.seed, bool) or not 0 <= self.seed <= MAX_SEED:
            raise RecordError(
                _("the seed must be a whole number from 0 to 2^64-1, not {value}").format(value=repr(self.seed)[:40])
            )
        options = spec.options_from_dict(self.options)
        return spec.new_game(options, self.seed)

    @property
    def rules_version(self) -> int:
        return self.rules or self.spec.rules_version

    def check_length(self) -> None:
        """Refuse a record longer than any game with its options can be (before replaying it)."""
        cap = self.spec.ply_cap(self.spec.options_from_dict(self.options))
        if self.moves and is_ending(self.moves[-1]):
            cap += 1  # a resignation or an agreed draw after the last move the rules allow
        if len(self.moves) > cap:
            raise RecordError(
                ngettext(
                    "it has {n} move, more than a game of {game} can have ({cap})",
                    "it has {n} moves, more than a game of {game} can have ({cap})",
                    len(self.moves),
                ).format(
                    n=f"{len(self.moves):,}", game=_(self.spec.title), cap=f"{cap:,}"
                )
            )

    def replay(self) -> list[State]:
        """All states from the start to after the last move (``len(moves) + 1`` states)."""
        result = self.replay_upto()
        if result.problem is not None:
            raise RecordError(result.problem)
        return result.states

    def replay_upto(self) -> Replay:
        """Replay as far as the moves are legal. The start itself must be valid (options, seed,
        length): a record that cannot even start raises :class:`RecordError`."""
        guard(self.check_length, RecordError, _("the record"))
        states = [guard(self.start_state, RecordError, _("the record's start"))]
        older = self.older_rules
        legacy = self.spec.legacy_codes if older else None
        for i, code in enumerate(self.moves):
            state = states[-1]
            if legacy is not None and legacy(state, self.rules) == []:
                return Replay(states, diverged(self.spec.title, i + 1))
            outcome = state.outcome()
            if outcome is not None:
                if older:  # the corrected rules end the game sooner (e.g. a stricter draw rule)
                    return Replay(
                        states,
                        _(
                            "move {n} ({code}) was played under earlier rules of {game}; "
                            "under the corrected rules the game is already over ({reason})"
                        ).format(n=i + 1, code=repr(code), game=_(self.spec.title), reason=outcome.reason),
                    )
                return Replay(
                    states, _("move {n} ({code}) comes after the end of the game").format(n=i + 1, code=repr(code))
                )
            try:
                states.append(state.apply_code(code))
            except GameError as exc:
                if older:
                    return Replay(
                        states,
                        _(
                            "move {n} ({code}) was played under earlier rules of {game} "
                            "and is not legal under the corrected rules: {problem}"
                        ).format(n=i + 1, code=repr(code), game=_(self.spec.title), problem=exc),
                    )
                return Replay(
                    states, _("move {n} ({code}) is not legal: {problem}").format(n=i + 1, code=repr(code), problem=exc)
                )
        return Replay(states)

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
            "rules": self.rules_version,
        } | ({"variations": [v.to_json() for v in self.variations]} if self.variations else {})

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"))

    @classmethod
    def from_json(cls, data: Any) -> Record:
        if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
            raise RecordError(_("this is not a webtabletop game record"))
        version = data.get("version")
        if version != RECORD_VERSION:
            raise RecordError(
                _("record version {version} is not supported (this app reads version {supported})").format(
                    version=repr(version)[:40], supported=RECORD_VERSION
                )
            )
        game = data.get("game")
        options = data.get("options", {})
        seed = data.get("seed")
        moves = data.get("moves", [])
        if not isinstance(game, str):
            raise RecordError(_("the record names no game"))
        if not isinstance(options, dict):
            raise RecordError(_("the record's options are not an object"))
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError(_("the record's seed is not a whole number"))
        if not isinstance(moves, list) or not all(isinstance(m, str) and len(m) <= 64 for m in moves):
            raise RecordError(_("the record's moves are not a list of move codes"))
        rules = data.get("rules", 1)  # records from before rules versions existed: version 1
        if not isinstance(rules, int) or isinstance(rules, bool) or rules < 1:
            raise RecordError(_("the record's rules version is not a positive whole number"))
        spec = get_game(game)
        if rules > spec.rules_version:
            raise RecordError(
                _(
                    "the record was made under newer rules of {game} (version {version}); "
                    "this app knows version {known}: update the app to open it"
                ).format(game=_(spec.title), version=rules, known=spec.rules_version)
            )
        variations: tuple[Line, ...] = ()
        if "variations" in data:
            variations = guard(lambda: lines_from_json(data["variations"]), RecordError, _("the record"))
            guard(lambda: check_shape(len(moves), variations), RecordError, _("the record's variations"))
        record = cls(game, dict(options), seed, tuple(moves), rules if rules < spec.rules_version else 0, variations)
        guard(record.check_length, RecordError, _("the record"))
        return record

    @classmethod
    def loads(cls, text: str) -> Record:
        what = _("the file")
        data = guard(lambda: load_json(text, what), RecordError, what)
        return guard(lambda: cls.from_json(data), RecordError, _("the record"))

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
        #: (code, label) of the moves labelled so far (labels need each state's legal moves:
        #: computing them once keeps every render of a long game cheap)
        self._labels: list[tuple[str, str]] = []
        #: the language the labels are in: a language switch labels every move again
        self._labels_language = language()

    @classmethod
    def upto(cls, record: Record, cursor: int | None = None) -> tuple[History, str | None]:
        """The history of ``record`` as far as its moves are legal, and why it stopped early.

        A record made under older rules that replays completely becomes a record of today's
        rules; one that stops early keeps only its legal moves (the caller keeps the original).
        """
        result = record.replay_upto()
        kept = record.with_moves(record.moves[: len(result.states) - 1])
        if result.complete:
            kept = kept.as_current()
        return cls(kept, result.states, cursor), result.problem

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
        del self._labels[self.cursor :]  # the moves after the cursor are dropped
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

    def log(
        self, names: tuple[str, str] = (N_("First player"), N_("Second player")), plural: bool = False
    ) -> list[str]:
        """Readable names of all moves (including those after the cursor); ``names`` (the
        players', untranslated; ``plural``: plural nouns, i18n/sides.py) name who resigned."""
        moves = self.record.moves
        labels = self._labels
        if self._labels_language != language():
            labels.clear()
            self._labels_language = language()
        keep = 0
        while keep < min(len(labels), len(moves)) and labels[keep][0] == moves[keep]:
            keep += 1
        del labels[keep:]
        for i in range(keep, len(moves)):
            state = self.states[i]
            code = moves[i]
            if is_ending(code):
                labels.append((code, ending_label(code, names, plural)))
            else:
                labels.append((code, state.move_label(state.move_from_code(code))))
        return [label for _code, label in labels]
