"""The DumaRaj board as SVG text (:class:`BoardMixin` of
:class:`~webtabletop.games.dumaraj.ui.view.DumaRajView`): squares, mobs, legal-destination marks,
coordinates and the Editor's line offers, with the board contract of docs/board.md (``data-piece``,
``data-from``, ``data-anim``, ``data-changed``, ``data-hint``); the tokens are read back by
``DumaRajView.pick`` (see view.py).
"""

from __future__ import annotations

import math
import re

from webtabletop.core.view import ViewContext, attrs_html, esc
from webtabletop.games.dumaraj.rules import engine as E
from webtabletop.games.dumaraj.rules import notation as N
from webtabletop.games.dumaraj.rules import texts as T
from webtabletop.games.dumaraj.rules.state import DumaMove, DumaState
from webtabletop.games.dumaraj.ui import pieceset
from webtabletop.games.dumaraj.ui.explain import bit_attrs, board_texts
from webtabletop.games.dumaraj.ui.glyphs import glyph
from webtabletop.i18n import _, pgettext
from webtabletop.i18n.text import join_list

CELL = 48.0
PAD = 4.0
#: the strip beside a square board that holds its coordinates (left: ranks, below: files)
GUTTER = 21.0
#: coordinates drawn on the squares (the rhombus board): dark on every wood square (4.5:1 or more
#: on the light, dark and last-move squares), white on a removed line's grey
COORD_INK, COORD_INK_GONE = "#2e1c0c", "#ffffff"
LIGHT, DARK, GONE = "#eed9b5", "#b58863", "#6b6b6b"
KIND_MARK = {E.RAJFLEX: "flex", E.PAIRFLEX: "flex", E.BUMM: "bumm"}
STYLE = (
    "<style>.dumaraj .sel rect.sq{stroke:#1e88e5;stroke-width:4}"
    ".dumaraj [data-pick]{cursor:pointer}.dumaraj [data-pick]:focus{outline:none}"
    ".dumaraj [data-pick]:focus-visible rect.sq{stroke:#ffb300;stroke-width:4}"
    ".dumaraj [data-hint] rect.sq{stroke:#2e7d32;stroke-width:5}"
    ".dumaraj [data-drag]{cursor:grab}.dumaraj .coord{pointer-events:none}</style>"
)


def bit_number(text: str) -> int | None:
    """A bit index from the page (ASCII digits only: ``"²".isdigit()`` is true)."""
    return int(text) if re.fullmatch(r"[0-9]{1,3}", text) else None


def parse_token(token: str | None, prefix: str = "s") -> int | None:
    if token and token[0] == prefix:
        return bit_number(token[1:])
    return None


def selected_bit(selection: str | None) -> int | None:
    """The selected bit of a selection token ("s12", or "12-34" while a choice is pending)."""
    if not selection:
        return None
    if "-" in selection:
        return bit_number(selection.split("-")[0])
    return parse_token(selection)



