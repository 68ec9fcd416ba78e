"""A friend's link that came in parts, and links pasted into the match screen's box.

SHT's dealing links are too long for one message and travel as parts
(:mod:`webtabletop.correspondence.parts`, ``#/<game>/m?p=…``). Each part that arrives, opened
from a message in any tab or pasted, is kept in this browser's storage under
``webtabletop:parts:<game>:<id>`` (schema ``match-parts``, version 1: ``{"parts": [fragments],
"updated": ms}``) until every part of its link is there; then the whole link is opened as if it
had come in one piece (:func:`~webtabletop.app.match.flow.open_match_link`) and the parts are
removed. Until then a screen says which parts are still missing. Parts older than
:data:`KEEP_DAYS` days are removed when another part arrives: a link that never completes does not
stay for ever.

The match screen's box takes any text holding links: one link, or every part of one (the Share
window's "Copy all links" gives them in one message).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from webtabletop.app.match import flow as matchflow
from webtabletop.app.match.store import PARTS, PARTS_PREFIX
from webtabletop.app.model import persist
from webtabletop.app.model.state import error_route
from webtabletop.app.widgets.fragments import open_fragment
from webtabletop.core import storage
from webtabletop.core.protocol import GameError, GameSpec
from webtabletop.core.storage import encode_doc
from webtabletop.core.view import esc
from webtabletop.correspondence import parts as P
from webtabletop.i18n import _, ngettext
from webtabletop.i18n.text import join_list, join_sentences

if TYPE_CHECKING:
    from webtabletop.app.model.effects import Effects
    from webtabletop.app.model.state import AppState

KEEP_DAYS = 30
_DAY_MS = 24 * 3600 * 1000
_LINK = re.compile(r"#/[A-Za-z0-9_-]+/m\?[xp]=[A-Za-z0-9_-]+")


def parts_key(part: P.Part) -> str:
    return PARTS_PREFIX + part.key


def links_in(text: str) -> list[str]:
    """Every match link or part of one in ``text`` (a message with several links), in order."""
    return _LINK.findall(text or "")


# ---------------------------------------------------------------------- receiving
def receive_part(st: AppState, fx: Effects, fragment: str) -> tuple[str | None, P.Part]:
    """Keep the part ``fragment``; return (the whole link once every part is there, the part).
    A part that cannot be read raises a clear GameError and keeps nothing."""
    part = P.read_part(fragment)
    key = parts_key(part)
    held = persist.read(st, fx, key, PARTS) if key in st.store else None
    texts = list(held["parts"]) if held else []
    if fragment not in texts:
        texts.append(fragment)
    got = [P.read_part(t) for t in texts]
    try:
        whole = P.assemble(got)  # refuses parts of different links, or a changed part
    except GameError:
        # one of the parts kept (or this one) was changed on its way, and nothing says which:
        # none is kept, so the friend's parts sent again make the link
        if key in st.store:
            persist.remove(st, fx, storage.Remove(key))
        raise
    _clean(st, fx, key)
    if whole is not None:
        if key in st.store:
            persist.remove(st, fx, storage.Remove(key))
        return whole, part
    persist.write(st, fx, storage.Write(key, encode_doc(PARTS, {"parts": texts, "updated": st.now})))
    return None, part


def _clean(st: AppState, fx: Effects, keep: str) -> None:
    """Remove the parts of links that never completed, kept more than KEEP_DAYS days."""
    for key in [k for k in st.store if k.startswith(PARTS_PREFIX) and k != keep]:
        data = persist.read(st, fx, key, PARTS)
        if data is not None and st.now - data["updated"] > KEEP_DAYS * _DAY_MS:
            persist.remove(st, fx, storage.Remove(key))


def part_route(st: AppState, fx: Effects, spec: GameSpec, query: dict[str, str]) -> None:
    """``#/<game>/m?p=…``: one part of a friend's link, opened from a message."""
    fragment = f"#/{spec.id}/m?{P.PART_PARAM}={query.get(P.PART_PARAM, '')}"
    try:
        whole, part = receive_part(st, fx, fragment)
    except GameError as exc:
        st.route = error_route(
            _("This part of a match link cannot be used"),
            _("{problem} Nothing was changed: your games are untouched.").format(problem=exc),
            spec.id,
            matchflow.ways_back(st, spec),
        )
        return
    if whole is not None:
        matchflow.open_match_link(st, fx, spec, whole)
        return
    on_screen = st.match_open
    if on_screen is not None and st.route[0] == "match" and on_screen.spec.id == spec.id:
        on_screen.message = waiting_text(st, part)  # the match stays on screen
        return
    st.route = ("parts", spec.id, parts_key(part))


