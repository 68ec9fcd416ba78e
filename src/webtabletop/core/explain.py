"""Explanation cards (docs/board.md, "Explanation cards"): what a card's effect, a cell's terrain
or a piece does, said where the player meets it.

A view puts the texts once in the board's HTML, hidden (:func:`texts`: one paragraph per kind,
with an id), and gives every element that shows such a kind ``data-info`` and an
``aria-describedby`` naming those paragraphs (:func:`described`). The paragraphs are then the
element's accessible description, read by screen readers with its name; the board module
(``web/board-info.js``) shows the same paragraphs as a small card beside the element on a
mouse's hover, a long press of a finger, or the I key on the focused element. Nothing here is
interactive: the card takes no click, and the element keeps its own (select, drag, drop).

Ids are ``<game prefix>-info-<kind>`` and unique on the page: a board names each kind once.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from webtabletop.core.view import attrs_html, esc
from webtabletop.i18n import _


@attrs.frozen
class Explanation:
    """One kind's text: ``name`` and ``rule`` translated; ``mark`` a symbol or badge the board
    draws for it (shown on the card beside the name, never read: it is no word)."""

    id: str
    name: str
    rule: str
    mark: str = ""


def texts(explanations: Iterable[Explanation]) -> str:
    """The hidden paragraphs (empty when there are none)."""
    items = []
    for e in explanations:
        # TRANSLATORS: an explanation card of the board: the name of a thing (a terrain, a card effect, a piece) in bold, then what it does
        body = _("{name}: {rule}").format(name=f"<b>{esc(e.name)}</b>", rule=esc(e.rule))
        a = attrs_html(id=e.id, class_="info-text", data_mark=e.mark or None)
        items.append(f"<p {a}>{body}</p>")
    return f'<div class="info-texts" hidden>{"".join(items)}</div>' if items else ""


def described(ids: Iterable[str]) -> dict[str, str | bool | None]:
    """The attributes of an element explained by the paragraphs ``ids`` (none: no attribute),
    for :func:`~webtabletop.core.view.attrs_html`."""
    names = " ".join(ids)
    return {"data_info": bool(names), "aria_describedby": names or None}


def hint(mouse: str, touch: str) -> str:
    """The line under a board that says how to open its cards: ``mouse`` where the page has a
    pointer that hovers, ``touch`` on a touch screen (web/assets/app.css shows one of the two)."""
    return (
        f'<p class="info-hint"><span class="on-mouse">{esc(mouse)}</span>'
        f'<span class="on-touch">{esc(touch)}</span></p>'
    )
