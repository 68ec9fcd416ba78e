"""What one browser knows of a card match beyond the public replay, and the end-of-match check.

:class:`Private` reads the fair-play sections of the links in order (deal v3,
``fairplay.deal``/``fairplay.opening``): the two dealing messages, each checked against its
proof of shuffle as it arrives (a cheating sender is named at once); the shares that open cards,
each batch checked against its proof, every card opened a card not opened elsewhere; the claims
that name cards made public, checked against the shares this browser sent; the secrets at the end.
Anything that fails refuses the link (``DeckRefused``, ``ClaimRefused``, naming the seat).
:func:`verify` runs once both secrets are known: each secret must open its chain commitment,
``verify_deal`` recomputes the deal and every share, and the whole game is replayed with the true
cards through the strict rules.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from webtabletop.core.protocol import GameError, GameSpec
from webtabletop.correspondence.data import MatchData
from webtabletop.correspondence.dealt import Dealt, split
from webtabletop.correspondence.errors import known
from webtabletop.correspondence.verdict import Verdict, ends_differently, move_breaks_rules, secret_mismatch
from webtabletop.fairplay.beacon import sender
from webtabletop.fairplay.deal import (
    DealKeys,
    DealMessage,
    check_message1,
    check_message2,
    make_message1,
    make_message2,
)
from webtabletop.fairplay.dleq import DleqProof
from webtabletop.fairplay.errors import FairPlayError
from webtabletop.fairplay.group import Group
from webtabletop.fairplay.opening import DealTable, Shares, verify_deal


def link_context(link: int) -> bytes:
    """What a link's share and claim proofs are bound to: its number (a proof cannot be moved to
    another link)."""
    return link.to_bytes(4, "big")


@attrs.frozen
class Private:
    """A player's (or, with ``keys`` None, a spectator's) knowledge after ``read`` links.

    ``messages``: the two dealing messages (checked); ``table``: the cards opened to this player;
    ``shares``: every (seat, positions, share points) read, for the end check; ``secrets``.
    """

    keys: DealKeys | None
    read: int = 0
    messages: tuple = (None, None)
    table: DealTable | None = None
    shares: tuple = ()
    secrets: dict = attrs.field(factory=dict)

    @classmethod
    def start(cls, spec: GameSpec, data: MatchData, seat: int | None, secret: bytes | None) -> Private:
        if seat is None:
            return cls(None)
        keys = DealKeys(Group.default(), known(secret), data.key(), seat, spec.cards.size)
        return cls(keys, secrets={seat: secret})

    def extend(
        self, spec: GameSpec, data: MatchData, dealt: Dealt, sections: Sequence[bytes], first: int
    ) -> Private:
        """Read the sections of links ``first, first + 1, …`` (``first`` = ``read + 1`` for a
        player; a spectator may start anywhere and only keeps the secrets and the latest shares)."""
        group = Group.default()
        size = spec.cards.size
        key = data.key()
        msgs = list(self.messages)
        table = _copy(self.table) if self.table is not None else None
        shares = list(self.shares)
        secrets = dict(self.secrets)
        for m, raw in enumerate(sections, start=first):
            sec = split(raw, m, dealt, group, size)
            if sec.secrets:
                owners = (sender(m),) if len(sec.secrets) == 1 else (0, 1)
                for owner, value in zip(owners, sec.secrets, strict=True):
                    secrets.setdefault(owner, value)
            role = sender(m)
            positions = dealt.shares[m - 1]
            batch = Shares.decode(group, sec.shares, len(positions)) if sec.shares else None
            if batch is not None:
                shares.append((role, positions, batch.points))
            if self.keys is None:
                continue
            own = role == self.keys.role  # a link this browser made: nothing to check in it
            if sec.deal is not None:
                message = DealMessage.decode(group, sec.deal, size)
                if m == 1:
                    msgs[0] = message if own else check_message1(group, key, size, message)
                else:
                    msgs[1] = message if own else check_message2(group, key, size, msgs[0], message)
                    table = DealTable(self.keys, msgs[0], msgs[1])
            ctx = link_context(m)
            if batch is not None and not own:
                known(table).receive_shares(positions, batch, ctx)
            if sec.claim is not None and not own:
                named = dealt.named[m - 1]
                known(table).check_claim(
                    named, [dealt.claims[p] for p in named], DleqProof.decode(group, sec.claim), ctx
                )
        return attrs.evolve(
            self,
            read=first + len(sections) - 1,
            messages=tuple(msgs),
            table=table,
            shares=tuple(shares),
            secrets=secrets,
        )

    def known(self, dealt: Dealt) -> dict[int, int]:
        """Position -> card for every card this browser may see."""
        out = dict(dealt.claims)
        if self.table is not None:
            out.update(self.table.opened)
        return out

    def section(self, dealt: Dealt, m: int, secret: bytes) -> bytes:
        """This player's fair-play section of link ``m`` (its own link), from the replay's layout."""
        group = Group.default()
        out = bytearray()
        if m == 1:
            out += make_message1(known(self.keys)).encode(group)
        elif m == 2:
            out += make_message2(known(self.keys), self.messages[0]).encode(group)
        ctx = link_context(m)
        if dealt.shares[m - 1]:
            out += known(self.table).shares_for(dealt.shares[m - 1], ctx).encode(group)
        if dealt.named[m - 1]:
            out += known(self.table).claim(dealt.named[m - 1], ctx).encode(group)
        n = dealt.secrets_in(m)
        if n == 1:
            out += secret
        elif n == 2:
            out += self.secrets[0] + self.secrets[1]
        return bytes(out)


def _copy(table: DealTable) -> DealTable:
    t = DealTable.__new__(DealTable)
    t.__dict__.update(table.__dict__)
    t.shares, t.opened = dict(table.shares), dict(table.opened)
    return t


def verify(
    spec: GameSpec, data: MatchData, dealt: Dealt, private: Private
) -> tuple[Verdict, tuple[int, ...] | None]:
    """The verdict of a finished match once both secrets are known (naming the seat whose part
    failed), and the true deal if it holds."""
    group = Group.default()
    size = spec.cards.size
    secrets = (private.secrets[0], private.secrets[1])
    for seat in (0, 1):
        if not known(data.commitments[seat]).opens(secrets[seat]):
            return Verdict.failed(secret_mismatch(), seat), None
    claims = []
    for m, named in enumerate(dealt.named, start=1):
        claims += [(sender(m), p, dealt.claims[p]) for p in named]
    if private.table is not None:  # the cards this player opened were dealt there too
        claims += [(1 - known(private.keys).role, p, c) for p, c in private.table.opened.items()]
    try:
        order = verify_deal(group, data.key(), size, secrets, private.messages, private.shares, claims)
    except FairPlayError as exc:
        return Verdict.failed(str(exc), exc.seat, named=exc.seat is not None, unnamed=exc.problem), None
    cards = spec.cards
    options = spec.options_from_dict(data.options)
    state = cards.true_start(options, dealt.first, order)
    for m, moves in enumerate(dealt.moves, start=1):
        try:
            for move in moves:
                state = state.apply(cards.reveal(move, order))
        except GameError as exc:
            return Verdict.failed(move_breaks_rules(str(exc)), sender(m)), None
    if state.snapshot() != cards.deal(dealt.state, dict(enumerate(order))).snapshot():
        return Verdict.failed(ends_differently()), None
    return Verdict.verified(), order