class BoardMixin:
    """Drawing the board (mixed into the view)."""

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

    def _last(self, state: DumaState, ctx: ViewContext):
        """(the move that led here or None, the state before it or None)."""
        prev = ctx.previous
        if ctx.last_move is None or prev is None:
            return None, None
        try:
            return prev.move_from_code(ctx.last_move), prev
        except Exception:  # noqa: BLE001 - a stale context names no move
            return None, None

    def _motion(self, state: DumaState, ctx: ViewContext):
        """(bit -> origin bit of the mob now there, bits changed, bits fragged) of the last move."""
        mv, prev = self._last(state, ctx)
        origin: dict[int, int] = {}
        changed: set[int] = set()
        fragged: set[int] = set()
        if state.last_move >= 0 and E.m_kind(state.last_move) < E.CUT:
            changed |= {E.m_from(state.last_move), E.m_to(state.last_move)}
        if mv is None:
            return origin, changed, fragged
        a, b = prev._board().geo.active, state._board().geo.active
        for s, (p, q) in enumerate(zip(prev.cells, state.cells, strict=True)):
            if p != q or a[s] != b[s]:
                changed.add(s)
        frm, to = mv.frm, mv.to
        if mv.kind in (E.RAJFLEX, E.PAIRFLEX):
            origin = {to: frm, frm: to}
        elif mv.kind in (E.NORMAL, E.PROMO):
            origin = {to: frm}
            if prev.cells[to]:
                fragged.add(to)
        elif mv.kind == E.BUMM:
            fragged |= {s for s in changed if prev.cells[s]}
        return origin, changed, fragged

    def _hint_bits(self, state: DumaState, ctx: ViewContext) -> set[int]:
        if not ctx.hint:
            return set()
        try:
            mv = state.move_from_code(ctx.hint)
        except Exception:  # noqa: BLE001 - an old hint for another position marks nothing
            return set()
        return {mv.frm, mv.to} if mv.kind < E.CUT else set()

    # --- the board --------------------------------------------------------------------------
    def board(self, state: DumaState, ctx: ViewContext) -> str:
        w, h = state.width, state.height
        flipped = ctx.flipped
        rhombus = state.options.rhombus
        bw, bh = w * CELL, h * CELL
        playable = not state.is_over and state.editor is None
        interactive = ctx.interactive and playable
        premove = ctx.premove and not ctx.interactive and playable  # docs/board.md: premove
        geo = state._board().geo
        hover_drag, _at, hover_drop = (ctx.hover or "").partition("@")
        sel = selected_bit(ctx.selection)
        if sel is None and _at:
            sel = parse_token(hover_drag, "d")
        hover_bit = parse_token(hover_drop if _at else ctx.hover, "t")
        movable: set[int] = set()
        every_dest: set[int] = set()
        if interactive:
            for mv in state.legal_moves():
                if mv.kind < E.CUT:
                    movable.add(mv.frm)
                    every_dest.add(mv.to)
                    if mv.kind == E.PAIRFLEX:
                        movable.add(mv.to)
                        every_dest.add(mv.frm)
        dests: dict[int, str] = {}
        if interactive and sel is not None:
            for mv in self._moves_from(state, sel):
                t = self._dest(mv, sel)
                mark = KIND_MARK.get(mv.kind, "frag" if state.cells[mv.to] else "flep")
                dests.setdefault(t, mark)
        waiting = 1 - state.side
        origin, changed, fragged = self._motion(state, ctx)
        flagged = state.flagged_raj()
        checked = flagged if ctx.last_move else None
        hinted = self._hint_bits(state, ctx)
        letters = bool(ctx.prefs.get("letters", False))
        if rhombus:
            side = (bw + bh) / math.sqrt(2)
            vw, vh = side + 2 * PAD, side + 2 * PAD
            cx, cy = vw / 2, vh / 2
            transform = f"translate({cx:g},{cy:g}) rotate(-45) translate({-bw / 2:g},{-bh / 2:g})"
        elif ctx.prefs.get("coords", True):
            # coordinates in a gutter left of and below the squares: never over a mob
            vw, vh = bw + PAD + GUTTER, bh + PAD + GUTTER
            transform = f"translate({GUTTER:g},{PAD:g})"
        else:
            vw, vh = bw + 2 * PAD, bh + 2 * PAD
            transform = f"translate({PAD:g},{PAD:g})"
        label = _("{variant}: {w}×{h} location, {player} to move").format(
            variant=state.options.describe(), w=w, h=h, player=T.player_name(state.side)
        )
        kinds = {(p & 7, p >> 3) for p in state.cells if p}
        out = [
            f'<svg class="board dumaraj" viewBox="0 0 {vw:g} {vh:g}" role="group" aria-label="{esc(label)}" '
            f'preserveAspectRatio="xMidYMid meet" xmlns="http://www.w3.org/2000/svg">',
            STYLE,
            "" if letters else pieceset.defs(kinds),
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
            desc = [_("{mob} on {bit}").format(mob=T.side_mob(p), bit=name) if p else name]
            if not active:
                classes.append("gone")
                desc.append(pgettext("DumaRaj", "removed line"))
            elif not p:
                desc.append(pgettext("DumaRaj", "empty"))
            if s in changed:
                classes.append("last")
                fill = "#cdd26a" if dark else "#f6f669"
            if s == sel and interactive:
                classes.append("sel")
                desc.append(pgettext("DumaRaj", "selected"))
            if s == flagged:
                classes.append("flag")
                desc.append(pgettext("DumaRaj", "under flag"))
            mark = dests.get(s)
            token = drop = None
            if mark:
                classes.append("legal")
                token, drop = f"s{s}", f"t{s}"
                desc.append(
                    {
                        "flep": pgettext("DumaRaj", "move here"),
                        "frag": pgettext("DumaRaj", "frag here"),
                        "flex": _("flex with this mob"),
                        "bumm": _("piCSbumm strike"),
                    }[mark]
                )
            elif interactive and s in movable:
                token = f"s{s}"
                desc.append(pgettext("DumaRaj", "select"))
            if interactive and s in every_dest:
                drop = f"t{s}"
            if premove and active:
                drop = f"t{s}"
            text = join_list(desc)
            info = bit_attrs(p)  # how its mob moves (explain.py)
            a = attrs_html(
                class_=" ".join(classes),
                data_pick=token,
                data_drop=drop,
                data_changed=s in changed,
                data_hint=s in hinted,
                data_key=f"bit-{s}",
                role="button" if token else "img",
                tabindex="0" if token else None,
                aria_label=text,
                **info,
            )
            cell = [
                f'<rect class="sq" x="{x:g}" y="{y:g}" width="{CELL:g}" height="{CELL:g}" fill="{fill}" stroke="none"/>'
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
                kind, colour = p & 7, p >> 3
                art = glyph(kind, colour, 50, 50, 39) if letters else pieceset.use(kind, colour, 50, 50, 100)
                anim = "check" if s == checked else "capture" if s in fragged else None
                drag = (interactive and s in movable) or (premove and colour == waiting)
                pa = attrs_html(
                    class_="mob",
                    data_piece=name,
                    data_from=N.square_name(origin[s], w) if s in origin else None,
                    data_anim=anim,
                )
                # the picture is a small <svg> of its own: the page's drag ghost (a clone of the
                # data-drag element) is then drawn outside the board too
                size = CELL * 0.92
                sa = attrs_html(
                    class_="mob-art",
                    data_drag=f"d{s}" if drag else None,
                    x=f"{ccx - size / 2:g}",
                    y=f"{ccy - size / 2:g}",
                    width=f"{size:g}",
                    height=f"{size:g}",
                    viewBox="0 0 100 100",
                    overflow="visible",
                )
                cell.append(f"<g {pa}><g{upright.format(x=ccx, y=ccy)}><svg {sa}>{art}</svg></g></g>")
            if mark and hover_bit == s:  # drag preview: the mob would land here
                cell.append(
                    f'<rect class="hover" x="{x + 2:g}" y="{y + 2:g}" width="{CELL - 4:g}" height="{CELL - 4:g}" fill="#1e88e5" fill-opacity=".3"/>'
                )
            cell.append(_mark(mark, ccx, ccy))
            # a mob's bit has no <title>: the browser's own tooltip would cover its explanation card
            title = "" if info["data_info"] else f"<title>{esc(text)}</title>"
            out.append(f"<g {a}>{title}{''.join(cell)}</g>")
        out.extend(self._coords(state, ctx, upright))
        out.extend(self._cut_offers(state, ctx, hinted_cut=ctx.hint))
        out.append("</g></svg>")
        out.append(board_texts(state.cells, state.options))  # the explanation cards' texts, hidden
        return "".join(out)

    def _coords(self, state: DumaState, ctx: ViewContext, upright: str) -> list[str]:
        """File letters and rank numbers: on a square board in the gutter below and left of the
        squares (the page's muted ink, 4.5:1 or more in both themes), on the rhombus inside the
        bottom row's and left column's squares (there is no straight edge to put them beside)."""
        if not ctx.prefs.get("coords", True):
            return []
        w, h, flipped = state.width, state.height, ctx.flipped
        geo = state._board().geo
        out = []
        inside = bool(upright)
        attrs = 'class="coord" font-size="13" font-weight="700" aria-hidden="true"'
        for x in range(w):
            col = (w - 1 - x) if flipped else x
            if inside:
                tx, ty = col * CELL + CELL - 3, h * CELL - 3
                bit = x + (h - 1) * w if flipped else x
                ink = COORD_INK if geo.active[bit] else COORD_INK_GONE
                place = f'text-anchor="end" fill="{ink}"'
            else:
                tx, ty = col * CELL + CELL / 2, h * CELL + GUTTER - 4
                place = 'text-anchor="middle" fill="var(--muted, #545d6b)"'
            out.append(
                f'<text {attrs} x="{tx:g}" y="{ty:g}" {place}{upright.format(x=tx, y=ty)}>{N.FILES[x]}</text>'
            )
        for y in range(h):
            row = y if flipped else h - 1 - y
            if inside:
                tx, ty = 2.5, row * CELL + 13
                bit = (w - 1) + y * w if flipped else y * w
                ink = COORD_INK if geo.active[bit] else COORD_INK_GONE
                place = f'fill="{ink}"'
            else:
                tx, ty = -3, row * CELL + CELL / 2 + 4.5
                place = 'text-anchor="end" fill="var(--muted, #545d6b)"'
            out.append(
                f'<text {attrs} x="{tx:g}" y="{ty:g}" {place}{upright.format(x=tx, y=ty)}>{y + 1}</text>'
            )
        return out

    def _cut_offers(self, state: DumaState, ctx: ViewContext, hinted_cut: str | None) -> list[str]:
        """The Editor's offered lines, outlined and clickable."""
        w, h, flipped = state.width, state.height, ctx.flipped
        bw, bh = w * CELL, h * CELL
        out = []
        for line in sorted(state.editor or ()):
            code = "-" + N.line_name(line)
            if line >= E.FILE_LINE:
                fx = line - E.FILE_LINE
                rx, ry, rw, rh = ((w - 1 - fx) if flipped else fx) * CELL, 0.0, CELL, bh
            else:
                rx, ry, rw, rh = 0.0, (line if flipped else h - 1 - line) * CELL, bw, CELL
            act = ctx.interactive and not state.is_over
            a = attrs_html(
                class_="cut-offer",
                data_move=code if act else None,
                data_hint=hinted_cut == code,
                data_key=f"cut-{code}",
                role="button" if act else "img",
                tabindex="0" if act else None,
                aria_label=_("remove {line}").format(line=T.line_label(line)),
            )
            out.append(
                f'<g {a}><rect x="{rx + 2:g}" y="{ry + 2:g}" width="{rw - 4:g}" height="{rh - 4:g}" fill="#e53935" fill-opacity=".18" stroke="#e53935" stroke-width="3" stroke-dasharray="8 4"/></g>'
            )
        return out

def _mark(mark: str | None, ccx: float, ccy: float) -> str:
    """The legal-destination mark of a bit (flep dot, frag ring, flex diamond, piCSbumm cross)."""
    if mark == "flep":
        return f'<circle class="legal" cx="{ccx:g}" cy="{ccy:g}" r="{CELL * 0.14:g}" fill="#1e88e5" fill-opacity=".8"/>'
    if mark == "frag":
        return f'<circle class="legal" cx="{ccx:g}" cy="{ccy:g}" r="{CELL * 0.44:g}" fill="none" stroke="#1e88e5" stroke-width="4"/>'
    if mark == "flex":
        d = CELL * 0.44
        return f'<path class="legal" d="M{ccx:g} {ccy - d:g}L{ccx + d:g} {ccy:g}L{ccx:g} {ccy + d:g}L{ccx - d:g} {ccy:g}Z" fill="none" stroke="#8e24aa" stroke-width="4" stroke-dasharray="6 3"/>'
    if mark == "bumm":
        d = CELL * 0.4
        return f'<path class="legal" d="M{ccx - d:g} {ccy - d:g}L{ccx + d:g} {ccy + d:g}M{ccx + d:g} {ccy - d:g}L{ccx - d:g} {ccy + d:g}" stroke="#e65100" stroke-width="5"/>'
    return ""
