"""DumaRaj's lessons (``#/dumaraj/learn``): one lesson per mob on a small 6×6 location (its
name, its picture on the board and its moves drawn as the board's highlights when it is
selected), then rursus, mate and the agreed extra moves.

Positions are DumaRaj's own position text (ranks from the far side; upper case = the first
player, who learns and moves first; letters: K Raj, Q Fej, R Lod', B Slod', N Gon', T Trigon',
P Pixa). Goals are read from the position the rules reach.
"""

from __future__ import annotations

import re

from webtabletop.games.dumaraj.rules.options import DumaRajOptions
from webtabletop.games.dumaraj.rules.pieces import FEJ, GON, LOD, PIXA, SLOD
from webtabletop.games.dumaraj.rules.pieces import MOBS as MOB_KINDS
from webtabletop.games.dumaraj.rules.state import DumaState, state_from_fen
from webtabletop.games.dumaraj.rules.texts import MOB_MOVES, RURSUS
from webtabletop.i18n import N_
from webtabletop.learn.catalog import LessonBook
from webtabletop.learn.lesson import Lesson, guided_game, won

#: the headings of the rules digest (../shared/rules/dumaraj.md)
SECTIONS = (
    "Vocabulary",
    "Mobs (letter for notation; Betza notation in brackets)",
    "Location and setup",
    "Basic moves",
    "Arbitrary moves (each off unless agreed before the game)",
    "Not in scope",
    "Notation",
)
VOCABULARY, MOBS, LOCATION, BASIC, ARBITRARY, NOT_IN_SCOPE, NOTATION = SECTIONS

#: the items each a lesson teaches by doing (docs/lessons.md's item table): the seven mobs, by the
#: names of the rules' mob table
ITEMS = tuple("mob " + mob.name for mob in MOB_KINDS.values())


def at(text: str, **agreed: bool):
    """The position ``text``, with the extra moves named in ``agreed`` switched on."""
    return lambda: state_from_fen(text, DumaRajOptions(fen=text, **agreed))


def bit(name: str) -> str:
    """The view's token that selects the mob on ``name`` of a 6-file location (``"e2"`` → ``"s10"``)."""
    return f"s{(int(name[1:]) - 1) * 6 + 'abcdef'.index(name[0])}"


def placement(state: DumaState) -> str:
    """The mobs on the location, as the first field of the position text."""
    return state.snapshot()["fen"].split()[0]


def fragged(letter: str):
    """One enemy mob of ``letter`` (lower case: the second player's) is gone."""

    def check(start: DumaState, now: DumaState) -> bool:
        return placement(now).count(letter) < placement(start).count(letter)

    return check


def frag_any(start: DumaState, now: DumaState) -> bool:
    count = lambda s: sum(ch.islower() for ch in placement(s))  # noqa: E731
    return count(now) < count(start)


def has_more(letter: str):
    """The learner has one mob of ``letter`` more (rursus)."""

    def check(start: DumaState, now: DumaState) -> bool:
        return placement(now).count(letter) > placement(start).count(letter)

    return check


def on(name: str, letter: str):
    """The bit ``name`` (of a 6-file location) holds a mob of ``letter``."""

    def check(start: DumaState, now: DumaState) -> bool:
        return mob_on(now, name) == letter

    return check


def swapped(a: str, b: str):
    """The mobs on the bits ``a`` and ``b`` have changed places (a flex)."""

    def check(start: DumaState, now: DumaState) -> bool:
        return mob_on(now, a) == mob_on(start, b) != mob_on(start, a) == mob_on(now, b)

    return check


def mob_on(state: DumaState, name: str) -> str:
    """The letter of the mob on the bit ``name`` ("" when it is free), read from the position text."""
    rows = placement(state).split("/")
    rank = rows[len(rows) - int(name[1:])]
    files = "".join("." * int(d) if d.isdigit() else d for d in re.findall(r"\d+|\D", rank))
    piece = files["abcdefghijkl".index(name[0])]
    return "" if piece == "." else piece


