"""CardGO board SVG: terrain cells, stones, the last move's marks and the preview layer.

Terrain must stay legible whatever the page's generic CSS says, so CardGO cells use their own class
(``cg-cell``, never the shared ``cell``) and every colour is an inline ``style`` (an inline style beats
any selector without ``!important``). Strokes are plain attributes, so the board module's
highlights (``.changed``, ``[data-hint]``, ``.drop-over``) may still outline a cell. Each terrain has a colour *and* a symbol/pattern (never colour
alone). The SVG carries a small ``<style>`` scoped to ``svg.cardgo`` for what inline styles cannot do
(focus ring, hover).

Board contract (docs/board.md): every stone has ``data-piece`` = its cell name; after a move
(``ctx.last_move``) the placed stone says ``data-from`` = the hand card's key and ``data-anim="place"``,
stones that took effect leave a ghost ``data-anim="fire"`` (the mover's own group) or ``"capture"``
(converted enemy stones), Brave's stone ``"flip"``, Evil's target ``"capture"``; the cells the move
changed carry ``data-changed``; legal cells ``class="legal"`` (plus a drawn dot); the hint's cell
``data-hint``.
"""

from __future__ import annotations

from webtabletop.core.view import ViewContext, attrs_html, esc
from webtabletop.games.cardgo.rules.effects import badge
from webtabletop.games.cardgo.rules.preview import Preview
from webtabletop.games.cardgo.rules.state import EMPTY, PLAYER_NAMES, CardgoState, Report
from webtabletop.games.cardgo.rules.terrain import TERRAINS
from webtabletop.games.cardgo.ui.events import cell_label, stone_value_text, value_explanation
from webtabletop.games.cardgo.ui.explain import cell_attrs
from webtabletop.i18n import _

CELL = 40.0
MARGIN = 18.0
#: below the last row: room for the cells' outlines (the line of words under the board is HTML, which wraps)
FOOT = 4.0
COLOURS = ("#2f8f46", "#cf3b32")

#: SVG patterns drawn over the terrain colour (terrain id -> pattern body)
PATTERNS = {
    4: '<path d="M0 5 q2.5 -3 5 0 t5 0" fill="none" stroke="#3f7fb8" stroke-width="1.2"/>',
    5: '<path d="M0 10 L10 0 M-2 2 L2 -2 M8 12 L12 8" stroke="#5d5d5d" stroke-width="1.5"/>',
    6: '<circle cx="5" cy="5" r="1.2" fill="#2a2030"/>',
    7: '<circle cx="2.5" cy="2.5" r="1" fill="#56693d"/><circle cx="7.5" cy="7.5" r="1" fill="#56693d"/>',
    8: '<path d="M0 8 L5 3 L10 8" fill="none" stroke="#9a7740" stroke-width="1"/>',
    10: '<path d="M0 0 L10 10" stroke="#8fc3dc" stroke-width="1"/>',
    11: '<path d="M2 10 L3 3 M5 10 L5 1 M8 10 L7 3" stroke="#5f8a2a" stroke-width="1"/>',
    14: '<path d="M5 9 q-3 -3 0 -8 q3 5 0 8" fill="#d8501d"/>',
}

#: light terrains get dark symbols, dark ones light symbols
DARK = {6, 12}  # Stone (5) is mid-grey: black reads better on it (4.9:1) than white (3.3:1)

#: scoped rules for what inline styles cannot say (focus, hover, drop-over); nothing outside svg.cardgo
STYLE = (
    "<style>"
    "svg.cardgo .cg-cell:focus{outline:none}"
    "svg.cardgo .cg-cell:focus-visible .cg-ground,svg.cardgo .cg-cell.drop-over .cg-ground"
    "{stroke:#f2b400!important;stroke-width:3px!important}"
    "svg.cardgo .cg-cell.legal{cursor:pointer}"
    "svg.cardgo .cg-cell.legal:hover .cg-dot{r:7px}svg.cardgo .cg-cell.legal:hover .cg-dot.corner{r:5px}"
    "svg.cardgo text{pointer-events:none}"
    "</style>"
)


