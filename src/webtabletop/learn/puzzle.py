"""Puzzles: positions from the AI's own self-play where one move is clearly best.

A puzzle is a game record (options, seed, the moves that lead to the position: the position is
always rebuilt by the rules, never stored) plus a *kind* of goal the rules measure ("cross out
2 numbers this turn", "turn 3 cards with one placement", "break the shield whatever the enemy
holds", "win with this move") and its solution.

Invariants (checked by :func:`verify`, ``python -m webtabletop learn check`` and ``tests/learn``):
- the position is reached by replaying the record through the rules;
- every legal first move of the solver is scored *exactly* by the kind's gauge, searching the
  rest of the turn exhaustively (every crossing order, every defence): a search deeper than any
  AI level's, which samples. Where cards are hidden, a move's score is its worst case over every
  arrangement of the cards the solver has not seen (the puzzle says what the solver may know);
  dice still to be rolled play no part in a one-turn goal;
- exactly one first move reaches the puzzle's target, and it is the solution's first move; the
  best of the others falls short (``others``);
- the game's AI at its hard level (deeper than the normal level the player meets) chose the same
  move when the puzzle was mined (``scripts``: ``python -m webtabletop learn mine``), so the move
  is best for the game too, not only for the goal.

Puzzles are mined once into ``games/<game>/puzzles.json`` (committed): the build stays fast and
deterministic, and ``learn check`` proves every file again.
"""

from __future__ import annotations

import json
import zipfile
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from importlib.resources.abc import Traversable
from typing import Any

import attrs

from webtabletop.core.protocol import GameError, State
from webtabletop.core.record import Record
from webtabletop.core.registry import game_module
from webtabletop.learn.lesson import Lesson, won

#: the id prefix of a puzzle's stars in the lesson store (``webtabletop:learn:<game>``)
STORE_PREFIX = "puzzle-"
#: the fewest puzzles a game ships with
MINIMUM = 20


@attrs.frozen
class Scored:
    """One first move, scored: the kind's value (worst case over hidden cards), the rest of the
    turn that reaches it (the solver's further moves) and the opponent's answers within it."""

    value: int
    line: tuple[str, ...] = ()
    replies: tuple[str, ...] = ()


@attrs.frozen
class Kind:
    """A kind of puzzle goal. Its texts are functions, so they are translated (with the right
    plural forms) when shown."""

    id: str
    #: what the puzzle asks: target -> text
    goal: Callable[[int], str]
    #: why the solution is the one: (the target, the best of the other moves) -> one or two
    #: sentences that stand after the game's own sentences for the solution's moves (its
    #: ``describe_move``), so they name the move as "That move", never by its label
    explain: Callable[[int, int], str]
    #: (state, first move code) -> its exact score; None: the move cannot count (e.g. an illegal line)
    score: Callable[[State, str], Scored | None]
    #: the smallest target worth a puzzle
    minimum: int = 1
    #: (start, now) -> the value reached so far (the lesson's goal check, read from the rules' state)
    reached: Callable[[State, State], int] = lambda start, now: 0


@attrs.frozen
class Puzzle:
    game: str
    id: str
    options: dict[str, Any]
    seed: int
    moves: tuple[str, ...]
    kind: str
    target: int
    #: the solver's moves (the first is the one best move; later ones finish the turn)
    solution: tuple[str, ...]
    #: the opponent's answers within the turn (SHT: the defender's only move)
    replies: tuple[str, ...] = ()
    #: the best value of any other first move
    others: int = 0
    #: the hard AI's share of its visits on the solution when mined (0..1)
    hard_share: float = 0.0

    @property
    def store_id(self) -> str:
        return f"{STORE_PREFIX}{self.id}"

    def record(self) -> Record:
        return Record(self.game, dict(self.options), self.seed, self.moves)

    def start(self) -> State:
        return self.record().final_state()

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "options": dict(self.options),
            "seed": self.seed,
            "moves": list(self.moves),
            "kind": self.kind,
            "target": self.target,
            "solution": list(self.solution),
            "replies": list(self.replies),
            "others": self.others,
            "hard_share": round(self.hard_share, 3),
        }

    @classmethod
    def from_json(cls, game: str, data: dict[str, Any]) -> Puzzle:
        return cls(
            game,
            str(data["id"]),
            dict(data.get("options", {})),
            int(data["seed"]),
            tuple(data["moves"]),
            str(data["kind"]),
            int(data["target"]),
            tuple(data["solution"]),
            tuple(data.get("replies", ())),
            int(data.get("others", 0)),
            float(data.get("hard_share", 0.0)),
        )


