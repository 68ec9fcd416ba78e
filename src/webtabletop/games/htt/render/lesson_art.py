"""Pictures for HTT's lessons (issue 24: "first a card with its parts labelled"), drawn with the
board's own card (:func:`~webtabletop.games.htt.render.cards.card_svg`), labels in the reader's
language. Each function returns one ``<svg role="img">`` with a label that says what it shows."""

from __future__ import annotations

from webtabletop.core.view import esc
from webtabletop.games.htt.render.cards import card_svg
from webtabletop.games.htt.sets.library import get_card
from webtabletop.i18n import _
from webtabletop.i18n.text import join_list

INK = "var(--muted, #555)"
#: the card the labelled picture shows: level 9, an A facing east
EXAMPLE = "emb-9g"


def _svg(width: int, height: int, label: str, body: str) -> str:
    return (
        f'<svg class="lesson-art" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'role="img" aria-label="{esc(label)}">{body}</svg>'
    )


def _lines(text: str, width: int = 16) -> list[str]:
    """``text`` on one line, or two split at the space nearest its middle when it is long (CJK
    labels are short and have no spaces: one line)."""
    if len(text) <= width or " " not in text:
        return [text]
    middle = len(text) // 2
    cut = min((i for i, ch in enumerate(text) if ch == " "), key=lambda i: abs(i - middle))
    return [text[:cut], text[cut + 1 :]]


def _callout(x: float, y: float, to_x: float, to_y: float, text: str) -> str:
    """A label starting at (x, y) (its first line's baseline) and a line from its near end to the
    part it names, ending in a dot."""
    lines = _lines(text)
    spans = "".join(
        f'<tspan x="{x:.1f}" dy="{0 if i == 0 else 15}">{esc(t)}</tspan>' for i, t in enumerate(lines)
    )
    from_x = x + 7.2 * max(len(t) for t in lines) + 4 if to_x > x else x - 4
    from_y = y - 4 + 7.5 * (len(lines) - 1)
    return (
        f'<line x1="{from_x:.1f}" y1="{from_y:.1f}" x2="{to_x:.1f}" y2="{to_y:.1f}" stroke="{INK}" stroke-width="1.2"/>'
        f'<circle cx="{to_x:.1f}" cy="{to_y:.1f}" r="2.5" fill="{INK}"/>'
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="13" fill="currentColor" font-family="sans-serif">{spans}</text>'
    )


def labelled_card() -> str:
    """One card, its parts named: the six side values, the A (10), the level, the matter dot."""
    card = get_card(EXAMPLE)
    cx, cy, r = 210.0, 104.0, 80.0
    parts = [
        card_svg(card, cx, cy, r, title=_("A card with its parts named")),
        _callout(8, cy - 6, cx - 0.6 * r - 12, cy - 4, _("six values, one per side")),
        _callout(cx + r + 16, cy + 2, cx + 0.6 * r + 12, cy - 3, _("A = 10")),
        _callout(cx + 44, 22, cx + 8, cy - 0.62 * r, _("matter colour")),
        _callout(cx + 44, 196, cx + 16, cy + 0.72 * r - 4, _("level")),
    ]
    label = _(
        "A card: a value on each of its six sides (A is 10), its level at the bottom, its matter colour "
        "as a dot at the top."
    )
    return _svg(420, 208, label, "".join(parts))


def levels(card_ids: tuple[str, ...]) -> str:
    """Cards side by side, each with its level and the sum of its six values below it."""
    cards = [get_card(i) for i in card_ids]
    r, gap = 56.0, 132.0
    width = int(gap * len(cards) + 8)
    parts = []
    for k, card in enumerate(cards):
        cx = gap / 2 + 4 + k * gap
        parts.append(card_svg(card, cx, 64, r))
        for dy, text in (
            (146, _("level {n}").format(n=card.level)),
            (164, _("sum {n}").format(n=sum(card.values))),
        ):
            parts.append(
                f'<text x="{cx:.1f}" y="{dy}" font-size="13" text-anchor="middle" fill="currentColor" '
                f'font-family="sans-serif">{esc(text)}</text>'
            )
    label = _("Cards of levels {levels}: the higher the level, the larger the sum of the values.").format(
        levels=join_list(str(c.level) for c in cards)
    )
    return _svg(width, 172, label, "".join(parts))
