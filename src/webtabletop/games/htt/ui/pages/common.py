"""What every HTT page shares: the collection document (load/save, schema), addresses, keys and
small widgets.

Keys: every ``data-key`` an HTT page writes is made of ASCII letters, digits and ``-`` only
(:func:`safe_key`), so the page can find the focused element again with a plain attribute
selector whatever a player names a preset or a set.
"""

from __future__ import annotations

import datetime
import re
import zlib
from typing import Any

from webtabletop.app.model.extensions import PageContext
from webtabletop.core.storage import Schema
from webtabletop.core.view import esc
from webtabletop.games.htt.collection.model import MIGRATIONS, SCHEMA_VERSION, Collection
from webtabletop.games.htt.rules.cards import Card
from webtabletop.games.htt.rules.sets.library import all_sets
from webtabletop.games.htt.rules.sets.names import card_name
from webtabletop.i18n import _, ngettext
from webtabletop.i18n.text import join_list

KEY = "webtabletop:htt:collection"
_SAFE = re.compile(r"[^A-Za-z0-9-]")


def _validate(data: Any) -> dict[str, Any]:
    """The schema's check (also the check of backup and file imports): strict, see collection.reading."""
    return Collection.from_json(data).to_json()


SCHEMA = Schema("htt-collection", SCHEMA_VERSION, _validate, dict(MIGRATIONS))


def safe_key(prefix: str, text: str) -> str:
    """A ``data-key`` for an element about ``text`` (a preset name, a set id): ASCII letters,
    digits and ``-`` only, and different for different texts."""
    plain = _SAFE.sub("", text)[:24]
    return f"{prefix}-{plain}-{zlib.crc32(text.encode('utf-8')):08x}"


def load(ctx: PageContext) -> Collection:
    """The player's collection (a fresh one when there is none or it was set aside)."""
    data = ctx.read(KEY, SCHEMA)
    if data is None:
        c = Collection()
        if ctx.keys(KEY) == [KEY]:  # it was unreadable and set aside: start fresh, once
            ctx.notice(
                _(
                    "Your Hexagonal Triple Triad collection could not be read, so you start with a fresh one. "
                    "The old data is kept (see “Your data”)."
                )
            )
            save(ctx, c)
        c.register_sets()
        return c
    c = Collection.from_json(data)
    c.register_sets()
    return c


def save(ctx: PageContext, c: Collection) -> None:
    ctx.write(KEY, SCHEMA, c.to_json())


def date_text(ms: float) -> str:
    """The date of a game for the log ("" when the page's clock is not a plausible date)."""
    if ms < 10**12:  # before 2001: the page sent a wrapped or missing clock
        return ""
    return datetime.datetime.fromtimestamp(ms / 1000, tz=datetime.UTC).strftime("%Y-%m-%d %H:%M")


def set_names() -> dict[str, str]:
    return {s.id: _(s.name) for s in all_sets()}


def card_label(c: Card, copies: int | None = None) -> str:
    fields = {
        "level": c.level,
        "name": card_name(c),
        "values": c.text,
        "matter": _(c.matter),
        "set": set_names().get(c.set_id, c.set_id),
        "n": copies,
    }
    if copies:
        return _("L{level} {name} · {values} · {matter} · {set} (×{n})").format(**fields)
    return _("L{level} {name} · {values} · {matter} · {set}").format(**fields)


def valid_deck(c: Collection) -> list[str]:
    """The saved deck when it can still be played (cards owned, one per level), else []."""
    if c.deck and not c.check_deck(c.deck, size=len(c.deck)):
        return list(c.deck)
    return []


def page_hash(page: str, **query: str) -> str:
    q = "&".join(f"{k}={v}" for k, v in query.items() if v)
    return f"#/htt/{page}" + (f"?{q}" if q else "")


def nav_select(label: str, key: str, current: str, choices: list[tuple[str, str]], make) -> str:
    """A select that navigates: each option's value is the page's address with that choice."""
    opts = "".join(
        f'<option value="{esc(make(v))}"{" selected" if v == current else ""}>{esc(t)}</option>'
        for v, t in choices
    )
    return (
        f'<label class="htt-filter">{esc(label)} '
        f'<select data-change="nav" data-key="{safe_key("nav", key)}">{opts}</select></label>'
    )


def progress(have: int, total: int, label: str) -> str:
    text = _("{label}: {have} of {total}").format(label=label, have=have, total=total)
    return f'<progress max="{total}" value="{have}" aria-label="{esc(text)}"></progress>'


def file_button(label: str, kind: str, accept: str) -> str:
    return (
        f"<label class='btn file'>{esc(label)}<input type='file' accept='{esc(accept)}' "
        f"data-import='{esc(kind)}' data-key='{safe_key('import', kind)}'></label>"
    )


def old_cards_notice(cards: list[Card]) -> str:
    """One line about a set's (or the collection's) old level-3 cards, or ""."""
    if not cards:
        return ""
    names = join_list(card_name(c) for c in cards[:4]) + ("…" if len(cards) > 4 else "")
    text = ngettext(
        "{n} level-3 card was made before the rules correction (level 3 now needs a sum of 20 to 22): "
        "{names}. It is kept and still plays with its printed values.",
        "{n} level-3 cards were made before the rules correction (level 3 now needs a sum of 20 to 22): "
        "{names}. They are kept and still play with their printed values.",
        len(cards),
    ).format(n=len(cards), names=names)
    return f'<p class="htt-old-cards" role="note">{esc(text)}</p>'


def spoken_card(c: Card, copies: int | None = None) -> str:
    """A card in words for a screen reader and a tooltip, its name first (no digit code): "Ifrit,
    level 3, fire; sides 5, 3, A, 2, 7, 1; set Embers of the Forge"."""
    fields = {
        "name": card_name(c),
        "level": c.level,
        "matter": _(c.matter),
        "values": join_list(c.text),
        "set": set_names().get(c.set_id, c.set_id),
        "n": copies,
    }
    if copies and copies > 1:
        return _("{name} (×{n}), level {level}, {matter}; sides {values}; set {set}").format(**fields)
    return _("{name}, level {level}, {matter}; sides {values}; set {set}").format(**fields)


def card_face(c: Card, size: int = 72) -> str:
    """The card's picture for a chooser: drawn for the eye (the words are beside it)."""
    from webtabletop.games.htt.ui.render.cards import standalone_card_svg

    return standalone_card_svg(c, size).replace('role="img"', 'aria-hidden="true" focusable="false"', 1)


def card_radios(name: str, cards: list[Card], chosen: str | None, copies, none_label: str | None = None) -> str:
    """A choice of one card among ``cards`` shown as the cards themselves (radio buttons named
    ``name``; the form sends the chosen card's id), with an optional "none" choice first."""
    items = []
    if none_label is not None:
        checked = " checked" if not chosen else ""
        items.append(
            f'<label class="htt-pick htt-pick-none"><input type="radio" name="{esc(name)}" value=""{checked}>'
            f'<span class="htt-name">{esc(none_label)}</span></label>'
        )
    for c in cards:
        checked = " checked" if chosen == c.id else ""
        n = copies(c.id)
        items.append(
            f'<label class="htt-pick" title="{esc(spoken_card(c, n))}"><input type="radio" name="{esc(name)}" '
            f'value="{esc(c.id)}"{checked} aria-label="{esc(spoken_card(c, n))}">{card_face(c)}'
            f'<span class="htt-name" aria-hidden="true">{esc(card_name(c))}{f" ×{n}" if n and n > 1 else ""}</span></label>'
        )
    return f'<div class="htt-picks">{"".join(items)}</div>'