def xy(state: CardgoState, cell: int) -> tuple[float, float]:
    side = state.options.size
    return MARGIN + (cell % side) * CELL, MARGIN + (cell // side) * CELL


def defs() -> str:
    pats = "".join(
        f'<pattern id="cg-pat-{k}" width="10" height="10" patternUnits="userSpaceOnUse">{body}</pattern>'
        for k, body in PATTERNS.items()
    )
    return f"{STYLE}<defs>{pats}</defs>"


def moved(state: CardgoState, ctx: ViewContext) -> Report | None:
    """The report of the move that led here, when the app says a move led here."""
    return state.last if ctx.last_move is not None else None


def changed_cells(r: Report | None) -> set[int]:
    if r is None or r.kind != "place":
        return set()
    out = {r.cell, *r.removed, *r.converted}
    out.update(c for c in (r.brave, r.evil) if c >= 0)
    return out


def hint_cell(state: CardgoState, ctx: ViewContext) -> int | None:
    if not ctx.hint or "@" not in ctx.hint:
        return None
    try:
        return state.grid.index_of(ctx.hint.partition("@")[2])
    except KeyError:
        return None


def marked_cells(state: CardgoState) -> set[int]:
    """The cells whose middle carries a mark of the last move (a stone that took effect: its
    "−2"; Evil's ✕): a legal dot there moves to the cell's corner, clear of the mark."""
    r = state.last
    if r is None or r.kind != "place":
        return set()
    return {cell for cell, *_rest in r.took_effect} | ({r.evil} if r.evil >= 0 else set())


def cell_svg(
    state: CardgoState, ctx: ViewContext, i: int, legal: bool, selected: int | None, marked: bool = False
) -> str:
    """One cell: terrain ground (colour + pattern + symbol), the stone if any, the legal dot (in
    the corner when the last move's mark sits in the middle: ``marked``)."""
    x, y = xy(state, i)
    t = state.terrain[i]
    kind = TERRAINS[t]
    name = state.grid.names[i]
    owner = state.owners[i]
    label = cell_label(state, i, ctx.viewer, ctx.reveal_all)
    waiting = state.pending is not None and state.pending[2] == i  # by link: its outcome comes next
    if waiting:
        label = _("{cell}: the card played here takes effect with the next link").format(cell=label)
    classes = ["cg-cell", f"terrain-{t}"]
    act: dict = {"role": "img"}
    if legal:
        classes.append("legal")
        if selected is not None:
            label = _("{cell}: place card {n} here").format(cell=label, n=selected + 1)
        else:
            label = _("{cell}: choose a card, then place it here").format(cell=label)
        act = {"data_drop": name, "data_pick": name, "tabindex": "0", "role": "button"}
    elif owner != EMPTY:
        # a tap (or Enter) on a stone explains its value in the message line
        act = {"data_pick": f"i{name}", "tabindex": "0", "role": "button"}
    r = moved(state, ctx)
    info = cell_attrs(state, i)  # its terrain and its stone's effect, explained (explain.py)
    a = attrs_html(
        class_=" ".join(classes),
        data_key=f"cell-{name}",
        data_changed=i in changed_cells(r),
        data_hint=i == hint_cell(state, ctx),
        aria_label=label,
        **info,
        **act,
    )
    border = "#6b5e45" if legal else "#b9ab8a"
    body = [
        f'<rect class="cg-ground" x="{x + 0.5:g}" y="{y + 0.5:g}" width="{CELL - 1:g}" height="{CELL - 1:g}" '
        f'stroke="{border}" stroke-width="{1.2 if legal else 0.6}" style="fill:{kind.colour}"/>'
    ]
    if t in PATTERNS:
        body.append(
            f'<rect x="{x + 0.5:g}" y="{y + 0.5:g}" width="{CELL - 1:g}" height="{CELL - 1:g}" '
            f'style="fill:url(#cg-pat-{t});opacity:.75;stroke:none"/>'
        )
    if kind.icon:
        ink = "#fff" if t in DARK else "#111"
        body.append(
            f'<text class="cg-ticon" x="{x + 2.5:g}" y="{y + 12:g}" '
            f'style="font-size:12px;font-weight:700;fill:{ink};text-anchor:start;dominant-baseline:auto">'
            f"{esc(kind.icon)}</text>"
        )
    if owner != EMPTY:
        body.append(stone_svg(state, ctx, i, x, y, titled=not info["data_info"]))
    elif waiting:
        p, card = state.pending[0], state.pending[1]
        body.append(
            f'<circle class="cg-waiting" cx="{x + CELL / 2:g}" cy="{y + CELL / 2:g}" r="{CELL / 2 - 6:g}" '
            f'style="fill:var(--card-face, #fffdf5);fill-opacity:.7;stroke:{COLOURS[p]};stroke-width:2.5;stroke-dasharray:5 4"/>'
            f'<text x="{x + CELL / 2:g}" y="{y + CELL / 2 + 6:g}" style="font-size:17px;font-weight:700;'
            f'fill:{COLOURS[p]};text-anchor:middle">{card.value}</text>'
        )
    elif legal:
        at = (x + CELL - 6.5, y + CELL - 6.5) if marked else (x + CELL / 2, y + CELL / 2)
        body.append(
            f'<circle class="cg-dot{" corner" if marked else ""}" cx="{at[0]:g}" cy="{at[1]:g}" r="{3.5 if marked else 4.5}" '
            'style="fill:#1c2330;fill-opacity:.45;stroke:#fff;stroke-width:1.5"/>'
        )
    # an explained cell has no <title>: the browser's own tooltip would cover the explanation card
    # (which shows the label too)
    title = "" if info["data_info"] else f"<title>{esc(label)}</title>"
    return f"<g {a}>{title}{''.join(body)}</g>"


def stone_svg(state: CardgoState, ctx: ViewContext, i: int, x: float, y: float, titled: bool = True) -> str:
    owner = state.owners[i]
    text = stone_value_text(state, i, ctx.viewer, ctx.reveal_all)
    cx, cy = x + CELL / 2, y + CELL / 2
    r = moved(state, ctx)
    anim = from_ = None
    if r is not None and r.kind == "place":
        if i == r.cell:
            anim = "place"
            hand = (ctx.last_move or "").partition("@")[0]
            from_ = f"hand{r.player}-{hand}" if hand.isdigit() else None
        elif i == r.brave:
            anim = "flip"
    a = attrs_html(class_=f"stone p{owner}", data_piece=state.grid.names[i], data_from=from_, data_anim=anim)
    parts = [
        f'<g {a}><circle cx="{cx:g}" cy="{cy:g}" r="{CELL * 0.38:g}" '
        f'style="fill:{COLOURS[owner]};stroke:#222;stroke-width:1"/>',
        f'<text x="{cx:g}" y="{cy + 5:g}" style="font-size:15px;font-weight:700;fill:#fff;'
        f'text-anchor:middle;dominant-baseline:auto">{esc(text)}</text>',
    ]
    delta = TERRAINS[state.terrain[i]]
    if text != "?" and delta.id in (7, 8, 13):
        sign = "−" if delta.id == 7 else "+"
        parts.append(
            f'<text x="{cx + 10:g}" y="{cy + 14:g}" style="font-size:9px;font-weight:700;fill:#fff;'
            f'stroke:#222;stroke-width:2px;paint-order:stroke;text-anchor:middle">{sign}1</text>'
        )
    eff = state.effects[i]
    if eff:
        mark = badge(eff)
        w = 12 if len(mark) < 2 else 17  # a round badge, or a wider one for two letters
        parts.append(
            f'<rect x="{x + CELL - 2 - w:g}" y="{y + 2:g}" width="{w}" height="12" rx="6" '
            'style="fill:#fff8dc;stroke:#555;stroke-width:.7"/>'
            f'<text class="cg-badge" x="{x + CELL - 2 - w / 2:g}" y="{y + 11:g}" style="font-size:8px;fill:#333;'
            f'text-anchor:middle;font-weight:400;dominant-baseline:auto">{esc(mark)}</text>'
        )
    if titled:  # a stone with an effect is explained by its cell's card, which names the effect
        title = value_explanation(state, i, ctx.viewer, ctx.reveal_all)
        parts.append(f"<title>{esc(title)}</title>")
    parts.append("</g>")
    return "".join(parts)


def hint_ring(state: CardgoState, ctx: ViewContext) -> str:
    """The hinted cell's ring, drawn above every cell: an outline on the cell itself is half
    covered by the neighbours drawn after it (their inline terrain fills)."""
    i = hint_cell(state, ctx)
    if i is None:
        return ""
    x, y = xy(state, i)
    return (
        f'<rect class="hint-ring" aria-hidden="true" x="{x + 2:g}" y="{y + 2:g}" width="{CELL - 4:g}" '
        f'height="{CELL - 4:g}" rx="4" style="fill:none;stroke:#1f9d55;stroke-width:4;pointer-events:none"/>'
    )


def last_marks(state: CardgoState, ctx: ViewContext, r: Report) -> str:
    """The last move's cell ring, ghosts of the stones that took effect (−value), Evil's ✕, Brave's ring."""
    out = ['<g class="last-move" aria-hidden="true">']
    animate = ctx.last_move is not None
    x, y = xy(state, r.cell)
    out.append(
        f'<rect class="last-cell" x="{x + 2:g}" y="{y + 2:g}" width="{CELL - 4:g}" height="{CELL - 4:g}" '
        'style="fill:none;stroke:#f2b705;stroke-width:2.5" rx="4"/>'
    )
    seen = set()
    for cell, owner, value, side in r.took_effect:
        if cell in seen:
            continue
        seen.add(cell)
        cx, cy = xy(state, cell)
        kind = ("fire" if owner == side else "capture") if animate else None
        a = attrs_html(class_="took-effect", data_anim=kind)
        shown = "?" if value < 0 else str(value)
        out.append(
            f'<g {a}><circle cx="{cx + CELL / 2:g}" cy="{cy + CELL / 2:g}" r="{CELL * 0.38:g}" '
            f'style="fill:none;stroke:{COLOURS[owner]};stroke-width:2;stroke-dasharray:4 3"/>'
            f'<text x="{cx + CELL / 2:g}" y="{cy + CELL / 2 + 5:g}" style="font-size:13px;fill:{COLOURS[owner]};'
            f'text-anchor:middle;font-weight:700;dominant-baseline:auto">−{shown}</text></g>'
        )
    if r.evil >= 0:
        cx, cy = xy(state, r.evil)
        a = attrs_html(class_="evil", data_anim="capture" if animate else None)
        out.append(
            f'<text {a} x="{cx + CELL / 2:g}" y="{cy + CELL / 2 + 6:g}" '
            'style="font-size:18px;fill:#333;text-anchor:middle;dominant-baseline:auto">✕</text>'
        )
    if r.brave >= 0:
        cx, cy = xy(state, r.brave)
        out.append(
            f'<circle class="brave" cx="{cx + CELL / 2:g}" cy="{cy + CELL / 2:g}" r="{CELL * 0.45:g}" '
            'style="fill:none;stroke:#f2b705;stroke-width:2"/>'
        )
    out.append("</g>")
    return "".join(out)


def preview_layer(state: CardgoState, p: Preview) -> str:
    """What the placement under the pointer would do, drawn translucently."""
    out = ['<g class="preview" opacity="0.6" aria-hidden="true">']
    x, y = xy(state, p.cell)
    card = state.hands[p.player][p.hand_index]
    text_style = "font-size:15px;font-weight:700;fill:#fff;text-anchor:middle;dominant-baseline:auto"
    if not p.vanished:
        cx, cy = x + CELL / 2, y + CELL / 2
        out.append(
            f'<circle cx="{cx:g}" cy="{cy:g}" r="{CELL * 0.38:g}" style="fill:{COLOURS[p.player]};stroke:#222" '
            f'stroke-dasharray="3 2"/><text x="{cx:g}" y="{cy + 5:g}" style="{text_style}">{p.stone_value}</text>'
        )
        if card.effect:
            out.append(
                f'<text x="{x + CELL - 8:g}" y="{y + 11:g}" style="font-size:8px;fill:#222;text-anchor:middle">'
                f"{esc(badge(card.effect))}</text>"
            )
    for cell in p.takes:
        cx, cy = xy(state, cell)
        out.append(
            f'<circle class="pv-take" cx="{cx + CELL / 2:g}" cy="{cy + CELL / 2:g}" r="{CELL * 0.46:g}" '
            'style="fill:#ffe066;fill-opacity:.35;stroke:#e0a800;stroke-width:2.5"/>'
        )
    for cell in p.maybe:
        cx, cy = xy(state, cell)
        out.append(
            f'<circle class="pv-maybe" cx="{cx + CELL / 2:g}" cy="{cy + CELL / 2:g}" r="{CELL * 0.46:g}" '
            'style="fill:none;stroke:#e0a800;stroke-width:2;stroke-dasharray:3 3"/>'
        )
    marks = [(c, "pv-revert", "↺") for c in p.reverts]
    marks += [(c, "pv-conv", "⇄") for c in p.converted if c not in p.reverts]
    for cell, cls, sym in marks:
        cx, cy = xy(state, cell)
        out.append(
            f'<text class="{cls}" x="{cx + 5:g}" y="{cy + CELL - 4:g}" '
            f'style="font-size:11px;fill:#222;text-anchor:start;dominant-baseline:auto">{sym}</text>'
        )
    out.append("</g>")
    return "".join(out)


def coords(state: CardgoState) -> str:
    side = state.options.size
    names = state.grid.names
    style = "font-size:10px;fill:var(--coord, #6b6253);text-anchor:middle;font-weight:400"
    out = []
    for k in range(side):
        x = MARGIN + (k + 0.5) * CELL
        y = MARGIN + (k + 0.5) * CELL
        out.append(f'<text class="coord" x="{x:g}" y="{MARGIN - 5:g}" style="{style}">{k + 1}</text>')
        out.append(
            f'<text class="coord" x="{MARGIN / 2:g}" y="{y + 3:g}" style="{style}">{names[k * side][0]}</text>'
        )
    return "".join(out)


def player_name(p: int) -> str:
    return _(PLAYER_NAMES[p])
