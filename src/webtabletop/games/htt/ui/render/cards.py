"""HTML and SVG of single cards and of the collection pages' lists: a card (hex face, emblem or
picture, six values, level, matter gem), a card back, a standalone card, the card grid, the battle
log and the achievements list. Pure text; every outside string is escaped (``esc``)."""

from __future__ import annotations

import math

from webtabletop.core.grid import SQRT3, hex_corners
from webtabletop.core.view import esc
from webtabletop.games.htt.collection.model import opponent_name
from webtabletop.games.htt.rules.cards import MATTER_COLOURS, Card, value_text
from webtabletop.games.htt.rules.sets.names import card_name, matter_name
from webtabletop.games.htt.ui.render.art import emblem
from webtabletop.i18n import _, ngettext
from webtabletop.i18n.text import join_list

# faces take the page's theme (web/assets/app.css, [data-theme=dark]); the light colour is the fallback
OWNER_FILL = ("var(--htt-face0, #d7e6fd)", "var(--htt-face1, #fbd9d4)")
OWNER_STROKE = ("#2f6fd6", "#d0453a")
NEUTRAL_FILL, NEUTRAL_STROKE = "var(--htt-face, #f4f1ea)", "#7a7263"
#: a side's value: raised, lowered, as printed
VALUE_UP, VALUE_DOWN, VALUE_INK = "var(--htt-up, #1d6b2c)", "var(--htt-down, #9b1c1c)", "var(--htt-value, #1b1b1b)"
SIDE_ANGLES = (0, -60, -120, 180, 120, 60)  # E NE NW W SW SE, SVG y down


def points(cx: float, cy: float, r: float) -> str:
    return " ".join(f"{x},{y}" for x, y in hex_corners(cx, cy, r))


def card_title(card: Card, with_set: bool = True) -> str:
    """The card's name, level, matter and values, and its set's id unless ``with_set`` is off."""
    fields = {
        "card": card_name(card),
        "level": card.level,
        "matter": matter_name(card.matter),
        "values": card.text,
    }
    if card.set_id and with_set:
        return _("{card} — level {level}, {matter} matter, values {values}, set {set}").format(
            set=card.set_id, **fields
        )
    return _("{card} — level {level}, {matter} matter, values {values}").format(**fields)


def card_svg(
    card: Card,
    cx: float,
    cy: float,
    r: float,
    owner: int | None = None,
    values: tuple[int, ...] | None = None,
    extra: str = "",
    title: str | None = None,
    glyphs: str | None = None,
) -> str:
    """One card as an SVG group: hex face in the owner's tint, emblem, six values, level, matter gem.
    ``glyphs``: the id prefix of :func:`glyph_defs` in the same SVG; the values and the level are
    then drawn as ``<use>`` of those glyphs, so the card holds no text node (a card that is a
    button: its label names the card, and axe's label-in-name rule reads no digit code in it).
    The values and the level are drawn for the eye only (``aria-hidden``): the group's label names
    the card first and says its sides in words, so a screen reader starts with no digit code."""
    fill = OWNER_FILL[owner] if owner is not None else NEUTRAL_FILL
    stroke = OWNER_STROKE[owner] if owner is not None else NEUTRAL_STROKE
    vals = values if values is not None else card.values
    parts = [f"<g {extra}>" if extra else "<g>", f"<title>{esc(title or card_title(card))}</title>"]
    parts.append(
        f'<polygon points="{points(cx, cy, r * 0.96)}" fill="{fill}" stroke="{stroke}" stroke-width="{max(1.5, r / 14):.1f}"/>'
    )
    if card.image:
        s = r * 0.72
        parts.append(
            f'<image href="{esc(card.image)}" x="{cx - s / 2:.1f}" y="{cy - s / 2:.1f}" width="{s:.1f}" height="{s:.1f}"/>'
        )
    else:
        parts.append(emblem(card, cx, cy, r * 0.3))
    fs = r * 0.3
    for d, ang in enumerate(SIDE_ANGLES):
        a = math.radians(ang)
        x, y = cx + r * 0.6 * math.cos(a), cy + r * 0.6 * math.sin(a)
        v = vals[d]
        colour = VALUE_UP if v > card.values[d] else VALUE_DOWN if v < card.values[d] else VALUE_INK
        if glyphs:
            parts.append(_glyph(glyphs, value_text(v), x, y + fs * 0.36, fs, colour))
            continue
        parts.append(
            f'<text x="{x:.1f}" y="{y + fs * 0.36:.1f}" font-size="{fs:.1f}" font-weight="700" text-anchor="middle" fill="{colour}" font-family="sans-serif" aria-hidden="true">{value_text(v)}</text>'
        )
    gem = MATTER_COLOURS.get(card.matter, "#888")
    parts.append(
        f'<circle cx="{cx:.1f}" cy="{cy - r * 0.62:.1f}" r="{r * 0.09:.1f}" fill="{gem}" stroke="#333" stroke-width="0.6"/>'
    )
    if glyphs:
        parts.append(_glyph(glyphs, f"L{card.level}", cx, cy + r * 0.72, r * 0.19, "var(--htt-level, #444)"))
    else:
        parts.append(
            f'<text x="{cx:.1f}" y="{cy + r * 0.72:.1f}" font-size="{r * 0.19:.1f}" text-anchor="middle" fill="var(--htt-level, #444)" font-family="sans-serif" aria-hidden="true">L{card.level}</text>'
        )
    parts.append("</g>")
    return "".join(parts)


