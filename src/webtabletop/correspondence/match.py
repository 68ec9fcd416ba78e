"""One browser's view of a correspondence match: a player (with its secret) or a spectator.

* ``Match.create(spec, options, side, secret, now)`` — seat 0, the creator, picks the game side it
  plays (0 moves first); it sends link 1.
* ``Match.join(link, secret, now)`` — seat 1 takes the other side from link 1.
* ``Match.watch(link)`` — anyone without a secret: a read-only view.
* ``receive(link)`` — a newer link moves the match on (``NEWER``); the same link changes nothing
  (``SAME``); an **older** link is reported as ``OLDER`` and changes nothing. A link of another
  match, one that rewrites moves already played, or one that fails a fair-play check is refused.
* ``play(code)`` — only when ``can_move`` (this seat's side is to move, in the link this seat
  sends); a turn may take several moves. ``link(now)`` seals the turn into the next link and
  returns it; while waiting for the other player it returns the latest link again (to re-send).

Invariants: ``data`` always holds a verified match (every chain value checked against its head,
every move replayed); nothing changes unless a whole action succeeds; the secret never leaves
this object except through :mod:`~webtabletop.correspondence.store` (the browser's own storage).
"""

from __future__ import annotations

import datetime

import attrs

from webtabletop.core.ending import end as end_state
from webtabletop.core.protocol import GameSpec, State, options_diff
from webtabletop.core.registry import get_game
from webtabletop.correspondence import clock, endings, linkorder, turns
from webtabletop.correspondence.annotations import Annotations
from webtabletop.correspondence.blame import judge
from webtabletop.correspondence.data import MatchData, decode
from webtabletop.correspondence.data import first_link as first_link_hash
from webtabletop.correspondence.errors import MatchError
from webtabletop.correspondence.link import Holder, Opened, link_payload, make_link, read_link
from webtabletop.correspondence.linkorder import NEWER, OLDER, SAME  # noqa: F401 (the outcomes of receive)
from webtabletop.correspondence.liveclock import TimeControl, Timing
from webtabletop.correspondence.timed import Timed
from webtabletop.fairplay.beacon import BOUND_FIRST_EVENT, sender
from webtabletop.fairplay.chain import HashChain
from webtabletop.fairplay.errors import FairPlayError
from webtabletop.fairplay.linkauth import LinkKey, LinkRefused, fingerprint
from webtabletop.i18n import _


@attrs.frozen
class Finding:
    """A cheat proven by a link of the friend: the seat that cheated, and the refusal's sentence."""

    seat: int
    text: str


