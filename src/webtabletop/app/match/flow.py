"""Play a friend by link: creating, joining, watching, playing and sending matches.

Routes: ``#/<game>/m?x=<payload>`` is a match link (see :mod:`webtabletop.correspondence`);
``#/<game>/m?id=<id>`` opens a match this browser holds; ``#/friends`` lists them ("Games with
friends"; the home page shows the same list).

Invariants:
- the secret is drawn here (``secrets.token_bytes(32)``), kept in this browser's storage only
  (:mod:`~webtabletop.app.match.store`) and never shown or sent;
- a match link never changes a stored match unless :meth:`Match.receive` accepted it as newer;
  an older link shows the latest position with a notice; any bad link or refused action is a
  clear message and nothing is lost;
- this browser moves only while ``match.can_move`` (its seat's side is to move in the link it
  sends), exactly as in hot-seat (picks, drags, legal marks); a spectator's view is read-only.

The ``on_*`` functions answer the match screen's actions (:mod:`~webtabletop.app.shell.app`'s table); its commands
are :data:`COMMANDS`, the list's :data:`FRIENDS_COMMANDS`. The screen is drawn by
:mod:`~webtabletop.app.match.pages`, the match on screen is an :class:`~webtabletop.app.model.openmatch.OpenMatch`.
"""

from __future__ import annotations

import functools
import json
import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from webtabletop.app.match import clocks, incoming, live, ruledraws
from webtabletop.app.match import endings as matchendings
from webtabletop.app.match import store as matchstore
from webtabletop.app.match.store import MATCH_PREFIX, load_match, match_id, match_key, save_match
from webtabletop.app.model import persist
from webtabletop.app.model.extensions import PageContext, game_pages
from webtabletop.app.model.openmatch import OpenMatch
from webtabletop.app.model.screen import Handler, ignore, with_arg
from webtabletop.app.model.state import error_route
from webtabletop.app.widgets import playfeel, share
from webtabletop.core import storage
from webtabletop.core.inputs import parse_int
from webtabletop.core.protocol import GameError, GameSpec
from webtabletop.correspondence import NEWER, OLDER, Match, clock
from webtabletop.correspondence.data import unpack
from webtabletop.correspondence.errors import known
from webtabletop.correspondence.link import link_payload
from webtabletop.correspondence.parts import split
from webtabletop.correspondence.support import supports
from webtabletop.i18n import N_, _

if TYPE_CHECKING:
    from webtabletop.app.model.effects import Effects
    from webtabletop.app.model.state import AppState


def new_secret() -> bytes:
    """A player's 32-byte secret (the head of its hash chain is derived from it)."""
    return secrets.token_bytes(32)


# ---------------------------------------------------------------------- routes


def match_route(st: AppState, fx: Effects, spec: GameSpec, query: dict[str, str]) -> None:
    """``#/<game>/m?x=…`` (a match link) or ``#/<game>/m?id=…`` (a match held here)."""
    if not supports(spec.id):
        st.route = error_route(
            _("This game cannot be played by link yet"),
            _("{game} cannot be played with a friend by link in this version of the app.").format(
                game=_(spec.title)
            ),
            spec.id,
        )
        return
    if "x" in query:
        open_match_link(st, fx, spec, f"#/{spec.id}/m?x={query['x']}")
        return
    key = match_key(spec.id, query.get("id", "")[:32])
    match = load_match(st, fx, key) if ":" not in query.get("id", ":") else None
    if match is None:
        st.route = error_route(
            _("Game with a friend not found"),
            _("That game with a friend is not in this browser's storage."),
            spec.id,
        )
        return
    show_match(st, fx, OpenMatch(match, key, "play"))


def show_match(st: AppState, fx: Effects, om: OpenMatch) -> None:
    """Put ``om`` on screen (the address names a match this browser holds)."""
    st.match_open = om
    st.session = None
    st.route = ("match", om.spec.id)
    if om.key is not None:
        fx.hash = f"#/{om.spec.id}/m?id={om.key.rsplit(':', 1)[1]}"


