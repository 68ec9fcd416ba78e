"""Matches of a game whose hidden cards are hands chosen by their owners (``GameSpec.cards`` with
``scheme = "chosen"``: HTT). The public replay, the link's section, and the end check.

**Moves** travel as in dice games (indexes into ``legal_moves()``): which moves are legal does not
depend on the hidden cards, only what they do does. Who begins and the other randomness of the
start come from link 3's seed (stream ``"start"``), so the first move is in link 3 or 4.

**The fair-play section of link m** (format 2), in this order:

* the hands: each seat's hand commitments once that seat has sent a link (``fairplay.commit``,
  16 bytes per slot), or, with Open, each hand in plain (varint length, references joined by
  commas); in every link, so the latest link is enough;
* from link 3: every card placed so far, in the order played (varint length, references joined by
  commas): a spectator replays the board from it;
* the salt (16 bytes) of every card placed in link ``m``: anyone checks it against its slot's
  commitment;
* in the link that ends the game its sender's secret and unplayed cards (varint length, text);
  in the next link, from the other seat, both secrets and both players' unplayed cards.

At the end :func:`verify` checks each secret against its chain, every commitment against the
whole hand, the hands against the table's rules, and replays the game with the true hands.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from webtabletop.core.protocol import GameError, GameSpec, State
from webtabletop.correspondence.binary import Reader, varint
from webtabletop.correspondence.data import MatchData, side_of
from webtabletop.correspondence.errors import MatchError
from webtabletop.fairplay.beacon import FIRST_EVENT_LINK, sender
from webtabletop.fairplay.commit import COMMIT_BYTES, commit_hand, open_card, salt
from webtabletop.fairplay.errors import FairPlayError
from webtabletop.fairplay.kdf import SECRET_BYTES
from webtabletop.i18n import _

START = "start"


@attrs.frozen
class Chosen:
    """The public replay of a chosen-hands match after its latest link."""

    links: tuple[tuple[str, ...], ...]
    state: State
    hands: tuple[Any, Any]  # per seat: commitments (tuple of bytes), open references, or None
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
    hands: list[Any] = [None, None]
    for seat in (0, 1):
        if m_last > seat:
            hands[seat] = _text(r) if is_open else tuple(r.take(COMMIT_BYTES) for _i in range(n))
    placed_refs = _text(r) if m_last >= FIRST_EVENT_LINK else ()
    rest, radix = [number], [1]
    known = open_hands(spec, data, hands)
    state = _start(cards, options, 0, known)
    seed = None
    links, placed = [], []
    history: list[tuple[State, str]] = []
    end = used = 0
    for m in range(1, m_last + 1):
        seat = sender(m)
        side = side_of(seat, data.creator_side)
        if end and m > end + 1:
            raise MatchError(_("This match link goes on after the end of the game."))
        if m == FIRST_EVENT_LINK:
            seed = values.rng(m, stream=START).next_u64()
            state = _start(cards, options, seed, known)
        codes: list[str] = []
        if not end and m >= FIRST_EVENT_LINK:
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
            tuple(links), state, (hands[0], hands[1]), tuple(placed), (), {}, {}, end, seed, number, radix[0],
            tuple(history),
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
            open_card(hands[seat][slot], value, ref, slot)
    return Chosen(
        tuple(links), state, (hands[0], hands[1]), tuple(placed), salts, secrets, unplayed, end, seed,
        number, radix[0], tuple(history),
    )  # fmt: skip


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


def start_of_link3(spec: GameSpec, data: MatchData, values, own, hands) -> State:
    """The opening position for the sender of link 3, who knows its seed before sending it."""
    seed = values.rng(FIRST_EVENT_LINK, own=own, stream=START).next_u64()
    return _start(spec.cards, spec.options_from_dict(data.options), seed, open_hands(spec, data, hands))


def _start(cards, options, seed: int, known) -> State:
    try:
        return cards.start(options, seed, known)
    except (ValueError, GameError) as exc:
        raise MatchError(
            _("This match link does not hold a valid game: {problem}").format(problem=exc)
        ) from None


def pack_section(spec: GameSpec, data: MatchData, hands, placed, salts=(), ends=()) -> bytes:
    """A section from its parts: ``hands`` per seat (commitments or open references; None before
    that seat's first link), the references of every card placed so far, the salts of this link's
    placements, and ``ends``: (secret, unplayed references) per seat this link reveals."""
    is_open = spec.cards.open(spec.options_from_dict(data.options))
    out = bytearray()
    for s in (0, 1):
        if data.count > s:
            out += _put_text(hands[s]) if is_open else b"".join(hands[s])
    if data.count >= FIRST_EVENT_LINK:
        out += _put_text(placed)
    for value in salts:
        out += value
    for secret, unplayed in ends:
        out += secret + _put_text(unplayed)
    return bytes(out)


def my_hand(spec: GameSpec, data: MatchData, seat: int, secret: bytes, hand: tuple[str, ...]):
    """What the hand part of the section says of this seat's hand: commitments, or the hand."""
    if spec.cards.open(spec.options_from_dict(data.options)):
        return hand
    return commit_hand(secret, data.key(), seat, hand)


def unplayed_of(chosen: Chosen, seat: int, hand: tuple[str, ...]) -> tuple[str, ...]:
    played = {slot for _link, s, slot, _ref in chosen.placed if s == seat}
    return tuple(ref for slot, ref in enumerate(hand) if slot not in played)


def verify(spec: GameSpec, data: MatchData, chosen: Chosen) -> tuple[str, State | None]:
    """The verdict once both secrets are known, and the true final position if it holds."""
    cards = spec.cards
    options = spec.options_from_dict(data.options)
    for seat in (0, 1):
        if not data.commitments[seat].opens(chosen.secrets[seat]):
            return (
                _(
                    "Not verified: a secret revealed at the end does not match the commitment its player made at the start."
                ),
                None,
            )
    full = {}
    try:
        for seat in (0, 1):
            side = side_of(seat, data.creator_side)
            by_slot = {slot: ref for _l, s, slot, ref in chosen.placed if s == seat}
            rest = iter(chosen.unplayed[seat])
            n = cards.hand_size(options)
            hand = tuple(by_slot[i] if i in by_slot else next(rest) for i in range(n))
            if next(rest, None) is not None:
                raise MatchError(_("The match link is damaged."))
            if not cards.open(options):
                for slot, ref in enumerate(hand):
                    open_card(
                        chosen.hands[seat][slot],
                        salt(chosen.secrets[seat], data.key(), seat, slot),
                        ref,
                        slot,
                    )
            full[side] = cards.check_hand(options, side, hand)
    except (FairPlayError, MatchError, StopIteration, ValueError) as exc:
        return _("Not verified: {problem}").format(problem=exc), None
    state = cards.start(options, chosen.seed, full)
    try:
        for codes in chosen.links:
            for code in codes:
                state = state.apply_code(code)
    except GameError as exc:
        return (
            _(
                "Not verified: with the cards revealed at the end, a move breaks the rules ({problem})."
            ).format(problem=exc),
            None,
        )
    if (
        state.snapshot()["cells"] != chosen.state.snapshot()["cells"]
        or state.outcome() != chosen.state.outcome()
    ):
        return _("Not verified: with the cards revealed at the end, the game ends differently."), None
    return _("Verified: no card was swapped."), state
