"""The in-app rules page of Tsifrograd, Tsifroshturm and Proximity, with example pictures.

The pictures are not drawings: each is a position built with the rules API
(:func:`~webtabletop.games.tsifrograd.rules.state_from_cells`), the example's number written
with :meth:`TsifroState.apply`, and the result drawn by the game's own board view. So a picture
shows what the rules do, and the tests check that each caption says the same (``EXAMPLES``).
Every text is marked for translation (``N_``) and translated when the page is shown.
"""

from __future__ import annotations

import attrs

from webtabletop.core.view import ViewContext, esc
from webtabletop.games.tsifrograd.options import TsifrogradOptions
from webtabletop.games.tsifrograd.rules import Place, TsifroState, state_from_cells
from webtabletop.i18n import N_, _

ORANGE, BLUE = 0, 1
#: the examples' board: the hexagon of radius 2 (rows a..e, centre c3)
EXAMPLE_OPTIONS = TsifrogradOptions(radius=2)


@attrs.frozen
class Example:
    """Orange writes ``number`` into ``cell`` with ``before`` on the board; ``targets`` are the
    cells it may then cross out (what the caption claims)."""

    title: str
    caption: str
    before: dict[str, tuple[int, int]]
    cell: str
    number: int
    targets: tuple[str, ...]

    def position(self) -> TsifroState:
        roll = (min(6, self.number - 1), self.number - min(6, self.number - 1))
        return state_from_cells(EXAMPLE_OPTIONS, self.before, player=ORANGE, roll=roll)

    def after(self) -> TsifroState:
        state = self.position()
        return state.apply(Place(state.grid.index_of(self.cell)))


EXAMPLES = (
    Example(
        N_("Example 1 (from the source)"),
        N_(
            "Orange writes a 5 into c3. The Blue 7 (b3) touches Orange's 9 (c4): 5 + 9 = 14 is more "
            "than 7 + 6 = 13 (the 7 and its best friend, the 6), so the 7 may be crossed out."
        ),
        {"b3": (BLUE, 7), "a3": (BLUE, 6), "c4": (ORANGE, 9)},
        "c3",
        5,
        ("b3",),
    ),
    Example(
        N_("Example 2: the 9 need not touch the 5"),
        N_(
            "The same 7 and 6; Orange's 9 (b4) touches the 7 but not the 5 written into c3. "
            "The 7 touches another Orange number, and 5 + 9 = 14 > 13: it may be crossed out."
        ),
        {"b3": (BLUE, 7), "a3": (BLUE, 6), "b4": (ORANGE, 9)},
        "c3",
        5,
        ("b3",),
    ),
    Example(
        N_("Example 3: a 9 beside the 5 only does not help"),
        N_(
            "Orange's 9 (d3) touches the 5 written into c3 but not the Blue 7 (whose friend is the "
            "6). The 7 touches no other Orange number, so it cannot be crossed out, although "
            "5 + 9 = 14 > 13."
        ),
        {"b3": (BLUE, 7), "a3": (BLUE, 6), "d3": (ORANGE, 9)},
        "c3",
        5,
        (),
    ),
    Example(
        N_("Example 4 (from the source)"),
        N_(
            "The Blue 9 (b3) stands next to a Blue 11 (a3): 9 + 11 = 20. Orange's 4, 6 and 5 all "
            "touch the 9, but whichever of them came last, the two biggest make only 5 + 6 = 11."
        ),
        {"b3": (BLUE, 9), "a3": (BLUE, 11), "c4": (ORANGE, 4), "b2": (ORANGE, 6)},
        "c3",
        5,
        (),
    ),
)

#: each section: (tag, text) pairs, one msgid per heading, paragraph or list item
COMMON = (
    ("h2", N_("Common frame")),
    ("open", "ul"),
    (
        "li",
        N_(
            'Two players, <b class="p0">Orange</b> (moves first) and <b class="p1">Blue</b>. Players alternate; a turn cannot be skipped; play goes on until every cell is filled.'
        ),
    ),
    (
        "li",
        N_(
            "Each turn two dice are rolled for the player (shown beside the board); the player writes the <b>sum (2–12)</b> into any empty cell. The number belongs to that player."
        ),
    ),
    (
        "li",
        N_(
            "Cells <i>touch</i> when they are neighbours: six neighbours on the hex grid (default); on a square grid four (sides) or eight (sides and corners), as chosen before the game."
        ),
    ),
    (
        "li",
        N_(
            "A crossed-out number stays on the board (the cell stays filled) but counts for nothing: it is not a neighbour, not an attacker, not a defender and not in any sum."
        ),
    ),
    (
        "li",
        N_(
            "Boards: normal hexagon (37 cells), large hexagon (61), squares 6×6 and 8×8, or custom sizes (hexagon radius 2–6, squares 3–12 per side)."
        ),
    ),
    ("close", "ul"),
)

CROSSING = (
    ("h2", N_("Tsifrograd")),
    (
        "p",
        N_(
            "After writing number <b>N</b> in a cell, the player <b>may cross out one</b> enemy number <b>E</b> if all hold:"
        ),
    ),
    ("open", "ol"),
    ("li", N_("E touches the new cell and is not crossed out;")),
    (
        "li",
        N_(
            "<b>E</b> touches at least one other un-crossed number of the player besides N; let <b>M</b> be the largest of them (M touches E; it need not touch the new cell);"
        ),
    ),
    (
        "li",
        N_(
            "<b>N + M &gt; E + D</b>, where D is the largest un-crossed number of E's owner touching E (0 if there is none)."
        ),
    ),
    ("close", "ol"),
)

