"""CardGO's lessons (``#/cardgo/learn``): a 5×5 board with no terrain and no effects first, then
each rule, then the switches, then every card effect (effects.py) and every terrain
(terrains.py), one or a few at a time, each used by the learner (``Lesson.teaches``).

Positions are text diagrams (:func:`webtabletop.games.cardgo.rules.diagram.position`): ``G3`` a green
stone of value 3, ``R1`` a red 1, ``.`` an empty cell, ``./b`` an empty shrub; hands are card
codes (``"3A"`` = a 3 with Pain). Cells are named by row letter and column number (``c2`` = third
row, second column). Green (the first player) learns, except where a lesson says otherwise.
"""

from __future__ import annotations

from webtabletop.games.cardgo.learn import effects, terrains
from webtabletop.games.cardgo.learn.goals import (
    EMPTY,
    ITEMS,
    board,
    damage,
    effect_item,
    red_stone_gone,
    terrain_item,
)
from webtabletop.games.cardgo.rules.effects import NO_EFFECT, PAIN
from webtabletop.games.cardgo.rules.options import CardgoOptions
from webtabletop.games.cardgo.rules.state import new_game
from webtabletop.games.cardgo.rules.terrain import NONE, SHRUB
from webtabletop.i18n import N_
from webtabletop.learn.catalog import LessonBook
from webtabletop.learn.lesson import Lesson, guided_game, won

#: the headings of the rules digest (../shared/rules/cardgo.md)
SECTIONS = (
    "Components and setup",
    "Custom mode (all adjustable before a game, within sensible bounds; bad values get a clear message)",
    "Switches",
    "Definitions",
    "Rule 1 — taking effect",
    "Rule 2 — breathless enemies are converted",
    'Rule 3 — mutual breathlessness ("ko")',
    "Card effects (switchable as a whole; when ON, dealt cards get a random effect)",
    "Terrain (switchable; when ON, the board gets seeded random terrain)",
    "What the UI must offer",
)
SETUP, CUSTOM, SWITCHES, DEFINITIONS, RULE1, RULE2, RULE3, EFFECTS, TERRAIN, UI = SECTIONS


