"""CardGO's lessons on terrain (after shrub, the first, in lessons.py): two kinds at a time, on
a board where every cell has one, so that the learner meets each on the board and the goal
depends on it (``tests/games/cardgo`` proves it: with the kind made plain, the lesson's line
misses, or a move that misses now would reach the goal). Diagram letters: ``l`` land, ``g``
grass, ``x`` wasteland, ``w`` water, ``s`` stone, ``c`` crypt, ``m`` swamp, ``h`` highland, ``i``
ice, ``t`` tall grass, ``T`` tree, ``f`` flowers, ``F`` fire.
"""

from __future__ import annotations

from webtabletop.games.cardgo.learn.goals import (
    WITH_TERRAIN,
    board,
    damage,
    hidden_stone_gone,
    red_stone_gone,
    terrain_item,
)
from webtabletop.games.cardgo.rules.options import CardgoOptions
from webtabletop.games.cardgo.rules.terrain import (
    CRYPT,
    FIRE,
    FLOWERS,
    GRASS,
    HIGHLAND,
    ICE,
    LAND,
    STONE,
    SWAMP,
    TALL_GRASS,
    TREE,
    WASTELAND,
    WATER,
)
from webtabletop.i18n import N_
from webtabletop.learn.lesson import Lesson


def lessons(section: str) -> tuple[Lesson, ...]:
    """The terrain lessons, filed under the digest's ``section`` on terrain."""
    return (
        Lesson(
            id="plain-water",
            title=N_("Terrain: plain ground and water"),
            idea=N_(
                "Land, grass and wasteland are plain: stones on them play as on a board without terrain. "
                "Water is plain too, but a group does not connect between a water cell and a cell "
                "without water."
            ),
            goal=N_("Take 3 time from red with your 1."),
            start=board(
                """
                ./l ./g  ./x  ./g  ./l
                ./g G1/l ./g  G1/x ./x
                ./x ./w  G1/w ./w  ./g
                ./l ./g  ./l  ./x  ./l
                ./g ./x  ./g  ./l  ./g
                """,
                ("1", ""),
                options=WITH_TERRAIN,
            ),
            reached=damage(3),
            solution=("0@b3",),
            sections=(section,),
            teaches=tuple(terrain_item(k) for k in (LAND, GRASS, WASTELAND, WATER)),
            miss=N_(
                "The green 1 on water joins no stone on land or grass. Join the 1s on land and wasteland "
                "with a stone on the grass between them: three stones, X = 2."
            ),
        ),
        Lesson(
            id="swamp-highland",
            title=N_("Terrain: swamp and highland"),
            idea=N_(
                "A stone on swamp is worth 1 less, on highland 1 more. A lower stone takes effect sooner; "
                "a higher one takes more time when it does."
            ),
            goal=N_("Take 5 time from red with your 3."),
            start=board(
                """
                ./l ./g  ./x  ./g ./l
                ./g G2/h G1/g ./m ./h
                ./x ./l  ./h  ./l ./g
                ./l ./g  ./l  ./x ./l
                ./g ./x  ./g  ./l ./g
                """,
                ("3", ""),
                options=WITH_TERRAIN,
            ),
            reached=damage(5),
            solution=("0@b4",),
            sections=(section,),
            teaches=(terrain_item(SWAMP), terrain_item(HIGHLAND)),
            miss=N_(
                "A group of three has X = 2: your 3 takes effect only on the swamp, where it is worth 2. "
                "With the 2 on the highland (a 1 raised by 1) and the 1, that makes 5."
            ),
        ),
        Lesson(
            id="ice-flowers",
            title=N_("Terrain: ice and flowers"),
            idea=N_(
                "A stone on ice counts as 0 for connectivity (it still joins stones); a stone on flowers "
                "counts as 2, and flowers add 1 to its value."
            ),
            goal=N_("Take 4 time from red with your 1."),
            start=board(
                """
                ./l ./f  ./x ./g  ./l
                ./g G2/l ./i G2/x ./x
                ./x ./l  ./g ./l  ./g
                ./l ./g  ./l ./x  ./l
                ./g ./x  ./g ./l  ./g
                """,
                ("1", ""),
                options=WITH_TERRAIN,
            ),
            reached=damage(4),
            solution=("0@a2",),
            sections=(section,),
            teaches=(terrain_item(ICE), terrain_item(FLOWERS)),
            miss=N_(
                "On the ice your 1 joins both 2s but counts 0: X = 1, and only the 1 takes effect. On the "
                "flowers it is a 2 that counts as 2: X = 2, and both 2s take effect."
            ),
        ),
        Lesson(
            id="stone-tree",
            title=N_("Terrain: stone and tree"),
            idea=N_(
                "Nothing can be placed on stone or tree. Stone is like the board's edge: it gives no "
                "breath. A tree counts as a member (1) of every group beside it."
            ),
            goal=N_("Take the red 3's last breath and make it take effect."),
            start=board(
                """
                ./s  ./T ./l ./g ./x
                R3/g ./l ./x ./l ./g
                G1/x ./g ./l ./g ./l
                ./l  ./x ./g ./x ./g
                ./g  ./l ./x ./l ./g
                """,
                ("1", ""),
                options=WITH_TERRAIN,
            ),
            reached=red_stone_gone("b1"),
            solution=("0@b2",),
            sections=(section,),
            teaches=(terrain_item(STONE), terrain_item(TREE)),
            miss=N_(
                "The stone cell gives the red 3 no breath, so b2 is its last. There your two 1s, the red 3 "
                "and the tree beside b2 count 4: X = 3."
            ),
        ),
        Lesson(
            id="crypt-fire",
            title=N_("Terrain: crypt and fire"),
            idea=N_(
                "A stone placed on a crypt vanishes at once: no damage, no card effect. A stone placed on "
                "fire takes effect at once for half its value (rounded down)."
            ),
            goal=N_("Take 3 time from red with your 6."),
            start=board(
                """
                G1/l G1/g G1/x ./c ./s
                ./s  ./s  ./s  ./s ./l
                ./l  ./g  ./x  ./g ./l
                ./x  ./l  ./F  ./l ./g
                ./g  ./x  ./g  ./l ./x
                """,
                ("6", ""),
                options=WITH_TERRAIN,
            ),
            reached=damage(3),
            solution=("0@d3",),
            sections=(section,),
            teaches=(terrain_item(CRYPT), terrain_item(FIRE)),
            miss=N_(
                "The crypt swallows your 6, whatever group it would join. On fire the 6 takes effect alone, "
                "for 3."
            ),
        ),
        Lesson(
            id="tall-grass",
            title=N_("Terrain: tall grass"),
            idea=N_(
                "A stone on tall grass hides its value from the opponent: you see a question mark. Cards "
                "go from 1 to 3 in this game, so a hidden stone may be a 3."
            ),
            goal=N_("Take the last breath of a hidden red stone and make it take effect."),
            start=board(
                """
                R3/t G1/g ./l ./x ./l
                ./l  ./x  ./g ./l ./g
                ./g  ./l  ./x ./g G1/l
                ./x  ./g  ./l ./x G1/x
                ./l  ./x  ./g ./l R3/t
                """,
                ("1", ""),
                options=CardgoOptions(size=5, start_time=20, terrain=True, effects=False, max_value=3),
            ),
            reached=hidden_stone_gone,
            solution=("0@e4",),
            sections=(section,),
            teaches=(terrain_item(TALL_GRASS),),
            miss=N_(
                "A hidden stone takes effect only when X is at least its value, whatever it is: plan for a "
                "3. At e4 your two 1s on the right, the red stone and your new 1 count 4: X = 3."
            ),
        ),
    )
