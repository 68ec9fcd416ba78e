"""The DumaRaj piece set: one SVG silhouette per mob, drawn in a 100×100 box.

Each mob has a shape of its own that reads at a 33 px square (a phone's 10×10 location):

- Raj: a domed crown with a cross on top (the mob the game is about);
- Fej: a five-pointed crown with three balls (the strongest rider, orthogonal and diagonal);
- Lod': a boat with a square sail (the name echoes "ладья", a boat; it slides orthogonally);
- Slod': a boat with a slanted triangular sail (Lod''s diagonal twin);
- Gon': a horse's head (1-then-2 leaps, the knight);
- Trigon': a camel with its hump (its 1st degree is the camel's 1-then-3 leap);
- Pixa: a small round head on a stand (the many small mobs in front).

Both sides use the same shapes: the first player's mobs are light with a dark outline, the second
player's dark with light inner lines, and both have a dark halo so they stand out on either bit
colour. The board puts the 14 variants once into ``<defs>`` as ``<symbol>`` elements and places
each mob with ``<use>``; the letters (``glyph`` in view.py) remain as a display preference.
"""

from __future__ import annotations

from webtabletop.games.dumaraj.rules.pieces import FEJ, GON, LOD, PIXA, RAJ, SLOD, TRIGON

#: a common stand under the upright mobs (boats float on their own hull)
_STAND = "M24 90H76Q80 90 80 86V84Q80 78 74 78H26Q20 78 20 84V86Q20 90 24 90Z"

#: (body paths filled with the side's colour, detail paths drawn as lines) per mob
SHAPES: dict[int, tuple[tuple[str, ...], tuple[str, ...]]] = {
    RAJ: (
        (
            _STAND,
            "M30 78C30 64 35 54 40 48H60C65 54 70 64 70 78Z",
            "M32 48C30 32 40 26 50 26C60 26 70 32 68 48Z",
            "M46 6H54V12H60V19H54V27H46V19H40V12H46Z",
        ),
        ("M34 48H66", "M36 66H64"),
    ),
    FEJ: (
        (
            _STAND,
            "M31 78L36 52H64L69 78Z",
            "M36 52L20 22L37 38L50 14L63 38L80 22L64 52Z",
            "M20 22m-6 0a6 6 0 1 0 12 0a6 6 0 1 0-12 0",
            "M50 13m-6 0a6 6 0 1 0 12 0a6 6 0 1 0-12 0",
            "M80 22m-6 0a6 6 0 1 0 12 0a6 6 0 1 0-12 0",
        ),
        ("M37 52H63", "M35 66H65"),
    ),
    LOD: (
        (
            "M8 66H92L80 88H20Z",
            "M47 66V8H53V66Z",
            "M22 16H78Q82 36 78 58H22Q18 36 22 16Z",
        ),
        ("M22 37H78", "M50 16V58", "M14 76H86"),
    ),
    SLOD: (
        (
            "M10 66H90L76 88H24Z",
            "M47 66V14H53V66Z",
            "M18 60L76 6L70 60Z",
        ),
        ("M30 49L70 12", "M16 76H84"),
    ),
    GON: (
        (
            _STAND,
            "M30 78C28 64 36 56 42 50C36 52 27 56 21 52C14 47 16 40 22 35C30 28 36 20 40 12L46 20"
            "C62 20 76 34 74 78Z",
        ),
        ("M32 32m-3 0a3 3 0 1 0 6 0a3 3 0 1 0-6 0", "M48 24C60 30 66 46 64 70", "M20 46L26 44"),
    ),
    TRIGON: (
        (
            _STAND,
            "M18 78C16 64 20 54 28 50C32 26 58 26 62 46C66 48 70 44 71 34C72 24 74 16 80 12L90 14"
            "C96 15 98 21 95 26L85 29C83 42 83 60 80 78Z",
        ),
        ("M87 19m-2.5 0a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0-5 0", "M30 64H70", "M38 38C44 34 52 36 56 44"),
    ),
    PIXA: (
        (
            _STAND,
            "M32 78C34 64 40 58 44 54H56C60 58 66 64 68 78Z",
            "M50 40m-15 0a15 15 0 1 0 30 0a15 15 0 1 0-30 0",
        ),
        ("M40 54H60",),
    ),
}

#: (fill, outline, detail line) per side: first player light, second dark
INKS = (("#faf7ee", "#1c1c1c", "#1c1c1c"), ("#2b2b2b", "#111111", "#ece7da"))
HALO = "#111111"


def symbol_id(kind: int, colour: int) -> str:
    return f"dr-{'wb'[colour]}{kind}"


def symbol(kind: int, colour: int) -> str:
    """The ``<symbol>`` of one mob of one side (a halo, the filled body, then the inner lines)."""
    body, detail = SHAPES[kind]
    fill, line, inner = INKS[colour]
    halo = "".join(
        f'<path d="{d}" fill="{HALO}" stroke="{HALO}" stroke-width="9" stroke-linejoin="round"/>'
        for d in body
    )
    filled = "".join(
        f'<path d="{d}" fill="{fill}" stroke="{line}" stroke-width="4" stroke-linejoin="round"/>'
        for d in body
    )
    lines = "".join(
        f'<path d="{d}" fill="none" stroke="{inner}" stroke-width="3.5" stroke-linecap="round"/>'
        for d in detail
    )
    return f'<symbol id="{symbol_id(kind, colour)}" viewBox="0 0 100 100">{halo}{filled}{lines}</symbol>'


def defs(kinds: set[tuple[int, int]] | None = None) -> str:
    """``<defs>`` with the symbols of the (kind, colour) pairs asked for (all 14 by default)."""
    pairs = sorted(kinds) if kinds is not None else [(k, c) for k in SHAPES for c in (0, 1)]
    return "<defs>" + "".join(symbol(k, c) for k, c in pairs) + "</defs>"


def use(kind: int, colour: int, cx: float, cy: float, size: float) -> str:
    """A ``<use>`` placing the mob's symbol centred on (cx, cy), ``size`` units wide and high."""
    return (
        f'<use href="#{symbol_id(kind, colour)}" x="{cx - size / 2:g}" y="{cy - size / 2:g}" '
        f'width="{size:g}" height="{size:g}"/>'
    )


def inline(kind: int, colour: int, cx: float, cy: float, size: float) -> str:
    """The mob drawn in place (for small pictures that have no ``<defs>``: rules page, editor)."""
    inner = symbol(kind, colour)
    inner = inner.replace(f'<symbol id="{symbol_id(kind, colour)}" viewBox="0 0 100 100">', "").replace(
        "</symbol>", ""
    )
    s = size / 100
    return f'<g transform="translate({cx - size / 2:g},{cy - size / 2:g}) scale({s:g})">{inner}</g>'


__all__ = ["SHAPES", "defs", "inline", "symbol", "symbol_id", "use", "PIXA", "RAJ"]
