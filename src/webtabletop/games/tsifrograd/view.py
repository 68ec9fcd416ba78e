"""Tsifrograd board, dice and prompts as SVG/HTML text (see core/view.py for the contract)."""

from __future__ import annotations

from webtabletop.core.grid import hex_corners
from webtabletop.core.svg import die, points, svg_open
from webtabletop.core.view import GameView, ViewContext, attrs_html, esc
from webtabletop.games.tsifrograd.rules import CROSS, EMPTY, PLAYER_NAMES, TsifroState

CELL = 40.0  # hex circumradius / square side in SVG units


class TsifrogradView(GameView):
    player_names = PLAYER_NAMES
    player_colours = ("#d9641e", "#2563c9")

    def board(self, state: TsifroState, ctx: ViewContext) -> str:
        grid = state.grid
        hexes = grid.kind == "hex"
        w, h = grid.width * CELL, grid.height * CELL
        pad = 6
        out = [svg_open(w + 2 * pad, h + 2 * pad, f"{state.options.describe()} board, {grid.size} cells")]
        out.append(f'<g transform="translate({pad},{pad})">')
        placing = ctx.interactive and state.phase != CROSS and not state.is_over
        crossing = ctx.interactive and state.phase == CROSS
        targets = set(state.targets) if state.phase == CROSS else set()
        names = grid.names
        for i, (cx, cy) in enumerate(grid.centres):
            x, y = cx * CELL, cy * CELL
            owner = state.owners[i]
            crossed = state.crossed[i]
            classes = ["cell"]
            act = None
            if owner == EMPTY:
                classes.append("empty")
                label = f"{names[i]}: empty"
                if placing:
                    classes.append("legal")
                    act = str(i)
                    label += f", place {state.number} here"
            else:
                classes.append(f"p{owner}")
                label = f"{names[i]}: {PLAYER_NAMES[owner]} {state.values[i]}"
                if crossed:
                    classes.append("crossed")
                    label += ", crossed out"
                if i in targets:
                    classes.append("target")
                    if crossing:
                        act = f"x{i}"
                        label += ", can be crossed out"
            if i == state.last:
                classes.append("last")
                label += ", last placed"
            if i == state.last_cross:
                classes.append("last-cross")
            a = attrs_html(
                class_=" ".join(classes),
                data_move=act,
                data_key=f"cell-{i}",
                role="button" if act else "img",
                tabindex="0" if act else None,
                aria_label=label,
            )
            if hexes:
                shape = f'<polygon points="{points(hex_corners(x, y, CELL * 0.96))}"/>'
            else:
                s = CELL * 0.94
                shape = f'<rect x="{x - s / 2:g}" y="{y - s / 2:g}" width="{s:g}" height="{s:g}" rx="5"/>'
            text = ""
            if owner != EMPTY:
                text = f'<text x="{x:g}" y="{y:g}">{state.values[i]}</text>'
                if crossed:
                    d = CELL * 0.42
                    text += f'<path class="strike" d="M{x - d:g} {y - d:g}L{x + d:g} {y + d:g}M{x + d:g} {y - d:g}L{x - d:g} {y + d:g}"/>'
            elif ctx.prefs.get("coords", True):
                text = f'<text class="name" x="{x:g}" y="{y:g}">{names[i]}</text>'
            out.append(f"<g {a}><title>{esc(label)}</title>{shape}{text}</g>")
        out.append("</g></svg>")
        return "".join(out)

    def panel(self, state: TsifroState, ctx: ViewContext) -> str:
        if state.is_over:
            return ""
        who = PLAYER_NAMES[state.player]
        if state.options.variant == "proximity":
            roll = f'<div class="army p{state.player}" role="img" aria-label="army of {state.number}">{state.number}</div>'
            caption = f"{who}'s army"
        else:
            roll = die(state.roll[0]) + die(state.roll[1])
            caption = f"{who} rolled {state.roll[0]} + {state.roll[1]} = <b>{state.number}</b>"
        html = (
            f'<div class="roll" aria-live="polite"><div class="dice">{roll}</div><div>{caption}</div></div>'
        )
        if state.phase == CROSS and ctx.interactive:
            html += (
                '<div class="choice"><p>Cross out one highlighted number — or keep the peace:</p>'
                '<button type="button" class="btn" data-move="-" data-key="decline">Decline (cross nothing)</button></div>'
            )
        elif state.grace_active() and state.options.variant != "proximity":
            left = state.options.grace_turns - state.turns[state.player]
            html += f'<p class="note">Opening grace: no crossing for {left} more turn{"s" if left != 1 else ""} of {who}.</p>'
        return html

    def status(self, state: TsifroState) -> list[tuple[str, str]]:
        a, b = state.crossings
        ta, tb = state.totals()
        filled = sum(1 for o in state.owners if o != EMPTY)
        if state.options.variant == "proximity":
            rows = [("Total (score)", f"{ta} · {tb}"), ("Captures", f"{a} · {b}")]
        elif state.options.variant == "tsifroshturm":
            rows = [("Total (score)", f"{ta} · {tb}"), ("Crossed out", f"{a} · {b}")]
        else:
            rows = [("Crossed out (score)", f"{a} · {b}"), ("Totals", f"{ta} · {tb}")]
        rows.append(("Cells filled", f"{filled} / {len(state.owners)}"))
        return rows

    def prompt(self, state: TsifroState, ctx: ViewContext) -> str:
        who = PLAYER_NAMES[state.player]
        if state.phase == CROSS:
            return f"{who}: cross out a highlighted number, or decline."
        if state.options.variant == "proximity":
            return f"{who}: place your army of {state.number} on an empty cell."
        return f"{who}: write your {state.number} into an empty cell."

    def options_help(self) -> dict[str, str]:
        return {
            "variant": "Tsifrograd (tactical), Tsifroshturm (quick, simple crossing) or Proximity (the classic).",
            "board": "Hex grid (default) or square grid.",
            "radius": "Hexagon radius: 3 = 37 cells (normal), 4 = 61 cells (large); 2 to 6.",
            "width": "Square board width, 3 to 12.",
            "height": "Square board height, 3 to 12.",
            "adjacency": "Square boards: 4 (sides) or 8 (sides and corners) neighbours.",
            "grace": "Each player's first turns without crossing. Empty = variant default (3 in Tsifroshturm, 0 in Tsifrograd).",
        }

    def rules_html(self) -> str:
        return RULES_HTML


