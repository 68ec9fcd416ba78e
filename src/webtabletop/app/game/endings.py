"""Resign and "Offer a draw" on the game screen (the record's side: core/ending.py).

- Every game has Resign, with a confirmation. In hot-seat the player to move resigns (the one at
  the device); against the computer, the human. The resignation is the record's last entry, so
  the game-over window, the saved result, share links, files and replays all show it.
- Games whose rules allow a draw by agreement (``GameSpec.agreed_draws``) have "Offer a draw".
  Offering asks first (a click ends no game). In hot-seat the other player then answers on the
  same screen (Accept / Decline); against the computer, the computer answers at once: it accepts
  only when its own search judges it not ahead, and never in the first moves
  (:func:`webtabletop.ai.drawoffer.accepts_draw`), and a refused offer cannot be repeated in the
  same position (the answer would be the same). HTT's draw offer is a move of its own rules (its
  panel's button, ``GameView.offer_move``): :func:`webtabletop.app.game.play.play` asks the same
  question before playing it, and its confirmation plays it.
- Both need the game's newest position: from an earlier position in review they act on the end.
- A pending confirmation or offer lives in the session only (a reload drops it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from webtabletop.ai.drawoffer import OPENING_TURNS, accepts_draw
from webtabletop.app.game import play
from webtabletop.app.widgets import pages, playfeel
from webtabletop.app.widgets.movelog import LogStep, turns_of
from webtabletop.core.ending import DRAW, allows_draw, resign_code
from webtabletop.core.protocol import GameError
from webtabletop.core.view import esc
from webtabletop.i18n import _
from webtabletop.i18n.sides import side_gettext

if TYPE_CHECKING:
    from webtabletop.app.model.effects import Effects
    from webtabletop.app.model.session import Session
    from webtabletop.app.model.state import AppState


def resigner(s: Session) -> int | None:
    """Who would resign now: the only human, or in hot-seat the player to move (None: two
    computers play, or the game is over)."""
    if s.finished():
        return None
    humans = [p for p in (0, 1) if not s.players.is_ai(p)]
    if not humans:
        return None
    if len(humans) == 1:
        return humans[0]
    return s.history.states[-1].to_move()


def can_offer_draw(s: Session) -> bool:
    return resigner(s) is not None and allows_draw(s.history.states[-1])


def _end(st: AppState, fx: Effects, s: Session, code: str) -> None:
    """Record the ending after the game's newest position."""
    h = s.history
    h.goto(len(h.states) - 1)
    before = h.state
    h.play(code)
    s.pending = None
    s.selection = None
    s.hint = None
    s.result_dismissed = False
    playfeel.moved(fx, s, before, code)
    play.report_game_over(st, fx, s)
    play.save(st, fx)


def resign(st: AppState, fx: Effects, s: Session, arg: Any) -> None:
    """Resign: asks first."""
    if resigner(s) is None:
        raise GameError(_("There is nobody here who could resign."))
    s.pending = "resign"
    fx.focus = "resign-cancel"


def resign_confirm(st: AppState, fx: Effects, s: Session, arg: Any) -> None:
    who = resigner(s)
    if s.pending != "resign" or who is None:
        s.pending = None
        return
    _end(st, fx, s, resign_code(who))


def cancel(st: AppState, fx: Effects, s: Session, arg: Any) -> None:
    """Cancel a resignation or a draw offer not yet made, or decline a draw offer in hot-seat."""
    if s.pending == "draw":
        offerer = resigner(s)
        if offerer is not None:
            s.message = side_gettext(s.view.side_names_plural, "{player} declines the draw.").format(
                player=_(s.view.player_names[1 - offerer])
            )
    s.pending = None
    fx.focus = "offer-draw" if can_offer_draw(s) else "resign"


def turns_played(s: Session) -> int:
    """The turns of the game so far, counted as its move list's rows."""
    states = s.history.states[:-1]
    return len(turns_of([LogStep("", x.to_move(), x.turn_index()) for x in states]))


def offer_draw(st: AppState, fx: Effects, s: Session, arg: Any) -> None:
    """Offer a draw: asks first."""
    if not can_offer_draw(s):
        raise GameError(_("A draw cannot be offered here."))
    refused(s)
    s.pending = "offer"
    fx.focus = "offer-cancel"


