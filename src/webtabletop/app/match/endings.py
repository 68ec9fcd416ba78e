"""Resign and "Offer a draw" in a game by link (the match side:
:mod:`webtabletop.correspondence.endings`).

- A player resigns at any time, also while the friend is to move, after a confirmation; the
  resignation goes to the friend as a link (the Share window opens with it), signed with this
  player's link key so that nobody else can make it.
- Where the rules allow a draw by agreement (DumaRaj), "Offer a draw" sends the offer as a link;
  the friend's screen then shows "Accept the draw" and "Decline", and the answer goes back as a
  link. A move (the next link) also ends an offer. One offer per position.
- A move of this turn not sent yet is dropped by a resignation or an offer (they go on the
  latest link, which holds no move of this browser's turn).
- In a game with hidden cards (SHT, HTT, CardGO: no draw by agreement in their rules) the
  resignation also reveals this player's secret, and the friend's answer, "Send the last link",
  reveals theirs: then both browsers check the whole game, as at any end of such a game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from webtabletop.app.match import ruledraws
from webtabletop.app.match.store import save_match
from webtabletop.app.widgets.pages import btn, ending_question
from webtabletop.core.view import esc
from webtabletop.correspondence import endings
from webtabletop.i18n import _

if TYPE_CHECKING:
    from webtabletop.app.model.effects import Effects
    from webtabletop.app.model.openmatch import OpenMatch
    from webtabletop.app.model.state import AppState


def _sent(st: AppState, fx: Effects, om: OpenMatch, link: str, said: str) -> None:
    """Show ``link`` in the Share window, save the match and say what happened."""
    om.share = link
    om.played = []
    om.selection = None
    om.confirm_resign = False
    save_match(st, fx, om)
    fx.say(said)


def ask_resign(st: AppState, fx: Effects, om: OpenMatch) -> None:
    if om.mode == "play" and om.match.can_resign:
        om.confirm_resign = True
        fx.focus = "match-resign-no"


def resign(st: AppState, fx: Effects, om: OpenMatch, today=None) -> None:
    """Resign (``today``: the date the resignation carries, from the match flow)."""
    if om.mode != "play" or not om.confirm_resign:
        return
    _sent(st, fx, om, om.match.resign(today), _("You resigned. Send the link to your friend."))


def keep_playing(st: AppState, fx: Effects, om: OpenMatch) -> None:
    om.confirm_resign = False
    fx.focus = "match-resign"


def offer(st: AppState, fx: Effects, om: OpenMatch) -> None:
    if om.mode == "play":
        _sent(st, fx, om, om.match.offer_draw(), _("Draw offered. Send the link to your friend."))


def accept(st: AppState, fx: Effects, om: OpenMatch) -> None:
    if om.mode == "play":
        _sent(st, fx, om, om.match.answer_draw(True), _("Draw agreed. Send the link to your friend."))


def decline(st: AppState, fx: Effects, om: OpenMatch) -> None:
    if om.mode == "play":
        _sent(st, fx, om, om.match.answer_draw(False), _("Draw declined. Send the link to your friend."))


COMMANDS = {
    "match-resign": ask_resign,
    "match-resign-yes": resign,
    "match-resign-no": keep_playing,
    "match-offer-draw": offer,
    "match-draw-accept": accept,
    "match-draw-decline": decline,
}


def controls(om: OpenMatch) -> str:
    """The buttons: the friend's offer to answer, "Offer a draw", "Resign…"."""
    m = om.match
    if om.mode != "play" or not m.can_resign:
        return ""
    out = ""
    if m.draw_offered or ruledraws.offered(m):
        out += btn(esc(_("Accept the draw")), "match-draw-accept", key="match-draw-accept", cls="btn primary")
        out += btn(esc(_("Decline the draw")), "match-draw-decline", key="match-draw-decline")
    elif m.can_offer_draw or ruledraws.move_for(m, ruledraws.OFFER) is not None:
        out += btn(
            esc(_("Offer a draw")),
            "match-offer-draw",
            key="match-offer-draw",
            title=_("Propose to end the game as a draw: your friend answers by link"),
        )
    out += btn(
        esc(_("Resign…")),
        "match-resign",
        key="match-resign",
        cls="btn ghost",
        title=_("Give up this game (asks first)"),
    )
    return out


def window(om: OpenMatch) -> str:
    """The confirmation of a resignation (the same window as in a game on this device)."""
    m = om.match
    if not om.confirm_resign or om.mode != "play" or not m.can_resign:
        return ""
    title = _("Resign this game?")
    text = _(
        "Your friend wins. The link that says so goes to your friend like a move; it cannot be taken back."
    )
    if m.spec.cards is not None:
        text = _(
            "Your friend wins. The link that says so goes to your friend like a move and cannot be taken back. It reveals your secret: once your friend answers with theirs, both browsers check the whole game."
        )
    yes = btn(esc(_("Resign")), "match-resign-yes", key="match-resign-yes", cls="btn danger")
    no = btn(esc(_("Keep playing")), "match-resign-no", key="match-resign-no", cls="btn primary")
    return ending_question(title, text, no, yes)


def arrived(m, before) -> str | None:
    """What a received link's ending says (None: it holds none new)."""
    e = m.ending
    if e is None or e == before:
        return None
    if e.seat == m.seat:  # the friend's answer to this player's resignation, with its secrets
        return _("Your friend's last link arrived: the whole game was checked.") if m.verdict else None
    if e.kind in endings.CLAIMS:
        return claimed(e.kind)
    return {
        endings.RESIGN: _("Your friend resigned: you win."),
        endings.OFFER: _("Your friend offers a draw."),
        endings.AGREED: _("Your friend accepted the draw: the game is drawn."),
        endings.DECLINED: _("Your friend declined the draw."),
    }[e.kind]


def status(om: OpenMatch) -> str | None:
    """A sentence about the offer on the latest link, for the prompt (None: nothing to say)."""
    m = om.match
    e = m.ending
    if om.mode != "play" or m.is_over:
        return None
    if e is None:
        return _moved_status(m)
    if m.draw_offered:
        return _("Your friend offers a draw: accept it or decline it (your move also declines it).")
    if e.kind == endings.OFFER:
        return _("You offered a draw: your friend answers with their next link.")
    if e.kind == endings.DECLINED and e.seat != m.seat:
        return _("Your friend declined the draw: the game goes on.")
    return None


def _moved_status(m) -> str | None:
    """The sentence of a draw offered or refused by a move of the rules (HTT)."""
    if ruledraws.offered(m):
        return _("Your friend offers a draw: accept it or decline it.")
    last = ruledraws.last_move(m)
    if last == (ruledraws.OFFER, True):
        return _("You offered a draw: your friend answers with their next link.")
    if last == (ruledraws.DECLINE, False):
        return _("Your friend declined the draw: the game goes on.")
    return None


def arrived_moves(m, codes) -> str | None:
    """What the friend's moves just received say when the last is a draw move of the rules."""
    moves = m.spec.draw_moves
    if moves is None or not codes or codes[-1] not in moves:
        return None
    return {
        0: _("Your friend offers a draw."),
        1: _("Your friend accepted the draw: the game is drawn."),
        2: _("Your friend declined the draw."),
    }[moves.index(codes[-1])]


def claimed(kind: int) -> str | None:
    """What a claim received from the friend says."""
    return {
        endings.FLAG: _("Your friend claimed the win on time: your clock ran out."),
        endings.LEFT: _("Your friend claimed the win: you had left the game."),
    }.get(kind)