def open_match_link(st: AppState, fx: Effects, spec: GameSpec, link: str) -> None:
    """A match link: the held match moves on (or says the link is older), a first link is
    offered to join, anything else is shown read-only; a bad link changes nothing."""
    try:
        seen = Match.watch(link)
    except GameError as exc:
        # a link of a match held here goes to it even so: its player checks the tag (a link
        # changed on its way, or a cheat its friend's tag proves) where a reader cannot
        key = held_key(spec, link)
        held = None if key is None else load_match(st, fx, key)
        if held is None:
            st.route = error_route(
                _("This match link cannot be opened"),
                _("{problem} Nothing was changed: your games are untouched.").format(problem=exc),
                spec.id,
                ways_back(st, spec),
            )
            return
    else:
        key = match_key(seen.spec.id, match_id(seen))
        held = load_match(st, fx, key)
    if held is None:
        if seen.data.count == 1:
            show_match(st, fx, OpenMatch(seen, None, "join", link))
        else:
            show_match(st, fx, OpenMatch(seen, None, "watch", link))
        return
    om = st.match_open if st.match_open is not None and st.match_open.key == key else None
    om = om if om is not None and om.match is held else OpenMatch(held, key, "play")
    om.message = om.notice = None
    if take_link(st, fx, om, link) is not None:
        live.received(st, fx, om)
        live.pump(st, fx, om)
    show_match(st, fx, om)


def take_link(st: AppState, fx: Effects, om: OpenMatch, link: str, by_channel: bool = False) -> str | None:
    """The friend's ``link`` for the match held in ``om`` (opened by hand, or ``live`` from the
    channel, ``by_channel``): ``Match.receive`` with the same checks and the same sentences either way. Returns
    ``"newer"``, ``"same"``, ``"older"``, or None when it was refused (its sentence is on screen).
    An older link says so only when opened by hand (the channel's texts may cross)."""
    held = om.match
    moves_before = len(held.data.moves)
    ending_before = held.ending
    finding_before = held.finding
    try:
        # a text from the live channel: each turn's time is also checked against its arrival
        answer = held.at(st.now).receive(link, matchstore.today(), live=by_channel)
    except GameError as exc:
        if held.finding is not None and finding_before is None:  # a proven cheat: kept, and said
            save_match(st, fx, om)
            om.message = _("This link was not accepted: {problem}").format(problem=exc)
        else:
            om.message = _("This link was not accepted: {problem} Your game is unchanged.").format(problem=exc)
        return None
    else:
        if answer == NEWER:
            om.played, om.share, om.selection, om.message = [], None, None, None
            save_match(st, fx, om)
            if len(held.data.moves) > moves_before:  # each new move read out once (match/incoming.py)
                incoming.heard(fx, om, moves_before)
            said = matchendings.arrived(held, ending_before) or matchendings.arrived_moves(
                held, held.data.moves[moves_before:]
            )
            if said is not None:
                fx.say(said)
            elif by_channel:  # live: the move is drawn by itself, with its sound
                pass
            elif len(held.data.moves) > moves_before:
                fx.say(_("Your friend's move arrived."))
            elif held.verdict is not None and held.is_over:  # the secrets that check the game
                fx.say(_("Your friend's last link arrived: the whole game was checked."))
            elif held.data.count == 2:  # the friend's answer to the invitation: joined, no move yet
                fx.say(_("Your friend has joined the game."))
            else:  # a link of a card game's deal, or one that opens a card
                fx.say(_("Your friend's link arrived."))
            return "newer"
        if answer == OLDER and not by_channel:
            om.notice = _("This link is older than the game you have: showing the latest position.")
        return "older" if answer == OLDER else "same"


def ways_back(st: AppState, spec: GameSpec) -> tuple[tuple[str, str], ...]:
    """Where a link that cannot be opened (changed or cut off on its way) leaves its reader: the
    latest game of ``spec`` with a friend held here (the one the link was most likely meant
    for: ask the friend to send it again), and the list of games with friends."""
    newest, when = None, -1.0
    for key in (k for k in st.store if k.startswith(match_key(spec.id, ""))):
        try:
            updated = float(json.loads(st.store[key])["data"].get("updated", 0) or 0)
        except (ValueError, KeyError, TypeError):
            continue
        if updated > when:
            newest, when = key, updated
    back = [(_("Games with friends"), "#/friends")]
    if newest is not None:
        back.insert(0, (_("Back to your game with a friend"), f"#/{spec.id}/m?id={newest.rsplit(':', 1)[1]}"))
    return tuple(back)


def held_key(spec: GameSpec, link: str) -> str | None:
    """The storage key of the match a link names (read from its header alone), or None."""
    try:
        data = unpack(spec.id, link_payload(link), spec.rules_version).data
        return match_key(spec.id, data.key().hex()[:16])
    except (GameError, ValueError):
        return None


# ---------------------------------------------------------------------- creating


