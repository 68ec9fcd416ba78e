"""Card matches: the public replay of a match whose game deals hidden cards (``GameSpec.cards``).

Every browser (both players and a spectator) replays the same **public** state: a card nobody
may see publicly is a placeholder for its deck position; a card a move makes public is named in
the move (a *claim*, checked by each player against the keys, see
:mod:`~webtabletop.correspondence.cardmatch`). Each player's own view fills in the cards opened
to it (``cards.deal``).

**The split rule, with cards.** Links 1 and 2 deal the deck (``fairplay.deal``'s two messages,
each with its proof of shuffle: too long for one message, so the app sends them in parts,
:mod:`~webtabletop.correspondence.parts`) and link 3 opens the joiner's hand; none carries a move.
Who begins is drawn from the first seed the match uses (``MatchData.first_event``: link 4's, so
that a creator who collects several answers cannot pick one where it begins; link 3's in a match
started before link 1 was bound), stream ``"first player"``. From link 4, a link carries
its sender's moves while its side is to move **and is not blocked**: a card in its hand that the
other seat has not opened to it yet (a card drawn, a broken shield) ends the link there; the other
seat's reply carries the share that opens it and no move, and the turn goes on in the next link.

**The opening schedule** (nothing in the link says which positions it opens: it follows from the
public state). At the end of every link from 3 on, its sender owes each position ``cards.due``
gives (the other side's own cards, and the cards made public) that it has not dealt with yet. For
each: when the other seat has not sent its *share* for it, the sender sends its own share (the
other seat opens the card with it, ``fairplay.opening``); when the other seat has (a card of the
sender's made public), the sender *claims* it: it proves that the card named publicly is the one
dealt there. All shares of a link share one proof, and so do all its claims.

**The end.** The link whose moves end the game carries its sender's 32-byte secret instead of
shares; one more link, from the other seat, carries both secrets. Then every browser can check the
whole deal (:mod:`~webtabletop.correspondence.private`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from webtabletop.core.protocol import GameError, GameSpec, State
from webtabletop.correspondence.data import MatchData, side_of
from webtabletop.correspondence.errors import MatchError
from webtabletop.fairplay.beacon import sender
from webtabletop.fairplay.deal import message_size
from webtabletop.fairplay.dleq import proof_size as dleq_size
from webtabletop.fairplay.group import Group
from webtabletop.fairplay.kdf import SECRET_BYTES
from webtabletop.fairplay.opening import shares_size
from webtabletop.i18n import _

FIRST_MOVE_LINK = 4
#: links 1 and 2 deal the deck; from link 3 each link opens the cards its sender owes
FIRST_SHARES_LINK = 3
FIRST_PLAYER = "first player"


@attrs.frozen
class Dealt:
    """A public replay: public codes and moves per link, the public state after the last link,
    the public cards (position -> card), the positions each seat has dealt with (shared or
    claimed), the positions each link's shares open and each link's claims name, the link that
    ended the game (0: none yet), who began (None before link 3), and the moves as a mixed-radix
    number with its radix."""

    links: tuple[tuple[str, ...], ...]
    moves: tuple[tuple[Any, ...], ...]
    state: State
    claims: Mapping[int, int]
    keyed: tuple[frozenset[int], frozenset[int]]
    shares: tuple[tuple[int, ...], ...]
    named: tuple[tuple[int, ...], ...]
    end: int
    first: int | None
    number: int
    radix: int
    #: every move with the public position before it (its card named when the move made it public)
    history: tuple[tuple[State, str], ...] = ()

    def secrets_in(self, link: int) -> int:
        """How many secrets link ``link`` carries: 1 in the link that ends the game, 2 after it."""
        if not self.end or link < self.end:
            return 0
        return 1 if link == self.end else 2


def extra_links(spec: GameSpec) -> int:
    """Links a card match may have beyond the split rule of dice games: the fourth link of the
    deal, one reply per card that reaches a hand after the deal (each can block its drawer once),
    and the last link with both secrets."""
    return 1 + spec.cards.size + 1


def start(spec: GameSpec, data: MatchData, first: int | None) -> State:
    options = spec.options_from_dict(data.options)
    try:
        return spec.cards.start(options, 0 if first is None else first)
    except GameError as exc:
        raise MatchError(
            _("This match link does not hold a valid game: {problem}").format(problem=exc)
        ) from None


def walk(spec: GameSpec, data: MatchData, values, number: int, total: int) -> Dealt:
    """Replay ``total`` moves stored in ``number`` over all links of ``data`` (see the module)."""
    if total > spec.ply_cap(spec.options_from_dict(data.options)):
        raise MatchError(_("This match link holds more moves than a game can have."))
    cards = spec.cards
    options = spec.options_from_dict(data.options)
    rest, radix = [number], [1]

    def get(r: int) -> int:
        if r < 1:
            raise MatchError(_("The match link is damaged."))
        rest[0], d = divmod(rest[0], r)
        radix[0] *= r
        return d

    state = start(spec, data, None)
    first = None
    keyed: list[frozenset[int]] = [frozenset(), frozenset()]
    shared: list[frozenset[int]] = [frozenset(), frozenset()]
    claims: dict[int, int] = {}
    links, moves, shares, named = [], [], [], []
    history: list[tuple[State, str]] = []
    end = used = 0
    for m in range(1, data.count + 1):
        seat = sender(m)
        side = side_of(seat, data.creator_side)
        if end and m > end + 1:
            raise MatchError(_("This match link goes on after the end of the game."))
        if m == data.first_event:
            first = cards.first_player(options, values.rng(m, stream=FIRST_PLAYER))
            state = start(spec, data, first)
        codes: list[str] = []
        played: list[Any] = []
        if not end and m >= FIRST_MOVE_LINK:
            while (
                not state.is_over
                and state.to_move() == side
                and not cards.blocked(state, side, keyed[1 - seat], claims)
            ):
                if used >= total:
                    raise MatchError(
                        _("Link {link} of this match ends in the middle of a turn.").format(link=m)
                    )
                try:
                    move, opened = cards.read(state, get)
                    before = cards.deal(state, opened)
                    state = before.apply(move)
                except (IndexError, ValueError, GameError):
                    raise MatchError(
                        _("Link {link} of this match holds a move that is not legal.").format(link=m)
                    ) from None
                claims.update(opened)
                history.append((before, move.code))
                codes.append(move.code)
                played.append(move)
                used += 1
            if state.is_over:
                end = m
        owed: tuple[int, ...] = ()
        if m >= FIRST_SHARES_LINK and not end:
            owed = cards.due(state, 1 - side, keyed[seat], claims)
            keyed[seat] = keyed[seat] | frozenset(owed)
        mine = tuple(p for p in owed if p not in shared[1 - seat])
        shared[seat] = shared[seat] | frozenset(mine)
        links.append(tuple(codes))
        moves.append(tuple(played))
        shares.append(mine)
        named.append(tuple(p for p in owed if p in shared[1 - seat]))
    if used != total or rest[0]:
        raise MatchError(_("The match link is damaged."))
    return Dealt(
        tuple(links),
        tuple(moves),
        state,
        claims,
        (keyed[0], keyed[1]),
        tuple(shares),
        tuple(named),
        end,
        first,
        number,
        radix[0],
        tuple(history),
    )


@attrs.frozen
class Section:
    """The fair-play section of one link, split: a deal message (links 1 and 2), the shares that
    open the positions of ``Dealt.shares`` with their proof, the proof of the claims of
    ``Dealt.named``, the secrets it reveals."""

    deal: bytes | None
    shares: bytes | None
    claim: bytes | None
    secrets: tuple[bytes, ...]


def split(raw: bytes, link: int, dealt: Dealt, group: Group, size: int) -> Section:
    """Split link ``link``'s section by the layout the public replay gives; refuse a wrong length."""
    n_shares = len(dealt.shares[link - 1])
    n_secrets = dealt.secrets_in(link)
    deal = message_size(group, size) if link < FIRST_SHARES_LINK else 0
    shares = shares_size(group, n_shares) if n_shares else 0
    claim = dleq_size(group) if dealt.named[link - 1] else 0
    if len(raw) != deal + shares + claim + n_secrets * SECRET_BYTES:
        raise MatchError(_("The cards in this match link are cut or too long: the link was changed."))
    pos = deal + shares + claim
    secrets = tuple(raw[pos + k * SECRET_BYTES : pos + (k + 1) * SECRET_BYTES] for k in range(n_secrets))
    return Section(
        raw[:deal] or None,
        raw[deal : deal + shares] or None,
        raw[deal + shares : deal + shares + claim] or None,
        secrets,
    )