# ---------------------------------------------------------------------- a game's puzzles
@attrs.frozen(kw_only=True)
class PuzzleBook:
    """A game's puzzles (``GameModule.puzzles`` loads it): the ``kinds`` of goal, the options the
    mining plays with, and the game's own checks.

    - ``file``: the committed ``puzzles.json`` (a package resource, read on first use);
    - ``is_turn_start(state)``: a puzzle starts only where a turn starts (None: at every move);
    - ``knowledge(state)``: what the solver may know, translated (hidden cards, dice), or None;
    - ``hidden_check(kind, state, codes)``: a further proof where cards are hidden (None when it
      holds, else what is wrong, in English), or None;
    - ``gap``: how much the solution must beat every other first move by."""

    kinds: tuple[Kind, ...]
    file: Traversable
    mine_options: Mapping[str, Any] = attrs.field(factory=dict)
    is_turn_start: Callable[[Any], bool] | None = None
    knowledge: Callable[[Any], str] | None = None
    hidden_check: Callable[[Kind, Any, list[str]], str | None] | None = None
    gap: int = 1


def book(game: str) -> PuzzleBook | None:
    """The game's puzzles, or None when it has none."""
    load = game_module(game).puzzles
    return load() if load is not None else None


def kinds(game: str) -> dict[str, Kind]:
    found = book(game)
    return {k.id: k for k in found.kinds} if found is not None else {}


@cache
def puzzles(game: str) -> tuple[Puzzle, ...]:
    """The game's mined puzzles, in file order (the book's ``puzzles.json``)."""
    found = book(game)
    if found is None:
        return ()
    try:
        text = read_resource(found.file)
    except FileNotFoundError:
        return ()
    return tuple(Puzzle.from_json(game, item) for item in json.loads(text)["puzzles"])


def read_resource(file: Traversable) -> str:
    """The text of a package resource. A resource named at import time inside a zip (the page's
    engine imports our package from one) holds that zip open; an engine restored from the build's
    memory snapshot inherits the handle but not the open file (``OSError`` EBADF), so the same
    file is then read through a fresh handle of its archive."""
    try:
        return file.read_text("utf-8")
    except FileNotFoundError:
        raise
    except OSError:
        archive = getattr(getattr(file, "root", None), "filename", None)
        if not isinstance(archive, str):
            raise
        with zipfile.ZipFile(archive) as fresh:
            return fresh.read(str(getattr(file, "at", ""))).decode("utf-8")


def find(game: str, puzzle_id: str) -> tuple[int, Puzzle] | None:
    for i, p in enumerate(puzzles(game)):
        if p.id == puzzle_id:
            return i, p
    return None


