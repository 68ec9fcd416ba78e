"""Tsifrograd's lessons (``#/tsifrograd/learn``): one idea each, on the small hexagon (radius 2).

Each lesson is data: a position written as cells (``"c3": (player, number)``; player 0 is the
first player, 1 the second), the dice, a goal the rules decide, the moves that solve it. The
digest's sections (``SECTIONS``) are mapped to lessons by each lesson's ``sections``
(docs/lessons.md; ``python -m webtabletop learn check`` lists a section without a lesson).
"""

from __future__ import annotations

import attrs

from webtabletop.games.tsifrograd.options import TsifrogradOptions
from webtabletop.games.tsifrograd.rules import EMPTY, TsifroState, new_game, state_from_cells
from webtabletop.i18n import N_
from webtabletop.learn.catalog import LessonBook
from webtabletop.learn.lesson import Lesson, guided_game, won

#: the headings of the rules digest (../shared/rules/tsifrograd.md)
SECTIONS = (
    "Common frame",
    "Tsifrograd (the main game)",
    "Tsifroshturm (simple variant, for children / quick play)",
    "Proximity (the original the seed descends from; an extra mode, not in the seed's rules)",
    "What the UI must offer",
)
COMMON, MAIN, STURM, PROXIMITY, UI = SECTIONS

SMALL = TsifrogradOptions(radius=2)
STURM_SMALL = TsifrogradOptions(variant="tsifroshturm", radius=2, grace=0)
PROXIMITY_SMALL = TsifrogradOptions(variant="proximity", radius=2)


def at(name: str, options: TsifrogradOptions = SMALL) -> str:
    """The move that places the number on the cell ``name``."""
    return str(options.grid().index_of(name))


def cross(name: str, options: TsifrogradOptions = SMALL) -> str:
    """The move that crosses out the number on ``name``."""
    return f"x{options.grid().index_of(name)}"


def position(cells, roll, options=SMALL, player=0, turns=(5, 5), crossings=(0, 0), crossed=()):
    def build() -> TsifroState:
        state = state_from_cells(options, cells, player=player, roll=roll, turns=turns, crossed=crossed)
        return attrs.evolve(state, crossings=crossings)

    return build


def placed_one(start: TsifroState, now: TsifroState) -> bool:
    """The learner has one number more on the board."""
    me = start.to_move()
    return now.owners.count(me) > start.owners.count(me)


def crossed_out(name: str, options: TsifrogradOptions = SMALL):
    """The enemy number on ``name`` is crossed out."""
    cell = options.grid().index_of(name)
    return lambda start, now: now.crossed[cell] and not start.crossed[cell]


def crossed_any(start: TsifroState, now: TsifroState) -> bool:
    me = start.to_move()
    return now.crossings[me] > start.crossings[me]


def captured(n: int):
    """Proximity: the learner captured at least ``n`` enemy cells."""

    def check(start: TsifroState, now: TsifroState) -> bool:
        me = start.to_move()
        return now.crossings[me] - start.crossings[me] >= n

    return check


assert EMPTY != 0 and EMPTY != 1  # cells below name players 0 and 1

# fmt: off
#: a full board but c3, first player (0) and second (1) alternating; a1 and a2 are crossed out
WINNER_CELLS = {
    "a1": (0, 3), "a2": (1, 4), "a3": (0, 2), "b1": (1, 5), "b2": (0, 10), "b3": (1, 3),
    "b4": (0, 6), "c1": (1, 8), "c2": (0, 2), "c4": (1, 4), "c5": (0, 9), "d1": (1, 7),
    "d2": (0, 5), "d3": (1, 6), "d4": (0, 3), "e1": (1, 2), "e2": (0, 4), "e3": (1, 8),
}
# fmt: on

