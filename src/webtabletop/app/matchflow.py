"""Play a friend by link: creating, joining, watching, playing and sending matches (issue 14).

Routes: ``#/<game>/m?x=<payload>`` is a match link (see :mod:`webtabletop.correspondence`);
``#/<game>/m?id=<id>`` opens a match this browser holds; ``#/friends`` lists them ("Games with
friends"; the home page shows the same list).

Invariants:
- the secret is drawn here (``secrets.token_bytes(32)``), kept in this browser's storage only
  (:mod:`.matchstore`) and never shown or sent;
- a match link never changes a stored match unless :meth:`Match.receive` accepted it as newer;
  an older link shows the latest position with a notice; any bad link or refused action is a
  clear message and nothing is lost;
- this browser moves only while ``match.can_move`` (its seat's side is to move in the link it
  sends), exactly as in hot-seat (picks, drags, legal marks); a spectator's view is read-only.
"""

from __future__ import annotations

import datetime
import secrets
from typing import Any

from webtabletop.app import playfeel, share
from webtabletop.app.extensions import PageContext, game_pages
from webtabletop.app.matchstore import MATCH, MATCH_PREFIX, document, match_id, match_key
from webtabletop.app.openmatch import OpenMatch
from webtabletop.core import storage
from webtabletop.core.inputs import parse_int
from webtabletop.core.protocol import GameError, GameSpec
from webtabletop.correspondence import NEWER, OLDER, Match, clock, store
from webtabletop.correspondence.support import supports
from webtabletop.i18n import _


def today() -> datetime.date:
    """The date of this browser (tests replace it to let days pass)."""
    return datetime.date.today()


def new_secret() -> bytes:
    """A player's 32-byte secret (the head of its hash chain is derived from it)."""
    return secrets.token_bytes(32)


