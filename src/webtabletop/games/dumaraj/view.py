"""DumaRaj board, panel, prompts and rules page as SVG/HTML text (see core/view.py).

Interaction: ``data-pick="s<bit>"`` on bits. First pick = select one's own mob (its legal
destinations are marked: dot = flep, ring = frag, diamond = flex, star = piCSbumm); second pick
on a destination plays the move, or, when several moves share the two bits (rursus choices, a
frag or a piCSbumm), keeps the selection ``"<from>-<to>"`` and the panel shows one button per
move (``data-move``). Drag and drop use the same tokens. The Editor phase is answered with the
panel's buttons (or a click on an offered line).
"""

from __future__ import annotations

import math
import re

from webtabletop.core.view import GameView, PickResult, ViewContext, attrs_html, esc
from webtabletop.games.dumaraj import engine as E
from webtabletop.games.dumaraj import notation as N
from webtabletop.games.dumaraj.endings import DRAW_MOVES
from webtabletop.games.dumaraj.pieces import MOBS, PIXA, RAJ, betza_of, parse_betza
from webtabletop.games.dumaraj.rules import PLAYER_NAMES, DumaMove, DumaState
from webtabletop.i18n import _

CELL = 48.0
PAD = 16.0
LIGHT, DARK, GONE = "#eed9b5", "#b58863", "#6b6b6b"
KIND_MARK = {E.RAJFLEX: "flex", E.PAIRFLEX: "flex", E.BUMM: "bumm"}


def _sq_token(s: int) -> str:
    return f"s{s}"


def _bit_number(text: str) -> int | None:
    """A bit index from the page (ASCII digits only: ``"²".isdigit()`` is true)."""
    return int(text) if re.fullmatch(r"[0-9]{1,3}", text) else None


def _parse_token(token: str | None) -> int | None:
    if token and token[0] == "s":
        return _bit_number(token[1:])
    return None


def _selected(selection: str | None) -> int | None:
    """The selected bit of a selection token ("s12", or "12-34" while a choice is pending)."""
    if not selection:
        return None
    if "-" in selection:
        return _bit_number(selection.split("-")[0])
    return _parse_token(selection)