LESSONS = (
    Lesson(
        id="place",
        title=N_("Place your number"),
        idea=N_(
            "Each turn two dice are rolled and you write their sum into any empty cell: the number is "
            "yours. The board fills up; nobody may skip a turn."
        ),
        goal=N_("Put the sum of the dice into any empty cell."),
        start=position({"b2": (1, 6), "d3": (1, 4)}, roll=(3, 4)),
        reached=placed_one,
        solution=(at("c3"),),
        sections=(COMMON, UI),
    ),
    Lesson(
        id="cross",
        title=N_("Cross out an enemy number"),
        idea=N_(
            "After placing N next to an enemy number E, you may cross E out if E also touches another "
            "of your numbers: take the largest, M. It works when N + M is more than E plus E's "
            "largest friend D."
        ),
        goal=N_("Cross out the enemy 7: here 5 + 9 = 14 beats 7 + 6 = 13."),
        start=position({"c3": (0, 9), "b3": (1, 7), "a3": (1, 6)}, roll=(2, 3)),
        reached=crossed_out("b3"),
        solution=(at("b4"), cross("b3")),
        sections=(MAIN, UI),
        miss=N_(
            "To cross the 7 out, place your 5 on a cell that touches the 7; the 7 already touches "
            "your 9. Then pick the 7."
        ),
    ),
    Lesson(
        id="defended",
        title=N_("A defended number"),
        idea=N_(
            "An enemy number with a big friend beside it is hard to cross out: you need more than "
            "their sum. Look for the enemy number whose friends are small."
        ),
        goal=N_("Cross out one enemy number with your 8."),
        start=position(
            {"c3": (0, 6), "b3": (1, 9), "a3": (1, 11), "c2": (1, 5), "d1": (1, 2)},
            roll=(4, 4),
        ),
        reached=crossed_any,
        solution=(at("b2"), cross("c2")),
        sections=(MAIN,),
        miss=N_(
            "The 9 stands next to an 11: crossing it needs more than 9 + 11 = 20, and 8 + 6 is only "
            "14. The 5's friend is a 2: 8 + 6 = 14 beats 5 + 2 = 7. Place next to the 5."
        ),
    ),
    Lesson(
        id="crossed-gone",
        title=N_("Crossed out is gone"),
        idea=N_(
            "A crossed-out number stays on the board, but it no longer counts for anything: it is no "
            "friend, no defender and in no sum."
        ),
        goal=N_("Cross out the enemy 9: its friend, the 11, is already crossed out, so 5 + 6 beats 9 + 0."),
        start=position(
            {"c3": (0, 6), "b3": (1, 9), "a3": (1, 11)}, roll=(4, 1), crossings=(1, 0), crossed=("a3",)
        ),
        reached=crossed_out("b3"),
        solution=(at("b4"), cross("b3")),
        sections=(COMMON, MAIN),
        miss=N_(
            "Place your 5 next to the 9: it already touches your 6, and its crossed-out 11 does not "
            "defend it any more. Then pick the 9."
        ),
    ),
    Lesson(
        id="winner",
        title=N_("Who wins"),
        idea=N_(
            "When every cell is filled, whoever crossed out more enemy numbers wins. With equal "
            "counts, the second player wins."
        ),
        goal=N_("Fill the last cell and win: you are first, and the count is 1 to 1."),
        start=position(
            WINNER_CELLS,
            roll=(6, 5),
            turns=(9, 9),
            crossings=(1, 1),
            crossed=("a1", "a2"),
        ),
        reached=won,
        solution=(at("c3"), cross("b3")),
        sections=(MAIN, COMMON),
        miss=N_("A tie goes to the second player: you must cross out one more number with your 11."),
    ),
    Lesson(
        id="tsifroshturm",
        title=N_("Tsifroshturm: simple crossing"),
        idea=N_(
            "In Tsifroshturm, the game for quick play, your new number crosses out one touching enemy "
            "number that is smaller. The higher total of numbers left wins."
        ),
        goal=N_("Cross out the enemy 8 with your 9."),
        start=position({"c3": (1, 8), "b2": (1, 10), "d3": (0, 4)}, roll=(4, 5), options=STURM_SMALL),
        reached=crossed_out("c3", STURM_SMALL),
        solution=(at("c4", STURM_SMALL), cross("c3", STURM_SMALL)),
        sections=(STURM,),
        miss=N_("Only a smaller number can be crossed out, and only one that touches the cell you fill."),
    ),
    Lesson(
        id="tsifroshturm-total",
        title=N_("Tsifroshturm: the total wins"),
        idea=N_(
            "In Tsifroshturm, when the board is full, the higher total of your numbers that are not "
            "crossed out wins; equal totals go to the second player."
        ),
        goal=N_("Fill the last cell with your 11 and win: 32 + 11 only ties Blue's 43."),
        start=position(
            {**WINNER_CELLS, "b2": (0, 1)},  # as in "Who wins", with Orange's 10 on b2 now a 1
            roll=(6, 5),
            options=STURM_SMALL,
            turns=(9, 9),
            crossings=(1, 1),
            crossed=("a1", "a2"),
        ),
        reached=won,
        solution=(at("c3", STURM_SMALL), cross("b3", STURM_SMALL)),
        sections=(STURM,),
        miss=N_("A tie goes to the second player: cross out a touching smaller enemy number as well."),
    ),
    Lesson(
        id="proximity",
        title=N_("Proximity: capture"),
        idea=N_(
            "In Proximity you place an army of 1 to 20. Every touching enemy army that is smaller "
            "becomes yours, and every touching army of yours grows by 1."
        ),
        goal=N_("Capture two enemy armies with your 12."),
        start=position(
            {"b2": (1, 5), "c2": (1, 11), "b3": (1, 14), "d3": (1, 3)},
            roll=(12, 0),
            options=PROXIMITY_SMALL,
        ),
        reached=captured(2),
        solution=(at("c3", PROXIMITY_SMALL),),
        sections=(PROXIMITY,),
        miss=N_("Only smaller enemy armies are captured: find a cell touching two of them."),
    ),
)