LESSONS = (
    Lesson(
        id="fire",
        title=N_("Groups take effect"),
        idea=N_(
            "Cards become stones on the board. When your group grows, every stone in it whose value is "
            "at most X takes effect: X is the group's size minus one. Those stones leave the board and "
            "their values are taken from the opponent's time."
        ),
        goal=N_("Place your 1 next to your 1: a group of two has X = 1, so both take effect."),
        start=board(
            """
            . . . . .
            . G1 . . .
            . . . . .
            . . . R3 .
            . . . . .
            """,
            ("1", ""),
        ),
        reached=damage(2),
        solution=("0@b3",),
        sections=(RULE1, DEFINITIONS, UI),
        # the first lesson's cards carry no effect and its cells no terrain: the plain game
        teaches=(effect_item(NO_EFFECT), terrain_item(NONE)),
        miss=N_(
            "A group is stones of one colour joined up, down, left or right (not diagonally). Alone, "
            "your 1 has X = 0 and nothing takes effect."
        ),
    ),
    Lesson(
        id="time",
        title=N_("Time is your life"),
        idea=N_(
            "Each player has time, 100 in a normal game. Stones that take effect take their values from "
            "the opponent's time, and a player whose time reaches 0 loses."
        ),
        goal=N_("Red has 4 time left. Win with one stone."),
        start=board(
            """
            . . . . .
            . G2 G1 . .
            . . . . .
            . . . . .
            . . . . .
            """,
            ("2", ""),
            time=(20, 4),
        ),
        reached=won,
        solution=("0@b4",),
        sections=(SETUP,),
        miss=N_(
            "Join the 2 to your group so that it has three stones: X = 2, and 2 + 1 + 2 = 5 is more than 4."
        ),
    ),
    Lesson(
        id="bigger",
        title=N_("Big stones need big groups"),
        idea=N_(
            "Only the stones whose value is at most X take effect; the others stay and wait for a bigger "
            "group. The designer's own example: a 2 under a row 3-4-4 makes a group of four, X = 3."
        ),
        goal=N_("Take 5 time from red with one stone."),
        start=board(
            """
            . . . . .
            . G3 G4 G4 .
            . . . . .
            . . . . .
            . . . . .
            """,
            ("2 5", ""),
        ),
        reached=damage(5),
        solution=("0@c2",),
        sections=(RULE1,),
        miss=N_(
            "The group of four has X = 3: the 3 and your 2 take effect (5 time), the two 4s stay. "
            "Play the 2, touching the group."
        ),
    ),
    Lesson(
        id="enclose",
        title=N_("Enclose to convert"),
        idea=N_(
            "An enemy group with no empty cell beside it is breathless (as in Go; the board's edge is "
            "no breath). If your stone takes its last breath, it joins your group, counts for X and, "
            "if it takes effect, hurts its owner."
        ),
        goal=N_("Take the red 1's last breath."),
        start=board(
            """
            . . . . .
            . . G3 . .
            . G3 R1 G3 .
            . . . . .
            . . . . .
            """,
            ("4", ""),
        ),
        reached=red_stone_gone("c3"),
        solution=("0@d3",),
        sections=(RULE2, DEFINITIONS),
        miss=N_("The red 1 still breathes through one empty cell beside it: fill that cell."),
    ),
    Lesson(
        id="ko",
        title=N_("Both sides breathless"),
        idea=N_(
            "If your new stone takes an enemy's last breath but has no breath itself, both sides count "
            "at once: the enemy stones join your group, and your stone joins theirs. You play red here."
        ),
        goal=N_("Put your 6 into the hole: take at least 7 time from green."),
        start=board(
            """
            . . . . .
            . . R1 . .
            . R5 G3 R3 .
            . G4 . G5 .
            . . G6 . .
            """,
            ("", "6"),
            player=1,
            time=(100, 100),
        ),
        reached=damage(7),
        solution=("0@d3",),
        sections=(RULE3,),
        miss=N_(
            "Only the hole next to the green 3 takes its last breath: red's group there is 6, 3, 1, 5 "
            "and 3 (X = 4), so 1 + 3 + 3 = 7 take effect, while green's 3 and 4 hurt you as much."
        ),
    ),
    Lesson(
        id="full-speed",
        title=N_("Full-speed connectivity"),
        idea=N_(
            "A switch for faster games: with full speed, X counts the stone itself (X = the group's size), "
            "so a lone 1 takes effect at once."
        ),
        goal=N_("On an empty board, take time from red with one stone."),
        start=board(
            EMPTY,
            ("1 3", ""),
            options=CardgoOptions(size=5, start_time=20, terrain=False, effects=False, full_speed=True),
        ),
        reached=damage(1),
        solution=("0@c3",),
        sections=(SWITCHES,),
        miss=N_("Even at full speed a lone 3 has X = 1: only the 1 takes effect alone."),
    ),
    Lesson(
        id="effects",
        title=N_("Card effects"),
        idea=N_(
            "With effects on, a card may carry one: its letter is shown on the card. Pain (Pa) takes time "
            "equal to its value from the opponent as soon as it is played."
        ),
        goal=N_("Play your Pain card: red loses 3."),
        start=board(
            EMPTY, ("3A", ""), options=CardgoOptions(size=5, start_time=20, terrain=False, effects=True)
        ),
        reached=damage(3),
        solution=("0@c3",),
        sections=(EFFECTS,),
        teaches=(effect_item(PAIN),),
        miss=N_("Pain works wherever the card is played."),
    ),
    *effects.lessons(EFFECTS),
    Lesson(
        id="terrain",
        title=N_("Terrain: shrub"),
        idea=N_(
            "With terrain on, cells change stones. A stone on shrub counts as two for connectivity, so "
            "its group's X grows by one more."
        ),
        goal=N_("Take 3 time from red with your 1."),
        start=board(
            """
            . . . . .
            . G2 ./b . .
            . . . . .
            . . . . .
            . . . . .
            """,
            ("1", ""),
            options=CardgoOptions(size=5, start_time=20, terrain=True, effects=False),
        ),
        reached=damage(3),
        solution=("0@b3",),
        sections=(TERRAIN,),
        teaches=(terrain_item(SHRUB),),
        miss=N_("On a plain cell, the 1 and the 2 make X = 1: only the 1 takes effect. Use the shrub."),
    ),
    *terrains.lessons(TERRAIN),
    Lesson(
        id="custom",
        title=N_("Custom mode"),
        idea=N_(
            "Before a game you may set both players' starting time, the board's size, the hand size and "
            "the card values (up to 1 to 10). This game: a 4×4 board, 6 time each, cards from 1 to 10."
        ),
        goal=N_("Red starts with only 6 time: win with one stone."),
        start=board(
            """
            . . . .
            G1 G2 G3 .
            . . . .
            . . . .
            """,
            ("9", ""),
            options=CardgoOptions(
                size=4, start_time=6, hand_size=1, max_value=10, terrain=False, effects=False
            ),
            time=(6, 6),
        ),
        reached=won,
        solution=("0@b4",),
        sections=(CUSTOM,),
        miss=N_("Join the 9 to your three stones: a group of four has X = 3, and 1 + 2 + 3 = 6."),
    ),
)

