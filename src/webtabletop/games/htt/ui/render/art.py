"""Generated card artwork: a geometric emblem in the card's matter colour, fixed by the card id.

The same id always gives the same picture (the id seeds :class:`webtabletop.core.rng.Rng`); the
level sets how ornate it is (more rings and points on rarer cards). No external images.
"""

from __future__ import annotations

import math

from webtabletop.core.rng import Rng
from webtabletop.core.view import esc
from webtabletop.games.htt.rules.cards import MATTER_COLOURS, Card


def _mix(hex_colour: str, other: str, t: float) -> str:
    a = [int(hex_colour[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(other[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(a, b, strict=True))


def _poly(cx: float, cy: float, r: float, n: int, rot: float, inner: float | None = None) -> str:
    pts = []
    k = n * 2 if inner is not None else n
    for i in range(k):
        rr = r if inner is None or i % 2 == 0 else r * inner
        a = rot + 2 * math.pi * i / k
        pts.append(f"{cx + rr * math.cos(a):.1f},{cy + rr * math.sin(a):.1f}")
    return " ".join(pts)


def emblem(card: Card, cx: float, cy: float, r: float) -> str:
    """SVG elements (no wrapper) drawing the card's emblem inside a circle of radius ``r``."""
    rng = Rng.from_seed("htt-art:" + card.id)
    base = MATTER_COLOURS.get(card.matter, "#888888")
    light = _mix(base, "#ffffff", 0.55)
    dark = _mix(base, "#000000", 0.35)
    parts = [
        f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{light}" stroke="{dark}" stroke-width="{max(0.6, r / 14):.1f}"/>'
    ]
    rings = 1 + card.level // 4
    for i in range(rings):
        rr = r * (0.92 - 0.12 * i)
        if rng.randbelow(2):
            parts.append(
                f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{rr:.1f}" fill="none" stroke="{dark}" stroke-width="{r / 25:.1f}" stroke-dasharray="{r / (4 + i):.1f} {r / 9:.1f}"/>'
            )
    motif = rng.randbelow(4)
    n = 3 + rng.randbelow(3 + card.level // 3)
    rot = rng.random() * math.pi
    if motif == 0:  # star
        parts.append(
            f'<polygon points="{_poly(cx, cy, r * 0.78, n, rot, 0.45)}" fill="{base}" stroke="{dark}" stroke-width="{r / 20:.1f}"/>'
        )
    elif motif == 1:  # nested polygons
        for i in range(2 + card.level // 5):
            parts.append(
                f'<polygon points="{_poly(cx, cy, r * (0.75 - 0.18 * i), n, rot + i * 0.4)}" fill="{base if i % 2 == 0 else light}" stroke="{dark}" stroke-width="{r / 24:.1f}"/>'
            )
    elif motif == 2:  # petals
        for i in range(n):
            a = rot + 2 * math.pi * i / n
            px, py = cx + r * 0.42 * math.cos(a), cy + r * 0.42 * math.sin(a)
            parts.append(
                f'<ellipse cx="{px:.1f}" cy="{py:.1f}" rx="{r * 0.34:.1f}" ry="{r * 0.15:.1f}" transform="rotate({math.degrees(a):.0f} {px:.1f} {py:.1f})" fill="{base}" stroke="{dark}" stroke-width="{r / 28:.1f}"/>'
            )
    else:  # orbiting dots around a core
        for i in range(n):
            a = rot + 2 * math.pi * i / n
            parts.append(
                f'<circle cx="{cx + r * 0.58 * math.cos(a):.1f}" cy="{cy + r * 0.58 * math.sin(a):.1f}" r="{r * 0.16:.1f}" fill="{base}" stroke="{dark}" stroke-width="{r / 30:.1f}"/>'
            )
    core = 0.18 + 0.02 * (card.level % 4)
    parts.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r * core:.1f}" fill="{dark}"/>')
    if card.level >= 9:  # a crown of rays on the rarest cards
        for i in range(card.level - 6):
            a = -math.pi / 2 + (i - (card.level - 7) / 2) * 0.32
            x1, y1 = cx + r * 0.98 * math.cos(a), cy + r * 0.98 * math.sin(a)
            x2, y2 = cx + r * 1.12 * math.cos(a), cy + r * 1.12 * math.sin(a)
            parts.append(
                f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{dark}" stroke-width="{r / 12:.1f}" stroke-linecap="round"/>'
            )
    return "".join(parts)


def art_svg(card: Card, size: int = 96) -> str:
    """A standalone square SVG of the card's artwork (or its uploaded image, escaped: a picture's
    text can never close the attribute or add markup)."""
    size = int(size)
    if card.image:
        return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" width="{size}" height="{size}"><image href="{esc(card.image)}" width="{size}" height="{size}"/></svg>'
    h = size / 2
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" width="{size}" height="{size}">{emblem(card, h, h, h * 0.85)}</svg>'
