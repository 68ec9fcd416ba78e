"""Matches of a game whose hidden cards are hands chosen by their owners (``GameSpec.cards`` with
``scheme = "chosen"``: HTT). The public replay, the link's section, and the end check.

**Moves** travel as in dice games (indexes into ``legal_moves()``): which moves are legal does not
depend on the hidden cards, only what they do does. Who begins and the other randomness of the
start come from link 3's seed (stream ``"start"``), so the first move is in link 3 or 4.

**Where a hand comes from** (per seat, the first byte of its part of the section):

* ``OWN``: its owner chose it (Own deck); its slot commitments (or, with Open, the hand in plain)
  travel from the seat's first link;
* ``DEALT`` (from the table's deal set) and ``RANDOM`` (the Random rule, from the player's own
  collection): drawn from **both players' randomness**, as CardGO's private draws: the seat's
  first link commits to a value ``x`` its secret fixes (``fairplay.draw``, 16 bytes); the other
  seat's next link reveals its chain value ``r`` (link 2 for seat 0, link 3 for seat 1); the hand
  is drawn by ``Rng(SHA-256("private-draw", match, seat, 0, x, r))``. Its owner learns it when
  ``r`` arrives, nobody could steer it (``x`` was fixed before ``r`` was known, ``r`` by its chain),
  and the other player never learns ``x`` before the end. The hand's slot commitments follow in
  the seat's next link (link 3 for seat 0, 4 for seat 1: :func:`hand_link`); with Open, the hand
  in plain, and for ``DEALT`` ``x`` itself, so that anyone checks the deal at once. At the end the
  revealed secret fixes ``x``, and a dealt hand must be the one dealt. (A Random hand's pool is
  the player's collection, which only its browser holds: that it is the player's real collection
  cannot be checked, as for Own deck.)

**The fair-play section of link m** (format 4), in this order:

* the hands, per seat once that seat has sent a link (in every link, so the latest link is
  enough): its kind byte, then for ``OWN`` its 16-byte slot commitments (or, with Open, the hand
  in plain: varint length, references joined by commas); for ``DEALT``/``RANDOM`` the 16-byte
  commitment to ``x``, then from the hand link the slot commitments (or the plain hand, and for
  ``DEALT`` ``x``);
* from link 3: every card placed so far, in the order played (varint length, references joined by
  commas): a spectator replays the board from it;
* the salt (16 bytes) of every card placed in link ``m``: anyone checks it against its slot's
  commitment;
* in the link that ends the game its sender's secret and unplayed cards (varint length, text);
  in the next link, from the other seat, both secrets and both players' unplayed cards.

At the end :func:`verify` checks each secret against its chain, every commitment against the
whole hand, each drawn hand against its draw, the hands against the table's rules, and replays
the game with the true hands. A failed check names the seat that broke the protocol.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from webtabletop.core.protocol import GameError, GameSpec, State
from webtabletop.correspondence.binary import Reader, varint
from webtabletop.correspondence.data import MatchData, side_of
from webtabletop.correspondence.errors import MatchError
from webtabletop.correspondence.errors import known as present
from webtabletop.correspondence.verdict import Verdict, ends_differently, move_breaks_rules, secret_mismatch
from webtabletop.fairplay.beacon import BOUND_FIRST_EVENT, FIRST_EVENT_LINK, sender
from webtabletop.fairplay.commit import COMMIT_BYTES, commit_hand, open_card, salt
from webtabletop.fairplay.draw import DRAW_BYTES, PrivateDraws, open_draw
from webtabletop.fairplay.errors import ClaimRefused, FairPlayError, named
from webtabletop.fairplay.kdf import SECRET_BYTES
from webtabletop.i18n import N_, _

START = "start"
OWN, DEALT, RANDOM = 0, 1, 2
#: each kind by the name the game's adapter gives where a hand may come from (``cards.sources``)
SOURCE = {OWN: "own", DEALT: "dealt", RANDOM: "random"}
_SOURCE_WORDS = {
    OWN: N_("their own choice of cards"),
    DEALT: N_("dealt from the table's deal set"),
    RANDOM: N_("drawn from their own collection"),
}
#: the draw number of a hand in ``fairplay.draw`` (HTT draws nothing else)
HAND_DRAW = 0


def hand_link(seat: int, first: int = BOUND_FIRST_EVENT) -> int:
    """The link in which a drawn hand's slot commitments (or plain hand) first travel: the seat's
    first link after the one that reveals its draw's other half (``first``: the first seed the
    match uses, ``MatchData.first_event``)."""
    return reply_link(seat, first) + 1


def reply_link(seat: int, first: int = BOUND_FIRST_EVENT) -> int:
    """The link whose chain value (the other seat's) draws the seat's hand: link 3 (the creator's
    first value) for the joiner; for the creator the joiner's value of link ``first``, revealed
    after the creator committed to one answer in link 3 (link 2 in a match whose link 1 is not
    bound: a creator with several answers saw one hand per answer and kept the best)."""
    if seat == 1:
        return FIRST_EVENT_LINK
    return first if first > FIRST_EVENT_LINK else 2


@attrs.frozen
class Bring:
    """What a seat brings to a match: its own hand (``OWN``: ``hand``), or a hand drawn from both
    players' randomness (``DEALT``: the table's deal set; ``RANDOM``: ``pool``, its collection's
    cards of the table's levels)."""

    kind: int = DEALT
    hand: tuple[str, ...] | None = None
    pool: tuple[str, ...] | None = None

    @classmethod
    def of(cls, value) -> Bring:
        """From ``Match.create/join``'s ``hand=``: a Bring, card references (Own deck), or None."""
        if value is None or isinstance(value, Bring):
            return value or cls()
        return cls(OWN, tuple(value))


@attrs.frozen
class SeatHand:
    """One seat's part of the hands section: its kind, its draw commitment (drawn hands), its
    slot commitments or plain hand (None until known), and ``x`` (an Open dealt hand)."""

    kind: int
    part: tuple | None = None
    draw: bytes | None = None
    x: bytes | None = None


@attrs.frozen
class Chosen:
    """The public replay of a chosen-hands match after its latest link."""

    links: tuple[tuple[str, ...], ...]
    state: State
    hands: tuple[Any, Any]  # per seat: commitments (tuple of bytes), open references, or None
    seats: tuple[SeatHand | None, SeatHand | None]  # per seat: its hand part (None before its first link)
    placed: tuple[tuple[int, int, int, str], ...]  # (link, seat, slot, reference) in order
    salts: tuple[bytes, ...]  # of the cards placed in the latest link
    secrets: Mapping[int, bytes]
    unplayed: Mapping[int, tuple[str, ...]]
    end: int
    seed: int | None
    number: int
    radix: int
    #: every move with the public position before it (a placed card named)
    history: tuple[tuple[State, str], ...] = ()


def _text(r: Reader) -> tuple[str, ...]:
    try:
        raw = r.take(r.varint(4096)).decode("utf-8")
    except UnicodeDecodeError:
        raise MatchError(_("The match link is damaged.")) from None
    return tuple(raw.split(",")) if raw else ()


def _put_text(refs) -> bytes:
    raw = ",".join(refs).encode("utf-8")
    return varint(len(raw)) + raw


def walk(spec: GameSpec, data: MatchData, values, number: int, total: int, partial: bool = False) -> Chosen:
    """Read the section of the latest link and replay every move (see the module text).
    ``partial``: a section being made (its hands and placed cards only): nothing after them is
    read or checked."""
    cards = spec.cards
    options = spec.options_from_dict(data.options)
    try:
        cards.check_options(options)
    except ValueError as exc:
        raise MatchError(str(exc)) from None
    if total > spec.ply_cap(options):
        raise MatchError(_("This match link holds more moves than a game can have."))
    n = cards.hand_size(options)
    is_open = cards.open(options)
    m_last = data.count
    r = Reader(data.fair)
    seats: list[SeatHand | None] = [None, None]
    for seat in (0, 1):
        if m_last > seat:
            seats[seat] = _read_seat(r, spec, data, values, seat, n, is_open)
    hands = [None if x is None else x.part for x in seats]
    placed_refs = _text(r) if m_last >= data.first_event else ()
    rest, radix = [number], [1]
    known = open_hands(spec, data, hands)
    state = _start(cards, options, 0, known)
    seed = None
    links: list[tuple[str, ...]] = []
    placed: list[tuple[int, int, int, str]] = []
    history: list[tuple[State, str]] = []
    end = used = 0
    for m in range(1, m_last + 1):
        seat = sender(m)
        side = side_of(seat, data.creator_side)
        if end and m > end + 1:
            raise MatchError(_("This match link goes on after the end of the game."))
        if m == data.first_event:
            seed = values.rng(m, stream=START).next_u64()
            state = _start(cards, options, seed, known)
        codes: list[str] = []
        if not end and m >= data.first_event:
            while not state.is_over and state.to_move() == side:
                if used >= total:
                    raise MatchError(
                        _("Link {link} of this match ends in the middle of a turn.").format(link=m)
                    )
                legal = list(state.legal_moves())
                if not legal:
                    raise MatchError(_("This match link goes on after the end of the game."))
                rest[0], k = divmod(rest[0], len(legal))
                radix[0] *= len(legal)
                move = legal[k]
                where = cards.placed(state, move)
                if where is not None and len(placed) < len(placed_refs):
                    _check_placed(spec, options, present(seats[seat]), seat, placed_refs[len(placed)], placed)
                try:
                    if where is not None:
                        if len(placed) >= len(placed_refs):
                            raise MatchError(_("The match link is damaged."))
                        ref = placed_refs[len(placed)]
                        if is_open and ref != known[where[0]][where[1]]:
                            raise MatchError(_("The match link is damaged."))
                        state = cards.deal(state, {where: ref})
                        placed.append((m, seat, where[1], ref))
                    before, state = state, state.apply(move)
                except (ValueError, GameError) as exc:
                    if isinstance(exc, MatchError):
                        raise
                    raise MatchError(
                        _("Link {link} of this match holds a move that is not legal.").format(link=m)
                    ) from None
                history.append((before, move.code))
                codes.append(move.code)
                used += 1
            if state.is_over:
                end = m
        links.append(tuple(codes))
    if used != total or rest[0] or len(placed) != len(placed_refs):
        raise MatchError(_("The match link is damaged."))
    if partial:
        return Chosen(
            tuple(links), state, (hands[0], hands[1]), (seats[0], seats[1]), tuple(placed), (), {}, {}, end,
            seed, number, radix[0], tuple(history),
        )  # fmt: skip
    salts = () if is_open else tuple(r.take(COMMIT_BYTES) for p in placed if p[0] == m_last)
    secrets: dict[int, bytes] = {}
    unplayed: dict[int, tuple[str, ...]] = {}
    if end and m_last >= end:
        owners = (sender(end),) if m_last == end else (0, 1)
        for owner in owners:
            secrets[owner] = r.take(SECRET_BYTES)
            unplayed[owner] = _text(r)
    if r.rest():
        raise MatchError(_("The cards in this match link are cut or too long: the link was changed."))
    if not is_open:
        for (_link, seat, slot, ref), value in zip((p for p in placed if p[0] == m_last), salts, strict=True):
            open_card(present(hands[seat])[slot], value, ref, slot, seat)
    return Chosen(
        tuple(links), state, (hands[0], hands[1]), (seats[0], seats[1]), tuple(placed), salts, secrets,
        unplayed, end, seed, number, radix[0], tuple(history),
    )  # fmt: skip


def _check_placed(spec: GameSpec, options, hand: SeatHand, seat: int, ref: str, placed) -> None:
    """A card placed is public at once: refuse, naming its owner, one its hand cannot hold at
    this table (``cards.placed_problem``; the end check proves the whole hand)."""
    earlier = [p[3] for p in placed if p[1] == seat]
    try:
        problem = spec.cards.placed_problem(options, SOURCE[hand.kind], ref, earlier)
    except ValueError:
        raise MatchError(_("The match link is damaged.")) from None
    if problem is not None:
        raise named(ClaimRefused, seat, problem)


def _read_seat(
    r: Reader, spec: GameSpec, data: MatchData, values, seat: int, n: int, is_open: bool
) -> SeatHand:
    """One seat's part of the hands section (see the module text); an Open dealt hand is checked
    against its draw at once."""
    kind = r.byte()
    if kind not in (OWN, DEALT, RANDOM):
        raise MatchError(_("The match link is damaged."))
    options = spec.options_from_dict(data.options)
    problem = kind_problem(spec, data, kind)
    if problem is not None:  # refused when the link is read, and again by the end check
        raise named(ClaimRefused, seat, problem)

    def part() -> tuple:
        return _text(r) if is_open else tuple(r.take(COMMIT_BYTES) for _i in range(n))

    if kind == OWN:
        return SeatHand(kind, part())
    draw = r.take(DRAW_BYTES)
    if data.count < hand_link(seat, data.first_event):
        return SeatHand(kind, None, draw)
    hand = part()
    x = r.take(DRAW_BYTES) if is_open and kind == DEALT else None
    if x is not None:
        side = side_of(seat, data.creator_side)
        rng = open_draw(
            data.key(), seat, HAND_DRAW, draw, x, values.value(reply_link(seat, data.first_event))
        )
        if hand != spec.cards.deal_hand(options, side, rng):
            raise named(ClaimRefused, seat, _("their open hand is not the one its draw dealt."))
    return SeatHand(kind, hand, draw, x)


def kind_problem(spec: GameSpec, data: MatchData, kind: int) -> str | None:
    """Why a hand of ``kind`` cannot be brought to the table of ``data`` (a lower-case sentence),
    or None (``cards.sources``). Only the screens chose the kind before: a modified browser
    declared its own hand on a dealt table, or a Random pool of five cards."""
    options = spec.options_from_dict(data.options)
    if SOURCE[kind] in spec.cards.sources(options):
        return None
    return _("their hand is {source}, which this table does not allow.").format(source=_(_SOURCE_WORDS[kind]))


def _put_seat(seat: SeatHand, is_open: bool) -> bytes:
    out = bytes([seat.kind])
    if seat.kind != OWN:
        out += present(seat.draw)
    if seat.part is not None:
        out += _put_text(seat.part) if is_open else b"".join(seat.part)
    if seat.x is not None:
        out += seat.x
    return out


def seat_hand(
    spec: GameSpec, data: MatchData, seat: int, secret: bytes, bring: Bring, hand: tuple[str, ...] | None
) -> SeatHand:
    """This seat's part of the section of link ``data.count`` (``hand``: its hand, once known)."""
    options = spec.options_from_dict(data.options)
    is_open = spec.cards.open(options)
    key = data.key()

    def part() -> tuple:
        return present(hand) if is_open else commit_hand(secret, key, seat, present(hand))

    if bring.kind == OWN:
        return SeatHand(OWN, part())
    draws = PrivateDraws(secret, key, seat)
    draw = draws.commitment(HAND_DRAW)
    if data.count < hand_link(seat, data.first_event) or hand is None:
        return SeatHand(bring.kind, None, draw)
    x = draws.value(HAND_DRAW) if is_open and bring.kind == DEALT else None
    return SeatHand(bring.kind, part(), draw, x)


def drawn_hand(
    spec: GameSpec, data: MatchData, values, seat: int, secret: bytes, bring: Bring
) -> tuple[str, ...] | None:
    """This seat's drawn hand (``DEALT``/``RANDOM``) once the other half of its draw is known
    (the chain value of :func:`reply_link`), else None."""
    reply = reply_link(seat, data.first_event)
    if data.count < reply:
        return None
    options = spec.options_from_dict(data.options)
    side = side_of(seat, data.creator_side)
    rng = PrivateDraws(secret, data.key(), seat).rng(HAND_DRAW, values.value(reply))
    try:
        if bring.kind == RANDOM:
            return spec.cards.random_hand(options, side, bring.pool or (), rng)
        return spec.cards.deal_hand(options, side, rng)
    except ValueError as exc:
        raise MatchError(str(exc)) from None


def open_hands(spec: GameSpec, data: MatchData, hands) -> dict[int, tuple[str, ...]]:
    """With Open on: the hands the link shows, by game side (checked against the table's rules)."""
    options = spec.options_from_dict(data.options)
    known = {}
    for seat in (0, 1):
        if spec.cards.open(options) and hands[seat] is not None:
            side = side_of(seat, data.creator_side)
            try:
                known[side] = spec.cards.check_hand(options, side, hands[seat])
            except ValueError as exc:
                raise MatchError(str(exc)) from None
            if known[side] != hands[seat]:
                raise MatchError(_("The match link is damaged."))
    return known


def start_of_first(spec: GameSpec, data: MatchData, values, own, hands) -> State:
    """The opening position for the sender of the link whose seed the match uses first
    (``MatchData.first_event``), who knows that seed before sending it."""
    seed = values.rng(data.first_event, own=own, stream=START).next_u64()
    return _start(spec.cards, spec.options_from_dict(data.options), seed, open_hands(spec, data, hands))


def _start(cards, options, seed: int, known) -> State:
    try:
        return cards.start(options, seed, known)
    except (ValueError, GameError) as exc:
        raise MatchError(
            _("This match link does not hold a valid game: {problem}").format(problem=exc)
        ) from None


def pack_section(spec: GameSpec, data: MatchData, seats, placed, salts=(), ends=()) -> bytes:
    """A section from its parts: ``seats``, each seat's :class:`SeatHand` (None before that seat's
    first link), the references of every card placed so far, the salts of this link's
    placements, and ``ends``: (secret, unplayed references) per seat this link reveals."""
    is_open = spec.cards.open(spec.options_from_dict(data.options))
    out = bytearray()
    for s in (0, 1):
        if data.count > s:
            out += _put_seat(seats[s], is_open)
    if data.count >= data.first_event:
        out += _put_text(placed)
    for value in salts:
        out += value
    for secret, unplayed in ends:
        out += secret + _put_text(unplayed)
    return bytes(out)


def make_reveal(secret: bytes, unplayed: tuple[str, ...]) -> bytes:
    """What a resignation reveals (``correspondence.endings``): what the link that ends a game by
    its moves carries for its sender, the secret and the unplayed cards."""
    return bytes(secret) + _put_text(unplayed)


def read_reveal(raw: bytes) -> tuple[bytes, tuple[str, ...]]:
    r = Reader(bytes(raw))
    secret, unplayed = r.take(SECRET_BYTES), _text(r)
    if r.rest():
        raise MatchError(_("The match link is damaged."))
    return secret, unplayed


def unplayed_of(chosen: Chosen, seat: int, hand: tuple[str, ...]) -> tuple[str, ...]:
    played = {slot for _link, s, slot, _ref in chosen.placed if s == seat}
    return tuple(ref for slot, ref in enumerate(hand) if slot not in played)


def verify(spec: GameSpec, data: MatchData, chosen: Chosen, values) -> tuple[Verdict, State | None]:
    """The verdict once both secrets are known (naming the seat whose part failed), and the true
    final position if it holds."""
    cards = spec.cards
    options = spec.options_from_dict(data.options)
    for seat in (0, 1):
        if not present(data.commitments[seat]).opens(chosen.secrets[seat]):
            return Verdict.failed(secret_mismatch(), seat), None
    full = {}
    for seat in (0, 1):
        try:
            full[side_of(seat, data.creator_side)] = _true_hand(spec, data, chosen, values, seat)
        except (FairPlayError, MatchError, StopIteration, ValueError) as exc:
            return Verdict.failed(str(exc), seat), None
    state = cards.start(options, chosen.seed, full)
    for m, codes in enumerate(chosen.links, start=1):
        try:
            for code in codes:
                state = state.apply_code(code)
        except GameError as exc:
            return Verdict.failed(move_breaks_rules(str(exc)), sender(m)), None
    if (
        state.snapshot()["cells"] != chosen.state.snapshot()["cells"]
        or state.outcome() != chosen.state.outcome()
    ):
        return Verdict.failed(ends_differently()), None
    return Verdict.verified(), state


def _true_hand(spec: GameSpec, data: MatchData, chosen: Chosen, values, seat: int) -> tuple[str, ...]:
    """Seat ``seat``'s whole hand from its placed and unplayed cards, checked against everything
    it committed to (raises with the first fault)."""
    cards = spec.cards
    options = spec.options_from_dict(data.options)
    key = data.key()
    secret = chosen.secrets[seat]
    side = side_of(seat, data.creator_side)
    by_slot = {slot: ref for _l, s, slot, ref in chosen.placed if s == seat}
    rest = iter(chosen.unplayed[seat])
    n = cards.hand_size(options)
    hand = tuple(by_slot[i] if i in by_slot else next(rest) for i in range(n))
    if next(rest, None) is not None:
        raise MatchError(_("The match link is damaged."))
    part = present(chosen.seats[seat])
    problem = kind_problem(spec, data, part.kind)
    if problem is not None:
        raise ClaimRefused(problem)
    if part.kind != OWN:
        draws = PrivateDraws(secret, key, seat)
        if draws.commitment(HAND_DRAW) != part.draw:
            raise ClaimRefused(_("the commitment of a hand's draw is not the one its owner's secret makes."))
        if part.kind == DEALT:
            rng = draws.rng(HAND_DRAW, values.value(reply_link(seat, data.first_event)))
            if tuple(hand) != cards.deal_hand(options, side, rng):
                raise ClaimRefused(_("a hand is not the one its draw dealt."))
    if not cards.open(options):
        for slot, ref in enumerate(hand):
            open_card(chosen.hands[seat][slot], salt(secret, key, seat, slot), ref, slot)
    return cards.check_hand(options, side, hand)