#: sections that are not rules, and why the lessons mapped to them teach them
SECTION_NOTES = {
    UI: "not a rule: the controls it lists (drag a hand card onto the board, the preview, the marking of stones "
    "taking effect, both time bars) are the ones the learner uses in `fire`, the first lesson",
}

#: a small board with no terrain and no effects, 15 time each
FIRST_OPTIONS = CardgoOptions(size=5, start_time=15, terrain=False, effects=False)

#: the guided first game (``#/cardgo/learn/first-game``): a whole game on the 5×5 board from
#: seed 12 (the cards are dealt by the game's own generator, so they are the same every time),
#: Red's placements fixed; a tip at each of the learner's seven moves
FIRST_GAME = guided_game(
    idea=N_(
        "A whole game on a small board without terrain or effects, with a tip at every move. The board "
        "marks a good move: play it, or choose your own (then Red answers on its own)."
    ),
    goal=N_("Win the game: bring Red's time to 0 before yours runs out."),
    start=lambda: new_game(FIRST_OPTIONS, 12),
    reached=won,
    solution=("3@a3", "4@a5", "4@a4", "0@b2", "3@b3", "3@a2", "4@b1"),
    replies=("1@e5", "2@e4", "3@c2", "5@a1", "0@c3", "1@d3"),
    sections=(SETUP, RULE1, RULE2),
    tips=(
        N_(
            "Welcome to CardGO: the cards in your hand become stones on a Go board. You are Green, and "
            "you and Red each have 15 time: time is your life. Put your 1 on the marked cell."
        ),
        N_(
            "The goal: bring Red's time to 0. Stones take time from the opponent when they take effect, "
            "and that happens in groups. Put your 2 in the corner."
        ),
        N_(
            "Red's two stones joined, so Red's 1 took effect and cost you 1 time. When your group grows, "
            "every stone in it worth at most X takes effect, X being the group's size minus one. Join your "
            "2 between your 1 and 2: three stones, X = 2, 5 time from Red."
        ),
        N_(
            "Stones that take effect leave the board. Big stones need big groups: a 4 takes effect only "
            "in a group of five. Start a new group with your 4."
        ),
        N_(
            "Grow the group with another 4: two stones, X = 1, so nothing takes effect yet. That is what "
            "you want: wait for five."
        ),
        N_(
            "Red's 4 in the top corner has two empty cells beside it: its breaths. Put your third 4 on one "
            "of them: the red 4 has one breath left."
        ),
        N_(
            "Red's group of three took 4 of your time. Now take the red 4's last breath with your 1: a "
            "breathless enemy stone is converted and joins your group. Five stones, X = 4: all five take "
            "effect, 17 time. Strategy: grow big groups, and take the last breath of enemy stones beside them."
        ),
    ),
)


#: what the shared lesson screens ask of this game
BOOK = LessonBook(
    lessons=LESSONS, sections=SECTIONS, section_notes=SECTION_NOTES, first_game=FIRST_GAME, items=ITEMS
)