#: the texts a card draws: side values and levels
GLYPHS = tuple("123456789A") + tuple(f"L{n}" for n in range(1, 12))
_GLYPH_SIZE = 10


def glyph_defs(prefix: str) -> str:
    """One ``<text>`` per value and level, defined once in an SVG (``<defs>``: not drawn, not read)
    for :func:`card_svg`'s ``glyphs``. The level glyphs are regular, the values bold."""
    bold = ' font-weight="700"'
    items = "".join(
        f'<text id="{prefix}{g}" font-size="{_GLYPH_SIZE}" text-anchor="middle" font-family="sans-serif"'
        f'{"" if g.startswith("L") else bold}>{g}</text>'
        for g in GLYPHS
    )
    return f"<defs>{items}</defs>"


def _glyph(prefix: str, text: str, x: float, y: float, size: float, colour: str) -> str:
    return (
        f'<use href="#{prefix}{text}" fill="{colour}" '
        f'transform="translate({x:.1f} {y:.1f}) scale({size / _GLYPH_SIZE:.3f})"/>'
    )


def card_back_svg(cx: float, cy: float, r: float, extra: str = "", title: str | None = None) -> str:
    title = title or _("A face-down card")
    parts = [f"<g {extra}>" if extra else "<g>", f"<title>{esc(title)}</title>"]
    parts.append(
        f'<polygon points="{points(cx, cy, r * 0.96)}" fill="#3b3552" stroke="#1f1b2e" stroke-width="2"/>'
    )
    parts.append(
        f'<polygon points="{points(cx, cy, r * 0.6)}" fill="none" stroke="#8d84b8" stroke-width="1.5"/>'
    )
    parts.append(f'<polygon points="{points(cx, cy, r * 0.3)}" fill="#8d84b8"/>')
    parts.append("</g>")
    return "".join(parts)


def standalone_card_svg(
    card: Card, size: int = 120, owner: int | None = None, label: str | None = None
) -> str:
    """A card as its own ``<svg>`` (collection pages, pack openings)."""
    r = size / SQRT3
    h = 2 * r
    aria = esc(label or card_title(card))
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size:.0f} {h:.0f}" width="{size:.0f}" height="{h:.0f}" role="img" aria-label="{aria}">{card_svg(card, size / 2, r, r, owner, title=label)}</svg>'


def card_grid_html(
    cards: list[Card],
    owned: dict[str, int],
    set_names: dict[str, str] | None = None,
    show: str = "all",
    level: int | None = None,
    size: int = 96,
    sort: str = "set",
) -> str:
    """A grid of cards for the collection pages: owned copies or "missing", level and set on hover and
    focus (``<title>``, ``aria-label``). ``show``: all / owned / missing; ``level``: one level only;
    ``sort``: set (set, level), level (level, set), name, or copies (most first)."""
    set_names = set_names or {}
    items = []
    keys = {
        "set": lambda c: (c.set_id, c.level, c.id),
        "level": lambda c: (c.level, c.set_id, c.id),
        "name": lambda c: (card_name(c).lower(), c.id),
        "copies": lambda c: (-owned.get(c.id, 0), c.set_id, c.level, c.id),
    }
    if sort not in keys:
        raise ValueError(f"unknown sort {sort!r} (set, level, name, copies)")
    for c in sorted(cards, key=keys[sort]):
        n = owned.get(c.id, 0)
        if (
            (show == "owned" and not n)
            or (show == "missing" and n)
            or (level is not None and c.level != level)
        ):
            continue
        set_name = set_names.get(c.set_id, c.set_id)
        state = ngettext("{n} copy", "{n} copies", n).format(n=n) if n else _("missing")
        label = _("{card} {state} — level {level}, set {set}, {matter} matter, values {values}").format(
            card=card_name(c), state=f"×{n}" if n else state, level=c.level, set=set_name,
            matter=matter_name(c.matter), values=c.text,
        )  # fmt: skip
        cls = "htt-card owned" if n else "htt-card missing"
        svg = standalone_card_svg(c, size, None, label)
        badge = (
            f'<span class="htt-copies">×{n}</span>'
            if n
            else ('<span class="htt-copies htt-missing">' + str(esc(_("missing"))) + "</span>")
        )
        items.append(
            f'<li class="{cls}" tabindex="0" aria-label="{esc(label)}" title="{esc(label)}" data-card="{esc(c.id)}" data-level="{c.level}">{svg}<span class="htt-name">{esc(card_name(c))}</span>{badge}</li>'
        )
    if not items:
        return '<p class="htt-empty">' + str(esc(_("No cards to show."))) + "</p>"
    return '<ul class="htt-grid">' + "".join(items) + "</ul>"