def waiting_text(st: AppState, part: P.Part) -> str:
    """Which parts are here and how many are still to come: two sentences, each one's plural
    chosen by its own count (the parts here, the parts missing)."""
    got = sorted(p.index + 1 for p in _held(st, parts_key(part)))
    missing = part.count - len(got)
    here = ngettext(
        "Part {got} of {count} of your friend's link is here.",
        "Parts {got} of {count} of your friend's link are here.",
        len(got),
    ).format(got=_list_numbers(got), count=part.count)
    to_come = ngettext(
        "{missing} more part is still to come: open it from your friend's message, or paste all the parts below.",
        "{missing} more parts are still to come: open them from your friend's message, or paste all the parts below.",
        missing,
    ).format(missing=missing)
    return join_sentences((here, to_come))


def _list_numbers(numbers: list[int]) -> str:
    return join_list([str(n) for n in numbers])


def _held(st: AppState, key: str) -> list[P.Part]:
    raw = storage.read(st.store, key, PARTS, remove=False).data
    return [P.read_part(t) for t in raw["parts"]] if raw else []


# ---------------------------------------------------------------------- pasting
def on_form(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    """The match screen's forms: the box for pasted links (here), the join screen's (matchflow)."""
    data = action.get("data")
    if action.get("name") == "match-paste":
        data = data if isinstance(data, dict) else {}
        open_pasted(st, fx, str(data.get("link", ""))[:40000])
    else:
        matchflow.on_form(st, fx, action)


def open_pasted(st: AppState, fx: Effects, text: str) -> None:
    """Links pasted into the box: each part is kept (the whole link opens once all are there), a
    whole link is opened as if followed; when nothing can be opened, the screen says why and the
    game stays as it was."""
    found = links_in(text)
    if not found:
        if "#" not in text:
            raise GameError(_("Paste the whole link your friend sent (it contains “#/”)."))
        raise GameError(_("This is not a link of a game with a friend."))
    back = st.route
    before = st.match_open.key if back[0] == "match" and st.match_open is not None else None
    for fragment in found:
        named = open_fragment(st, fragment)
        if named is None:
            break
        spec, _page, query = named
        if P.PART_PARAM in query:
            part_route(st, fx, spec, query)
        else:
            matchflow.match_route(st, fx, spec, query)
        if st.route[0] == "error":
            break
    om = st.match_open
    if before is not None and st.route[0] == "match" and om is not None and om.key != before:
        # a link of another match (the wrong message copied): it is shown, and the screen says so
        om.notice = _(
            "The pasted link is of another game with a friend: that game is on screen now. The game you were on is in “Games with friends”."
        )
    if st.route[0] == "error" and back[0] in ("match", "parts"):  # say why; the screen stays
        message = st.route[2]
        st.route = back
        if back[0] == "match" and st.match_open is not None:
            st.match_open.message = message
        else:
            fx.say(message)


# ---------------------------------------------------------------------- the screen
def render(st: AppState, fx: Effects) -> tuple[str, str]:
    """The screen of a link whose parts are not all here yet."""
    from webtabletop.app.match.screen import paste_form

    key = st.route[2]
    got = _held(st, key)
    title = _("Your friend's link is in parts")
    if not got:  # completed (or removed) meanwhile
        text = _("Every part of this link was opened: the game is in your list of games with friends.")
    else:
        text = waiting_text(st, got[0])
    body = (
        f'<section class="parts-page"><h1>{esc(title)}</h1>'
        f'<p class="note" role="status" data-key="parts-status">{esc(text)}</p>{paste_form()}'
        f'<p><a class="btn" href="#/friends">{esc(_("Games with friends"))}</a></p></section>'
    )
    return body, _("{title} · webtabletop").format(title=title)