AFTER_EXAMPLES = (
    (
        "p",
        N_(
            "Crossing happens only at the moment of the move, so placing next to enemies is otherwise safe. At most one number is crossed out per turn; the eligible numbers light up and the player picks one or declines."
        ),
    ),
    (
        "p",
        N_(
            "<b>Winner:</b> whoever crossed out more enemy numbers. Equal counts: <b>the second player (Blue) wins</b>."
        ),
    ),
)

VARIANTS = (
    ("h2", N_("Tsifroshturm (quick variant)")),
    (
        "p",
        N_(
            "Simple crossing: after writing N, the player may cross out one touching enemy number that is strictly lower than N — no own neighbour needed. <b>Winner:</b> the higher total of the player's un-crossed numbers; equal totals: the second player wins."
        ),
    ),
    ("h2", N_("Opening grace")),
    (
        "p",
        N_(
            "An option of both variants: no crossing during each player's first <i>k</i> turns. Default 3 in Tsifroshturm (so Orange may first cross on its 4th turn) and 0 in Tsifrograd."
        ),
    ),
    ("h2", N_("Proximity (the classic this game descends from)")),
    (
        "p",
        N_(
            "Each turn the player receives an army of 1–20 (shown before placing) and places it on an empty cell. Every touching enemy cell with a <i>smaller</i> army is captured (it changes owner and keeps its value); every touching own cell is reinforced by +1. When the board is full, the higher total of owned values wins; equal totals are a draw."
        ),
    ),
)

DECISIONS = (
    ("h2", N_("Decisions we made")),
    ("open", "ul"),
    ("li", N_("The source's board pictures are lost: the preset sizes above are our choice.")),
    ("li", N_("Tsifrograd: one crossing per turn at most, chosen by the player, optional.")),
    ("li", N_("Tsifroshturm: equal totals go to the second player, as in Tsifrograd.")),
    (
        "li",
        N_(
            "Proximity follows the original Flash game (capture smaller touching enemies, +1 to touching friends); the score is the total of owned armies. Reinforcement has no upper limit; captured cells keep their value; no blocked cells; equal totals draw. Opening grace does not apply to Proximity."
        ),
    ),
    (
        "li",
        N_(
            "The digest's phrase “Orange cannot cross a 9 standing next to an 11” is read in its source context (Orange's numbers around the 9 are a 4, a 5 and a 6): with a 12 touching the 9, writing a 9 next to it crosses it (21 &gt; 20)."
        ),
    ),
    (
        "li",
        N_("Dice are rolled by the app from the game's seed, so a shared link replays the very same rolls."),
    ),
    (
        "li",
        N_(
            "What a link or a saved game reveals: it holds the game's seed, and the seed fixes every future dice roll, so a player who decodes a share link, a saved game or a record file can know the dice still to come."
        ),
    ),
    ("close", "ul"),
)

#: the "Rules history" (shown last on the page, app/widgets/pages.py): the correction of rules version 2
HISTORY = (
    ("h3", N_("Corrections (rules version 2)")),
    ("open", "ul"),
    (
        "li",
        N_(
            "Who must touch M: the source says «Если вы поставили свое число вплотную к уже стоящим цифрам врага, и она соприкасается как минимум еще с одним вашим числом — вы можете зачеркнуть ее» (“if you put your number right next to the enemy's digits, and <i>it</i> touches at least one more of your numbers, you may cross <i>it</i> out”). «Она» (“it”) is the enemy digit, the one crossed out, so M touches E, not the new number. The source's second example fits only this reading: all three Orange digits stand around the enemy 9."
        ),
    ),
    (
        "li",
        N_(
            "Games recorded before this correction (links, saved games, record files) are replayed under the corrected rule; one whose moves the corrected rule no longer allows opens at its last allowed move, with a note, and the original is kept."
        ),
    ),
    ("close", "ul"),
)

PLAYING = (
    ("h2", N_("Playing here")),
    (
        "p",
        N_(
            "Click (or tap, or Tab to and press Enter on) a highlighted cell to write your number, or drag the dice onto it. When you may cross out, the eligible enemy numbers are highlighted with a dashed red edge: click one, or press “Decline”. ← / → step through the moves, Home / End jump, U undoes."
        ),
    ),
)

FIGURE_STYLE = "display:inline-block;vertical-align:top;width:15rem;max-width:100%;margin:0 1rem 1rem 0"


def example_figure(view, example: Example) -> str:
    """One example as a figure: the board after Orange wrote its number, and the caption."""
    board = view.draw(example.after(), ViewContext(interactive=False), cls="board rules-example")
    return (
        f'<figure class="rules-example" style="{FIGURE_STYLE}">{board}'
        f"<figcaption><b>{esc(_(example.title))}</b><br>{esc(_(example.caption))}</figcaption></figure>"
    )


def section(parts) -> str:
    """A section's HTML: each text translated on its own (the texts hold simple inline markup)."""
    out = []
    for tag, text in parts:
        if tag == "open":
            out.append(f"<{text}>")
        elif tag == "close":
            out.append(f"</{text}>")
        else:
            out.append(f"<{tag}>{_(text)}</{tag}>")
    return "\n".join(out)


def history() -> str:
    """The "Rules history" section's content."""
    return section(HISTORY)


def render(view) -> str:
    """The whole rules page (HTML), in the current language."""
    figures = "".join(example_figure(view, example) for example in EXAMPLES)
    legend = _(
        "In the pictures the number just written has a yellow edge; a number that may be crossed out has a "
        "dashed red edge."
    )
    return (
        section(COMMON)
        + section(CROSSING)
        + f"<p>{esc(legend)}</p><div class='rules-examples'>{figures}</div>"
        + section(AFTER_EXAMPLES)
        + section(VARIANTS)
        + section(DECISIONS)
        + section(PLAYING)
    )