RULES_HTML = """
<h2>Common frame</h2>
<ul>
<li>Two players, <b class="p0">Orange</b> (moves first) and <b class="p1">Blue</b>. Players alternate; a turn cannot be skipped;
play goes on until every cell is filled.</li>
<li>Each turn two dice are rolled for the player (shown beside the board); the player writes the <b>sum (2–12)</b> into any
empty cell. The number belongs to that player.</li>
<li>Cells <i>touch</i> when they are neighbours: six neighbours on the hex grid (default); on a square grid four (sides) or
eight (sides and corners), as chosen before the game.</li>
<li>A crossed-out number stays on the board (the cell stays filled) but counts for nothing: it is not a neighbour, not an
attacker, not a defender and not in any sum.</li>
<li>Boards: normal hexagon (37 cells), large hexagon (61), squares 6×6 and 8×8, or custom sizes (hexagon radius 2–6,
squares 3–12 per side).</li>
</ul>
<h2>Tsifrograd</h2>
<p>After writing number <b>N</b> in a cell, the player <b>may cross out one</b> enemy number <b>E</b> if all hold:</p>
<ol>
<li>E touches the new cell and is not crossed out;</li>
<li>the new cell touches at least one other un-crossed number of the player; let <b>M</b> be the largest of them;</li>
<li><b>N + M &gt; E + D</b>, where D is the largest un-crossed number of E's owner touching E (0 if there is none).</li>
</ol>
<p>Example 1: Orange writes 5 next to its 9 and crosses out a Blue 7 whose best friend is a 6, because 9 + 5 = 14 &gt;
7 + 6 = 13.</p>
<p>Example 2: a Blue 9 standing next to a Blue 11 needs more than 9 + 11 = 20. Orange, whose biggest numbers there are
a 5 and a 6 (5 + 6 = 11), cannot touch it, whatever it writes; it would need something like a 12 placed beside its own 9.</p>
<p>Crossing happens only at the moment of the move, so placing next to enemies is otherwise safe. At most one number is
crossed out per turn; the eligible numbers light up and the player picks one or declines.</p>
<p><b>Winner:</b> whoever crossed out more enemy numbers. Equal counts: <b>the second player (Blue) wins</b>.</p>
<h2>Tsifroshturm (quick variant)</h2>
<p>Simple crossing: after writing N, the player may cross out one touching enemy number that is strictly lower than N —
no own neighbour needed. <b>Winner:</b> the higher total of the player's un-crossed numbers; equal totals: the second
player wins.</p>
<h2>Opening grace</h2>
<p>An option of both variants: no crossing during each player's first <i>k</i> turns. Default 3 in Tsifroshturm (so
Orange may first cross on its 4th turn) and 0 in Tsifrograd.</p>
<h2>Proximity (the classic this game descends from)</h2>
<p>Each turn the player receives an army of 1–20 (shown before placing) and places it on an empty cell. Every touching
enemy cell with a <i>smaller</i> army is captured (it changes owner and keeps its value); every touching own cell is
reinforced by +1. When the board is full, the higher total of owned values wins; equal totals are a draw.</p>
<h2>Decisions we made</h2>
<ul>
<li>The source's board pictures are lost: the preset sizes above are our choice.</li>
<li>Tsifrograd: one crossing per turn at most, chosen by the player, optional.</li>
<li>Tsifroshturm: equal totals go to the second player, as in Tsifrograd.</li>
<li>Proximity follows the original Flash game (capture smaller touching enemies, +1 to touching friends); the score is
the total of owned armies. Reinforcement has no upper limit; captured cells keep their value; no blocked cells; equal
totals draw. Opening grace does not apply to Proximity.</li>
<li>The digest's phrase “Orange cannot cross a 9 standing next to an 11” is read in its source context (Orange's
numbers there are a 5 and a 6): with a 12 beside an own 9, crossing it is possible (21 &gt; 20).</li>
<li>Dice are rolled by the app from the game's seed, so a shared link replays the very same rolls.</li>
</ul>
<h2>Playing here</h2>
<p>Click (or tap, or Tab to and press Enter on) a highlighted cell to write your number. When you may cross out, the
eligible enemy numbers are highlighted: click one, or press “Decline”. ← / → step through the moves, Home / End jump,
U undoes.</p>
"""

VIEW = TsifrogradView()
