"""CardGO's puzzle kinds (``learn/puzzle.py``): "take N time with one card" and "convert N
enemy stones with one card", on a small board without terrain and effects (the newcomer's table).

The enemy's hand and the deck are hidden. With no effects, what one placement does depends only
on the board and the card placed, never on the unseen cards: a move's score is read from the
position as it is, and the proof (:func:`hidden_check`) plays the solution and the best other
move in several other arrangements of the unseen cards consistent with what the solver sees
(``determinize``) and requires the same scores there.
"""

from __future__ import annotations

from importlib import resources

from webtabletop.games.cardgo.rules.state import PLAY, CardgoState
from webtabletop.i18n import _, ngettext
from webtabletop.learn.puzzle import Kind, PuzzleBook, Scored

#: the options puzzles are mined on: the newcomer's table
MINE_OPTIONS: dict = {"size": 7, "start_time": 40, "terrain": False, "effects": False}
#: arrangements of the unseen cards each move is tried against
WORLDS = 4


def is_turn_start(state: CardgoState) -> bool:
    return state.phase == PLAY


def damage(start: CardgoState, now: CardgoState) -> int:
    other = 1 - start.to_move()
    return max(0, start.time[other] - now.time[other])


def converted(start: CardgoState, now: CardgoState) -> int:
    me = start.to_move()
    return max(0, now.owners.count(me) - start.owners.count(me) - 1)


_last: dict = {}


def after(state: CardgoState, code: str) -> CardgoState:
    """``state`` after ``code`` (the last position's are kept: the kinds share them)."""
    if _last.get("state") is not state:
        _last.clear()
        _last["state"] = state
    if code not in _last:
        _last[code] = state.apply_code(code)
    return _last[code]


def on_board(gauge):
    def score(state: CardgoState, code: str) -> Scored | None:
        return Scored(gauge(state, after(state, code)))

    return score


def hidden_check(kind, state: CardgoState, codes: list[str]) -> str | None:
    """None when each of ``codes`` scores the same in ``WORLDS`` arrangements of the unseen cards."""
    me = state.to_move()
    for w in range(1, WORLDS):
        world = state.determinize(me, 7919 * w + 1)
        for code in codes:
            if kind.score(world, code) != kind.score(state, code):
                return f"{code} scores differently when the unseen cards are arranged otherwise"
    return None


DAMAGE = Kind(
    id="damage",
    goal=lambda n: ngettext(
        "Take {n} time from the enemy with one card.", "Take {n} time from the enemy with one card.", n
    ).format(n=n),
    explain=lambda n, others: ngettext(
        "No other card on any cell takes more than {others} time.",
        "No other card on any cell takes more than {others} time.",
        others,
    ).format(others=others),
    score=on_board(damage),
    minimum=2,
    reached=damage,
)

CONVERT = Kind(
    id="convert",
    goal=lambda n: ngettext(
        "Convert {n} enemy stone with one card.", "Convert {n} enemy stones with one card.", n
    ).format(n=n),
    explain=lambda n, others: ngettext(
        "That card leaves {n} enemy stone without breath, so it turns yours; no other move converts more than {others}.",
        "That card leaves {n} enemy stones without breath, so they turn yours; no other move converts more than {others}.",
        n,
    ).format(n=n, others=others),
    score=on_board(converted),
    minimum=1,
    reached=converted,
)

KINDS = (CONVERT, DAMAGE)


def knowledge(state: CardgoState) -> str:
    return _(
        "You see your hand and the board; the enemy's hand and the deck are hidden. "
        "The answer is best whatever they hold: what one card does here depends only on the board and the card."
    )


#: what the shared puzzle screens and the miner ask of this game
BOOK = PuzzleBook(
    kinds=KINDS,
    file=resources.files(__package__ or __name__).joinpath("puzzles.json"),
    mine_options=MINE_OPTIONS,
    is_turn_start=is_turn_start,
    knowledge=knowledge,
    hidden_check=hidden_check,
)