def cut_a_line(start: DumaState, now: DumaState) -> bool:
    """The location has lost a line (Editor): the position text names a smaller active area."""
    return now.snapshot()["fen"].split()[5] != start.snapshot()["fen"].split()[5]


def pixas(state: DumaState) -> int:
    return sum(ch in "Pp" for ch in placement(state))


def bummed(start: DumaState, now: DumaState) -> bool:
    """piCSbumm: two Pixas (or three) left the location in one move."""
    return pixas(start) - pixas(now) >= 2


def mob(id_: str, title: str, idea: str, goal: str, text: str, reached, move: str, miss: str):
    """A mob's lesson: the mob starts selected, so the board draws its moves at once, and the
    learner's move is that mob's (the mob of the position text's letter on the move's first bit)."""
    letter = mob_on(at(text)(), move[:2]).upper()
    kind = next(m for m in MOB_KINDS.values() if m.letter == letter)
    return Lesson(
        id=id_,
        title=title,
        idea=idea,
        goal=goal,
        start=at(text),
        reached=reached,
        solution=(move,),
        sections=(MOBS, VOCABULARY),
        teaches=("mob " + kind.name,),
        miss=miss,
        selected=bit(move[:2]),
    )


LESSONS = (
    mob(
        "raj",
        N_("The Raj"),
        N_(
            "The Raj steps one bit in any of the 8 directions. To frag is to take an enemy mob's bit; the "
            "game is lost when your Raj cannot escape a flag (an attack)."
        ),
        N_("Frag the enemy Lod' with your Raj."),
        "k5/6/6/3r2/4K1/6 w",
        fragged("r"),
        "e2d3",
        N_("The Raj moves one bit at a time: the Lod' stands diagonally next to it."),
    ),
    mob(
        "fej",
        N_("The Fej"),
        MOB_MOVES[FEJ],
        N_("Frag the enemy Gon' with your Fej."),
        "k5/6/4n1/6/6/1Q3K w",
        fragged("n"),
        "b1e4",
        N_("The Gon' is on the Fej's diagonal, three bits away."),
    ),
    mob(
        "lod",
        N_("The Lod'"),
        MOB_MOVES[LOD],
        N_("Frag the enemy Slod' with your Lod'."),
        "k5/6/1b4/6/6/1R3K w",
        fragged("b"),
        "b1b4",
        N_("The Slod' stands on the Lod's file, and the bits between are free."),
    ),
    mob(
        "slod",
        N_("The Slod'"),
        MOB_MOVES[SLOD],
        N_("Frag the enemy Gon' with your Slod'."),
        "k5/6/5n/6/6/2B2K w",
        fragged("n"),
        "c1f4",
        N_("Follow the diagonal from the Slod' up and to the right."),
    ),
    mob(
        "gon",
        N_("The Gon'"),
        MOB_MOVES[GON],
        N_("Frag the enemy Lod' with your Gon', over the Pixas."),
        "k5/6/6/3r2/2pp2/2N2K w",
        fragged("r"),
        "c1d3",
        N_("The Lod' is one file across and two ranks up: a Gon' leap."),
    ),
    mob(
        "trigon",
        N_("The Trigon'"),
        N_(
            "The Trigon' leaps too. At the usual 2nd degree it has the Gon's leap and the camel's: one "
            "bit diagonally, then two more diagonally after a turn (one file across, three ranks up)."
        ),
        N_("Frag the enemy Lod' with a camel's leap."),
        "k5/6/1r4/6/6/T4K w",
        fragged("r"),
        "a1b4",
        N_("The Lod' is one file across and three ranks up from the Trigon'."),
    ),
    mob(
        "pixa",
        N_("The Pixa"),
        MOB_MOVES[PIXA],
        N_("Frag an enemy mob with your Pixa."),
        "k5/6/6/2nr2/3P2/5K w",
        frag_any,
        "d2c3",
        N_("A Pixa cannot frag straight ahead: only the mob diagonally forward can be fragged."),
    ),
    Lesson(
        id="rursus",
        title=N_("Rursus"),
        idea=RURSUS,
        goal=N_("Turn your Pixa into a Fej."),
        start=at("k5/3P2/6/6/6/5K w"),
        reached=has_more("Q"),
        solution=("d5d6q",),
        sections=(BASIC,),
        miss=N_("Move the Pixa one bit forward to the last rank and choose the Fej."),
    ),
    Lesson(
        id="mate",
        title=N_("Mate"),
        idea=N_(
            "A move may never leave your own Raj under flag. A Raj under flag with no move out is mated, "
            "and its side loses; with no move and no flag it is a draw."
        ),
        goal=N_("Mate the enemy Raj in one move."),
        start=at("k5/6/1K4/6/6/5R w"),
        reached=won,
        solution=("f1f6",),
        sections=(BASIC, LOCATION),
        miss=N_("Your Raj already guards the bits in front of the enemy Raj: flag it along its rank."),
    ),
    Lesson(
        id="warp",
        title=N_("Warp"),
        idea=N_(
            "When Warp is agreed, a Gon' may leave over a side border and come back from the other "
            "side (a Pixa also over the front). Not on a rhombus."
        ),
        goal=N_("Frag the enemy Lod' through the left border."),
        start=at("k5/6/6/5r/6/N3K1 w", warp=True),
        reached=fragged("r"),
        solution=("a1f3",),
        sections=(ARBITRARY,),
        miss=N_(
            "Leap one file to the left, off the board, and two ranks up: the Gon' lands on the right edge."
        ),
    ),
    Lesson(
        id="flex",
        title=N_("Raj flex"),
        idea=N_(
            "When Flex is agreed, your Raj may swap bits with your own Lod' along a line, or with your "
            "Slod' along a diagonal, when both stand on your half with nothing between them. Each kind "
            "once a game, and never out of or into a flag."
        ),
        goal=N_("Flex: swap your Raj and your Lod' in one move."),
        start=at("5k/2p3/6/6/6/R3K1 w", raj_flex=True),
        reached=swapped("a1", "e1"),
        solution=("e1a1",),
        sections=(ARBITRARY,),
        miss=N_("Select the Raj and choose the diamond on your Lod's bit: the two mobs swap."),
        selected=bit("e1"),
    ),
    Lesson(
        id="pair-flex",
        title=N_("Pair flex"),
        idea=N_(
            "With pair flex agreed, your Lod' and Slod' on neighbouring bits swap, anywhere on the "
            "location: at most 3 times a game, and the next one no earlier than your third move after it."
        ),
        goal=N_("Swap your Lod' and your Slod' with a pair flex."),
        start=at("4k1/6/6/6/2BR2/4K1 w", pair_flex=True),
        reached=swapped("c2", "d2"),
        solution=("d2c2",),
        sections=(ARBITRARY,),
        miss=N_("Select the Lod' and choose the diamond on the Slod's bit next to it."),
        selected=bit("d2"),
    ),
    Lesson(
        id="editor",
        title=N_("Editor"),
        idea=N_(
            "When Editor is agreed, after your move you may remove one empty border line that lies "
            "behind the moved mob: that line is out of play for good. The location is flat; the "
            "designer's 2.5D and 3D locations are not part of the game."
        ),
        goal=N_("Move your Lod' up from the bottom line, then remove that line, now empty."),
        start=at("5k/6/6/6/5K/1R4 w", editor=True),
        reached=cut_a_line,
        solution=("b1b4", "-1"),
        sections=(ARBITRARY, NOT_IN_SCOPE),
        miss=N_(
            "Only an empty line behind the move can go: move the Lod' north, so rank 1 is behind it and "
            "empty, then remove rank 1 in the panel."
        ),
        selected=bit("b1"),
    ),
    Lesson(
        id="picsbumm",
        title=N_("piCSbumm"),
        idea=N_(
            "When piCSbumm is agreed and an enemy Pixa leaps two bits over a bit your Pixa attacks, your "
            "Pixa may strike on the very next move: both Pixas leave the location."
        ),
        goal=N_("Black's Pixa just leaped from c5 to c3, over c4. Strike with piCSbumm."),
        start=at("5k/6/6/2pP2/6/4K1 w RBrb 0:3,0:3 c4c3 - - 2b 0 2", picsbumm=True),
        reached=bummed,
        solution=("d3c4!",),
        sections=(ARBITRARY,),
        miss=N_("Select your Pixa and choose the cross on c4, the bit the enemy Pixa leaped over."),
        selected=bit("d3"),
    ),
    Lesson(
        id="notation",
        title=N_("Notation"),
        idea=N_(
            "A bit is named by its file letter and rank number (a1 is the near left corner). A move is "
            "written as its two bits, e2e4; a rursus adds the new mob's letter: q Fej, r Lod', b Slod', "
            "n Gon', t Trigon'."
        ),
        goal=N_("Play c4c6n."),
        start=at("3r2/1r2k1/2P3/6/6/K5 w"),
        reached=on("c6", "N"),
        solution=("c4c6n",),
        sections=(NOTATION, BASIC),
        miss=N_(
            "c4c6n: the Pixa on c4 leaps two bits forward to c6, its finist line, and becomes a Gon' "
            "(n): choose the Gon' in the panel."
        ),
        selected=bit("c4"),
    ),
)