def refused(s: Session) -> None:
    """The computer has declined a draw in the newest position: the same answer, said at once."""
    offerer = resigner(s)
    if offerer is not None and s.players.is_ai(1 - offerer) and s.draw_declined == len(s.history.states) - 1:
        raise GameError(_("The computer has declined a draw in this position already."))


def offer_confirm(st: AppState, fx: Effects, s: Session, arg: Any) -> None:
    """The offer confirmed: HTT's offer is played as its move (the other side answers with its
    own); another game's goes to the other player (hot-seat) or the computer, which answers."""
    if s.pending != "offer":
        return
    s.pending = None
    own = s.view.offer_move
    if own is not None:
        play.play(st, fx, own, confirmed=True)
        return
    if not can_offer_draw(s):
        raise GameError(_("A draw cannot be offered here."))
    offerer = resigner(s)
    assert offerer is not None
    other = 1 - offerer
    if not s.players.is_ai(other):
        s.pending = "draw"
        fx.focus = "draw-accept"
        return
    h = s.history
    ply = len(h.states) - 1
    refused(s)
    level = s.players.level
    turns = turns_played(s)
    if accepts_draw(h.states[-1], other, level, turns=turns, seed=ply):
        _end(st, fx, s, DRAW)
        return
    s.draw_declined = ply
    s.message = (
        _("The computer declines the draw: it is too early in the game.")
        if turns < OPENING_TURNS
        else _("The computer declines the draw: it does not judge itself behind.")
    )


def draw_accept(st: AppState, fx: Effects, s: Session, arg: Any) -> None:
    """Hot-seat: the other player accepts the offer."""
    if s.pending != "draw" or not can_offer_draw(s):
        s.pending = None
        return
    _end(st, fx, s, DRAW)


COMMANDS = {
    "resign": resign,
    "resign-confirm": resign_confirm,
    "ending-cancel": cancel,
    "offer-draw": offer_draw,
    "offer-draw-confirm": offer_confirm,
    "draw-accept": draw_accept,
}


def controls(s: Session) -> str:
    """The menu's Resign and "Offer a draw" buttons (none once the game is over)."""
    if resigner(s) is None:
        return ""
    out = pages.btn(
        esc(_("Resign")), "resign", key="resign", cls="btn small", title=_("Give up this game (asks first)")
    )
    if can_offer_draw(s):
        out = (
            pages.btn(
                esc(_("Offer a draw")),
                "offer-draw",
                key="offer-draw",
                cls="btn small",
                title=_("Propose to end the game as a draw"),
            )
            + out
        )
    return out


def window(s: Session) -> str:
    """The confirmation of a resignation or of a draw offer, or a hot-seat draw offer waiting
    for its answer."""
    who = resigner(s)
    if s.pending is None or who is None:
        return ""
    names = s.view.player_names
    plural = s.view.side_names_plural
    if s.pending == "resign":
        title = _("Resign this game?")
        text = side_gettext(plural, "{player} resigns and {winner} wins.").format(player=_(names[who]), winner=_(names[1 - who]))
        yes = pages.btn(esc(_("Resign")), "resign-confirm", key="resign-confirm", cls="btn danger")
        no = pages.btn(esc(_("Keep playing")), "ending-cancel", key="resign-cancel", cls="btn primary")
    elif s.pending == "offer":
        title = _("Offer a draw?")
        text = (
            _("The computer accepts only when its own judgement says it is not ahead, and never in the first moves.")
            if s.players.is_ai(1 - who)
            else side_gettext(plural, "{player} is then asked to accept or decline.").format(player=_(names[1 - who]))
        )
        yes = pages.btn(esc(_("Offer a draw")), "offer-draw-confirm", key="offer-confirm", cls="btn primary")
        no = pages.btn(esc(_("Keep playing")), "ending-cancel", key="offer-cancel", cls="btn")
    else:
        title = side_gettext(plural, "{player} offers a draw").format(player=_(names[who]))
        text = side_gettext(plural, "{player}, do you accept a draw? The game then ends with no winner.").format(
            player=_(names[1 - who])
        )
        yes = pages.btn(esc(_("Accept the draw")), "draw-accept", key="draw-accept", cls="btn primary")
        no = pages.btn(esc(_("Decline")), "ending-cancel", key="draw-decline", cls="btn")
    return pages.ending_question(title, text, no, yes)
