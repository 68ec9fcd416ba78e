"""CardGO's lessons on the card effects (after Pain, the first, in lessons.py): each effect is
played by the learner, and the goal is one the effect decides (``tests/games/cardgo`` proves it:
without the effect, the lesson's line misses, or a move that misses now would reach the goal).

Effects with a random outcome (Brave, Evil, Sorrow) are taught where chance has one choice (one
enemy stone, one neighbour) or where its draw, fixed by the lesson's seed, is not what the goal
asks for (Sorrow: that Red loses time to it at all).
"""

from __future__ import annotations

from webtabletop.games.cardgo.learn.goals import (
    EMPTY,
    WITH_EFFECTS,
    all_of,
    board,
    damage,
    effect_item,
    hand_kept,
    held_back,
    no_enemy_stone,
    no_loss,
    owns,
    placed,
    played,
)
from webtabletop.games.cardgo.rules.effects import (
    BRAVE,
    EVIL,
    EXCITEMENT,
    INDULGENCE,
    JOY,
    KINDNESS,
    LONELINESS,
    LOVE,
    PRIDE,
    SORROW,
    SUPPRESSION,
)
from webtabletop.games.cardgo.rules.options import CardgoOptions
from webtabletop.i18n import N_
from webtabletop.learn.lesson import Lesson


def lessons(section: str) -> tuple[Lesson, ...]:
    """The effect lessons, filed under the digest's ``section`` on effects."""
    return (
        Lesson(
            id="extra-plays",
            title=N_("Extra plays: Indulgence, Excitement, Pride"),
            idea=N_(
                "Three effects let you play again at once: after Indulgence a hand card of value one "
                "higher, after Excitement one of the same value, after Pride one of value one lower. "
                "An extra play may carry such an effect too."
            ),
            goal=N_("Play all four of your cards in this one turn."),
            start=board(EMPTY, ("1I 2E 2P 1", ""), options=WITH_EFFECTS),
            reached=placed(4),
            solution=("0@c2", "0@c3", "0@c4", "0@c5"),
            sections=(section,),
            teaches=(effect_item(INDULGENCE), effect_item(EXCITEMENT), effect_item(PRIDE)),
            miss=N_(
                "Begin with the 1 Indulgence: it allows a 2. The 2 Excitement allows another 2, and the "
                "2 Pride allows the last card, the 1."
            ),
        ),
        Lesson(
            id="kindness-sorrow",
            title=N_("Kindness and Sorrow"),
            idea=N_(
                "Kindness gives you time equal to its value when it is played. Sorrow takes a random "
                "amount of time, from 0 to its value, from the opponent."
            ),
            goal=N_(
                "Red holds a Pain 4 and you have 3 time. Live through Red's next card, then take time "
                "from Red with your Sorrow card."
            ),
            start=board(EMPTY, ("5K 6S", "4A"), options=WITH_EFFECTS, time=(3, 10), seed=5),
            reached=all_of(played(KINDNESS), played(SORROW), damage(1)),
            solution=("0@c3", "0@b2"),
            replies=("0@e5",),
            sections=(section,),
            teaches=(effect_item(KINDNESS), effect_item(SORROW)),
            miss=N_(
                "Play Kindness first: 3 + 5 = 8 time outlives Red's Pain 4. On your next turn, play the "
                "Sorrow card."
            ),
        ),
        Lesson(
            id="brave-evil",
            title=N_("Brave and Evil"),
            idea=N_(
                "Brave makes a random enemy stone yours. Evil destroys a random stone next to it, of "
                "either colour, with no damage. With one stone to choose from, chance has no say."
            ),
            goal=N_(
                "Make the red 5 yours with Brave, then, after Red's move, destroy Red's new stone with "
                "Evil."
            ),
            start=board(
                """
                . . . . .
                . R5 . . .
                . . . . .
                . . . . .
                . . . . .
                """,
                ("3B 2D", "2"),
                options=WITH_EFFECTS,
                seed=5,
            ),
            reached=all_of(owns("b2"), played(EVIL), no_enemy_stone),
            solution=("0@a5", "0@d5"),
            replies=("0@d4",),
            sections=(section,),
            teaches=(effect_item(BRAVE), effect_item(EVIL)),
            miss=N_(
                "Brave chooses among all of Red's stones and Evil among the stones next to it: play Brave "
                "while the 5 is Red's only stone, then put Evil where Red's new stone is its only neighbour."
            ),
        ),
        Lesson(
            id="loneliness",
            title=N_("Loneliness"),
            idea=N_(
                "A Loneliness stone is never converted by the opponent: not when it is breathless, not by "
                "Brave. This is the hole of the lesson on both sides breathless; you play red again."
            ),
            goal=N_("Put a 6 into the hole: take 7 time from green and lose none."),
            start=board(
                """
                . . . . .
                . . R1 . .
                . R5 G3 R3 .
                . G4 . G5 .
                . . G6 . .
                """,
                ("", "6 6L"),
                options=CardgoOptions(size=5, start_time=100, terrain=False, effects=True),
                player=1,
                time=(100, 100),
            ),
            reached=all_of(damage(7), no_loss),
            solution=("1@d3",),
            sections=(section,),
            teaches=(effect_item(LONELINESS),),
            miss=N_(
                "A plain 6 in the hole is breathless, so it counts for green and costs you 7 as well. Your "
                "Loneliness 6 cannot be converted."
            ),
        ),
        Lesson(
            id="joy",
            title=N_("Joy"),
            idea=N_(
                "A Joy stone needs one less connectivity: it takes effect when its value is at most X + 1."
            ),
            goal=N_("Take 3 time from red with one stone."),
            start=board(
                """
                . . . . .
                . G1 . . .
                . . . . .
                . . . . .
                . . . . .
                """,
                ("2 2J", ""),
                options=WITH_EFFECTS,
            ),
            reached=damage(3),
            solution=("1@b3",),
            sections=(section,),
            teaches=(effect_item(JOY),),
            miss=N_(
                "Next to your 1, a group of two has X = 1: a plain 2 stays, but the Joy 2 takes effect "
                "with the 1 (2 is at most X + 1)."
            ),
        ),
        Lesson(
            id="suppression",
            title=N_("Suppression"),
            idea=N_(
                "While a Suppression stone is on the board, the stone directly below it cannot take "
                "effect, whoever owns it."
            ),
            goal=N_(
                "Red will play a 3 on e3, below its 2 and 1: X = 2. Hold Red's 2 back with your "
                "Suppression card."
            ),
            start=board(
                """
                . . . . .
                . . . . .
                . . R2 . .
                . . R1 . .
                . . . . .
                """,
                ("2U", "3"),
                options=WITH_EFFECTS,
            ),
            reached=held_back("c3"),
            solution=("0@b3",),
            replies=("0@e3",),
            sections=(section,),
            teaches=(effect_item(SUPPRESSION),),
            miss=N_(
                "Suppression holds back the stone directly below it: put it on b3, right above Red's 2. "
                "Then only Red's 1 takes effect."
            ),
        ),
        Lesson(
            id="love",
            title=N_("Love"),
            idea=N_("Love draws one extra card when it is played, on top of the card each turn draws."),
            goal=N_("End your turn with as many cards in hand as you hold now."),
            start=board(EMPTY, ("4 3V", ""), options=WITH_EFFECTS),
            reached=all_of(placed(1), hand_kept),
            solution=("1@c3",),
            sections=(section,),
            teaches=(effect_item(LOVE),),
            miss=N_("A card you play leaves your hand; only Love brings one back at once."),
        ),
    )