class Match(Annotations, Timed):
    def __init__(
        self,
        data: MatchData,
        seat: int | None,
        secret: bytes | None,
        pending: tuple[str, ...] = (),
        opened: Opened | None = None,
    ) -> None:
        """``data`` is replayed and checked in full, unless ``opened`` is its verified link."""
        self.spec: GameSpec = get_game(data.game_id)
        self._options = self.spec.options_from_dict(data.options)
        self.seat = seat
        self._secret = secret
        self._chain: HashChain | None = None
        self._link_key: LinkKey | None = None
        self._received: str | None = None  # a spectator's latest link, as received
        #: what this player holds of link 1 (``data.first_link``: the creator's as sent, the
        #: joiner's as received); the key of the tags of a match whose link 1 is bound hashes it
        self._first: bytes | None = None
        #: a cheat proven by a link of the friend (kept in storage; the match takes no more links)
        self.finding: Finding | None = None
        if seat is not None:
            if secret is None:
                raise MatchError(_("This stored match is damaged."))
            length = turns.expected_length(self.spec, self._options, seat, data.first_event)
            self._chain = HashChain(secret, length)
            self._link_key = LinkKey(secret)
            if data.authenticated and data.link_keys[seat] not in (None, self._link_key.public):
                raise MatchError(_("This secret does not belong to this match."))
            if data.commitments[seat] not in (None, self._chain.commitment):
                raise MatchError(_("This secret does not belong to this match."))
        if opened is not None and opened.data == data:
            self._set_opened(opened)
        else:
            self._set(data)
        self.pending: tuple[str, ...] = ()
        for code in pending:
            self.play(code)

    # --- making and opening ---------------------------------------------------------------
    @classmethod
    def create(
        cls,
        spec: GameSpec,
        options,
        side: int,
        secret: bytes,
        now: datetime.date,
        days: int = 0,
        hand=None,
        time: TimeControl | None = None,
    ) -> Match:
        """A new match by seat 0, who plays game side ``side`` (0 moves first); ``hand``: its card
        references in a game where each player brings its hand (HTT); ``time``: a real-time
        control (``liveclock``), whose clocks every link carries."""
        if side not in (0, 1):
            raise MatchError(_("Choose which side you play."))
        if not 0 <= days <= clock.MAX_DAYS:
            raise MatchError(_("Days per move must be from 0 to {max}.").format(max=clock.MAX_DAYS))
        opts = spec.default_options() if options is None else options
        if isinstance(opts, dict):
            opts = spec.options_from_dict(opts)
        chain = HashChain(secret, turns.expected_length(spec, opts, 0, BOUND_FIRST_EVENT))
        data = MatchData(
            spec.id,
            spec.rules_version,
            options_diff(opts),
            side,
            days,
            (),
            0,
            (chain.commitment, None),
            (None, None),
            link_keys=(LinkKey(secret).public, None),
            bound=True,
            timing=None if time is None else Timing(time),
        )
        match = _class_for(spec, cls)(data, 0, secret, **_hand(spec, hand))
        match.today = now
        return match

    @classmethod
    def join(cls, link: str, secret: bytes, now: datetime.date, hand=None) -> Match:
        """Seat 1 joins from link 1 (any later link already has its second player). Link 1 has no
        tag: a check that fails in it names nobody (``blame``), and a date after tomorrow (a
        carrier's change: the joiner's links would all carry it) is refused."""
        opened = read_link(link)
        if opened.data.count != 1:
            raise MatchError(_("This match already has two players: you can only watch it."))
        if not opened.data.authenticated:
            raise MatchError(
                _("This invitation was made by an earlier version of the app: ask your friend for a new one.")
            )
        if now is not None and opened.data.date > now.toordinal() + 1:
            raise MatchError(_("The date in this link is impossible: the link was changed."))
        spec = get_game(opened.data.game_id)
        try:
            match = _class_for(spec, cls)(opened.data, 1, secret, opened=opened, **_hand(spec, hand))
        except FairPlayError as exc:
            raise judge(exc, opened.data, False, None) from None
        match._first = first_link_hash(spec.id, decode(spec.id, link_payload(link.strip())))
        match.today = now
        return match

    @classmethod
    def watch(cls, link: str) -> Match:
        """A read-only view for a browser that holds no secret of this match."""
        opened = read_link(link)
        match = _class_for(get_game(opened.data.game_id), cls)(opened.data, None, None, opened=opened)
        match._received = link
        return match

    # --- what this browser sees -------------------------------------------------------------
    today: datetime.date | None = None
    #: the position on this browser's board (the turn's start with the moves not sent yet)
    _current: State
    _history: tuple[tuple[State, str], ...] | None = None
    #: the link held before the latest one, with its history (what ``public_history`` goes on from)
    _history_base: tuple[Opened, tuple[tuple[State, str], ...]] | None = None

    @property
    def data(self) -> MatchData:
        return self._data

    @property
    def options(self):
        """The table's options (the game's options class), as link 1 set them."""
        return self._options

    @property
    def role(self) -> int | None:
        """The game side this browser plays, or None for a spectator."""
        return None if self.seat is None else turns.side_of(self.seat, self._data.creator_side)

    @property
    def secret(self) -> bytes | None:
        return self._secret

    @property
    def fingerprint(self) -> str | None:
        """The match fingerprint (16 digits from both players' link keys) this player compares with
        its friend's by voice or in another chat: equal on both screens unless someone replaced
        link 1 or link 2 on its way (``fairplay.linkauth.fingerprint``); None for a spectator and
        before both keys are known."""
        mine, theirs = self._data.link_keys
        if self.seat is None or mine is None or theirs is None:
            return None
        return fingerprint(self._data.key(), (mine, theirs))

    @property
    def first_link(self) -> bytes | None:
        """What this player holds of link 1 (``data.first_link``), None before link 1 or for a
        spectator. The creator's comes from its own link 1 while that is its latest link."""
        if self._first is None and self.seat == 0 and self._data.count == 1 and self._data.authenticated:
            sent = self.latest_link
            if sent is not None:
                self._first = first_link_hash(self.spec.id, decode(self.spec.id, link_payload(sent)))
        return self._first

    @property
    def is_over(self) -> bool:
        """The game ended in a link sent or received (a last move not sent yet does not count:
        that link must still go out)."""
        return self._base.is_over

    @property
    def my_link(self) -> bool:
        """This browser is a player and the next link is its own to send."""
        return (
            self.seat is not None
            and self.finding is None
            and not self._base.is_over
            and sender(self._data.count + 1) == self.seat
        )

    @property
    def dice_unknown(self) -> bool:
        """The dice held by ``state`` for the side to move are not yet decided for this browser
        (they come from the next link's seed); a view must not show them."""
        if self.spec.reseed is None or self.is_over:
            return False
        return not (self.my_link and self._next_is_turn())

    @property
    def state(self) -> State:
        """The current position: after the latest link, with this browser's own dice for the
        turn it is playing and the moves it played but has not sent yet."""
        return self._current

    @property
    def can_move(self) -> bool:
        s = self._current
        return self.my_link and self._next_is_turn() and not s.is_over and s.to_move() == self.role

    @property
    def can_send(self) -> bool:
        """The next link is this browser's and its turn is complete (or it has no move in it)."""
        return self.my_link and not self.can_move

    @property
    def latest_link(self) -> str | None:
        """The latest link of this match (sent or received), or None before link 1."""
        if not self._data.count:
            return None
        if self.seat is None and self._received is not None:
            return self._received  # a spectator cannot make a link's tag: the one it was given
        return make_link(self._data, self._opened.number, self.mac_key(self._data))

    @property
    def public_history(self) -> tuple[tuple[State, str], ...]:
        """Every move sent or received, with the position before it (each turn's dice as its
        link decided them): what a move list shows to anyone, players and spectators. Replayed
        once per latest link, on first use: from the previous link's history when the new link
        goes on from it (a live game's links then cost their own moves, not the whole game's)."""
        if self._history is None:
            codes = self._data.moves
            out: list[tuple[State, str]] = []
            done, state, first = 0, None, 1
            if self._history_base is not None:
                held, history = self._history_base
                k = len(held.data.links)
                if (
                    held.data.key() == self._data.key()
                    and self._data.links[:k] == held.data.links
                    and len(history) == len(held.data.moves)
                ):
                    out, done, state, first = list(history), len(history), held.state, k + 1

            def pick(state: State, legal: list, i: int):
                move = legal[turns.index_of(legal, codes[done + i])]
                out.append((state, move.code))
                return move

            turns.walk(self.spec, self._data, self._values, pick, len(codes) - done, first=first, state=state)
            self._history = tuple(out)
        return self._history

    @property
    def public_position(self) -> State:
        """The position after the last move sent or received (where ``public_history`` ends)."""
        return self._base

    def seen(self, state: State) -> State:
        """A position of ``public_history`` as this browser sees it. A view compares the position
        before the latest move with the one after it (what is new in the hand, which card
        turned), so both must hold the same cards: a game with hidden cards fills in the ones this
        browser holds. Without hidden cards, the position itself."""
        return state

    @property
    def verdict(self) -> str | None:
        """None while the game goes on; then the end-of-game check, as a sentence to show. Without
        hidden cards every move and die was checked as its link arrived."""
        return _("Verified: every move and every die was checked.") if self.is_over else None

    @property
    def verified(self) -> bool | None:
        """None while the game goes on; then whether the end check held (always, without hidden
        cards: every move and die was checked as its link arrived)."""
        return True if self.is_over else None

    @property
    def cheater(self) -> int | None:
        """The seat the end check found cheating (a game with hidden cards; here never)."""
        return None

    @property
    def revealed(self) -> bool:
        """``state`` holds every card of both players once the game is verified (nothing is
        secret any more). A game without hidden cards has none to show."""
        return False

    @property
    def deadline(self) -> datetime.date | None:
        return clock.deadline(self._data.date, self._data.days, self.is_over)

    #: a game without hidden cards has nothing to reveal after its end
    @property
    def awaiting_secret(self) -> bool:
        """The other player's link that reveals its secret is awaited (only games with hidden
        cards have one)."""
        return False

    @property
    def reveal_deadline(self) -> datetime.date | None:
        """The last day for the awaited revealing link (None: none awaited)."""
        return None
    #: this player counted the game as won by forfeit: the other never revealed its secret
    #: (:meth:`claim_forfeit`; kept in storage, shown as unverified)
    forfeit = False

    @property
    def resigned_here(self) -> bool:
        """This player ended the game by resigning (a forfeit is then no one's to claim: the
        resignation already gave the game away, verified or not)."""
        e = self._data.ending
        return e is not None and e.kind == endings.RESIGN and e.seat == self.seat

    def claim_forfeit(self, now: datetime.date) -> None:
        """Count the game as won by forfeit: allowed once the other player's link revealing its
        secret is past :attr:`reveal_deadline` (the result stays unverified; a revealing link that
        comes later is still checked)."""
        if self.resigned_here:
            raise MatchError(
                _("You resigned this game: it counts as your loss, and there is no forfeit to claim.")
            )
        limit = self.reveal_deadline
        if not self.awaiting_secret or limit is None or not clock.overdue(limit, now):
            raise MatchError(
                _(
                    "A game can be counted as a forfeit only when your friend's last link is past its deadline."
                )
            )
        self.forfeit = True

    @property
    def last_date(self) -> datetime.date | None:
        return datetime.date.fromordinal(self._data.date) if self._data.date else None

    def mac_key(self, data: MatchData | None) -> bytes | None:
        """The key of the tags of ``data``'s links, shared by the two players (None: a spectator,
        a match started before links carried tags, the other player's key is not known yet, or
        ``data`` is of another match). The other player's key is the one this browser already
        holds, once it holds one (a key is trusted the first time it arrives; a link with another
        one is refused). ``data`` None: the key of the match as held, if both keys are known."""
        held = self._data
        if self._link_key is None or self.seat is None or not held.authenticated:
            return None
        if data is None:
            data = held
        elif held.count and (not linkorder.claims(data, held) or linkorder.another_joiner(data, held)):
            return None  # a link of another match, or of a second joiner: refused as such
        other = held.link_keys[1 - self.seat] or data.link_keys[1 - self.seat]
        if other is None:
            return None
        return self._tag_key(other)

    def _tag_key(self, other: bytes) -> bytes:
        """The key of the tags made with the friend's public link key ``other`` (a match whose
        link 1 is bound: hashing link 1 as this player holds it)."""
        first = self.first_link if self._data.bound else None
        if self._data.bound and first is None:
            raise MatchError(_("This stored match is damaged."))
        args = (bytes(other), self._data.key(), first)
        cache = self.__dict__.setdefault("_tag_keys", {})  # one point multiplication per key
        if args not in cache:
            cache[args] = self._player()[2].shared(*args)
        return cache[args]

    def holder(self) -> Holder:
        """What this player checks a received link with (``link.read_link``)."""
        seat, chain, key = self._player()
        return Holder(
            seat,
            self._data,
            (chain.commitment.head, key.public),
            self._tag_key,
            self.first_link,
        )

    def stored(self) -> dict:
        """What storage keeps besides the base fields (``store.to_json``): nothing, where every
        move is public (a game with hidden cards keeps its latest link)."""
        return {}

    @classmethod
    def restored(cls, doc: dict, text_list) -> dict:
        """The constructor's extra arguments from a stored document (``store.from_json``)."""
        return {}

    # --- acting ----------------------------------------------------------------------------
    def play(self, code: str) -> State:
        if not self.can_move:
            raise MatchError(_("It is not your turn in this match: this view is read-only."))
        new = self._current.apply_code(code)
        self.pending = (*self.pending, code)
        self._current = new
        return new

    @property
    def pending_history(self) -> tuple[tuple[State, str], ...]:
        """The moves of this turn not sent yet, each with the position before it: the match is
        stored with them, so a move list drawn after a reload shows them too."""
        out, s = [], self._turn_start()
        for code in self.pending:
            out.append((s, code))
            s = s.apply_code(code)
        return tuple(out)

    def undo(self) -> None:
        """Take back the last move not yet sent."""
        if not self.pending:
            raise MatchError(_("There is no move of yours to take back: it was sent already."))
        pending = self.pending[:-1]
        self._reset_turn()
        for code in pending:
            self.play(code)

    def _reset_turn(self) -> None:
        """Back to the start of this browser's turn, no move played."""
        self.pending = ()
        self._current = self._turn_start()

    def link(self, now: datetime.date | None = None) -> str:
        """The link to send: seals this browser's turn into the next link, or gives the latest
        link again while the other player is to send."""
        data = self._next_data(now, self.pending)
        if data is None:
            return self._sent_link()
        values = turns.verify_chains(self.spec, self._options, data)
        number, radix = turns.encode_turn(
            self._turn_start(), self.pending, self._opened.number, self._opened.radix
        )
        self._set_opened(Opened(data, values, self._current, number, radix))
        return make_link(data, number, self.mac_key(data))

    def receive(self, link: str, now: datetime.date | None = None, live: bool = False) -> str:
        """Take a link of this match: ``NEWER`` (moved on), ``SAME`` or ``OLDER`` (nothing changed).
        A refused link changes nothing, but for one thing: a refusal that proves the friend
        cheated (a fair-play check failed in a link whose tag this browser checked, ``blame``) is
        kept as :attr:`finding`, and from then on every link of the match is refused. ``live``:
        the link came over the live channel just as it was sent (a timed match then bounds the
        time its sender says its turn took, ``liveclock.check_received``)."""
        if self.finding is not None:
            raise MatchError(
                _(
                    "Cheating was detected in this game, so it takes no more links from your friend: {finding}"
                ).format(finding=self.finding.text)
            )
        try:
            return self._receive(link, now, live)
        except FairPlayError as exc:
            if self.seat is not None and exc.seat == 1 - self.seat and not isinstance(exc, LinkRefused):
                self.finding = Finding(exc.seat, str(exc))
            raise

    #: the live offer or answer of the last link received, newer or the same (None: none, or an
    #: older link): what live play acts on (``docs/live-play.md``)
    live_received = None

    def _receive(self, link: str, now: datetime.date | None, live: bool = False) -> str:
        tagged = self._link_key is not None and self._data.authenticated
        opened = read_link(link, self._opened, self.holder() if tagged else None)
        self.live_received = None
        if opened.data.key() == self._data.key():
            self._timed_receive(opened, live)
        try:
            outcome = self._take(opened, link, now)
        except FairPlayError as exc:
            raise judge(exc, opened.data, opened.verified, self.seat) from None
        self.live_received = None if outcome == OLDER else opened.data.live
        return outcome

    def _take(self, opened: Opened, link: str, now: datetime.date | None) -> str:
        new, held = opened.data, self._data
        if new.game_id != held.game_id or new.key() != held.key():
            raise MatchError(_("This link belongs to another match."))
        if new.ending is not None or held.ending is not None:
            outcome = self._ended(opened, held, link)
            if outcome is not None:
                return outcome
        order = linkorder.compare(new, held, self.seat, now)
        if order != NEWER:
            return order
        if now is not None:
            self.today = now
        self._set_opened(opened)
        if self.seat is None:
            self._received = link
        return NEWER

    # --- internals -------------------------------------------------------------------------
    def _next_data(self, now: datetime.date | None, codes: tuple[str, ...]) -> MatchData | None:
        """The data of the next link, with ``codes`` as its moves, or None while the other player
        is to send (then the latest link is the one to send again)."""
        if now is not None:
            self.today = now
        if not self.my_link:
            if not self._data.count:
                raise MatchError(_("No link of this match was sent yet."))
            return None
        if not self.can_send:
            raise MatchError(_("Finish your turn before you send it."))
        if self.today is None:
            raise MatchError(_("The date of the move is missing."))
        seat, chain, key = self._player()
        data = linkorder.next_data(self._data, seat, chain, key, codes, self.today)
        return self._timed_next(data)

    def _sent_link(self) -> str:
        """The latest link, to send again while the other player is to send."""
        sent = self.latest_link
        if sent is None:
            raise MatchError(_("No link of this match was sent yet."))
        return sent

    def _player(self) -> tuple[int, HashChain, LinkKey]:
        """This player's seat, hash chain and link key; a spectator has none (refused as such)."""
        if self.seat is None or self._chain is None or self._link_key is None:
            raise MatchError(_("You are watching this game: only its two players can move."))
        return self.seat, self._chain, self._link_key

    def _set(self, data: MatchData) -> None:
        """Hold ``data`` after replaying and checking all of it (a new match, or from storage)."""
        values = turns.verify_chains(self.spec, self._options, data)
        codes = data.moves
        acc = [0]

        def pick(state: State, legal: list, i: int):
            k = turns.index_of(legal, codes[i])
            acc[0] += k * acc_radix[0]
            acc_radix[0] *= len(legal)
            return legal[k]

        acc_radix = [1]
        walked = turns.walk(self.spec, data, values, pick, len(codes))
        if walked.links != data.links:
            raise MatchError(_("The moves of this match do not fit its links."))
        if data.ending is not None:
            endings.check(data, (len(codes), acc[0]), data.ending, self.spec.agreed_draws)
        self._set_opened(Opened(data, values, walked.state, acc[0], walked.radix))

    def _set_opened(self, opened: Opened) -> None:
        self._hold(opened)
        self.pending = ()
        self._current = self._turn_start()

    def _hold(self, opened: Opened) -> None:
        """Hold a verified link: its data, and the position as a finished game when a
        resignation or an agreed draw ended it (a game with hidden cards: its replay set first)."""
        self._held(opened.data.count)
        if self._history is not None:
            self._history_base = (self._opened, self._history)
        self._opened = opened
        self._data, self._values, self._base = opened.data, opened.values, opened.state
        ending = opened.data.ending
        if ending is not None and ending.final and not self._base.is_over:
            self._base = end_state(self._base, ending.code(opened.data.creator_side))
        self._history = None

    def _next_is_turn(self) -> bool:
        """The next link carries a turn of its sender (not a handshake link)."""
        m = self._data.count + 1
        side = turns.side_of(sender(m), self._data.creator_side)
        return (
            m >= turns.first_move_link(self.spec, self._data)
            and not self._base.is_over
            and self._base.to_move() == side
        )

    def _turn_start(self) -> State:
        s = self._base
        if self.my_link and self._next_is_turn() and self.spec.reseed is not None:
            s = self.spec.reseed(s, self._values.rng(self._data.count + 1, own=self._chain))
        return s


#: the match class of each hidden-card scheme (``GameSpec.cards.scheme``), filled by
#: :func:`register` when the package imports the scheme modules (``correspondence/__init__.py``)
SCHEME_CLASSES: dict[str, type[Match]] = {}


def register(scheme: str):
    """Class decorator: the match class of ``scheme`` (this module never imports its subclasses)."""

    def put(cls: type[Match]) -> type[Match]:
        SCHEME_CLASSES[scheme] = cls
        return cls

    return put


def match_class(spec: GameSpec) -> type[Match]:
    """The class of a match of ``spec``: a game with hidden cards has its scheme's own (which
    also knows what storage keeps, ``stored``)."""
    if spec.cards is None:
        return Match
    return SCHEME_CLASSES[spec.cards.scheme]


def _class_for(spec: GameSpec, cls: type[Match]) -> type[Match]:
    return match_class(spec) if cls is Match else cls


def _hand(spec: GameSpec, hand) -> dict:
    """The ``hand=`` argument for a game where each player brings its hand, else none."""
    if spec.cards is not None and spec.cards.scheme == "chosen":
        return {"hand": hand}
    if hand is not None:
        raise MatchError(_("In this game nobody brings a hand of their own."))
    return {}
