"""Tsifrograd board, dice and prompts as SVG/HTML text (see core/view.py and docs/board.md).

Board contract (docs/board.md), all derived from the state, ``ctx.previous`` and ``ctx.last_move``:
- every written number is ``data-piece="n<cell>"`` (its key is its cell: numbers never move);
  the dice in the panel are ``data-piece="dice"``; the number just written says
  ``data-from="dice"`` (it flies from the dice) and its cell ``data-anim="place"``;
- a number just crossed out: ``data-anim="cross"``; a Proximity cell just captured:
  ``data-anim="capture"``; the dice after a new roll: ``data-anim="roll"``;
- ``data-changed`` on every cell whose owner, value or cross the last move changed;
- ``class="legal"`` on the free cells (placing) and on the crossing targets (crossing);
- the dice are ``data-drag="dice"`` and every free cell ``data-drop="<cell>"``: dragging the
  number onto a cell is ``pick("dice")`` (nothing happens) then ``pick("<cell>")`` (the move);
- ``data-hint`` on the cell (and the dice, for a placement) of ``ctx.hint``.
Every word goes through gettext; player and variant names are marked ``N_`` where defined.
"""

from __future__ import annotations

from webtabletop.core.grid import hex_corners
from webtabletop.core.svg import die, points, svg_open
from webtabletop.core.textboard import TextBoard
from webtabletop.core.view import GameView, PickResult, ViewContext, attrs_html, esc
from webtabletop.games.tsifrograd import rules_page, text
from webtabletop.games.tsifrograd.describe import describe
from webtabletop.games.tsifrograd.options import variant_name
from webtabletop.games.tsifrograd.rules import CROSS, EMPTY, PLAYER_NAMES, TsifroState
from webtabletop.i18n import N_, _, ngettext

CELL = 40.0  # hex circumradius / square side in SVG units
DICE = "dice"  # the dice's data-piece key and drag token

OPTION_LABELS = {
    "variant": N_("Variant"),
    "board": N_("Board"),
    "radius": N_("Hexagon radius"),
    "width": N_("Width"),
    "height": N_("Height"),
    "adjacency": N_("Neighbours"),
    "grace": N_("Opening grace"),
}
CHOICE_LABELS = {
    ("board", "hex"): N_("Hex grid"),
    ("board", "square"): N_("Square grid"),
    ("_preset", "normal"): N_("Normal hexagon (37 cells)"),
    ("_preset", "large"): N_("Large hexagon (61 cells)"),
    ("_preset", "square6"): N_("Square 6×6"),
    ("_preset", "square8"): N_("Square 8×8"),
}


def player(p: int) -> str:
    return _(PLAYER_NAMES[p])


def changed_cells(state: TsifroState, previous) -> set[int]:
    """Cells whose owner, value or cross differ from the previous position."""
    if not isinstance(previous, TsifroState) or len(previous.owners) != len(state.owners):
        return set()
    return {
        i
        for i in range(len(state.owners))
        if (state.owners[i], state.values[i], state.crossed[i])
        != (previous.owners[i], previous.values[i], previous.crossed[i])
    }


def hint_cell(ctx: ViewContext) -> int | None:
    code = ctx.hint or ""
    body = code[1:] if code.startswith("x") else code
    return int(body) if body.isdigit() else None


