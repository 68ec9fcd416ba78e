"""SHT's playing cards as SVG: faces, backs, the back pattern, and laying out a row of cards."""

from __future__ import annotations

from webtabletop.core.view import esc
from webtabletop.games.sht.rules import cards as C
from webtabletop.i18n import _

#: the table: small enough that a card is 44 px wide on a 390×844 phone (cards overlap when many)
WIDTH, HEIGHT = 512, 572
CW, CH = 64, 90  # card size on the field and in the viewer's hand
SW, SH = 40, 56  # small cards (opponent's hand)
# card faces take the page's theme (web/assets/app.css, [data-theme=dark]): light is the fallback
RED, BLACK = "var(--suit-red, #c62828)", "var(--suit-black, #1b1b1b)"
FACE = "var(--card-face, #fffdf7)"
TABLE = "#1f6f4a"


def card_face(
    x: float,
    y: float,
    card: int,
    w: float = CW,
    h: float = CH,
    *,
    closed: bool = False,
    selected: bool = False,
    new: bool = False,
    extra: str = "",
    label: str | None = None,
    cls: str = "",
) -> str:
    """A face-up card: rank and suit in the top corner (one text, e.g. "10♥": the visible text the
    accessible name starts with) and a big suit in the middle (decorative, hidden from screen
    readers; no second rank upside down: a button's visible text must be in its name, and axe-core
    counts hidden text too); ``closed`` adds a dashed border and a "closed" band (the owner's own
    closed card). ``label`` is the accessible name (default: the symbol and the card's name)."""
    colour = RED if C.is_red(card) else BLACK
    rank = C.RANKS[card % 13]
    sym = C.SUIT_SYMBOLS[C.suit(card)]
    if label is None:
        label = _("{symbol} {card} (closed: only you see it)") if closed else "{symbol} {card}"
        label = label.format(symbol=C.symbol(card), card=C.long_name(card))
    stroke = "#f2b705" if selected else ("#555" if not closed else "#333")
    sw = 4 if selected else 1.5
    dash = ' stroke-dasharray="5 3"' if closed and not selected else ""
    fs = h * 0.2
    own_label = "" if "aria-label=" in extra else f' aria-label="{esc(label)}"'
    parts = [
        f'<g class="card face{" closed" if closed else ""}{" selected" if selected else ""}{" " + cls if cls else ""}" data-card="{C.name(card)}" '
        f'transform="translate({x:g},{y:g})"{own_label} {extra}>',
        f'<title>{esc(label)}</title><rect width="{w:g}" height="{h:g}" rx="{w * 0.1:g}" fill="{FACE}" stroke="{stroke}" stroke-width="{sw}"{dash}/>',
        f'<text x="{w * 0.08:g}" y="{fs * 1.05:g}" font-size="{fs:g}" font-weight="700" fill="{colour}" font-family="Georgia,serif">{rank}'
        f'<tspan x="{w * 0.08:g}" y="{fs * 2.0:g}" font-size="{fs * 0.9:g}" font-weight="400" font-family="system-ui,sans-serif">{sym}</tspan></text>',
        f'<text aria-hidden="true" x="{w / 2:g}" y="{h * 0.64:g}" font-size="{h * 0.38:g}" fill="{colour}" text-anchor="middle">{sym}</text>',
    ]
    if closed:
        word = esc(_("closed"))
        parts.append(f'<rect x="1" y="{h * 0.8:g}" width="{w - 2:g}" height="{h * 0.18:g}" fill="#37474f"/>')
        parts.append(
            f'<text aria-hidden="true" x="{w / 2:g}" y="{h * 0.93:g}" font-size="{h * 0.13:g}" fill="#fff" text-anchor="middle">{word}</text>'
        )
    if new:
        parts.append(
            f'<circle cx="{w - 7:g}" cy="7" r="6" fill="#f2b705"/><text aria-hidden="true" x="{w - 7:g}" y="10" font-size="9" text-anchor="middle">★</text>'
        )
    parts.append("</g>")
    return "".join(parts)


def card_back(
    x: float,
    y: float,
    w: float = CW,
    h: float = CH,
    *,
    label: str = "",
    band: str = "",
    extra: str = "",
) -> str:
    """A face-down card (lattice pattern); ``band`` writes a word across it (e.g. "shield"), and
    the accessible name (``label``, default "face-down card") then starts with that word."""
    label = label or _("face-down card")
    if band and not label.startswith(band):
        label = _("{band}: {label}").format(band=band, label=label)
    parts = [
        f'<g class="card back" transform="translate({x:g},{y:g})" aria-label="{esc(label)}" {extra}><title>{esc(label)}</title>',
        f'<rect width="{w:g}" height="{h:g}" rx="{w * 0.1:g}" fill="#fff" stroke="#555" stroke-width="1.5"/>',
        f'<rect x="{w * 0.08:g}" y="{w * 0.08:g}" width="{w * 0.84:g}" height="{h - w * 0.16:g}" rx="{w * 0.06:g}" fill="url(#sht-back)"/>',
    ]
    if band:
        parts.append(
            f'<rect x="0" y="{h * 0.4:g}" width="{w:g}" height="{h * 0.2:g}" fill="#fffdf7" opacity="0.9"/>'
        )
        parts.append(
            f'<text x="{w / 2:g}" y="{h * 0.545:g}" font-size="{h * 0.13:g}" text-anchor="middle" fill="#222">{esc(band)}</text>'
        )
    parts.append("</g>")
    return "".join(parts)


def back_pattern_defs() -> str:
    return (
        '<defs><pattern id="sht-back" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
        '<rect width="8" height="8" fill="#2f4f9e"/><rect width="4" height="8" fill="#3d63c0"/></pattern></defs>'
    )


def row_x(n: int, left: float, right: float, w: float, gap: float = 8) -> list[float]:
    """x positions of ``n`` cards centred in [left, right], overlapping when they do not fit."""
    if n == 0:
        return []
    step = min(w + gap, (right - left - w) / max(1, n - 1)) if n > 1 else 0
    total = step * (n - 1) + w
    start = left + (right - left - total) / 2
    return [start + i * step for i in range(n)]
