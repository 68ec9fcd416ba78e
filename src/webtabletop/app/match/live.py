"""Live play on the match screen: the match links over a WebRTC data channel (``docs/live-play.md``).

The page holds the channel (``web/liveplay.mjs`` on ``web/livechannel.mjs``): it makes offers and
answers, opens the channel, sends texts and reports what happens as ``live`` actions
(:func:`on_live`). This module decides, for each match of this tab (:class:`Session`, in
``AppState.live`` by storage key):

- **Invitation.** "Play live now" makes an offer (``fx.live_op("offer")``); link 1 carries it
  (:func:`carry`); the joiner's browser answers it when it joins, and link 2 carries the answer
  back. The creator's tab that made the offer takes the answer (``check_answer``: another
  offer's answer is refused with its sentence); another tab of the same browser hands it over
  (``handover``, a BroadcastChannel).
- **Playing.** Once the channel is open each side sends its latest link, then every link the
  engine makes (:func:`pump`: a finished turn, a link with no move, an ending) goes on the
  channel as soon as it is made, and every text received goes through the very path of a link
  opened by hand (``flow.take_link``: the same checks, the same refusals). A refused text is kept
  and tried again after the next link taken (a link of a game with hidden cards needs the one
  before it).
- **Falling back.** When the channel closes or fails, the screen says "Playing by links" and the
  game goes on by links from exactly where it is; "Play live again" puts a new offer on the
  latest link, and the friend's browser answers on the same link.

Invariants: a session's events carry its ``peer`` number, so a late event of a closed channel
changes nothing; nothing here changes a match except through ``Match.link``, ``Match.carry_live``
and ``flow.take_link``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from webtabletop.app.match import store as matchstore
from webtabletop.app.match.store import load_match, save_match
from webtabletop.app.model.openmatch import OpenMatch
from webtabletop.core.protocol import GameError
from webtabletop.correspondence.errors import known
from webtabletop.correspondence.live.description import (
    ANSWER,
    OFFER,
    Description,
    LiveError,
    check_answer,
    from_json,
    offer_id,
    to_json,
)
from webtabletop.i18n import _

#: takes a text from the channel as a link opened by hand (``flow.take_link``): "newer",
#: "same", "older", or None when refused
Take = Callable[..., "str | None"]

if TYPE_CHECKING:
    from webtabletop.app.model.effects import Effects
    from webtabletop.app.model.state import AppState

#: what the page's channel reports: gathering, waiting, connecting, open, disconnected, closed, failed
STATES = ("gathering", "waiting", "connecting", "open", "disconnected", "closed", "failed")
PRESENCE = ("online", "away", "gone")
#: texts refused on the channel kept to try again (a link that needs the one before it)
KEEP_REFUSED = 8


@attrs.define(eq=False)
class Session:
    """One match's live channel in this tab. ``status``: ``preparing`` (the page makes an offer or
    answer), ``waiting`` (it is made: the friend's part must come back by a link), ``connecting``,
    ``open``, ``lost`` (it was open, or was connecting, and closed), ``failed`` (it could not be
    made or could not open), ``elsewhere`` (another tab of this browser took the answer)."""

    key: str
    seat: int
    peer: int
    status: str = "preparing"
    presence: str | None = None
    offer: Description | None = None  # this browser's offer, awaiting the friend's answer
    remote: Description | None = None  # the friend's offer this browser answers
    carry: Description | None = None  # what the next link sent by hand carries
    show: bool = False  # open the Share window with the latest link once ``carry`` is made
    synced: Any = None  # the match data last sent or taken on the channel
    problem: str | None = None
    refused: list[str] = attrs.Factory(list)


def ice(st: AppState) -> Any:
    """The ICE servers the player chose (settings: ``live_ice``)."""
    return st.settings.get("live_ice", "default")


def session(st: AppState, om: OpenMatch | None) -> Session | None:
    if om is None or om.key is None:
        return None
    return st.live.get(om.key)


def _new(st: AppState, om: OpenMatch) -> Session:
    key = known(om.key)
    old = st.live.get(key)
    peer = (old.peer if old is not None else len(st.live) * 1000) + 1
    sess = Session(key, known(om.match.seat), peer)
    st.live[key] = sess
    return sess


def _ids(om: OpenMatch) -> dict[str, Any]:
    return {"key": om.key, "matchId": om.match.data.key().hex()}


def invite(st: AppState, fx: Effects, om: OpenMatch, show: bool = False) -> None:
    """This player asks for a new offer (the invitation's "Play live now", or "Play live again"):
    the page makes it and the next link sent by hand carries it; ``show``: the latest link is
    shown in the Share window with it as soon as it is made."""
    if om.key is None or om.match.seat is None or om.match.is_over:
        return
    if not om.match.data.bound:
        raise GameError(
            _("This match was started by an earlier version of the app: it can be played by links only.")
        )
    old = st.live.get(om.key)
    if old is not None:
        fx.live_op("close", key=om.key, peer=old.peer)
    sess = _new(st, om)
    sess.show = show
    fx.live_op("offer", peer=sess.peer, seat=sess.seat, ice=ice(st), **_ids(om))


def answer(st: AppState, fx: Effects, om: OpenMatch, offer: Description, show: bool) -> None:
    """Answer the friend's offer (link 1 when joining, or a later link to play live again)."""
    old = st.live.get(known(om.key))
    if old is not None:
        fx.live_op("close", key=om.key, peer=old.peer)
    sess = _new(st, om)
    sess.remote, sess.show = offer, show
    fx.live_op("answer", peer=sess.peer, seat=sess.seat, ice=ice(st), offer=to_json(offer), **_ids(om))


def carry(st: AppState, om: OpenMatch, link: str) -> str:
    """``link`` (the one about to be shown in the Share window), with this player's live offer or
    answer on it while one waits to travel; it must be the latest link."""
    sess = session(st, om)
    if sess is None or sess.carry is None or sess.status in ("open", "elsewhere"):
        return link
    if link != om.match.latest_link:
        return link
    return om.match.carry_live(sess.carry)


def joined(st: AppState, fx: Effects, om: OpenMatch, offer: Description | None) -> None:
    """The joiner took link 1: answer the offer it carried (the answer rides on link 2)."""
    if offer is not None and offer.kind == OFFER and offer.seat != om.match.seat:
        answer(st, fx, om, offer, show=False)


def received(st: AppState, fx: Effects, om: OpenMatch) -> None:
    """A link was taken (by hand or on the channel): act on the offer or answer it carried."""
    desc = om.match.live_received
    om.match.live_received = None
    if desc is None or om.key is None or desc.seat == om.match.seat:
        return
    sess = session(st, om)
    if desc.kind == OFFER:  # the friend invites this browser to play live (again): answer
        if sess is not None and sess.remote == desc:
            return  # the same offer again: answered already
        answer(st, fx, om, desc, show=True)
        return
    if sess is not None and sess.offer is not None and desc.answers == offer_id(sess.offer):
        # the page's own "connecting" (the friend's checks reach this browser before the answer
        # does) is not this side's: only the answer taken here makes it connect
        if sess.status in ("waiting", "preparing"):
            sess.status = "connecting"
            fx.live_op("accept", key=om.key, peer=sess.peer, answer=to_json(desc))
        return
    if sess is not None and sess.offer is not None:
        try:
            check_answer(sess.offer, desc)
        except LiveError as exc:
            om.notice = str(exc)
        return
    # no offer of this tab: the tab that made it may be another tab of this browser
    fx.live_op(
        "handover", answer=to_json(desc), offerId=known(desc.answers).hex(), link=om.match.latest_link, **_ids(om)
    )


def pump(st: AppState, fx: Effects, om: OpenMatch) -> None:
    """On an open channel: seal a finished turn or a link with no move into the next link, and
    send the latest link when it is not the one last sent or taken on the channel."""
    sess = session(st, om)
    if sess is None or sess.status != "open" or om.mode != "play":
        return
    m = om.match
    if m.can_send:
        m.link(matchstore.today())
        om.played = []
        save_match(st, fx, om)
    if m.latest_link is not None and m.data != sess.synced:
        fx.live_op("send", key=om.key, peer=sess.peer, text=m.latest_link)
        sess.synced = m.data
        om.share = None  # sent already: nothing to copy by hand


def _open(st: AppState, fx: Effects, key: str) -> tuple[OpenMatch | None, bool]:
    """The match of ``key`` and whether it is the one on screen."""
    om = st.match_open
    if om is not None and om.key == key:
        return om, st.route[0] == "match"
    match = load_match(st, fx, key)
    return (None if match is None else OpenMatch(match, key, "play")), False


def on_live(st: AppState, fx: Effects, action: dict[str, Any], take: Take) -> None:
    """What the page's channel reports (``web/liveplay.mjs``): ``{event, key, peer, …}``;
    ``take`` takes a text received as a link opened by hand (``flow.take_link``, which the shell's
    table hands in: the flow uses this module, so this module does not import the flow)."""
    key, event = str(action.get("key", "")), str(action.get("event", ""))
    sess = st.live.get(key)
    om, shown = _open(st, fx, key)
    if not shown:
        fx.quiet = True  # another screen is on show: nothing on it changes
    if event == "handed" and om is not None:
        _handed(om, action.get("taken") is True)
        return
    if sess is None or action.get("peer") != sess.peer or om is None:
        return  # a late event of a channel closed since
    if event == "described":
        _described(st, fx, om, sess, action.get("desc"))
    elif event == "error":
        sess.status = "failed"
        sess.problem = _("This browser could not prepare a live connection, so the game goes on by links.")
    elif event == "state" and action.get("state") in STATES:
        _state(st, fx, om, sess, str(action["state"]))
    elif event == "presence" and action.get("presence") in PRESENCE:
        sess.presence = str(action["presence"])
        # "Claim the win" (app/match/clocks.py) counts from when the friend was found gone; a
        # friend online or only away is there, and nothing can be claimed
        if sess.presence != "gone":
            om.last_seen = None
        elif om.last_seen is None:
            om.last_seen = st.now
    elif event == "message" and isinstance(action.get("text"), str):
        _message(st, fx, om, sess, action["text"], shown, take)


def _described(st: AppState, fx: Effects, om: OpenMatch, sess: Session, raw: Any) -> None:
    try:
        desc = from_json(raw, offer=sess.remote)
        if desc.seat != om.match.seat or desc.kind != (ANSWER if sess.remote is not None else OFFER):
            raise LiveError(_("This browser described its live connection in a form this app cannot send."))
    except (LiveError, ValueError, TypeError) as exc:
        sess.status, sess.problem = "failed", str(exc)
        return
    sess.carry = desc
    if sess.status == "preparing":
        sess.status = "waiting"
    if desc.kind == OFFER:
        sess.offer = desc
        fx.live_op("await", peer=sess.peer, offerId=offer_id(desc).hex(), **_ids(om))
    latest = om.match.latest_link
    if latest is not None and (sess.show or om.share == latest):
        om.share = om.match.carry_live(desc)
        sess.show = False


def _state(st: AppState, fx: Effects, om: OpenMatch, sess: Session, state: str) -> None:
    if state == "open":
        sess.status, sess.carry, sess.problem = "open", None, None
        sess.synced = None  # each side sends its latest link first: whoever is behind moves on
        pump(st, fx, om)
    elif state in ("closed", "failed"):
        if sess.status in ("open", "connecting"):
            sess.status = "lost"
        elif sess.status != "elsewhere":
            sess.status = "failed"
        sess.presence = None


def _message(st: AppState, fx: Effects, om: OpenMatch, sess: Session, text: str, shown: bool, take: Take) -> None:
    """A text from the friend's channel: taken exactly as a link opened by hand."""
    before = len(om.match.data.moves)
    took = take(st, fx, om, text, by_channel=True)
    if took is None:  # refused (its sentence is on the screen): tried again after the next link
        if text not in sess.refused:
            sess.refused = [*sess.refused, text][-KEEP_REFUSED:]
        return
    sess.synced = om.match.data
    if took == "newer":
        for again in list(sess.refused):
            sess.refused.remove(again)
            if take(st, fx, om, again, by_channel=True) is not None:
                om.message = None
        sess.synced = om.match.data
        if len(om.match.data.moves) > before:
            _moved(st, fx, om, before, shown)
    received(st, fx, om)
    pump(st, fx, om)


def _moved(st: AppState, fx: Effects, om: OpenMatch, before: int, shown: bool) -> None:
    """The friend's move arrived live: drawn with its sound (if sounds are on), and a system
    notification while this tab is hidden (if the player asked for one)."""
    from webtabletop.app.widgets import playfeel

    history = om.match.public_history
    if shown and len(history) > before:
        prior, code = history[before]
        playfeel.moved(fx, om, prior, code)
        fx.status = None
    if st.settings.get("live_notify") is True and om.match.can_move:
        fx.live_op(
            "notify",
            title=_("Your move"),
            body=_("Your friend moved in {game}.").format(game=_(om.spec.title)),
        )


def _handed(om: OpenMatch, taken: bool) -> None:
    if taken:
        om.notice = _("Connected live in your other tab, which made the invitation: play on there.")
    else:
        om.notice = _(
            "The tab that invited your friend to play live is closed or was reloaded, so this answer cannot connect: the game goes on by links. Press “Play live again” to invite your friend again."
        )


def again(st: AppState, fx: Effects, om: OpenMatch) -> None:
    """ "Play live again": a new offer on the latest link, shown in the Share window."""
    if om.mode == "play":
        om.notice = None
        invite(st, fx, om, show=True)


def stop(st: AppState, fx: Effects, om: OpenMatch) -> None:
    """ "Play by links": close the channel (the friend's side says so too)."""
    sess = session(st, om)
    if sess is not None:
        fx.live_op("close", key=om.key, peer=sess.peer)
        sess.status = "lost"


#: the match screen's live commands by name
COMMANDS = {"live-again": again, "live-stop": stop}