#: sections that are not rules, and why the lessons mapped to them teach them
SECTION_NOTES = {
    NOT_IN_SCOPE: "not a rule: what the game leaves out (2.5D/3D locations, dives); `editor`, the lesson on the "
    "location's shape, says the location is flat",
}

#: a small 6×6 location: each side's Lod', Gon', Raj, Fej, Slod' and Lod' behind six Pixas
FIRST_POSITION = "rnkqbr/pppppp/6/6/PPPPPP/RNKQBR w"

#: the guided first game (``#/dumaraj/learn/first-game``): a whole short game on the small
#: location above (no dice, no draws), Black's moves fixed; a tip at each of the learner's six moves
FIRST_GAME = guided_game(
    idea=N_(
        "A whole short game on a small location, with a tip at every move. The board marks a good move: "
        "play it, or choose your own (then Black answers on its own)."
    ),
    goal=N_("Win the game: mate the black Raj."),
    start=at(FIRST_POSITION),
    reached=won,
    solution=("d2d3", "c2c3", "b2b3", "b3a4", "d1b3", "b3b5"),
    replies=("a5a4", "b5a5", "e5e4", "f5f4", "c5b5"),
    sections=(BASIC, MOBS, LOCATION),
    tips=(
        N_(
            "Welcome to DumaRaj, a chess-like game of mobs on a location of bits. You are White, on a small "
            "location. Move the Pixa in front of your Fej one bit forward."
        ),
        N_(
            "The goal: mate the black Raj, that is, flag it (attack it) so that it cannot escape. Pixas open "
            "the way for the mobs behind them: move the next Pixa forward too."
        ),
        N_(
            "A Pixa fleps one bit forward or sideways, or leaps two, and never goes back. Move one more Pixa "
            "forward: it attacks the black Pixa diagonally ahead."
        ),
        N_(
            "To frag is to take an enemy mob's bit. A Pixa frags only one bit diagonally forward: frag the "
            "black Pixa."
        ),
        N_(
            "The Fej slides any distance along a line or a diagonal while the bits on its way are free. Your "
            "Pixas have opened the diagonal: bring the Fej out."
        ),
        N_(
            "Frag the Pixa next to the black Raj with your Fej: the Raj is under flag, its own mobs block it "
            "and your Fej guards the free bit, and your Pixa guards the Fej. Mate! Strategy: open lines for "
            "your long-range mobs, and protect the mob that gives the flag."
        ),
    ),
)


#: what the shared lesson screens ask of this game
BOOK = LessonBook(
    lessons=LESSONS, sections=SECTIONS, section_notes=SECTION_NOTES, first_game=FIRST_GAME, items=ITEMS
)