def glyph(kind: int, colour: int, cx: float, cy: float, r: float) -> str:
    """A mob drawn as a disc with its letter (the Raj with a second ring and a crown bar)."""
    fill, ink = ("#fbfbf6", "#1b1b1b") if colour == 0 else ("#202020", "#f4f4ee")
    letter = MOBS[kind].letter
    parts = [f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="{fill}" stroke="{ink}" stroke-width="2"/>']
    if kind == RAJ:
        parts.append(
            f'<circle cx="{cx:g}" cy="{cy:g}" r="{r * 0.8:g}" fill="none" stroke="{ink}" stroke-width="1.4"/>'
        )
        parts.append(
            f'<path d="M{cx - r * 0.45:g} {cy - r * 0.5:g}l{r * 0.22:g} {-r * 0.25:g}l{r * 0.23:g} {r * 0.15:g}l{r * 0.23:g} {-r * 0.15:g}l{r * 0.22:g} {r * 0.25:g}" fill="none" stroke="{ink}" stroke-width="1.4"/>'
        )
    if kind == PIXA:
        parts[0] = (
            f'<circle cx="{cx:g}" cy="{cy:g}" r="{r * 0.78:g}" fill="{fill}" stroke="{ink}" stroke-width="2"/>'
        )
    size = r * (0.95 if kind != PIXA else 0.8)
    parts.append(
        f'<text x="{cx:g}" y="{cy:g}" fill="{ink}" font-size="{size:g}" font-weight="700" font-family="sans-serif" '
        f'text-anchor="middle" dominant-baseline="central">{letter}</text>'
    )
    return "".join(parts)


class DumaRajView(GameView):
    player_names = PLAYER_NAMES
    player_colours = ("#f2efe6", "#262626")
    player_inks = ("#6b5a3e", "#262626")
    flippable = True

    def export_text(self, state: DumaState) -> str:
        return state.fen()

    # --- geometry ---------------------------------------------------------------------------
    def _xy(self, state: DumaState, s: int, flipped: bool) -> tuple[float, float]:
        w, h = state.width, state.height
        x, y = s % w, s // w
        if flipped:
            return (w - 1 - x) * CELL, y * CELL
        return x * CELL, (h - 1 - y) * CELL

    def _moves_from(self, state: DumaState, s: int) -> list[DumaMove]:
        out = []
        for mv in state.legal_moves():
            if mv.kind >= E.CUT:
                continue
            if mv.frm == s or (mv.kind == E.PAIRFLEX and mv.to == s):
                out.append(mv)
        return out

    def _dest(self, mv: DumaMove, sel: int) -> int:
        return mv.frm if mv.kind == E.PAIRFLEX and mv.to == sel else mv.to

    # --- the board --------------------------------------------------------------------------
    def board(self, state: DumaState, ctx: ViewContext) -> str:
        w, h = state.width, state.height
        flipped = ctx.flipped
        rhombus = state.options.rhombus
        bw, bh = w * CELL, h * CELL
        interactive = ctx.interactive and not state.is_over and state.editor is None
        b = state._board()
        geo = b.geo
        sel = _selected(ctx.selection)
        movable = set()
        if interactive:
            for mv in state.legal_moves():
                if mv.kind < E.CUT:
                    movable.add(mv.frm)
                    if mv.kind == E.PAIRFLEX:
                        movable.add(mv.to)
        dests: dict[int, str] = {}
        if interactive and sel is not None:
            for mv in self._moves_from(state, sel):
                t = self._dest(mv, sel)
                mark = KIND_MARK.get(mv.kind, "frag" if state.cells[mv.to] else "flep")
                if mark == "flep" and mv.kind == E.PROMO and state.cells[mv.to]:
                    mark = "frag"
                dests.setdefault(t, mark)
        last_from = last_to = None
        if state.last_move >= 0 and E.m_kind(state.last_move) < E.CUT:
            last_from, last_to = E.m_from(state.last_move), E.m_to(state.last_move)
        flagged = state.flagged_raj()
        offered = set(state.editor or ())
        if rhombus:
            side = (bw + bh) / math.sqrt(2)
            vw, vh = side + 2 * PAD, side + 2 * PAD
            cx, cy = vw / 2, vh / 2
            transform = f"translate({cx:g},{cy:g}) rotate(-45) translate({-bw / 2:g},{-bh / 2:g})"
        else:
            vw, vh = bw + 2 * PAD, bh + 2 * PAD
            transform = f"translate({PAD:g},{PAD:g})"
        label = f"{state.options.describe()}: {w}×{h} location, {PLAYER_NAMES[state.side]} to move"
        out = [
            f'<svg class="board dumaraj" viewBox="0 0 {vw:g} {vh:g}" role="group" aria-label="{esc(label)}" '
            f'preserveAspectRatio="xMidYMid meet" xmlns="http://www.w3.org/2000/svg">',
            "<style>.dumaraj .sel rect{stroke:#1e88e5;stroke-width:4}.dumaraj .last rect{fill-opacity:.75}"
            ".dumaraj [data-pick]{cursor:pointer}.dumaraj [data-pick]:focus{outline:none}"
            ".dumaraj [data-pick]:focus rect{stroke:#ffb300;stroke-width:4}</style>",
            f'<g transform="{transform}">',
        ]
        upright = ' transform="rotate(45 {x:g} {y:g})"' if rhombus else ""
        for s in range(w * h):
            x, y = self._xy(state, s, flipped)
            ccx, ccy = x + CELL / 2, y + CELL / 2
            name = N.square_name(s, w)
            p = state.cells[s]
            active = geo.active[s]
            dark = (s % w + s // w) % 2 == 0
            fill = (DARK if dark else LIGHT) if active else GONE
            classes = ["bit"]
            desc = name
            if not active:
                classes.append("gone")
                desc += ", removed line"
            if p:
                desc += f", {PLAYER_NAMES[p >> 3]} {MOBS[p & 7].name}"
            else:
                desc += ", empty" if active else ""
            if s in (last_from, last_to):
                classes.append("last")
                fill = "#cdd26a" if dark else "#f6f669"
            if s == sel:
                classes.append("sel")
                desc += ", selected"
            if s == flagged:
                classes.append("flag")
                desc += ", under flag"
            token = None
            mark = dests.get(s)
            if mark:
                token = _sq_token(s)
                desc += {
                    "flep": ", move here",
                    "frag": ", frag here",
                    "flex": ", flex with this mob",
                    "bumm": ", piCSbumm strike",
                }[mark]
            elif interactive and s in movable:
                token = _sq_token(s)
                desc += ", select"
            a = attrs_html(
                class_=" ".join(classes),
                data_pick=token,
                data_drag=token if token and s in movable and not mark else None,
                data_drop=token if mark else None,
                data_key=f"bit-{s}",
                role="button" if token else "img",
                tabindex="0" if token else None,
                aria_label=desc,
            )
            cell = [
                f'<rect x="{x:g}" y="{y:g}" width="{CELL:g}" height="{CELL:g}" fill="{fill}" stroke="none"/>'
            ]
            if not active:
                cell.append(
                    f'<path d="M{x:g} {y + CELL:g}L{x + CELL:g} {y:g}" stroke="#8a8a8a" stroke-width="2"/>'
                )
            if s == flagged:
                cell.append(
                    f'<circle cx="{ccx:g}" cy="{ccy:g}" r="{CELL * 0.47:g}" fill="#e53935" fill-opacity=".55"/>'
                )
            if p:
                cell.append(
                    f"<g{upright.format(x=ccx, y=ccy)}>{glyph(p & 7, p >> 3, ccx, ccy, CELL * 0.36)}</g>"
                )
            if mark and ctx.hover == token:  # drag preview: the mob would land here
                cell.append(
                    f'<rect class="hover" x="{x + 2:g}" y="{y + 2:g}" width="{CELL - 4:g}" height="{CELL - 4:g}" fill="#1e88e5" fill-opacity=".3"/>'
                )
            if mark == "flep":
                cell.append(
                    f'<circle cx="{ccx:g}" cy="{ccy:g}" r="{CELL * 0.14:g}" fill="#1e88e5" fill-opacity=".8"/>'
                )
            elif mark == "frag":
                cell.append(
                    f'<circle cx="{ccx:g}" cy="{ccy:g}" r="{CELL * 0.44:g}" fill="none" stroke="#1e88e5" stroke-width="4"/>'
                )
            elif mark == "flex":
                d = CELL * 0.44
                cell.append(
                    f'<path d="M{ccx:g} {ccy - d:g}L{ccx + d:g} {ccy:g}L{ccx:g} {ccy + d:g}L{ccx - d:g} {ccy:g}Z" fill="none" stroke="#8e24aa" stroke-width="4" stroke-dasharray="6 3"/>'
                )
            elif mark == "bumm":
                d = CELL * 0.4
                cell.append(
                    f'<path d="M{ccx - d:g} {ccy - d:g}L{ccx + d:g} {ccy + d:g}M{ccx + d:g} {ccy - d:g}L{ccx - d:g} {ccy + d:g}" stroke="#e65100" stroke-width="5"/>'
                )
            out.append(f"<g {a}><title>{esc(desc)}</title>{''.join(cell)}</g>")
        # coordinates
        if ctx.prefs.get("coords", True):
            for x in range(w):
                sx = ((w - 1 - x) if flipped else x) * CELL + CELL / 2
                out.append(
                    f'<text x="{sx:g}" y="{bh + 11:g}" font-size="11" text-anchor="middle" fill="#555"{upright.format(x=sx, y=bh + 11)}>{N.FILES[x]}</text>'
                )
            for y in range(h):
                sy = (y if flipped else h - 1 - y) * CELL + CELL / 2 + 4
                out.append(
                    f'<text x="-8" y="{sy:g}" font-size="11" text-anchor="middle" fill="#555"{upright.format(x=-8, y=sy)}>{y + 1}</text>'
                )
        # Editor: offered lines outlined, clickable
        for line in sorted(offered):
            code = "-" + N.line_name(line)
            if line >= E.FILE_LINE:
                fx = line - E.FILE_LINE
                x0 = ((w - 1 - fx) if flipped else fx) * CELL
                rx, ry, rw, rh = x0, 0.0, CELL, bh
            else:
                sy = (line if flipped else h - 1 - line) * CELL
                rx, ry, rw, rh = 0.0, sy, bw, CELL
            act = ctx.interactive and not state.is_over
            a = attrs_html(
                class_="cut-offer",
                data_move=code if act else None,
                data_key=f"cut-{code}",
                role="button" if act else "img",
                tabindex="0" if act else None,
                aria_label=f"remove {N.line_label(line)}",
            )
            out.append(
                f'<g {a}><rect x="{rx + 2:g}" y="{ry + 2:g}" width="{rw - 4:g}" height="{rh - 4:g}" fill="#e53935" fill-opacity=".18" stroke="#e53935" stroke-width="3" stroke-dasharray="8 4"/></g>'
            )
        out.append("</g></svg>")
        return "".join(out)

    # --- interaction ------------------------------------------------------------------------
    def pick(self, state: DumaState, ctx: ViewContext, token: str) -> PickResult:
        if not token.startswith("s"):
            return PickResult(selection=None, move=token)
        s = _parse_token(token)
        if s is None or state.is_over:
            return PickResult(selection=None, message="nothing to do here")
        if state.editor is not None:
            return PickResult(
                selection=None, message="first remove a line or keep the location (see the panel)"
            )
        cur = _selected(ctx.selection)
        if cur is not None and cur != s:
            options = [mv for mv in self._moves_from(state, cur) if self._dest(mv, cur) == s]
            if len(options) == 1:
                return PickResult(selection=None, move=options[0].code)
            if len(options) > 1:
                return PickResult(selection=f"{cur}-{s}", message="choose the move in the panel")
        if cur == s:
            return PickResult(selection=None)
        if self._moves_from(state, s):
            return PickResult(selection=_sq_token(s))
        p = state.cells[s]
        if p and p >> 3 == state.side:
            return PickResult(selection=None, message=f"that {MOBS[p & 7].name} has no legal move")
        return PickResult(
            selection=None, message="select one of your mobs first" if cur is None else "not a legal move"
        )

    # --- panel, status, prompt --------------------------------------------------------------
    def _button(self, code: str, text: str, cls: str = "btn") -> str:
        a = attrs_html(
            type="button",
            class_=cls,
            data_move=code,
            data_key=f"mv-{code}",
            tabindex="0",
            role="button",
            aria_label=text,
        )
        return f"<button {a}>{esc(text)}</button>"

    def panel(self, state: DumaState, ctx: ViewContext) -> str:
        out = state.outcome()
        if out is not None:
            who = "Draw" if out.winner is None else f"{PLAYER_NAMES[out.winner]} wins"
            return f'<p class="outcome" aria-live="polite">{esc(who)}: {esc(out.reason)}.</p>'
        who = PLAYER_NAMES[state.side]
        html = []
        if state.editor is not None:
            html.append(
                f'<div class="choice" aria-live="polite"><p>Editor: {esc(who)} may remove an empty outer line behind the moved mob.</p>'
            )
            if ctx.interactive:
                for mv in state.legal_moves():
                    html.append(self._button(mv.code, mv.label.replace("Editor: ", "").capitalize()))
            html.append("</div>")
            return "".join(html)
        if ctx.interactive and ctx.selection and "-" in ctx.selection:
            a, _sep, z = ctx.selection.partition("-")
            frm, to = _bit_number(a), _bit_number(z)
            if frm is not None and to is not None:
                moves = [mv for mv in self._moves_from(state, frm) if self._dest(mv, frm) == to]
                if moves:
                    html.append('<div class="choice"><p>Choose:</p>')
                    for mv in moves:
                        html.append(self._button(mv.code, mv.label))
                    html.append("</div>")
        if ctx.interactive:
            special = [mv for mv in state.legal_moves() if mv.kind in (E.RAJFLEX, E.PAIRFLEX, E.BUMM)]
            if special:
                html.append('<div class="choice special"><p>Arbitrary moves:</p>')
                for mv in special:
                    html.append(self._button(mv.code, mv.label))
                html.append("</div>")
        if state.in_check():
            html.append(f'<p class="note flag">{esc(who)}’s Raj is under flag.</p>')
        if state.bumm is not None:
            html.append(
                f'<p class="note">piCSbumm possible on {N.square_name(state.bumm[0], state.width)} this move.</p>'
            )
        return "".join(html)

    def status(self, state: DumaState) -> list[tuple[str, str]]:
        o = state.options
        mw, mb = state.material()
        rows = [
            ("Material", f"{mw} · {mb}"),
            ("Move", str(state.full)),
            (_("Moves without progress"), f"{state.half} / {DRAW_MOVES}"),
            (_("Plies played"), f"{state.ply} / {state.cap}"),
        ]
        x0, y0, x1, y1 = state.rect
        if o.editor:
            rows.append(("Location", f"{x1 - x0 + 1}×{y1 - y0 + 1} of {state.width}×{state.height}"))
        c = state.ctr
        if o.raj_flex:
            rows.append(("Raj flexes used", f"{bin(c[0]).count('1')} · {bin(c[1]).count('1')}"))
        if o.pair_flex:
            wait = [max(0, E.PAIR_FLEX_GAP - c[4 + p]) for p in (0, 1)]
            rows.append(
                (_("Pair flexes used (own moves to wait)"), f"{c[2]} ({wait[0]}) · {c[3]} ({wait[1]})")
            )
        return rows

    def prompt(self, state: DumaState, ctx: ViewContext) -> str:
        out = state.outcome()
        if out is not None:
            return (
                "Draw" if out.winner is None else f"{PLAYER_NAMES[out.winner]} wins"
            ) + f" ({out.reason})."
        who = PLAYER_NAMES[state.side]
        if state.editor is not None:
            return f"{who}: remove an offered line, or keep the location."
        if ctx.selection and "-" in ctx.selection:
            return f"{who}: choose the move in the panel."
        if ctx.selection:
            return f"{who}: pick a marked destination (or the mob again to cancel)."
        if state.in_check():
            return f"{who}: your Raj is under flag — answer it."
        return f"{who}: select a mob to move."

    def options_help(self) -> dict[str, str]:
        return {
            "preset": "Grand 10×10 (default, with Trigon') or Classic 8×8.",
            "fen": "A custom start position (position text); empty = the preset.",
            "trigon_degree": "Trigon' leaps: 1 = camel, 2 = knight or camel (default), 3 = knight, camel or zebra.",
            "raj_capture": "No mate rule: the game ends when a Raj is fragged.",
            "raj_flex": "Raj flex: the Raj swaps with its Lod' or Slod' (castling analogue).",
            "pair_flex": "Pair flex: a neighbouring own Lod' and Slod' swap.",
            "editor": "After a move, an empty outer line behind the moved mob may be removed.",
            "warp": "Gon' and Pixa may cross the border and come back on the other side.",
            "picsbumm": "piCSbumm: strike a leaping enemy Pixa; both (or three) Pixas leave.",
            "rhombus": "Show the location turned 45° (no Warp then).",
        }

    # --- rules page -------------------------------------------------------------------------
    def rules_html(self) -> str:
        from webtabletop.games.dumaraj.rules_page import rules_html

        return rules_html()


def mob_diagram(kind: int, degree: int = 2, size: int = 7) -> str:
    """A small SVG: the mob in the centre, dots where it fleps, rings where it frags."""
    c = size // 2
    cell = 16
    comps = parse_betza(betza_of(kind, degree))
    marks: dict[tuple[int, int], set[str]] = {}
    for comp in comps:
        for dx, dy in comp.vectors:
            steps = range(1, size) if comp.rider else (1,)
            for k in steps:
                x, y = c + dx * k, c - dy * k
                if not (0 <= x < size and 0 <= y < size):
                    break
                if comp.move:
                    marks.setdefault((x, y), set()).add("m")
                if comp.capture:
                    marks.setdefault((x, y), set()).add("c")
    parts = [
        f'<svg viewBox="0 0 {size * cell} {size * cell}" width="{size * cell}" height="{size * cell}" role="img" aria-label="moves of the {esc(MOBS[kind].name)}">'
    ]
    for y in range(size):
        for x in range(size):
            fill = DARK if (x + y) % 2 else LIGHT
            parts.append(
                f'<rect x="{x * cell}" y="{y * cell}" width="{cell}" height="{cell}" fill="{fill}"/>'
            )
            m = marks.get((x, y))
            if m:
                cx, cy = x * cell + cell / 2, y * cell + cell / 2
                if "m" in m:
                    parts.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="3.5" fill="#1e88e5"/>')
                if "c" in m:
                    parts.append(
                        f'<circle cx="{cx:g}" cy="{cy:g}" r="6" fill="none" stroke="#d32f2f" stroke-width="2"/>'
                    )
    parts.append(glyph(kind, 0, c * cell + cell / 2, c * cell + cell / 2, cell * 0.42))
    parts.append("</svg>")
    return "".join(parts)


__all__ = ["DumaRajView", "glyph", "mob_diagram", "PIXA"]
