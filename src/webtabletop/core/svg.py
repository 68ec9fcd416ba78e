"""Small SVG helpers shared by the views (dice, polygons, numbers)."""

from __future__ import annotations

from webtabletop.core.view import esc
from webtabletop.i18n import _

PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.25, 0.25), (0.75, 0.75)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.5), (0.75, 0.5), (0.25, 0.75), (0.75, 0.75)],
}


def points(pts: list[tuple[float, float]]) -> str:
    return " ".join(f"{x:g},{y:g}" for x, y in pts)


def die(value: int, size: int = 44, colour: str = "#fff", pip: str = "#222") -> str:
    """A six-sided die face as a standalone SVG (role=img, its value in words as the name)."""
    r = size * 0.09
    dots = "".join(
        f'<circle cx="{x * size:g}" cy="{y * size:g}" r="{r:g}" fill="{pip}"/>' for x, y in PIPS[value]
    )
    label = esc(_("die showing {value}").format(value=value))
    return (
        f'<svg class="die" viewBox="0 0 {size} {size}" width="{size}" height="{size}" role="img" aria-label="{label}">'
        f'<rect x="1" y="1" width="{size - 2}" height="{size - 2}" rx="{size * 0.18:g}" fill="{colour}" stroke="#333" stroke-width="1.5"/>'
        f"{dots}</svg>"
    )


def svg_open(width: float, height: float, label: str, cls: str = "board") -> str:
    return (
        f'<svg class="{esc(cls)}" viewBox="0 0 {width:g} {height:g}" role="group" aria-label="{esc(label)}" '
        f'preserveAspectRatio="xMidYMid meet" xmlns="http://www.w3.org/2000/svg">'
    )
