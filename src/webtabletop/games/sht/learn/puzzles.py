"""SHT's puzzle kinds (``learn/puzzle.py``): "break the shield whatever the enemy holds" and
"win whatever the enemy holds".

Hidden information is real: the solver sees their hand and field, every open card and the
discard pile; the enemy's closed field cards could be any cards the solver has not seen. An
attack is *sure* when its value beats the enemy's best possible defence: every open enemy field
card plus, for each closed one, the highest unseen cards. So the answer holds against every
arrangement consistent with what the solver knows, not only the true one.
"""

from __future__ import annotations

from importlib import resources

from webtabletop.games.sht.rules import cards as C
from webtabletop.games.sht.rules.moves import ATTACK, DECLINE
from webtabletop.games.sht.rules.state import DEFEND, TURN, ShtState
from webtabletop.i18n import _, ngettext
from webtabletop.learn.puzzle import Kind, PuzzleBook, Scored, wins

#: the options puzzles are mined on (the standard game)
MINE_OPTIONS: dict = {}


def is_turn_start(state: ShtState) -> bool:
    """A turn worth a puzzle: the solver has two field cards or more to attack with, and the
    enemy has a field card to defend with (so a wrong attack exists and can be defended)."""
    me = state.to_move()
    return (
        state.phase == TURN and not state.first_turn and len(state.fields[me]) >= 2 and len(state.fields[1 - me]) >= 1
    )


def unseen(state: ShtState) -> list[int]:
    """The cards the player to move has not seen (the enemy's closed ones are among them)."""
    seen = state.visible_cards(state.to_move())
    return [c for c in C.ALL_CARDS if c not in seen]


def best_defence(state: ShtState) -> int:
    """The most the enemy's field could add up to, over every arrangement the solver cannot
    tell apart."""
    me = state.to_move()
    field = state.fields[1 - me]
    known = sum(C.value(s.card) for s in field if s.open)
    closed = sum(1 for s in field if not s.open)
    top = sorted((C.value(c) for c in unseen(state)), reverse=True)[:closed]
    return known + sum(top)


def sure(shield: bool):
    """The score of an attack: 1 when it beats every possible defence while the enemy has (or
    has not) a shield; the defender's only answer is to decline."""

    def score(state: ShtState, code: str) -> Scored | None:
        me = state.to_move()
        if (state.shields[1 - me] is not None) != shield:
            return Scored(0)
        move = state.move_from_code(code)
        if move.kind != ATTACK or C.value(move.cards[0]) <= best_defence(state):
            return Scored(0)
        after = state.apply(move)  # no field card to defend with: the battle ends at once
        return Scored(1, (), (DECLINE.code,) if after.phase == DEFEND else ())

    return score


def broke(start: ShtState, now: ShtState) -> int:
    other = 1 - start.to_move()
    return int(start.shields[other] is not None and now.shields[other] is None)


BREAK = Kind(
    id="break",
    goal=lambda n: _("Break the enemy's shield for sure, whatever their closed cards are."),
    explain=lambda n, others: _(
        "That attack beats every defence the enemy's field could hold, even with the highest cards "
        "you have not seen; every other attack can be defended."
    ),
    score=sure(True),
    reached=broke,
)

WIN = Kind(
    id="win",
    goal=lambda n: _("Win the game for sure: the enemy has no shield left."),
    explain=lambda n, others: _(
        "That attack beats every defence the enemy's field could hold, even with the highest cards "
        "you have not seen, and there is no shield behind it; every other attack can be defended."
    ),
    score=sure(False),
    reached=wins,
)

KINDS = (WIN, BREAK)


def knowledge(state: ShtState) -> str:
    me = state.to_move()
    closed = sum(1 for s in state.fields[1 - me] if not s.open)
    pool = unseen(state)
    if not closed:
        return _(
            "You see your hand and field, the open cards and the discard pile. The enemy has no closed "
            "field card: every card that could defend is in view. At most, their field defends {d}."
        ).format(d=best_defence(state))
    # one counted noun, after {k}; {u} stands alone (a plural can follow one number)
    return ngettext(
        "You see your hand and field, the open cards and the discard pile. The enemy has {k} closed "
        "field card: it could be any card you have not seen (there are {u} of them). At most, their "
        "field defends {d}.",
        "You see your hand and field, the open cards and the discard pile. The enemy has {k} closed "
        "field cards: each could be any card you have not seen (there are {u} of them). At most, their "
        "field defends {d}.",
        closed,
    ).format(k=closed, u=len(pool), d=best_defence(state))


#: what the shared puzzle screens and the miner ask of this game
BOOK = PuzzleBook(
    kinds=KINDS,
    file=resources.files(__package__ or __name__).joinpath("puzzles.json"),
    mine_options=MINE_OPTIONS,
    is_turn_start=is_turn_start,
    knowledge=knowledge,
)