def of_the_day(games: Iterable[str], day: int) -> Puzzle | None:
    """The puzzle of day number ``day`` (days since 1970): the games take turns, and each game's
    puzzles follow one another. Only the chosen game's file is read (the home page shows it)."""
    pool = list(games)
    for step in range(len(pool)):  # a game without puzzles gives its day to the next one
        listed = puzzles(pool[(day + step) % len(pool)])
        if listed:
            return listed[(day // len(pool)) % len(listed)]
    return None


def knowledge(puzzle: Puzzle, start: State) -> str:
    """What the solver may know, translated (games with hidden cards or dice say it)."""
    found = book(puzzle.game)
    say = found.knowledge if found is not None else None
    return say(start) if say is not None else ""


# ---------------------------------------------------------------------- scoring and proof
def scores(kind: Kind, state: State) -> dict[str, Scored]:
    """Every legal first move's exact score (moves that cannot count are left out)."""
    out = {}
    for move in state.legal_moves():
        scored = kind.score(state, move.code)
        if scored is not None:
            out[move.code] = scored
    return out


def best_of(table: dict[str, Scored]) -> tuple[list[str], int, int]:
    """(the moves with the best value, that value, the best value of every other move)."""
    if not table:
        return [], 0, 0
    top = max(s.value for s in table.values())
    best = [c for c, s in table.items() if s.value == top]
    rest = [s.value for c, s in table.items() if s.value != top]
    return best, top, max(rest, default=0)


def verify(puzzle: Puzzle) -> str | None:
    """None when the puzzle holds (see the module's invariants), else what is wrong (English)."""
    kind = kinds(puzzle.game).get(puzzle.kind)
    if kind is None:
        return f"unknown kind {puzzle.kind!r}"
    try:
        start = puzzle.start()
    except GameError as exc:
        return f"the position cannot be rebuilt: {exc}"
    if start.is_over:
        return "the game is over in the position"
    best, top, others = best_of(scores(kind, start))
    if top != puzzle.target or top < kind.minimum:
        return f"the best value is {top}, the puzzle says {puzzle.target}"
    if best != [puzzle.solution[0]]:
        return f"the best first moves are {best}, the puzzle says {puzzle.solution[0]}"
    if others != puzzle.others:
        return f"the other moves reach {others}, the puzzle says {puzzle.others}"
    found = book(puzzle.game)
    hidden = found.hidden_check if found is not None else None
    if hidden is not None:
        table = scores(kind, start)
        runner = [c for c, s in table.items() if s.value == others and c not in best][:1]
        problem = hidden(kind, start, best + runner)
        if problem is not None:
            return problem
    from webtabletop.learn.lesson import replay  # noqa: PLC0415

    return replay(as_lesson(puzzle))


def wins(start: State, now: State) -> int:
    """A puzzle's gauge of a win: 1 when the solver (to move in ``start``) has won by ``now``."""
    return int(won(start, now))


def as_lesson(puzzle: Puzzle) -> Lesson:
    """The puzzle as a one-turn lesson, so the lesson screens play and judge it."""
    kind = kinds(puzzle.game)[puzzle.kind]
    target = puzzle.target
    cached: dict[str, State] = {}

    def start() -> State:
        if "s" not in cached:
            cached["s"] = puzzle.start()
        return cached["s"]

    return Lesson(
        id=puzzle.store_id,
        title=puzzle.id,
        idea="",
        goal=puzzle.kind,
        start=start,
        reached=lambda s, now: kind.reached(s, now) >= target,
        solution=puzzle.solution,
        replies=puzzle.replies,
    )


def rest_of_turn(
    start: State, state: State, gauge: Callable[[State, State], int], line: tuple[str, ...] = (), budget: list[int] | None = None
) -> Scored:
    """The best ``gauge(start, end)`` over every way the solver can go on in this turn (their
    own further moves, searched exhaustively while it is still their move), and that line."""
    budget = budget if budget is not None else [20000]
    me = start.to_move()
    best = Scored(gauge(start, state), line)
    if state.is_over or state.to_move() != me:
        return best
    for move in state.legal_moves():
        budget[0] -= 1
        if budget[0] < 0:
            raise ValueError("the turn has too many lines to search")
        found = rest_of_turn(start, state.apply(move), gauge, line + (move.code,), budget)
        if found.value > best.value:
            best = found
    return best


def one_turn(gauge: Callable[[State, State], int]) -> Callable[[State, str], Scored | None]:
    """A kind's ``score`` for a game of open information: the first move, then the best rest of
    the solver's turn."""

    def score(state: State, code: str) -> Scored | None:
        found = rest_of_turn(state, state.apply_code(code), gauge)
        return Scored(found.value, found.line)

    return score
