"""Matches of a game whose cards are private draws from an endless source (``GameSpec.cards`` with
``scheme = "drawn"``: CardGO). The public replay, the link's section, and the end check.

**Draws.** Each seat numbers its draws ``j = 0, 1, ...`` (its opening hand first). A draw of seat
``s`` that happens while link ``m`` is replayed is seeded (``fairplay.draw``) by the value the
*other* seat revealed last, in link ``m`` or ``m - 1``: the owner learns the card when that link
arrives, the other seat never (it lacks ``x_j``). The opening hands are drawn in link 3.

**Outcomes after the choice** (the rules' link mode): a placement waiting in ``pending`` is settled
at the start of the next link that carries a turn, with that link's seed (stream ``"effects"``).

**The fair-play section of link m**, in this order:

* from link 3: every card placed so far, in the order played (a varint count, one byte per card:
  the game's ``to_byte``), so that anyone replays the board from the latest link;
* per seat that has sent a link: a varint count and the commitments (16 bytes each) of its draws
  not played yet, in increasing ``j``: the cards in its hand, then the draws to come (the sender
  keeps :data:`AHEAD` ahead, so every draw is committed before its seed is known);
* the draw value ``x_j`` (16 bytes) of every card placed in link ``m``;
* in the link that ends the game its sender's secret; in the next link, from the other seat,
  both secrets.

A player's browser checks each ``x_j`` against the commitment it held before (and the walker checks
that ``x_j`` deals the card named); at the end :func:`verify` checks every draw of both seats
against the revealed secrets.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol, cast

import attrs

from webtabletop.core.protocol import GameError, GameSpec, State
from webtabletop.correspondence.binary import Reader, varint
from webtabletop.correspondence.data import MatchData, side_of
from webtabletop.correspondence.errors import MatchError, known
from webtabletop.correspondence.verdict import Verdict, secret_mismatch
from webtabletop.fairplay.beacon import sender
from webtabletop.fairplay.draw import DRAW_BYTES, PrivateDraws, draw_rng, verify_draws
from webtabletop.fairplay.errors import ClaimRefused, FairPlayError, named
from webtabletop.fairplay.kdf import SECRET_BYTES
from webtabletop.i18n import _

START, EFFECTS = "start", "effects"
#: commitments each seat keeps ahead of its draws (a turn draws at most 3: its own, two Loves)
AHEAD = 6
MAX_CARDS = 4096


@attrs.frozen
class Drawn:
    """The public replay of a drawn-cards match after its latest link."""

    links: tuple[tuple[str, ...], ...]
    state: State
    side_seat: tuple[int, int]  # the seat that plays each game side
    ids: tuple[tuple[int, ...], tuple[int, ...]]  # per game side: the draw number of each hand slot
    drawn: tuple[int, int]  # per seat: draws so far
    seeded: Mapping[tuple[int, int], int]  # (seat, j) -> the link whose value seeds draw j
    placed: tuple[tuple[int, int, int, str], ...]  # (link, seat, j, card code) in order
    commitments: tuple[Mapping[int, bytes], Mapping[int, bytes]]  # per seat: j -> c_j carried
    values: tuple[tuple[int, int, bytes], ...]  # (seat, j, x_j) of the cards placed in the latest link
    secrets: Mapping[int, bytes]
    end: int
    number: int
    radix: int
    history: tuple[tuple[State, str], ...] = ()


def seeding_link(link: int, seat: int) -> int:
    """The link whose value seeds a draw of ``seat`` made while link ``link`` is replayed."""
    return link if sender(link) != seat else link - 1


class HandsState(Protocol):
    """The state of a game with drawn cards (``GameSpec.cards``, the scheme's contract): each
    side's hand in slot order, and a placement waiting for the next link's seed to settle."""

    @property
    def hands(self) -> Sequence[Sequence]: ...

    @property
    def pending(self) -> object | None: ...

    def settle(self, rng) -> State: ...


def hands_of(state: State) -> HandsState:
    """``state`` as a drawn-cards game's state (its hands, its pending placement)."""
    return cast(HandsState, state)


class _Tracker:
    """Follows which draw sits in which hand slot as the rules pop and append hand cards."""

    def __init__(self, side_seat: tuple[int, int]) -> None:
        self.side_seat = side_seat
        self.ids: list[list[int]] = [[], []]
        self.drawn = [0, 0]
        self.seeded: dict[tuple[int, int], int] = {}

    def after(self, link: int, before: State, after: State, cards, played: int | None = None) -> State:
        """Record the draws between ``before`` and ``after`` (``played``: the side whose slot
        ``cards``-placed move popped), and hide the rules' own dealt cards (``UNSEEN``)."""
        # a drawn-cards game's state has hands (``GameSpec.cards``: the scheme's contract)
        old, new_hands = hands_of(before).hands, hands_of(after).hands
        for side in (0, 1):
            kept = len(old[side]) - (1 if side == played else 0)
            new = len(new_hands[side]) - kept
            if new < 0:
                raise MatchError(_("The match link is damaged."))
            seat = self.side_seat[side]
            slots = {}
            for k in range(new):
                j = self.drawn[seat]
                self.drawn[seat] += 1
                self.ids[side].append(j)
                self.seeded[(seat, j)] = seeding_link(link, seat)
                slots[kept + k] = cards.unseen
            after = cards.deal(after, side, slots)
        return after

    def pop(self, side: int, slot: int) -> int:
        return self.ids[side].pop(slot)

    @classmethod
    def resume(cls, drawn: Drawn) -> _Tracker:
        """Go on from a replay's end (a browser's own next link)."""
        track = cls(drawn.side_seat)
        track.ids = [list(drawn.ids[0]), list(drawn.ids[1])]
        track.drawn = list(drawn.drawn)
        track.seeded = dict(drawn.seeded)
        return track


def _codes(r: Reader, cards) -> tuple[str, ...]:
    """The cards placed so far: a varint count, then one byte per card (``cards.from_byte``)."""
    n = r.varint(MAX_CARDS)
    try:
        return tuple(cards.code(cards.from_byte(b)) for b in r.take(n))
    except ValueError:
        raise MatchError(_("The match link is damaged.")) from None


def walk(spec: GameSpec, data: MatchData, values, number: int, total: int, partial: bool = False) -> Drawn:
    """Read the section of the latest link and replay every move (see the module text).
    ``partial``: a section being made (its placed cards only); nothing after them is read."""
    cards = spec.cards
    options = spec.options_from_dict(data.options)
    if total > spec.ply_cap(options):
        raise MatchError(_("This match link holds more moves than a game can have."))
    m_last = data.count
    r = Reader(data.fair)
    placed_codes = _codes(r, cards) if m_last >= data.first_event else ()
    first_seat = 0 if side_of(0, data.creator_side) == 0 else 1
    side_seat = (first_seat, 1 - first_seat)
    track = _Tracker(side_seat)
    rest, radix = [number], [1]
    state = cards.start(options, 0)  # until link 3 draws the opening
    links: list[tuple[str, ...]] = []
    placed: list[tuple[int, int, int, str]] = []
    history: list[tuple[State, str]] = []
    end = used = 0
    for m in range(1, m_last + 1):
        seat = sender(m)
        side = side_of(seat, data.creator_side)
        if end and m > end + 1:
            raise MatchError(_("This match link goes on after the end of the game."))
        codes: list[str] = []
        try:
            if m == data.first_event:
                state = opening(cards, options, track, m, values.rng(m, stream=START).next_u64())
            if not end and m >= data.first_event:
                if state.pending is not None and state.to_move() == side:
                    state = track.after(m, state, state.settle(values.rng(m, stream=EFFECTS)), cards)
                while not state.is_over and state.to_move() == side and state.pending is None:
                    if used >= total:
                        raise MatchError(
                            _("Link {link} of this match ends in the middle of a turn.").format(link=m)
                        )
                    legal = list(state.legal_moves())
                    rest[0], k = divmod(rest[0], len(legal))
                    radix[0] *= len(legal)
                    move = legal[k]
                    slot = cards.placed(state, move)
                    if slot is not None:
                        if len(placed) >= len(placed_codes):
                            raise MatchError(_("The match link is damaged."))
                        code = placed_codes[len(placed)]
                        j = track.ids[side][slot]
                        state = cards.deal(state, side, {slot: cards.from_code(code)})
                        placed.append((m, side_seat[side], j, code))
                        track.pop(side, slot)
                    before = state
                    state = track.after(
                        m, before, before.apply(move), cards, side if slot is not None else None
                    )
                    history.append((before, move.code))
                    codes.append(move.code)
                    used += 1
                if state.is_over:
                    end = m
        except (ValueError, GameError) as exc:
            if isinstance(exc, MatchError):
                raise
            raise MatchError(
                _("Link {link} of this match holds a move that is not legal.").format(link=m)
            ) from None
        links.append(tuple(codes))
    if used != total or rest[0] or len(placed) != len(placed_codes):
        raise MatchError(_("The match link is damaged."))
    drawn = (track.drawn[0], track.drawn[1])
    ids = (tuple(track.ids[0]), tuple(track.ids[1]))
    result = Drawn(
        tuple(links), state, side_seat, ids, drawn, dict(track.seeded), tuple(placed), ({}, {}), (), {}, end, number,
        radix[0], tuple(history),
    )  # fmt: skip
    if partial:
        return result
    commitments: list[dict[int, bytes]] = [{}, {}]
    for s in (0, 1):
        if m_last > s:
            n = r.varint(4096)
            wanted = outstanding(result, s, n)
            commitments[s] = {j: r.take(DRAW_BYTES) for j in wanted}
    mine = [(s, j) for link, s, j, _c in placed if link == m_last]
    revealed = tuple((s, j, r.take(DRAW_BYTES)) for s, j in mine)
    secrets: dict[int, bytes] = {}
    if end and m_last >= end:
        for owner in (sender(end),) if m_last == end else (0, 1):
            secrets[owner] = r.take(SECRET_BYTES)
    if r.rest():
        raise MatchError(_("The cards in this match link are cut or too long: the link was changed."))
    key = data.key()
    for (s, j, x), (_l, _s, _j, code) in zip(revealed, (p for p in placed if p[0] == m_last), strict=True):
        if cards.card(options, draw_rng(key, s, j, x, values.value(result.seeded[(s, j)]))).code != code:
            problem = _("the secret value of their draw number {number} does not deal the card played.")
            raise named(ClaimRefused, s, problem.format(number=j + 1))
    return attrs.evolve(
        result, commitments=(commitments[0], commitments[1]), values=revealed, secrets=secrets
    )


def opening(cards, options, track: _Tracker, link: int, seed: int) -> State:
    """The opening position drawn in link 3 (its hands are the first draws of both seats)."""
    start = cards.start(options, seed)
    return track.after(link, attrs.evolve(start, hands=((), ())), start, cards)


def outstanding(drawn: Drawn, seat: int, count: int) -> list[int]:
    """The draw numbers of ``count`` commitments a link carries for ``seat``: its hand's draws in
    increasing order, then the draws to come."""
    held = sorted(drawn.ids[drawn.side_seat.index(seat)])
    if count < len(held):
        raise MatchError(_("The match link is damaged."))
    return held + list(range(drawn.drawn[seat], drawn.drawn[seat] + count - len(held)))


def pack_section(cards, data: MatchData, placed_codes, commitments, values=(), secrets=()) -> bytes:
    """A section from its parts: every card placed so far, the commitments per seat (lists in the
    order :func:`outstanding` gives; None before that seat's first link), this link's draw values
    and the secrets it reveals."""
    out = bytearray()
    if data.count >= data.first_event:
        out += varint(len(placed_codes)) + bytes(cards.to_byte(cards.from_code(c)) for c in placed_codes)
    for s in (0, 1):
        if data.count > s:
            out += varint(len(commitments[s])) + b"".join(commitments[s])
    for x in values:
        out += x
    for secret in secrets:
        out += secret
    return bytes(out)


def verify(spec: GameSpec, data: MatchData, drawn: Drawn, values) -> tuple[Verdict, State | None]:
    """The verdict once both secrets are known (naming the seat whose part failed), and the true
    final position if it holds (both hands dealt from their draws, as :mod:`.private` and
    :mod:`.chosen` give theirs): each secret opens its chain, every commitment the latest link
    carries is its draw's (``fairplay.draw.verify_draws``), and every card placed is the one its
    draw dealt."""
    options = spec.options_from_dict(data.options)
    key = data.key()
    for seat in (0, 1):
        if not known(data.commitments[seat]).opens(drawn.secrets[seat]):
            return Verdict.failed(secret_mismatch(), seat), None
        try:
            verify_draws(drawn.secrets[seat], key, seat, drawn.commitments[seat])
        except FairPlayError as exc:
            return Verdict.failed(str(exc), seat, named=exc.seat is not None, unnamed=exc.problem), None
    cards = spec.cards
    draws = [PrivateDraws(drawn.secrets[seat], key, seat) for seat in (0, 1)]

    def dealt(seat: int, j: int):
        return cards.card(options, draws[seat].rng(j, values.value(drawn.seeded[(seat, j)])))

    for _link, seat, j, code in drawn.placed:
        if cards.code(dealt(seat, j)) != code:
            return Verdict.failed(_("a card played is not the one its player drew."), seat), None
    state = drawn.state
    for side in (0, 1):
        seat = drawn.side_seat[side]
        state = cards.deal(state, side, {slot: dealt(seat, j) for slot, j in enumerate(drawn.ids[side])})
    return Verdict(True, _("Verified: every card was drawn fairly and none was swapped.")), state
