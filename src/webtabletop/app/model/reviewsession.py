"""The review on screen (data only; :mod:`~webtabletop.app.review.flow` and :mod:`~webtabletop.app.review.board` change it,
:mod:`~webtabletop.app.review.screen` draws it). The position shown is a node of the analysis's move tree
(:mod:`webtabletop.core.movetree`): ``(line, cursor)``, line 0 being the game itself."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from webtabletop.ai.analysis import Analysis, analyse
from webtabletop.ai.review import Reviewer
from webtabletop.core.movetree import MoveTree, Node
from webtabletop.core.protocol import GameSpec, State
from webtabletop.core.record import Record
from webtabletop.core.rng import seed_state
from webtabletop.i18n import _

if TYPE_CHECKING:
    from webtabletop.app.model.effects import Effects

#: the action that runs one search of the review (app/review/flow.py)
STEP = {"type": "review-step"}


@attrs.define(eq=False)
class ReviewSession:
    """The review on screen: the game, its analysis so far, the position shown."""

    spec: GameSpec
    record: Record
    reviewer: Reviewer
    #: the position shown (0 = the start, n = after move n)
    cursor: int = 0
    flipped: bool = False
    #: the analysis goes on (False: done, or cancelled by the player)
    running: bool = True
    #: the payload of the review's link (its address)
    payload: str = ""
    #: a ``review-step`` is on its way (one chain of steps at a time, whatever reopens the screen)
    pending: bool = False
    #: "Learn from your mistakes" under way (app/review/learn.py's ``Learn``), or None
    learn: Any = None
    #: (language, the moves' readable names), drawn once per language
    labels: tuple[str, list[str]] | None = None
    #: the game and the variations the player tried (the analysis board)
    tree: MoveTree | None = None
    #: the line of the position shown (0: the game's own moves; ``cursor`` is its ply)
    line: int = 0
    #: the analysis board's selection and hover (the view's tokens)
    selection: str | None = None
    hover: str | None = None
    #: the analyses of variation positions, by their moves from the start
    node_analyses: dict[tuple[str, ...], Analysis] = attrs.field(factory=dict)
    #: the Share window of the analysis is open
    share: bool = False

    def __attrs_post_init__(self) -> None:
        if self.tree is None:
            self.tree = MoveTree(self.reviewer.states, self.record.moves)

    @property
    def states(self):
        return self.reviewer.states

    @property
    def node(self) -> Node:
        return self.line, self.cursor

    def set_node(self, node: Node) -> None:
        self.line, self.cursor = self.tree.node(*node)
        self.selection = self.hover = None

    def state(self) -> State:
        return self.tree.state(self.node)

    def analysis(self) -> Analysis | None:
        """The analysis of the position shown (None: not yet)."""
        if not self.line:
            return self.reviewer.analyses[self.cursor]
        return self.node_analyses.get(self.tree.path(self.node))

    def needs_analysis(self) -> bool:
        """A variation's position is shown and not analysed yet (the review's own positions come
        with the review)."""
        return bool(self.line) and self.analysis() is None

    def analyse_node(self) -> None:
        """One search: the position shown, at the review's budget, from a seed of its moves."""
        path = self.tree.path(self.node)
        seed = seed_state(f"review:{self.reviewer.seed}:{' '.join(path)}")
        self.node_analyses[path] = analyse(self.state(), self.reviewer.budget, seed)

    def record_with_variations(self) -> Record:
        return attrs.evolve(self.record, variations=self.tree.variations)


def resume(r: ReviewSession, fx: Effects) -> None:
    """Ask for the next step (the review's, or the analysis of the variation position shown),
    unless one is on its way already."""
    if not r.pending and (r.needs_analysis() or (r.running and not r.reviewer.done)):
        r.pending = True
        fx.then = dict(STEP)


def can_review(spec: GameSpec, record: Record, final_over: bool) -> str | None:
    """Why ``record`` cannot be reviewed (None: it can)."""
    if not record.moves:
        return _("There is no move to review yet.")
    if spec.hidden_information and not final_over:
        return _("A game with hidden cards can be reviewed once it is over.")
    return None