def set_view_html(card_set, owned: dict[str, int], show: str = "all", level: int | None = None) -> str:
    """All cards of one set with a summary line (owned / total, missing count)."""
    have = sum(1 for c in card_set.cards if owned.get(c.id, 0))
    total = len(card_set.cards)
    line = ngettext(
        "{theme} · you own {have} of {total} card; {missing} missing",
        "{theme} · you own {have} of {total} cards; {missing} missing",
        total,
    ).format(theme=_(card_set.theme), have=have, total=total, missing=total - have)
    head = f'<h3>{esc(_(card_set.name))}</h3><p class="htt-set-summary">{esc(line)}</p>'
    return head + card_grid_html(list(card_set.cards), owned, {card_set.id: card_set.name}, show, level)


def battle_log_html(entries: list[dict], limit: int = 20) -> str:
    """The battle log (newest first): date, opponent, result and score, rules."""
    if not entries:
        return '<p class="htt-empty">' + str(esc(_("No games yet."))) + "</p>"
    from webtabletop.games.htt.rules.options import translate_rule

    results = {"win": _("win"), "loss": _("loss"), "draw": _("draw")}
    rows = []
    for e in reversed(entries[-limit:]):
        shown = dict(e)
        shown["opponent"] = opponent_name(str(e.get("opponent") or ""))
        shown["result"] = results.get(str(e.get("result")), e.get("result"))
        rules = str(e.get("rules") or "")
        shown["rules"] = join_list(translate_rule(r) for r in rules.split(", ")) if rules else ""
        rows.append(
            "<tr>"
            + "".join(
                f"<td>{esc(shown.get(k) or '—')}</td>"
                for k in ("date", "opponent", "result", "score", "rules")
            )
            + "</tr>"
        )
    head = (
        "<tr>"
        + "".join(
            f"<th>{esc(t)}</th>" for t in (_("Date"), _("Opponent"), _("Result"), _("Score"), _("Rules"))
        )
        + "</tr>"
    )
    return f'<table class="htt-log"><thead>{head}</thead><tbody>{"".join(rows)}</tbody></table>'


def achievements_html(collection) -> str:
    """Achievements with progress bars; reached ones with an unclaimed reward are marked."""
    items = []
    for a, progress, reached in collection.achievements():
        pending = a.id in collection.rewards_pending
        state = _("reward waiting") if pending else _("done") if reached else f"{progress}/{a.target}"
        title = a.display_title()
        items.append(
            f'<li class="htt-ach{" done" if reached else ""}" data-achievement="{esc(a.id)}">'
            f"<span>{esc(title)}</span> "
            f'<progress max="{a.target}" value="{progress}" aria-label="{esc(title)}: {esc(state)}"></progress> '
            f"<span>{esc(state)}</span></li>"
        )
    return '<ul class="htt-achievements">' + "".join(items) + "</ul>"


#: default styles for the card grid (the app's own CSS may replace them)
GRID_CSS = """
.htt-grid{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;padding:0}
.htt-card{display:flex;flex-direction:column;align-items:center;width:7rem;text-align:center;font-size:.8rem}
.htt-card.missing svg{opacity:.35;filter:grayscale(.8)}
.htt-card:focus,.htt-card:hover{outline:2px solid #f2c200;outline-offset:2px}
.htt-copies{font-weight:700}.htt-missing{font-weight:400;color:#777}
"""
