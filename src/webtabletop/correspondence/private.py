"""What one browser knows of a card match beyond the public replay, and the end-of-match check.

:class:`Private` reads the fair-play sections of the links in order (the three dealing messages,
the keys, the secrets at the end) and keeps the player's :class:`~webtabletop.fairplay.deck.Table`:
the cards opened to it. Every received key must open a card not opened elsewhere, and every card a
move made public must be the one the keys open, or the link is refused (``DeckRefused``,
``ClaimRefused``). :func:`verify` runs once both secrets are known: each secret must open its
chain commitment, ``verify_deal`` recomputes the deal and every key, and the whole game is
replayed with the true cards through the strict rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from webtabletop.core.protocol import GameError, GameSpec
from webtabletop.correspondence.data import MatchData
from webtabletop.correspondence.dealt import Dealt, split
from webtabletop.correspondence.verdict import Verdict, ends_differently, move_breaks_rules, secret_mismatch
from webtabletop.fairplay.beacon import sender
from webtabletop.fairplay.deck import (
    FIRST,
    SECOND,
    DeckKeys,
    Table,
    decode_cards,
    relock_first,
    shuffle_first,
    shuffle_second,
    verify_deal,
)
from webtabletop.fairplay.errors import FairPlayError
from webtabletop.fairplay.group import Group


@attrs.frozen
class Private:
    """A player's (or, with ``keys`` None, a spectator's) knowledge after ``read`` links."""

    keys: DeckKeys | None
    read: int = 0
    messages: tuple = (None, None, None)
    table: Table | None = None
    sent: Mapping[tuple[int, int], int] = attrs.field(factory=dict)
    secrets: Mapping[int, bytes] = attrs.field(factory=dict)

    @classmethod
    def start(cls, spec: GameSpec, data: MatchData, seat: int | None, secret: bytes | None) -> Private:
        if seat is None:
            return cls(None)
        keys = DeckKeys(Group.default(), secret, data.key(), seat, spec.cards.size)
        return cls(keys, secrets={seat: secret})

    def extend(self, spec: GameSpec, dealt: Dealt, sections: Sequence[bytes], first: int) -> Private:
        """Read the sections of links ``first, first + 1, …`` (``first`` = ``read + 1`` for a
        player; a spectator may start anywhere and only keeps the secrets)."""
        group = Group.default()
        size = spec.cards.size
        msgs = list(self.messages)
        table = self.table
        if table is not None:
            table = _copy(table)
        sent = dict(self.sent)
        secrets = dict(self.secrets)
        for m, raw in enumerate(sections, start=first):
            sec = split(raw, m, dealt, size, group.size, group.scalar_size)
            if sec.secrets:
                owners = (sender(m),) if len(sec.secrets) == 1 else (0, 1)
                for owner, value in zip(owners, sec.secrets, strict=True):
                    secrets.setdefault(owner, value)
            if self.keys is None:
                continue
            if sec.deck is not None:
                msgs[m - 1] = decode_cards(group, sec.deck, size)
            if m == 3:
                table = Table(self.keys, msgs[2])
            role = sender(m)
            for pos, raw_key in zip(dealt.keys[m - 1], sec.keys, strict=True):
                k = group.decode_scalar(raw_key)
                sent[(role, pos)] = k
                if role != self.keys.role:
                    table.receive_key(pos, k)
        if table is not None:
            for pos, card in dealt.claims.items():
                if pos in table.opened:
                    table.check_claim(pos, card)
        return attrs.evolve(
            self,
            read=first + len(sections) - 1,
            messages=tuple(msgs),
            table=table,
            sent=sent,
            secrets=secrets,
        )

    def known(self, dealt: Dealt) -> dict[int, int]:
        """Position -> card for every card this browser may see."""
        out = dict(dealt.claims)
        if self.table is not None:
            out.update(self.table.opened)
        return out


def _copy(table: Table) -> Table:
    t = Table.__new__(Table)
    t.keys, t.group, t.deck = table.keys, table.group, table.deck
    t.received, t.opened = dict(table.received), dict(table.opened)
    return t


def verify(
    spec: GameSpec, data: MatchData, dealt: Dealt, private: Private
) -> tuple[Verdict, tuple[int, ...] | None]:
    """The verdict of a finished match once both secrets are known (naming the seat whose part
    failed), and the true deal if it holds."""
    group = Group.default()
    size = spec.cards.size
    key = data.key()
    secrets = (private.secrets[0], private.secrets[1])
    for seat in (0, 1):
        if not data.commitments[seat].opens(secrets[seat]):
            return Verdict.failed(secret_mismatch(), seat), None
    try:
        messages = private.messages
        if private.keys is None:
            first = DeckKeys(group, secrets[0], key, FIRST, size)
            second = DeckKeys(group, secrets[1], key, SECOND, size)
            messages = (None, None, relock_first(first, shuffle_second(second, shuffle_first(first))))
        claims = private.known(dealt)
        order = verify_deal(group, key, size, secrets, messages, private.sent, claims)
    except FairPlayError as exc:
        return Verdict.failed(str(exc)), None
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