def create_match(
    st: AppState,
    fx: Effects,
    spec: GameSpec,
    options: Any,
    side_text: str,
    days_text: str,
    clock_text: str = "none",
    live_now: bool = False,
) -> None:
    """The new-game form's "Play a friend by link": a new match, saved, on screen (``clock_text``:
    its real-time clock, ``app/match/clocks.py``; ``live_now``, "Play live now": link 1 carries an
    offer to play live, :mod:`~webtabletop.app.match.live`)."""
    side = parse_int(side_text or "0", _("your side"), 0, 1)
    days = parse_int(days_text or "0", _("days per move"), 0, clock.MAX_DAYS)
    time = clocks.control_of(clock_text)
    pages = game_pages(spec.id)
    hand = None
    if pages is not None:  # cards of the creator's own collection (HTT): its hand, not the table's
        options, hand = pages.take_hand(options, PageContext(st, fx))
    match = Match.create(spec, options, side, new_secret(), matchstore.today(), days=days, hand=hand, time=time)
    match.at(st.now)
    om = OpenMatch(match, match_key(spec.id, match_id(match)), "play")
    save_match(st, fx, om)
    show_match(st, fx, om)
    if live_now:
        live.invite(st, fx, om)


# ---------------------------------------------------------------------- actions on the match screen
def play(st: AppState, fx: Effects, om: OpenMatch, code: str) -> None:
    if om.mode != "play":
        raise GameError(_("You are watching this game: only its two players can move."))
    before = om.state
    om.match.play(code)  # refuses a move out of turn or an illegal one
    om.played.append((before, code))
    om.selection = om.hover = om.message = None
    playfeel.moved(fx, om, before, code)
    save_match(st, fx, om)
    live.pump(st, fx, om)  # live: a finished turn goes at once


def pick(st: AppState, fx: Effects, om: OpenMatch, token: str) -> None:
    if om.mode != "play" or not om.match.can_move:
        return
    result = om.view.pick(om.state, om.context(st.settings), token)
    om.selection = result.selection
    om.message = result.message
    if result.move is not None:
        play(st, fx, om, result.move)


