"""The DumaRaj rules page (HTML), built when shown so that it speaks the chosen language.

Each paragraph or list item is one translatable sentence group (markup inside, placeholders by
name). Each mob is shown by its picture, its name and its moves drawn on a small board; its Betza
code only in a folded block (:func:`betza_html`). The "Corrections" (:func:`history_html`, shown
last under "Rules history") say, for each change of rules version 2, which words of the source
(``shared/seeds/dumaraj-moves.ru.txt``) the decision rests on; the quotes stay in Russian.
"""

from __future__ import annotations

from webtabletop.core.view import esc
from webtabletop.games.dumaraj.rules.endings import DRAW_MOVES, PLY_CAP
from webtabletop.games.dumaraj.rules.pieces import MOBS, TRIGON
from webtabletop.i18n import _, pgettext


def _mob_rows() -> str:
    from webtabletop.games.dumaraj.rules.texts import mob_name
    from webtabletop.games.dumaraj.ui.glyphs import mob_diagram

    rows = []
    for kind, mob in MOBS.items():
        diagrams = mob_diagram(kind)
        if kind == TRIGON:
            diagrams = " ".join(mob_diagram(kind, d) for d in (1, 2, 3))
        rows.append(f"<tr><th scope='row'>{esc(mob_name(kind))} ({mob.letter})</th><td>{diagrams}</td></tr>")
    return "".join(rows)


def betza_html() -> str:
    """Each mob's moves in Betza notation, folded away: only for readers who know it."""
    from webtabletop.games.dumaraj.rules.texts import mob_name

    rows = "".join(
        f"<tr><th scope='row'>{esc(mob_name(kind))}</th><td><code>"
        f"{esc(_('C / NC / NCZ (by degree)') if kind == TRIGON else mob.betza)}</code></td></tr>"
        for kind, mob in MOBS.items()
    )
    summary = _("For those who know Betza notation")
    text = _(
        "Betza notation writes a piece's moves in letters, as chess variant engines such as Fairy-Stockfish "
        "read them: K, Q, R, B and N move as the chess king, queen, rook, bishop and knight; W and F are one "
        "step orthogonally and diagonally, D a leap of two orthogonally, C the camel's leap and Z the zebra's; "
        "m only to an empty bit, c only to frag, f forward, s sideways."
    )
    return (
        f"<details class='betza'><summary>{esc(summary)}</summary><p>{esc(text)}</p>"
        f"<table class='mobs-betza'>{rows}</table></details>"
    )


def _items(items: list[str]) -> str:
    return "".join(f"<li>{item}</li>" for item in items)


