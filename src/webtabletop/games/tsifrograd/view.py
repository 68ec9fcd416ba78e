"""Tsifrograd board, dice and prompts as SVG/HTML text (see core/view.py for the contract)."""

from __future__ import annotations

from webtabletop.core.grid import hex_corners
from webtabletop.core.svg import die, points, svg_open
from webtabletop.core.view import GameView, ViewContext, attrs_html, esc
from webtabletop.games.tsifrograd import rules_page
from webtabletop.games.tsifrograd.rules import CROSS, EMPTY, PLAYER_NAMES, TsifroState
from webtabletop.i18n import _

CELL = 40.0  # hex circumradius / square side in SVG units


class TsifrogradView(GameView):
    player_names = PLAYER_NAMES
    player_colours = ("#d9641e", "#2563c9")

    def board(self, state: TsifroState, ctx: ViewContext) -> str:
        return self.draw(state, ctx)

    def draw(self, state: TsifroState, ctx: ViewContext, cls: str = "board") -> str:
        """The board as SVG; ``cls`` names the drawing (the rules page's pictures use their own)."""
        grid = state.grid
        hexes = grid.kind == "hex"
        w, h = grid.width * CELL, grid.height * CELL
        pad = 6
        out = [
            svg_open(w + 2 * pad, h + 2 * pad, f"{state.options.describe()} board, {grid.size} cells", cls)
        ]
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
                    label = self.target_label(state, i)
                    if crossing:
                        act = f"x{i}"
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

    @staticmethod
    def target_label(state: TsifroState, cell: int) -> str:
        """What a number that may be crossed out says (to screen readers and as its tooltip)."""
        name, owner = state.grid.names[cell], PLAYER_NAMES[state.owners[cell]]
        if state.options.variant != "tsifrograd":
            return _("{cell}: {player} {value}, can be crossed out ({number} is more)").format(
                cell=name, player=owner, value=state.values[cell], number=state.number
            )
        n, m, e, d = state.crossing_sums(cell)
        return _(
            "{cell}: {player} {value}, can be crossed out: {number} + {friend} = {attack} is more than "
            "{value} + {defender} = {defence}"
        ).format(
            cell=name, player=owner, value=e, number=n, friend=m, attack=n + m, defender=d, defence=e + d
        )

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
        return rules_page.render(self)


VIEW = TsifrogradView()