def on_move(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    if st.match_open is not None:
        play(st, fx, st.match_open, str(action.get("code", "")))


def on_pick(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    if st.match_open is not None:
        pick(st, fx, st.match_open, str(action.get("token", "")))


def on_hover(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    om = st.match_open
    if om is not None:
        token, drag = action.get("token"), action.get("drag")
        om.hover = f"{drag}@{token}" if token and drag else (str(token) if token else None)


def on_drop(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    """A drag released on a target: the dragged thing is selected, then the target picked."""
    om = st.match_open
    if om is not None:
        drag, drop = str(action.get("drag", "")), str(action.get("drop", ""))
        if om.selection != drag:
            pick(st, fx, om, drag)
        if not fx.moved:
            pick(st, fx, om, drop)


def on_lift(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    """A drag has started: the dragged thing becomes the selection (app/game/play.py: ``lift``)."""
    om = st.match_open
    if om is not None and om.mode == "play" and om.match.can_move:
        om.hover = None
        playfeel.lift(om, st.settings, str(action.get("drag", "")))


def on_cancel(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    if st.match_open is not None:
        st.match_open.selection = st.match_open.hover = None


def on_form(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    """The join screen's form (which cards to bring); the box for pasted links is
    :func:`webtabletop.app.match.parts.on_form`'s."""
    om = st.match_open
    if om is None:
        return
    data = action.get("data")
    if action.get("name") == "match-join" and om.mode == "join":
        join(st, fx, om, data if isinstance(data, dict) else {})


def on_match(command: Callable[[AppState, Effects, OpenMatch], None]) -> Handler:
    """A command of the match on screen (none open: it does nothing)."""

    @functools.wraps(command)
    def handler(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
        if st.match_open is not None:
            st.match_open.match.at(st.now)  # a timed match's clocks read the page's time
            command(st, fx, st.match_open)
            live.pump(st, fx, st.match_open)  # live: a link a command made (an ending) goes at once

    return handler


def close_share(st: AppState, fx: Effects, om: OpenMatch) -> None:
    if om.share is not None:
        fx.focus = "match-send"
    om.share = None
    om.copied = False
    om.selection = None


def deselect(st: AppState, fx: Effects, om: OpenMatch) -> None:
    """Esc: answers "no" to an open question (resign, forfeit), else closes the Share window."""
    if om.confirm_resign:
        matchendings.keep_playing(st, fx, om)
    elif om.confirm_forfeit:
        keep_waiting(st, fx, om)
        fx.focus = "match-forfeit"
    else:
        close_share(st, fx, om)


def undo(st: AppState, fx: Effects, om: OpenMatch) -> None:
    """Take back a move of this turn not sent yet."""
    m = om.match
    if om.mode == "play" and m.pending:
        m.undo()
        om.played = om.played[: len(m.pending)]
        om.selection = None
        save_match(st, fx, om)


def send(st: AppState, fx: Effects, om: OpenMatch) -> None:
    """ "Send your move": the next link, copied at once (one action from the move to a link
    ready to paste into a message) and shown in the Share window (its QR code, the system's
    share sheet, its parts)."""
    if om.mode == "play":
        om.share = live.carry(st, om, om.match.link(matchstore.today()))
        om.played = []
        om.notice = None
        save_match(st, fx, om)
        copy_link(st, fx, om)
        om.copied = True


def resend(st: AppState, fx: Effects, om: OpenMatch) -> None:
    om.share = live.carry(st, om, om.match.link()) if om.mode == "play" else om.link


def draw_qr(st: AppState, fx: Effects, om: OpenMatch) -> None:
    """The page's follow-up to an open Share window: import segno; the render draws the code."""
    if om.share:
        share.load()


def copy_link(st: AppState, fx: Effects, om: OpenMatch) -> None:
    """Copy the link to send (a link in parts: all of them, one per line, for one message)."""
    if om.share:
        texts = split(om.share)
        fx.clipboard = "\n".join(st.base + t for t in texts)
        if len(texts) > 1:
            fx.say(_("All the links copied. Send them to your friend."))
        else:
            fx.say(_("Link copied. Send it to your friend."))


def copy_part(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    """Copy one part of a link sent in parts."""
    om, arg = st.match_open, action.get("arg")
    if om is None:
        return
    texts = split(om.share) if om.share else []
    index = parse_int(str(arg), _("the link's number"), 0, max(len(texts) - 1, 0))
    if texts:
        fx.clipboard = st.base + texts[index]
        fx.say(
            _("Link {number} of {count} copied. Send it to your friend.").format(
                number=index + 1, count=len(texts)
            )
        )


def ask_forfeit(st: AppState, fx: Effects, om: OpenMatch) -> None:
    om.confirm_forfeit = om.mode == "play"


def forfeit(st: AppState, fx: Effects, om: OpenMatch) -> None:
    """Count the game as won by forfeit: the friend's revealing link is past its deadline
    (``Match.claim_forfeit`` refuses otherwise, saying why)."""
    om.confirm_forfeit = False
    if om.mode == "play":
        om.match.claim_forfeit(matchstore.today())
        save_match(st, fx, om)
        fx.say(_("The game counts as won by forfeit. It stays unverified."))


def keep_waiting(st: AppState, fx: Effects, om: OpenMatch) -> None:
    om.confirm_forfeit = False


def join_button(st: AppState, fx: Effects, om: OpenMatch) -> None:
    if om.mode == "join":
        join(st, fx, om, {})


def rematch(st: AppState, fx: Effects, om: OpenMatch) -> None:
    """A new match with the same friend: the same game, options and days per move, this player
    on the other side, bringing what it brought (a hand of its own in HTT). Its link 1 is copied
    and shown at once, unless this player moves first in it (DumaRaj's White): then the board."""
    m = om.match
    if om.mode != "play" or m.role is None or not m.is_over:
        return
    hand = getattr(m, "bring", None)
    match = Match.create(m.spec, m.options, 1 - m.role, new_secret(), matchstore.today(), days=m.data.days, hand=hand)
    fresh = OpenMatch(match, match_key(m.spec.id, match_id(match)), "play")
    save_match(st, fx, fresh)
    show_match(st, fx, fresh)
    if match.can_move:
        fx.say(_("A new game with the same options: play your first move, then send it to your friend."))
    else:
        send(st, fx, fresh)


def draw_by_move(kind: int, name: str, said: str) -> Callable[[AppState, Effects, OpenMatch], None]:
    """A draw command (offer, accept, decline): a move of the game's own rules where the rules
    have one (HTT), played and sent at once, its link copied; else DumaRaj's annotation."""

    def command(st: AppState, fx: Effects, om: OpenMatch) -> None:
        code = ruledraws.move_for(om.match, kind) if om.mode == "play" else None
        if code is None:
            matchendings.COMMANDS[name](st, fx, om)
            return
        play(st, fx, om, code)
        send(st, fx, om)
        fx.say(_(said))

    command.__name__ = command.__qualname__ = name.replace("match-", "").replace("-", "_")
    command.__doc__ = f"``{name}``: {draw_by_move.__doc__}"
    return command


def resign_today(st: AppState, fx: Effects, om: OpenMatch) -> None:
    """A resignation is dated (a game with hidden cards: the reveal deadline counts from it)."""
    matchendings.resign(st, fx, om, matchstore.today())


#: the match screen's commands (``cmd`` actions) by name
MATCH_COMMANDS: dict[str, Callable[[AppState, Effects, OpenMatch], None]] = {
    "deselect": deselect,
    "close-share": close_share,
    "undo": undo,
    "match-send": send,
    "match-resend": resend,
    "share-qr": draw_qr,
    "copy-link": copy_link,
    "match-join": join_button,
    "match-rematch": rematch,
    "match-forfeit": ask_forfeit,
    "match-forfeit-yes": forfeit,
    "match-forfeit-no": keep_waiting,
    **matchendings.COMMANDS,
    **clocks.COMMANDS,
    "match-resign-yes": resign_today,
    "match-offer-draw": draw_by_move(ruledraws.OFFER, "match-offer-draw", N_("Draw offered. Send the link to your friend.")),
    "match-draw-accept": draw_by_move(ruledraws.ACCEPT, "match-draw-accept", N_("Draw agreed. Send the link to your friend.")),
    "match-draw-decline": draw_by_move(
        ruledraws.DECLINE, "match-draw-decline", N_("Draw declined. Send the link to your friend.")
    ),
    **live.COMMANDS,
}

#: the match screen's commands, as the shell's table calls them
COMMANDS: dict[str, Handler] = {
    **{name: on_match(command) for name, command in MATCH_COMMANDS.items()},
    "copy-part": copy_part,
    # the page's keys (web/main.py) that step through a game: a match on screen has no steps
    **dict.fromkeys(("back", "forward", "first", "last", "flip", "redo"), ignore),
}


def join(st: AppState, fx: Effects, om: OpenMatch, data: dict[str, Any]) -> None:
    """Take the other seat of the match on screen, with the hand the join form chose (if the
    game lets its players bring one); a hand that does not fit says why and joins nothing."""
    pages = game_pages(om.spec.id)
    hand = None
    if pages is not None:
        fields = {str(k)[:40]: str(v)[:80] for k, v in data.items()}
        hand = pages.match_join_hand(om.match.options, fields, PageContext(st, fx))
    match = Match.join(known(om.link), new_secret(), matchstore.today(), hand=hand)
    joined = OpenMatch(match, match_key(match.spec.id, match_id(match)), "play")
    save_match(st, fx, joined)
    show_match(st, fx, joined)
    live.joined(st, fx, joined, match.data.live)


def changed_elsewhere(st: AppState, fx: Effects, key: str, value: str | None) -> bool:
    """Another tab saved the match on screen (it received a link, or moved): show its
    version, which is never older than ours. True when the screen must be drawn again."""
    om = st.match_open
    if om is None or st.route[0] != "match" or key != om.key or value is None:
        return False
    try:
        match = load_match(st, fx, key)
    except GameError:
        return False
    if match is None or match is om.match:
        return False
    om.match = match
    om.played, om.share, om.selection = list(match.pending_history), None, None
    return True


# ---------------------------------------------------------------------- the list
def delete_match(st: AppState, fx: Effects, key: str) -> None:
    if key in st.store and key.startswith(MATCH_PREFIX):
        persist.remove(st, fx, storage.Remove(key))
        fx.say(_("The game with a friend was deleted."))


def ask_delete(st: AppState, fx: Effects, arg: Any) -> None:
    st.confirm_match = str(arg or "")


def keep(st: AppState, fx: Effects, arg: Any) -> None:
    st.confirm_match = None


def confirm_delete(st: AppState, fx: Effects, arg: Any) -> None:
    if str(arg or "") == st.confirm_match:
        delete_match(st, fx, st.confirm_match)
    st.confirm_match = None


#: the commands of the "Games with friends" list (home page and ``#/friends``) by name
FRIENDS_COMMANDS: dict[str, Handler] = {
    "match-delete": with_arg(ask_delete),
    "match-delete-no": with_arg(keep),
    "match-delete-yes": with_arg(confirm_delete),
}