def rules_html() -> str:
    n, cap = DRAW_MOVES, PLY_CAP
    intro = _(
        "Two players (White moves first, then Black) move <b>mobs</b> on a <b>location</b> of <b>bits</b>. "
        "A <b>flep</b> moves a mob to an empty bit; a <b>frag</b> removes an enemy mob and takes its bit; "
        "a <b>flag</b> is a threat to frag. Leave your Raj under flag and you lose: <b>mate</b> = no legal move "
        "with the Raj under flag (stalemate = draw)."
    )
    draws = _(
        "Draws: the same position for the third time; {n} moves in a row without <b>progress</b>; by "
        "agreement (offered and accepted in the app, outside the move list); and when the game reaches "
        "{cap} plies (an Editor choice counts as a ply). Progress is what can never be undone: a frag "
        "(piCSbumm too), a rursus, a forward Pixa move (without Warp) and a removed line. Flexes, "
        "sideways Pixa moves and every other move leave the count running, so every game ends."
    ).format(n=n, cap=cap)
    arbitrary = [
        _(
            "<b>Raj flex</b>: the Raj swaps with its own Lod' (orthogonal line) or Slod' (diagonal line) with "
            "nothing between, both on their own half; at most once with each (2 per game); not under flag, "
            "not into flag."
        ),
        _(
            "<b>Pair flex</b>: own Lod' and Slod' on neighbouring bits swap; at most 3 per game. After a pair "
            "flex on your own move n, the next one may come on your own move n+3."
        ),
        _(
            "<b>Editor</b>: after a move, remove one completely empty outer line <i>behind</i> the moved mob; "
            "the location never gets smaller than 4×4. The lines behind a move are those behind each "
            "straight part of its path: a Lod' leaves one line behind, a Slod' two, a Gon' two (for example "
            "north then east: the southern rank and the western file) and a Trigon' camel three (for "
            "example north-east then north-west: the southern rank and both side files)."
        ),
        _(
            "<b>Warp</b>: Gon' crosses the flank borders, Pixa the flank and front borders, and comes back on "
            "the other side (not on a rhombus)."
        ),
        _(
            "<b>piCSbumm</b>: when a Pixa leaps 2 over a bit an enemy Pixa attacks, that Pixa may strike on the "
            "very next move: the leaper and the striker leave the location (and a Pixa of the leaper's side "
            "that was leaped over)."
        ),
        _("<b>Raj capture</b>: no mate rule; whoever frags the enemy Raj wins."),
    ]
    decisions = [
        _(
            "Each side's half: the ranks nearer to it; the middle rank of an odd number of ranks belongs to "
            "neither half; after Editor cuts the halves are counted on the ranks still in play."
        ),
        _('Raj flex may pass over bits under flag (only "not under flag" and "not into flag" apply).'),
        _(
            "Editor: a leap goes along the path of its own kind: a knight leap orthogonally 1 then 2 (or 2 "
            "then 1), a camel diagonally 1 then 2, a zebra (3rd degree) one orthogonal and one diagonal part; "
            "every path of a leap to the same bit leaves the same lines. A flex moves along its line (the Raj's "
            "or the Lod''s part); piCSbumm from the striker to the leaped-over bit."
        ),
        _(
            "Editor under Warp: a Warp move counts the way it went round. When a leap 2 files sideways on a "
            "4-file location reaches the same bit both ways round, no side file is behind it."
        ),
        _(
            "Editor: a line whose removal would leave a Pixa on its finist line cannot be removed. Under Warp, "
            "a cut that would put one's own Raj under flag is not offered. The Editor phase also follows a "
            'mating move (the result is decided after it), but not a move that frags a Raj under "Raj '
            'capture" (the game is over). The Editor choice is a move of its own ("-a", "-1", or "-" to '
            "keep the location); the turn passes after it."
        ),
        _(
            "Warp wraps around the current location (after removed lines). A Pixa leaping 2 forward over the "
            "front border lands on its own back rank (no rursus: it did not end on the finist line); a Pixa "
            "move under Warp is therefore not progress."
        ),
        _(
            "piCSbumm: also after a sideways leap; a leap ending in rursus cannot be struck; a Pixa of the "
            "striker's side on the leaped-over bit stays."
        ),
        _(
            "Threefold repetition, the {n}-move rule and the {cap}-ply limit end the game at once (no claim "
            "needed). The limit keeps every game short enough to share and to open quickly; the rules alone "
            "would end a game on the full location only after tens of thousands of plies."
        ).format(n=n, cap=cap),
    ]
    h_mobs, h_arb, h_dec = (
        pgettext("DumaRaj", "Mobs"),
        _("Arbitrary moves (only when agreed before the game)"),
        _("Decisions where the source is silent"),
    )
    h_not, h_ni = pgettext("DumaRaj", "Notation"), pgettext("DumaRaj", "Not implemented")
    p_dots = _(
        "Blue dots: fleps; red rings: frags (Pixa shown for White, moving up; Trigon’ shown for degrees 1, 2, 3)."
    )
    title = _("DumaRaj")
    not_implemented = [
        _("2.5D and 3D locations (bit sides, corners and edges of cubes)."),
        _('"Dive" moves to the reverse side of the location.'),
        _(
            "Moves bound to time, to coordinates or to parts of the location (mentioned by the source as algorithmic)."
        ),
    ]
    return (
        f"\n<h2>{esc(title)}</h2>\n"
        f"<p>{intro}</p>\n<p>{draws}</p>\n"
        f"<h3>{h_mobs}</h3>\n"
        f"<p>{p_dots}</p>\n"
        f'<table class="mobs">{_mob_rows()}</table>\n'
        f"{betza_html()}\n"
        "<p>"
        + _(
            "<b>Rursus</b>: a Pixa ending its move on its finist line (the farthest rank in play) becomes a Fej, "
            "Lod', Slod', Gon' or Trigon' (your choice). Presets: Grand 10×10 (default) and Classic 8×8 (no Trigon')."
        )
        + "</p>\n"
        f"<h3>{h_arb}</h3>\n<ul>{_items(arbitrary)}</ul>\n"
        f"<h3>{h_dec}</h3>\n<ul>{_items(decisions)}</ul>\n"
        f"<h3>{h_not}</h3>\n<p>"
        + _(
            "Moves: <code>e2e4</code>, rursus <code>a9a10q</code> (q r b n t), flex <code>e1h1</code>, piCSbumm "
            "<code>d4e5!</code>, Editor <code>-a</code> / <code>-1</code> / <code>-</code>. Positions: FEN-like text "
            "with fields for the side to move, flexes, pair flexes, piCSbumm, the area, the Editor phase, the rules "
            "and the counters; position text written before the corrections is still read."
        )
        + "</p>\n"
        f"<h3>{h_ni}</h3>\n<ul>{_items(not_implemented)}</ul>\n"
    )


def history_html() -> str:
    """The rules page's "Rules history": the corrections of rules version 2, each with the words
    of the source it rests on, and what happens to games recorded before them."""
    n = DRAW_MOVES
    corrections = [
        _(
            "Editor lines along the path: «Тригонь. Позади фигуры, после совершённого хода, три линии, "
            "полностью прилегающих к границе» (and one line for the Lod', two for the Slod' and the Gon'). "
            "A single straight vector gave a camel only two lines."
        ),
        _(
            "Pair flex again on the third own move after one: «Флекс возможно повторить только через 3 хода» — a pair flex on own "
            "move n allows the next one on own move n+3 (it used to be n+4)."
        ),
        _(
            "Progress: a Pixa moves «Шаг на 1 бит. Прыжок через 1 бит» and its moves are «запрещены в сторону "
            "линии превращения своей половины локации», so a sideways Pixa move can be undone and a forward one "
            "cannot (unless Warp brings the Pixa round); a removed line «выводится из игры». Only frags, rursus, "
            "forward Pixa moves and removed lines restart the {n}-move count and the repetition count; a sideways "
            "Pixa move used to restart both, so a cycle with one in it never ended."
        ).format(n=n),
        _(
            "Games recorded before these corrections open under the corrected rules, at their last position "
            "the corrected rules allow, with the reason."
        ),
    ]
    return f"<h3>{esc(_('Corrections (rules version 2)'))}</h3>\n<ul>{_items(corrections)}</ul>\n"
