"""Game review, shared by every game: replay a record, analyse every position, judge every move.

A :class:`Reviewer` works in small steps (:meth:`Reviewer.step`, one search each), so the page's
engine worker can run a review a piece at a time, show results move by move, and stop at once
when cancelled; the command line simply steps until done (:func:`review`).

What it computes:

- **Chances** of both players at every position: :func:`webtabletop.ai.analysis.analyse` at the
  review's budget (a finished game is exact). This is the win-chance graph.
- **A move's loss**: the mover's chances with the analysis's best move minus the mover's chances
  after the move played, both judged alike (where the move needed a search of its own, the best
  move gets the same search) and with only what the mover knew when choosing
  (:func:`webtabletop.ai.analysis.analyse_move`: dice to come and hidden cards are sampled for the
  mover, never read; in DumaRaj, which hides nothing and rolls nothing, the next position's own
  analysis, as Lichess does). A move the analysis itself prefers loses nothing. So a card that
  only hindsight shows was the wrong one is not marked.
- **Marks**: ``?!``, ``?``, ``??`` for a loss of at least 0.1, 0.2, 0.3 of the mover's chances
  (:data:`MARKS`: Lichess's thresholds, taken as the issue states them, on the 0..1 scale of our
  chances; Lichess applies the same numbers to its −1..1 scale, so these marks are half as eager).
- **Luck**: where dice or hidden cards lie between a move and the next position, the chances the
  next position's analysis gives the mover minus the chances the mover could expect: how much the
  dice, the draws and the cards the mover could not see moved the game (None in DumaRaj).
- **Summary per player**: the count of each mark, the average loss, Lichess's accuracy (the
  mean over the player's moves of ``103.1668·exp(−0.04354·d) − 3.1669``, ``d`` the loss in
  percentage points, clamped to 0..100; Lichess weights its mean by volatility, we do not) and
  the net luck (:func:`net_luck`: half of what luck gave the player minus what it gave the
  opponent, which cancels the bias both players' raw luck share: a fresh search of a position
  favours the side to move a little, so the raw sums of a long game were both about −100%).

Everything is a pure function of the record, the budget and the review's seed.
"""

from __future__ import annotations

import math
from typing import Any

import attrs

from webtabletop.ai.analysis import Analysis, MoveValue, analyse, analyse_move, check_budget, game_move_judge
from webtabletop.core.ending import is_ending
from webtabletop.core.protocol import State
from webtabletop.core.record import Record
from webtabletop.core.rng import seed_state

#: (least loss of the mover's chances, mark), worst first
MARKS: tuple[tuple[float, str], ...] = ((0.3, "??"), (0.2, "?"), (0.1, "?!"))
#: the budgets a review offers (the analysis's levels)
REVIEW_BUDGETS = ("normal", "hard")


def mark_for(loss: float) -> str | None:
    """The mark of a move that lost ``loss`` of its mover's chances (None below every threshold)."""
    for least, mark in MARKS:
        if loss >= least - 1e-9:
            return mark
    return None


def accuracy(loss: float) -> float:
    """Lichess's accuracy of one move from the chances it lost (0..1 scale), 0..100."""
    d = max(0.0, loss) * 100.0
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * d) - 3.1669))


@attrs.frozen
class PlyReview:
    """One move of the game, judged."""

    #: the move's number (1 = the first move of the game)
    ply: int
    player: int
    move: str
    #: both players' chances in the position the move reached
    chances: tuple[float, float]
    #: the mover's chances before the move, with the best move
    before: float
    #: the mover's chances after the move, judged from what the mover knew
    played: float
    loss: float
    mark: str | None
    #: the better move (None when the move played was the analysis's choice) and its line
    best: str | None
    line: tuple[str, ...]
    #: how much dice, draws and unseen cards moved the mover's chances (None: nothing random or hidden)
    luck: float | None

    def to_json(self) -> dict[str, Any]:
        return {
            "ply": self.ply,
            "player": self.player,
            "move": self.move,
            "chances": [round(c, 4) for c in self.chances],
            "mark": self.mark,
            "best": self.best,
            "line": list(self.line),
            "loss": round(self.loss, 4),
            "luck": None if self.luck is None else round(self.luck, 4),
        }


def position_seed(seed: int, index: int) -> int:
    """The analysis seed of position ``index`` of a review seeded ``seed``."""
    return seed_state(f"review:{seed}:{index}")


