"""Rendering of the match screens from the app's state: the match on screen (its board, the log
of every move with the dice each link decided, the Share window of a match link), the "Games
with friends" list and the "Your data" page's line about them. The HTML itself is in
:mod:`~webtabletop.app.match.screen`; the actions are in :mod:`~webtabletop.app.match.flow`.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import attrs

from webtabletop.app.match import livescreen
from webtabletop.app.match import screen as matchscreen
from webtabletop.app.match import store as matchstore
from webtabletop.app.match.linkwords import link_words
from webtabletop.app.model.extensions import PageContext, game_pages
from webtabletop.app.model.modules import game_view
from webtabletop.app.widgets import share, textmode
from webtabletop.app.widgets.movelog import LogStep
from webtabletop.app.widgets.playfeel import describe
from webtabletop.core.ending import label as ending_label
from webtabletop.core.ending import loser
from webtabletop.core.protocol import GameError, State
from webtabletop.core.registry import get_game
from webtabletop.core.view import esc, move_label
from webtabletop.correspondence.parts import split
from webtabletop.i18n import _, language, ngettext
from webtabletop.i18n.text import join_sentences

if TYPE_CHECKING:
    from webtabletop.app.model.effects import Effects
    from webtabletop.app.model.openmatch import OpenMatch
    from webtabletop.app.model.state import AppState


def friends_note(st: AppState) -> str:
    """The "Your data" page's line about games with friends (none: nothing)."""
    n = sum(1 for k in st.store if k.startswith(matchstore.MATCH_PREFIX))
    if not n:
        return ""
    text = ngettext(
        "{n} game with a friend is kept in this browser, with its secret: an export holds it "
        "too, so keep exported files to yourself.",
        "{n} games with friends are kept in this browser, with their secrets: an export holds "
        "them too, so keep exported files to yourself.",
        n,
    ).format(n=n)
    return (
        f"<section class='friends-note'><p>{esc(text)} "
        f"<a href='#/friends'>{esc(_('Games with friends'))}</a></p></section>"
    )


def friends_html(st: AppState, fx: Effects, compact: bool) -> str:
    """The "Games with friends" list (``compact``: on the home page)."""
    rows = []
    for key in sorted(k for k in st.store if k.startswith(matchstore.MATCH_PREFIX)):
        try:
            match = matchstore.load_match(st, fx, key)
        except GameError:
            match = None
        if match is None:
            continue
        raw = st.store.get(key, "")
        updated = 0.0
        if '"updated":' in raw:
            updated = float(json.loads(raw)["data"].get("updated", 0) or 0)
        rows.append(matchstore.summary(key, match, updated))
    rows.sort(key=lambda r: (r.status != "mine", -r.updated))
    titles = {r.game: (_(get_game(r.game).title), game_view(r.game)) for r in rows}
    return matchscreen.friends_list(rows, st.confirm_match, titles, compact, matchstore.today())


def log_labels(om: OpenMatch, history: list[tuple[State, str]]) -> list[str]:
    """The move list's names of ``history``: a position still in it keeps its name (a live
    game's long list is not named again at every link); kept per language."""
    held = om.labels[1] if om.labels is not None and om.labels[0] == language() else {}
    kept: dict[tuple[int, str], tuple[State, str]] = {}
    out = []
    for before, code in history:
        key = (id(before), code)
        hit = held.get(key)
        if hit is None or hit[0] is not before:  # the same object: its id was not reused
            hit = (before, move_label(before, code))
        kept[key] = hit
        out.append(hit[1])
    om.labels = (language(), kept)
    return out


def render(st: AppState, fx: Effects) -> tuple[str, str] | None:
    """The match screen: (html, title); None when no match is open."""
    om = st.match_open
    if om is None:
        return None
    m = om.match.at(st.now)  # a timed match's clocks are drawn as of the page's time
    ctx = om.context(st.settings)
    state = m.state
    history = [*m.public_history, *om.played]
    log = [
        LogStep(label, before.to_move(), before.turn_index(), code)
        for (before, code), label in zip(history, log_labels(om, history), strict=True)
    ]
    ending = m.ending
    if ending is not None and ending.final:  # the resignation or the agreed draw ends the list
        code = ending.code(m.data.creator_side)
        side = loser(code)
        log.append(
            LogStep(
                ending_label(code, om.view.player_names),
                m.state.to_move() if side is None else side,
                None,
                code,
            )
        )
    status = ""
    if history:
        before, code = history[-1]
        after = state if om.played else m.public_position
        status = describe(om, before, after, code)
    if not om.played and history:  # the board marks the latest move received or sent
        before, code = history[-1]
        ctx = attrs.evolve(ctx, last_move=code, previous=m.seen(before))
    board = textmode.board(om.view, state, ctx, st.settings, turn=matchscreen.match_turn(om)[0], last=status)
    # a dice game shows the roll only to the player who is moving with it: any other roll on
    # the board is the rules' leftover, replaced by the next link's seed (``dice_unknown``;
    # also after this browser's own turn, before it is sent)
    if (m.dice_unknown or (m.spec.reseed is not None and not m.can_move)) and not state.is_over:
        note = _("The dice of the next turn come with the next link: nobody knows them yet.")
        panel = f'<p class="note dice-unknown">{esc(note)}</p>'
    else:
        panel = om.view.panel(state, ctx)
    share_html = ""
    sent = split(om.share) if om.share is not None else []
    if len(sent) > 1:  # too long for one message: its parts (correspondence/parts.py)
        share_html = share.parts_window(st.base, sent, share_words(m)[0])
    elif om.share is not None:
        title, intro = share_words(m)
        if om.copied:  # "Send your move" copied it already: the toast is behind this window
            intro = join_sentences((_("The link is copied: paste it into your message to your friend."), intro))
        share_html = share.share_window(
            st.base + om.share,
            draw=share.loaded(),
            title=title,
            intro=intro,
            label=_("Link to the game"),
            caption=_("Your friend can scan this code with a phone’s camera to open the game there."),
        )
        if not share.loaded():
            fx.then = {"type": "cmd", "name": "share-qr"}
    join_fields = ""
    pages = game_pages(m.spec.id)
    if om.mode == "join" and pages is not None:
        join_fields = pages.match_join_fields(m.options, PageContext(st, fx))
    html = textmode.skip_link(st.settings) + matchscreen.match_screen(
        om=om,
        spec=m.spec,
        board=board,
        panel=panel,
        status_line=status,
        log=log,
        share_html=share_html,
        notices=st.notices,
        today=matchstore.today(),
        join_fields=join_fields,
        live_html=livescreen.status_html(st, om),
    )
    fx.selection = om.selection is not None
    return html, livescreen.title(om, _("{game} with a friend · webtabletop").format(game=_(m.spec.title)))


def share_words(m) -> tuple[str, str]:
    """The Share window's title and first sentence for the link just sealed (the latest)."""
    return link_words(m, m.data.count, m.data.links[-1] if m.data.links else ())