class MatchFlow:
    # ------------------------------------------------------------------ storage
    def _load_match(self, key: str) -> Match | None:
        """The match stored at ``key``, or None (none, or set aside). Rebuilt matches are kept
        by their document's text (this app's own: one match object per document, changed only
        by this app and saved at once)."""
        raw = self.store.get(key)
        if raw is None:
            return None
        built = self.match_cache.get(raw)
        if built is not None:
            return built
        data = self._read(key, MATCH)
        if data is None:
            return None
        match = store.from_json(data["match"])
        self._remember(self.store.get(key, raw), match)
        return match

    def _remember(self, text: str, match: Match) -> None:
        if len(self.match_cache) >= 100:
            self.match_cache.clear()
        self.match_cache[text] = match

    def _save_match(self, om: OpenMatch) -> None:
        if om.key is None:
            return
        text = document(om.match, self.now)
        self._remember(text, om.match)
        self._write(storage.Write(om.key, text))

    # ------------------------------------------------------------------ routes
    def _match_route(self, spec: GameSpec, query: dict[str, str]) -> None:
        if not supports(spec.id):
            self._error_route(
                _("This game cannot be played by link yet"),
                _("{game} cannot be played with a friend by link in this version of the app.").format(
                    game=_(spec.title)
                ),
                spec.id,
            )
            return
        if "x" in query:
            self._open_match_link(spec, f"#/{spec.id}/m?x={query['x']}")
            return
        key = match_key(spec.id, query.get("id", "")[:32])
        match = self._load_match(key) if ":" not in query.get("id", ":") else None
        if match is None:
            self._error_route(
                _("Game with a friend not found"),
                _("That game with a friend is not in this browser's storage."),
                spec.id,
            )
            return
        self._show_match(OpenMatch(match, key, "play"))

    def _show_match(self, om: OpenMatch) -> None:
        self.match_open = om
        self.session = None
        self.route = ("match", om.spec.id)
        if om.key is not None:
            self.fx.hash = f"#/{om.spec.id}/m?id={om.key.rsplit(':', 1)[1]}"

    def _open_match_link(self, spec: GameSpec, link: str) -> None:
        """A match link: the held match moves on (or says the link is older), a first link is
        offered to join, anything else is shown read-only; a bad link changes nothing."""
        try:
            seen = Match.watch(link)
        except GameError as exc:
            self._error_route(
                _("This match link cannot be opened"),
                _("{problem} Nothing was changed: your games are untouched.").format(problem=exc),
                spec.id,
            )
            return
        key = match_key(seen.spec.id, match_id(seen))
        held = self._load_match(key)
        if held is None:
            if seen.data.count == 1:
                self._show_match(OpenMatch(seen, None, "join", link))
            else:
                self._show_match(OpenMatch(seen, None, "watch", link))
            return
        om = OpenMatch(held, key, "play")
        try:
            answer = held.receive(link, today())
        except GameError as exc:
            om.message = _("This link was not accepted: {problem} Your game is unchanged.").format(
                problem=exc
            )
        else:
            if answer == NEWER:
                self._save_match(om)
                self._toast(_("Your friend's move arrived."))
            elif answer == OLDER:
                om.notice = _("This link is older than the game you have: showing the latest position.")
        self._show_match(om)

    # ------------------------------------------------------------------ creating
    def _create_match(self, spec: GameSpec, options: Any, side_text: str, days_text: str) -> None:
        """The new-game form's "Play a friend by link": a new match, saved, on screen."""
        side = parse_int(side_text or "0", _("your side"), 0, 1)
        days = parse_int(days_text or "0", _("days per move"), 0, clock.MAX_DAYS)
        pages = game_pages(spec.id)
        hand = None
        if pages is not None:  # cards of the creator's own collection (HTT): its hand, not the table's
            options, hand = pages.take_hand(options)
        match = Match.create(spec, options, side, new_secret(), today(), days=days, hand=hand)
        om = OpenMatch(match, match_key(spec.id, match_id(match)), "play")
        self._save_match(om)
        self._show_match(om)

    # ------------------------------------------------------------------ actions on the match screen
    def _match_action(self, kind: str, action: dict[str, Any]) -> None:
        om = self.match_open
        if om is None:
            return
        if kind == "move":
            self._match_play(om, str(action.get("code", "")))
        elif kind == "pick":
            self._match_pick(om, str(action.get("token", "")))
        elif kind == "hover":
            token, drag = action.get("token"), action.get("drag")
            om.hover = f"{drag}@{token}" if token and drag else (str(token) if token else None)
        elif kind == "drop":
            drag, drop = str(action.get("drag", "")), str(action.get("drop", ""))
            if om.selection != drag:
                self._match_pick(om, drag)
            if not self.fx.moved:
                self._match_pick(om, drop)
        elif kind == "cancel":
            om.selection = om.hover = None
        elif kind == "cmd":
            self._match_cmd(om, str(action.get("name", "")))
        elif kind == "form" and action.get("name") == "match-paste":
            data = action.get("data") or {}
            self._open_pasted(str(data.get("link", "") if isinstance(data, dict) else "")[:20000])
        elif kind == "form" and action.get("name") == "match-join" and om.mode == "join":
            data = action.get("data")
            self._match_join(om, data if isinstance(data, dict) else {})

    def _match_pick(self, om: OpenMatch, token: str) -> None:
        if om.mode != "play" or not om.match.can_move:
            return
        result = om.view.pick(om.state, om.context(self.settings), token)
        om.selection = result.selection
        om.message = result.message
        if result.move is not None:
            self._match_play(om, result.move)

    def _match_play(self, om: OpenMatch, code: str) -> None:
        if om.mode != "play":
            raise GameError(_("You are watching this game: only its two players can move."))
        before = om.state
        om.match.play(code)  # refuses a move out of turn or an illegal one
        om.played.append((before, code))
        om.selection = om.hover = om.message = None
        playfeel.moved(self.fx, om, before, code)
        self._save_match(om)

    def _match_cmd(self, om: OpenMatch, name: str) -> None:
        m = om.match
        if name in ("deselect", "close-share"):
            if om.share is not None:
                self.fx.focus = "match-send"
            om.share = None
            om.selection = None
        elif name == "undo" and om.mode == "play":
            if m.pending:
                m.undo()
                om.played = om.played[: len(m.pending)]
                om.selection = None
                self._save_match(om)
        elif name == "match-send" and om.mode == "play":
            om.share = m.link(today())
            om.played = []
            om.notice = None
            self._save_match(om)
        elif name == "match-resend":
            om.share = m.link() if om.mode == "play" else om.link
        elif name == "share-qr":
            if om.share:
                share.load()
        elif name == "copy-link" and om.share:
            self.fx.clipboard = self.base + om.share
            self._toast(_("Link copied. Send it to your friend."))
        elif name == "match-join" and om.mode == "join":
            self._match_join(om, {})

    def _match_join(self, om: OpenMatch, data: dict[str, Any]) -> None:
        """Take the other seat of the match on screen, with the hand the join form chose (if the
        game lets its players bring one); a hand that does not fit says why and joins nothing."""
        pages = game_pages(om.spec.id)
        hand = None
        if pages is not None:
            fields = {str(k)[:40]: str(v)[:80] for k, v in data.items()}
            hand = pages.match_join_hand(om.match.options, fields, PageContext(self.state, self.fx))
        match = Match.join(om.link, new_secret(), today(), hand=hand)
        joined = OpenMatch(match, match_key(match.spec.id, match_id(match)), "play")
        self._save_match(joined)
        self._show_match(joined)

    def _open_pasted(self, text: str) -> None:
        text = text.strip()
        if "#" not in text:
            raise GameError(_("Paste the whole link your friend sent (it contains “#/”)."))
        fragment = text[text.index("#") :]
        from webtabletop.core.sharelink import parse_hash

        game_id, page, query = parse_hash(fragment)
        if page != "m" or "x" not in query:
            raise GameError(_("This is not a link of a game with a friend."))
        self._route(fragment)
        if self.route[0] == "error":  # say why on the match screen; the game stays as it was
            message = self.route[2]
            self.route = ("match", self.match_open.spec.id)
            self.match_open.message = message

    def _match_changed_elsewhere(self, key: str, value: str | None) -> bool:
        """Another tab saved the match on screen (it received a link, or moved): show its
        version, which is never older than ours. True when the screen must be drawn again."""
        om = self.match_open
        if om is None or self.route[0] != "match" or key != om.key or value is None:
            return False
        try:
            match = self._load_match(key)
        except GameError:
            return False
        if match is None or match is om.match:
            return False
        om.match = match
        om.played, om.share, om.selection = [], None, None
        return True

    # ------------------------------------------------------------------ the list
    def _delete_match(self, key: str) -> None:
        if key in self.store and key.startswith(MATCH_PREFIX):
            self._remove(storage.Remove(key))
            self._toast(_("The game with a friend was deleted."))

    def _friends_cmd(self, name: str, arg: Any) -> bool:
        """The list's commands (home page and ``#/friends``); True when ``name`` was one."""
        if name == "match-delete":
            self.confirm_match = str(arg or "")
        elif name == "match-delete-no":
            self.confirm_match = None
        elif name == "match-delete-yes":
            if str(arg or "") == self.confirm_match:
                self._delete_match(self.confirm_match)
            self.confirm_match = None
        else:
            return False
        return True