class Reviewer:
    """A review in steps. ``states``: the game's positions (the record replayed), ``moves`` the
    codes between them. :meth:`step` runs one search: position ``k``'s analysis, then the judgement
    of move ``k`` (which needs positions ``k − 1`` and ``k``), so results arrive move by move."""

    def __init__(
        self, states: list[State], moves: tuple[str, ...], budget: str = "normal", seed: int = 0
    ) -> None:
        check_budget(budget)
        if len(states) != len(moves) + 1:
            raise ValueError("a review needs one more position than moves")
        self.states = states
        self.moves = tuple(moves)
        #: the moves judged: all but a last resignation or agreed draw (an ending is no move on
        #: the board: the search has nothing to weigh it against, and it has no better move)
        self.judged = len(moves) - 1 if moves and is_ending(moves[-1]) else len(moves)
        self.budget = budget
        self.seed = seed
        self.analyses: list[Analysis | None] = [None] * len(states)
        self.values: list[MoveValue | None] = [None] * len(moves)
        self.plies: list[PlyReview] = []
        #: what the game's analyser keeps between positions (analysed in order: see analysis.analyse)
        self.memo: dict = {}

    @classmethod
    def of_record(cls, record: Record, budget: str = "normal", seed: int = 0) -> Reviewer:
        """A review of a record (every move replayed through the rules first)."""
        return cls(record.replay(), record.moves, budget, seed)

    @property
    def game_id(self) -> str:
        return self.states[0].spec.id

    @property
    def judged_apart(self) -> bool:
        """Judging a move is a step of its own (a search); False where it needs none (DumaRaj),
        so a move is judged in the step that analyses the position it reached."""
        return getattr(game_move_judge(self.game_id), "searches", True)

    @property
    def total(self) -> int:
        """The steps of the whole review."""
        return len(self.states) + (self.judged if self.judged_apart else 0)

    @property
    def done_steps(self) -> int:
        analysed = sum(a is not None for a in self.analyses)
        return analysed + (sum(v is not None for v in self.values) if self.judged_apart else 0)

    @property
    def done(self) -> bool:
        return len(self.plies) == self.judged and self.analyses[-1] is not None

    def step(self) -> bool:
        """Run the next search; False when there is nothing left to do."""
        k = len(self.plies)  # the next move to judge is k + 1 (positions k and k + 1)
        if self.analyses[k] is None:
            self._analyse(k)
            return True
        if k >= self.judged:  # every move judged; the position after an ending still analysed
            if self.analyses[-1] is None:
                self._analyse(len(self.states) - 1)
                return True
            return False
        if self.analyses[k + 1] is None:
            self._analyse(k + 1)
            if not self.judged_apart:
                self._judge(k)  # no search of its own (DumaRaj): one step, one answer to the page
            return True
        self._judge(k)
        return True

    def run(self) -> Reviewer:
        while self.step():
            pass
        return self

    def _analyse(self, index: int) -> None:
        self.analyses[index] = analyse(self.states[index], self.budget, position_seed(self.seed, index), self.memo)

    def _judge(self, k: int) -> None:
        state, code = self.states[k], self.moves[k]
        before_a, after_a = self.analyses[k], self.analyses[k + 1]
        assert before_a is not None and after_a is not None
        me = state.to_move()
        value = analyse_move(state, code, self.budget, position_seed(self.seed, k), before_a, after_a)
        self.values[k] = value
        before = before_a.chances[me] if value.best is None else value.best
        loss = 0.0 if code == before_a.best_move else max(0.0, before - value.chances)
        luck = None if value.certain else after_a.chances[me] - value.chances
        self.plies.append(
            PlyReview(
                ply=k + 1,
                player=me,
                move=code,
                chances=after_a.chances,
                before=before,
                played=value.chances,
                loss=loss,
                mark=mark_for(loss),
                best=None if code == before_a.best_move else before_a.best_move,
                line=() if code == before_a.best_move else before_a.line,
                luck=luck,
            )
        )

    def chances(self) -> list[tuple[float, float] | None]:
        """Both players' chances at every position analysed so far (None: not yet)."""
        return [None if a is None else a.chances for a in self.analyses]

    def summary(self) -> list[dict[str, Any]]:
        """Per player: moves, the count of each mark, average loss, accuracy, luck."""
        out = []
        for p in (0, 1):
            mine = [r for r in self.plies if r.player == p]
            n = len(mine)
            lucky = [r.luck for r in mine if r.luck is not None]
            out.append(
                {
                    "player": p,
                    "moves": n,
                    "marks": {mark: sum(r.mark == mark for r in mine) for _, mark in reversed(MARKS)},
                    "average_loss": round(sum(r.loss for r in mine) / n, 4) if n else 0.0,
                    "accuracy": round(sum(accuracy(r.loss) for r in mine) / n, 1) if n else None,
                    "luck": None if not lucky else round(net_luck(self.plies, p), 4),
                }
            )
        return out

    def to_json(self) -> dict[str, Any]:
        """The review as the command line prints it (docs/development.md, "The command line")."""
        start = self.analyses[0]
        return {
            "game": self.game_id,
            "budget": self.budget,
            "seed": self.seed,
            "complete": self.done,
            "start": None if start is None else [round(c, 4) for c in start.chances],
            "plies": [r.to_json() for r in self.plies],
            "summary": {
                "players": self.summary(),
                "marks": [m for _, m in reversed(MARKS)],
                "thresholds": {m: t for t, m in MARKS},
                "accuracy": "lichess-mean",
            },
        }


def review(record: Record, budget: str = "normal", seed: int = 0) -> Reviewer:
    """The whole review of a record."""
    return Reviewer.of_record(record, budget, seed).run()


def net_luck(plies: list[PlyReview], player: int) -> float:
    """How much luck (dice, draws, unseen cards) moved the game towards ``player``: half the sum of
    its own luck minus the opponent's. Luck is zero-sum, so with an exact evaluation this equals
    the player's own sum; with a search's, it also cancels the share both players' sums have in
    common (each position's own analysis favours its side to move a little)."""
    own = sum(r.luck for r in plies if r.luck is not None and r.player == player)
    other = sum(r.luck for r in plies if r.luck is not None and r.player != player)
    return (own - other) / 2
