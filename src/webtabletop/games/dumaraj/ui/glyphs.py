"""Small DumaRaj pictures: the letter discs (the "letters" display preference, the position
editor's tools) and the move diagrams of the rules page."""

from __future__ import annotations

from webtabletop.core.view import esc
from webtabletop.games.dumaraj.rules import texts as T
from webtabletop.games.dumaraj.rules.pieces import MOBS, PIXA, RAJ, betza_of, parse_betza
from webtabletop.games.dumaraj.ui import pieceset
from webtabletop.i18n import _

LIGHT, DARK = "#eed9b5", "#b58863"


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
    label = _("moves of the {mob}").format(mob=T.mob_name(kind))
    parts = [
        f'<svg viewBox="0 0 {size * cell} {size * cell}" width="{size * cell}" height="{size * cell}" role="img" aria-label="{esc(label)}">'
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
    parts.append(pieceset.inline(kind, 0, c * cell + cell / 2, c * cell + cell / 2, cell * 1.25))
    parts.append("</svg>")
    return "".join(parts)