#: the guided first game (``#/tsifrograd/learn/first-game``): a whole game on the small hexagon
#: from seed 1 (the dice come from the game's own generator, so they are the same every time),
#: Blue's replies fixed; the board marks each suggested move and a tip goes with each of the
#: learner's moves (a placement and a crossing are two)
FIRST_GAME = guided_game(
    idea=N_(
        "A whole game on a small board with tips at every step. The board marks a good move; play it "
        "or choose your own (then Blue answers on its own)."
    ),
    goal=N_("Win the game: cross out more of Blue's numbers than Blue crosses out of yours."),
    start=lambda: new_game(SMALL, 1),
    reached=won,
    solution=("13", "9", "17", "x16", "7", "x12", "5", "4", "x1", "6", "x2", "10", "14", "18", "x15"),
    replies=("2", "16", "12", "1", "0", "3", "8", "x7", "11", "15"),
    sections=(COMMON, MAIN),
    tips=(
        N_(
            "Welcome to Tsifrograd, a city of numbers. You are Orange: each turn two dice are rolled and "
            "you write their sum on the board. Write your 5 on the marked cell."
        ),
        N_(
            "The goal: cross out more of Blue's numbers than Blue crosses out of yours. Your own numbers "
            "that touch help each other: write the 7 next to your 5."
        ),
        N_(
            "A turn: write the number, then you may cross out one enemy number that touches it. Write "
            "your 3 next to Blue's 2."
        ),
        N_(
            "The rule: your new number plus your largest other number touching the enemy must beat the "
            "enemy number plus its largest friend. 3 + 5 = 8 beats 2 + 0: cross out the 2."
        ),
        N_("Again: write your 3 where it touches Blue's 3 and your 5."),
        N_("3 + 5 = 8 beats 3 + 0. A crossed-out number stays on the board but no longer counts at all."),
        N_(
            "An 11 is big. Write it beside your 7, next to Blue's 3 and 5: nothing to cross out yet, but "
            "it will help cross out both."
        ),
        N_("Another 11: write it next to Blue's 5 and 8, beside your first 11."),
        N_(
            "Blue's 5 has the 8 as its largest friend: 5 + 8 = 13. Your 11 + 11 = 22 beats it: cross out "
            "the 5."
        ),
        N_(
            "Write your 10 next to Blue's 3: it touches your 11 too, and the 3 has no live friend left, "
            "since its 5 is crossed out."
        ),
        N_("10 + 11 = 21 beats 3 + 0: cross out the 3."),
        N_(
            "Blue has crossed out your lone 3: a small number on its own is easy prey. Write your 7 beside "
            "your 10 and 11."
        ),
        N_("A small number is safest among friends: write your 3 beside your two 7s."),
        N_("Write your 8 next to Blue's 7: the 8 and your 7 beside it can cross it out."),
        N_(
            "8 + 7 = 15 beats Blue's 7 + its friend 7 = 14: cross it out, and the board is full. Strategy: "
            "big numbers beside your friends are hard to cross out, and they threaten their neighbours."
        ),
    ),
)

#: sections that are not rules, and why the lessons mapped to them teach them
SECTION_NOTES = {
    UI: "not a rule: the screen it lists (the dice, the legal cells marked, the enemy numbers that may be "
    "crossed out and the way to pick one, the counts) is what the learner uses in `place` and `cross`",
}


#: what the shared lesson screens ask of this game
BOOK = LessonBook(lessons=LESSONS, sections=SECTIONS, section_notes=SECTION_NOTES, first_game=FIRST_GAME)