class TsifrogradView(GameView[TsifroState]):
    player_names = PLAYER_NAMES
    player_colours = ("#d9641e", "#2563c9")
    changed_cells = staticmethod(changed_cells)

    def seed_help(self) -> str:
        return _("Leave empty for a random game; the same seed gives the same dice.")

    def board(self, state: TsifroState, ctx: ViewContext) -> str:
        return self.draw(state, ctx)

    def cell_label(self, state: TsifroState, i: int, placing: bool) -> str:
        """A cell's accessible name: its name and, in words, what stands there."""
        name = state.grid.names[i]
        owner = state.owners[i]
        if owner == EMPTY:
            if placing:
                return _("{cell}: empty, write {number} here").format(cell=name, number=state.number)
            return _("{cell}: empty").format(cell=name)
        if state.phase == CROSS and i in state.targets:
            return self.target_label(state, i)
        if state.crossed[i]:
            text = _("{cell}: {player} {value}, crossed out")
        else:
            text = _("{cell}: {player} {value}")
        return text.format(cell=name, player=player(owner), value=state.values[i])

    def draw(self, state: TsifroState, ctx: ViewContext, cls: str = "board") -> str:
        """The board as SVG; ``cls`` names the drawing (the rules page's pictures use their own)."""
        grid = state.grid
        hexes = grid.kind == "hex"
        w, h = grid.width * CELL, grid.height * CELL
        pad = 6
        title = ngettext("{game} board, {n} cell", "{game} board, {n} cells", grid.size).format(
            game=state.options.describe(), n=grid.size
        )
        out = [svg_open(w + 2 * pad, h + 2 * pad, title, cls)]
        out.append(f'<g transform="translate({pad},{pad})">')
        placing = ctx.interactive and state.phase != CROSS and not state.is_over
        crossing = ctx.interactive and state.phase == CROSS
        targets = set(state.targets) if state.phase == CROSS else set()
        moved = ctx.last_move is not None and isinstance(ctx.previous, TsifroState)
        changed = changed_cells(state, ctx.previous) if moved else set()
        hinted = hint_cell(ctx)
        names = grid.names
        for i, (cx, cy) in enumerate(grid.centres):
            x, y = cx * CELL, cy * CELL
            owner = state.owners[i]
            crossed = state.crossed[i]
            classes = ["cell"]
            act = drop = anim = None
            if owner == EMPTY:
                classes.append("empty")
                if placing:
                    classes.append("legal")
                    act = drop = str(i)
            else:
                classes.append(f"p{owner}")
                if crossed:
                    classes.append("crossed")
                if i in targets:
                    classes.append("target")
                    if crossing:
                        classes.append("legal")
                        act = f"x{i}"
            if i == state.last:
                classes.append("last")
            if i == state.last_cross:
                classes.append("last-cross")
            placed_now = moved and i in changed and ctx.previous.owners[i] == EMPTY
            if i in changed:
                if placed_now:
                    anim = "place"
                elif crossed and not ctx.previous.crossed[i]:
                    anim = "cross"
                elif owner != ctx.previous.owners[i]:
                    anim = "capture"
            label = self.cell_label(state, i, placing)
            if i == state.last and owner != EMPTY:
                label = _("{cell_label}, written last").format(cell_label=label)
            a = attrs_html(
                class_=" ".join(classes),
                data_move=act,
                data_key=f"cell-{i}",
                role="button" if act else "img",
                tabindex="0" if act else None,
                aria_label=label,
                data_drop=drop,
                data_anim=anim,
                data_changed=i in changed,
                data_hint=i == hinted,
            )
            if hexes:
                shape = f'<polygon points="{points(hex_corners(x, y, CELL * 0.96))}"/>'
            else:
                s = CELL * 0.94
                shape = f'<rect x="{x - s / 2:g}" y="{y - s / 2:g}" width="{s:g}" height="{s:g}" rx="5"/>'
            text = ""
            if owner != EMPTY:
                piece = attrs_html(data_piece=f"n{i}", data_from=DICE if placed_now else None)
                text = f'<text {piece} x="{x:g}" y="{y:g}">{state.values[i]}</text>'
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
        name, owner = state.grid.names[cell], player(state.owners[cell])
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

    def dice_html(self, state: TsifroState, ctx: ViewContext) -> str:
        """The dice (or Proximity's army): the number to write, draggable onto a free cell."""
        who = player(state.player)
        placing = ctx.interactive and state.phase != CROSS and not state.is_over
        rolled = (
            ctx.last_move is not None
            and isinstance(ctx.previous, TsifroState)
            and ctx.previous.turns != state.turns
        )
        if state.options.variant == "proximity":
            label = _("army of {number}").format(number=state.number)
            faces = f'<span class="army p{state.player}" aria-hidden="true">{state.number}</span>'
            caption = _("{player}'s army: {number}").format(player=who, number=state.number)
        else:
            label = _("dice: {a} + {b} = {number}").format(
                a=state.roll[0], b=state.roll[1], number=state.number
            )
            faces = die(state.roll[0]) + die(state.roll[1])
            caption = _("{player} rolled {a} + {b} = {number}").format(
                player=who, a=state.roll[0], b=state.roll[1], number=state.number
            )
        hint = ctx.hint is not None and not ctx.hint.startswith("x") and ctx.hint != "-"
        a = attrs_html(
            class_="dice",
            data_piece=DICE,
            data_anim="roll" if rolled else None,
            data_drag=DICE if placing else None,
            data_hint=hint,
            style="min-height:44px;min-width:44px" if placing else None,
            role="img",
            aria_label=label,
        )
        return f'<div class="roll"><div {a}>{faces}</div><div>{esc(caption)}</div></div>'

    def panel(self, state: TsifroState, ctx: ViewContext) -> str:
        if state.is_over:
            return ""
        html = self.dice_html(state, ctx)
        if state.phase == CROSS and ctx.interactive:
            ask = esc(_("Cross out one highlighted number, or keep the peace:"))
            decline = esc(_("Decline (cross nothing out)"))
            html += (
                f'<div class="choice"><p>{ask}</p>'
                f'<button type="button" class="btn" style="min-height:44px" data-move="-" data-key="decline">'
                f"{decline}</button></div>"
            )
        elif state.grace_active() and state.options.variant != "proximity":
            left = state.options.grace_turns - state.turns[state.player]
            text = ngettext(
                "Opening grace: {player} may not cross out for {n} more turn.",
                "Opening grace: {player} may not cross out for {n} more turns.",
                left,
            ).format(player=player(state.player), n=left)
            html += f'<p class="note">{esc(text)}</p>'
        return html

    def pick(self, state: TsifroState, ctx: ViewContext, token: str) -> PickResult:
        """The dice picked up (the start of a drag) select nothing; any other token is a move."""
        if token == DICE:
            return PickResult(selection=None)
        return PickResult(selection=None, move=token)

    def describe_move(self, before: TsifroState, after: TsifroState, code: str) -> str:
        return describe(before, after, code)

    def text_board(self, state: TsifroState, ctx: ViewContext) -> TextBoard:
        return text.text_board(self, state, ctx)

    def news(self, before: TsifroState, after: TsifroState, code: str, viewer: int | None) -> list[str]:
        return text.news(before, after, code)

    def move_sound(self, before: TsifroState, after: TsifroState, code: str) -> str:
        """Crossing out and Proximity captures sound as captures."""
        if code.startswith("x"):
            return "capture"
        if before.options.variant == "proximity" and after.crossings != before.crossings:
            return "capture"
        return "move"

    def score(self, state: TsifroState) -> tuple[str, str, str]:
        """Crossings in the classic game; the totals of numbers in Tsifroshturm and Proximity."""
        a, b = state.crossings if state.options.variant not in ("proximity", "tsifroshturm") else state.totals()
        return _("Score"), str(a), str(b)

    def status(self, state: TsifroState) -> list[tuple[str, str]]:
        a, b = state.crossings
        ta, tb = state.totals()
        filled = sum(1 for o in state.owners if o != EMPTY)
        if state.options.variant == "proximity":
            rows = [(_("Total (score)"), f"{ta} · {tb}"), (_("Captures"), f"{a} · {b}")]
        elif state.options.variant == "tsifroshturm":
            rows = [(_("Total (score)"), f"{ta} · {tb}"), (_("Crossed out"), f"{a} · {b}")]
        else:
            rows = [(_("Crossed out (score)"), f"{a} · {b}"), (_("Totals"), f"{ta} · {tb}")]
        rows.append((_("Cells filled"), f"{filled} / {len(state.owners)}"))
        return rows

    def prompt(self, state: TsifroState, ctx: ViewContext) -> str:
        who = player(state.player)
        if state.phase == CROSS:
            return _("{player}: cross out a highlighted number, or decline.").format(player=who)
        if state.options.variant == "proximity":
            return _("{player}: place your army of {number} on an empty cell.").format(
                player=who, number=state.number
            )
        return _("{player}: write your {number} into an empty cell.").format(player=who, number=state.number)

    def options_labels(self) -> dict[str, str]:
        """The new-game dialog's label of each option, translated."""
        return {name: _(label) for name, label in OPTION_LABELS.items()}

    def choice_labels(self) -> dict[str, dict[str, str]]:
        """The presets in words (the new-game dialog's preset list)."""
        return {"_preset": {v: _(label) for (n, v), label in CHOICE_LABELS.items() if n == "_preset"}}

    def option_choice_label(self, name: str, value) -> str:
        """The translated name of one choice of a select option."""
        if name == "variant":
            return variant_name(str(value))
        label = CHOICE_LABELS.get((name, str(value)))
        return _(label) if label else str(value)

    def options_help(self) -> dict[str, str]:
        return {
            "variant": _(
                "Tsifrograd (tactical), Tsifroshturm (quick, simple crossing) or Proximity (the classic)."
            ),
            "board": _("Hex grid (default) or square grid."),
            "radius": _("Hexagon radius: 3 = 37 cells (normal), 4 = 61 cells (large); 2 to 6."),
            "width": _("Square board width, 3 to 12."),
            "height": _("Square board height, 3 to 12."),
            "adjacency": _("Square boards: 4 (sides) or 8 (sides and corners) neighbours."),
            "grace": _(
                "Each player's first turns without crossing. Empty = variant default (3 in Tsifroshturm, 0 in Tsifrograd)."
            ),
        }

    def rules_html(self) -> str:
        return rules_page.render(self)

    def rules_history_html(self) -> str:
        return rules_page.history()


VIEW = TsifrogradView()
