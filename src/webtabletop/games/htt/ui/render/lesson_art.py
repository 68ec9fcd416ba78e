"""Pictures for HTT's lessons ("first a card with its parts labelled"), drawn with the
board's own card (:func:`~webtabletop.games.htt.ui.render.cards.card_svg`), labels in the reader's
language. Each function returns one ``<svg role="img">`` with a label that says what it shows."""

from __future__ import annotations

from webtabletop.core.view import esc
from webtabletop.games.htt.rules.sets.library import get_card
from webtabletop.games.htt.ui.render.cards import card_svg, card_title
from webtabletop.i18n import _
from webtabletop.i18n.text import join_list

INK = "var(--muted, #555)"
#: the labels' size and line height (SVG units: the pictures are drawn about 300 units wide)
FONT, LINE = 15, 17
#: the card the labelled picture shows: level 9, an A facing east
EXAMPLE = "emb-9g"


def _svg(width: int, height: int, label: str, body: str) -> str:
    return (
        f'<svg class="lesson-art" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'role="img" aria-label="{esc(label)}">{body}</svg>'
    )


def _lines(text: str, width: int = 14) -> list[str]:
    """``text`` on one line, or two split at the space nearest its middle when it is long (CJK
    labels are short and have no spaces: one line)."""
    if len(text) <= width or " " not in text:
        return [text]
    middle = len(text) // 2
    cut = min((i for i, ch in enumerate(text) if ch == " "), key=lambda i: abs(i - middle))
    return [text[:cut], text[cut + 1 :]]


def _text(x: float, y: float, lines: list[str], anchor: str = "start") -> str:
    spans = "".join(
        f'<tspan x="{x:.1f}" dy="{0 if i == 0 else LINE}">{esc(t)}</tspan>' for i, t in enumerate(lines)
    )
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{FONT}" text-anchor="{anchor}" fill="currentColor" '
        f'font-family="sans-serif">{spans}</text>'
    )


def _callout(x: float, y: float, from_x: float, to_x: float, to_y: float, text: str) -> str:
    """A label starting at (x, y) (its first line's baseline), and a line from (from_x, beside
    the label) to the part it names, ending in a dot."""
    lines = _lines(text)
    return (
        f'<line x1="{from_x:.1f}" y1="{y - FONT / 3:.1f}" x2="{to_x:.1f}" y2="{to_y:.1f}" stroke="{INK}" '
        f'stroke-width="1.2"/><circle cx="{to_x:.1f}" cy="{to_y:.1f}" r="2.5" fill="{INK}"/>{_text(x, y, lines)}'
    )


def labelled_card() -> str:
    """One card, its parts named: the six side values, the A (10), the level, the matter dot."""
    card = get_card(EXAMPLE)
    cx, cy, r = 150.0, 118.0, 72.0
    parts = [
        card_svg(card, cx, cy, r, title=_("A card with its parts named")),
        _callout(6, 22, 104, cx - 5, cy - 0.62 * r, _("matter colour")),
        _callout(cx + r, cy + 5, cx + r - 4, cx + 0.6 * r + 12, cy - 1, _("A = 10")),
        _callout(6, 216, 104, cx - 0.3 * r - 9, cy + 0.52 * r + 6, _("six values, one per side")),
        _callout(cx + 40, 236, cx + 36, cx + 2, cy + 0.72 * r + 4, _("level")),
    ]
    label = _(
        "A card: a value on each of its six sides (A is 10), its level at the bottom, its matter colour "
        "as a dot at the top."
    )
    return _svg(300, 246, label, "".join(parts))


def levels(card_ids: tuple[str, ...]) -> str:
    """Cards side by side, each with its level and the sum of its six values below it."""
    cards = [get_card(i) for i in card_ids]
    r, gap = 52.0, 118.0
    width = int(gap * len(cards))
    parts = []
    for k, card in enumerate(cards):
        cx = gap / 2 + k * gap
        # named without its set's id (a code, not a word): the caption says what matters here
        parts.append(card_svg(card, cx, 58, r, title=card_title(card, with_set=False)))
        level, total = _("level {n}").format(n=card.level), _("sum {n}").format(n=sum(card.values))
        parts.append(_text(cx, 134, [level, total], anchor="middle"))
    label = _("Cards of levels {levels}: the higher the level, the larger the sum of the values.").format(
        levels=join_list(str(c.level) for c in cards)
    )
    return _svg(width, 160, label, "".join(parts))
