"""Which moves each link carries, the beacon's dice injected, and the moves as one number.

**The split rule** (it is what makes a link's moves follow from the rules alone): link ``m`` is sent
by seat ``sender(m)`` (seat 0, the creator, sends the odd links), who plays game side
``side_of(seat)``. If at the start of link ``m`` that side is to move, the link carries that side's
whole turn: every move while it is still to move (Tsifrograd's placement and crossing step are
two moves of one turn). Otherwise the link carries no move (a handshake link). A link never ends
in the middle of a turn, and no link follows the end of the game.

**Dice.** A game with ``GameSpec.reseed`` draws nothing before the first seed the match uses: its
first move is in link 4 (``MatchData.first_event``; link 3 in a match started before link 1 was
bound, ``fairplay.beacon.FIRST_EVENT_LINK``), and at the start of every turn, in link ``m``,
the state's randomness is redrawn from ``seed_m`` (stream ``"dice"``). So the dice of a turn are
known to its player when the opponent's previous link arrives, and to the opponent only when this
link arrives; nobody knew them when making an earlier choice. A game without ``reseed`` (DumaRaj)
plays from link 1.

**Replaying = the moves with each link's seed injected**, so every browser (and a third person)
gets the same states from the same link.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from webtabletop.core.protocol import GameError, GameSpec, Move, State
from webtabletop.core.rng import Rng
from webtabletop.correspondence.data import MatchData, side_of
from webtabletop.correspondence.dealt import extra_links
from webtabletop.correspondence.errors import MatchError, known
from webtabletop.fairplay.beacon import (
    BOUND_FIRST_EVENT,
    Beacon,
    chain_length,
    event_seed,
    reveal_index,
    seed_rng,
    sender,
)
from webtabletop.fairplay.chain import HashChain, step
from webtabletop.i18n import _

DICE = "dice"


def first_move_link(spec: GameSpec, data: MatchData) -> int:
    """The first link that may carry a move: for games with dice the first seed the match uses
    (``MatchData.first_event``: 4, or 3 in a match whose link 1 is not bound), else 1."""
    return data.first_event if spec.reseed is not None else 1


def max_links(spec: GameSpec, options, first: int = BOUND_FIRST_EVENT) -> int:
    """The most links a match can have: every link after the handshake carries a move (a card
    match also has the links of :func:`~webtabletop.correspondence.dealt.extra_links`); ``first``:
    the first seed the match uses (``MatchData.first_event``)."""
    if spec.cards is not None:
        return spec.ply_cap(options) + first + extra_links(spec)
    return spec.ply_cap(options) + first


def expected_length(spec: GameSpec, options, seat: int, first: int = BOUND_FIRST_EVENT) -> int:
    return chain_length(seat, max_links(spec, options, first))


class Values:
    """The revealed chain values ``r_m`` of a verified match, each hashed down once (O(links))."""

    def __init__(self, data: MatchData) -> None:
        self.key = data.key()
        self.count = data.count
        self._chains: list[list[bytes]] = []
        for seat in (0, 1):
            latest = data.latest[seat]
            last = max((m for m in range(1, data.count + 1) if sender(m) == seat), default=0)
            index = reveal_index(last) if last else 0
            values = [latest] if latest is not None and index else []
            for _i in range(index - 1):
                values.append(step(values[-1]))
            values.reverse()  # values[i - 1] is v_i
            self._chains.append(values)

    def value(self, link: int) -> bytes:
        return self._chains[sender(link)][reveal_index(link) - 1]

    def rng(self, link: int, own: HashChain | None = None, stream: str = DICE) -> Rng:
        """The dice generator of ``link`` (an accepted link, or the next one with the sender's chain)."""
        later = (
            own.value(reveal_index(link)) if link == self.count + 1 and own is not None else self.value(link)
        )
        return seed_rng(event_seed(self.key, link, self.value(link - 1), later, stream))


def verify_chains(spec: GameSpec, options, data: MatchData) -> Values:
    """Check both commitments (their lengths) and each seat's latest value against its head."""
    for seat in (0, 1):
        c = data.commitments[seat]
        if c is not None and c.length != expected_length(spec, options, seat, data.first_event):
            raise MatchError(_("A player's commitment in this match link does not fit the game."))
    if data.count >= 2:
        c0, c1 = known(data.commitments[0]), known(data.commitments[1])
        latest = (data.latest[0] if data.latest[0] is not None else c0.head, known(data.latest[1]))
        Beacon.restore(data.key(), data.count, (c0, c1), latest)
    return Values(data)


Pick = Callable[[State, list, int], Move]


@attrs.frozen
class Walked:
    """A replay of links ``first..last``: the codes per link, the state after the last link (before
    any dice of the next one), the moves used and the product of the legal-move counts (radix)."""

    links: tuple[tuple[str, ...], ...]
    state: State
    used: int
    radix: int


def walk(
    spec: GameSpec,
    data: MatchData,
    values: Values,
    pick: Pick,
    total: int,
    *,
    first: int = 1,
    last: int | None = None,
    state: State | None = None,
) -> Walked:
    """Replay ``total`` moves over links ``first..last`` (from ``state``, the state after link
    ``first - 1``) by the split rule, injecting each turn's seed; ``pick(state, legal, i)`` gives
    move ``i`` (counted from this walk's first move)."""
    state = start_state(spec, data) if state is None else state
    last = data.count if last is None else last
    start = first_move_link(spec, data)
    links: list[tuple[str, ...]] = []
    used = 0
    radix = 1
    for m in range(first, last + 1):
        if state.is_over:
            raise MatchError(_("This match link goes on after the end of the game."))
        side = side_of(sender(m), data.creator_side)
        codes: list[str] = []
        if m >= start and state.to_move() == side:
            if spec.reseed is not None:
                state = spec.reseed(state, values.rng(m))
            while not state.is_over and state.to_move() == side:
                if used >= total:
                    raise MatchError(
                        _("Link {link} of this match ends in the middle of a turn.").format(link=m)
                    )
                legal = list(state.legal_moves())
                move = pick(state, legal, used)
                radix *= len(legal)
                state = state.apply(move)
                codes.append(move.code)
                used += 1
        links.append(tuple(codes))
    if used != total:
        raise MatchError(_("This match link holds more moves than its links can carry."))
    return Walked(tuple(links), state, used, radix)


def start_state(spec: GameSpec, data: MatchData) -> State:
    try:
        return spec.new_game(spec.options_from_dict(data.options), 0)
    except GameError as exc:
        raise MatchError(
            _("This match link does not hold a valid game: {problem}").format(problem=exc)
        ) from None


def index_of(legal: list, code: str) -> int:
    for k, mv in enumerate(legal):
        if mv.code == code:
            return k
    raise MatchError(_("{code} is not a legal move here").format(code=repr(code)))


def encode_turn(state: State, codes: tuple[str, ...], number: int, radix: int) -> tuple[int, int]:
    """Append the moves ``codes`` played from ``state`` (after their dice) to a mixed-radix number."""
    for code in codes:
        legal = list(state.legal_moves())
        number += index_of(legal, code) * radix
        radix *= len(legal)
        state = state.apply(legal[index_of(legal, code)])
    return number, radix


def decode_moves(
    spec: GameSpec, data: MatchData, values: Values, count: int, number: int, known=None
) -> tuple[tuple[tuple[str, ...], ...], Walked, int]:
    """The codes per link from the stored number. ``known`` = (links, state, count, number, radix)
    of a verified earlier link of the same match: when the new number starts with the same moves
    (``number % radix``), only the links after it are replayed. Returns (links, walk, number)."""
    if count > spec.ply_cap(spec.options_from_dict(data.options)):
        raise MatchError(_("This match link holds more moves than a game can have."))
    prefix: tuple[tuple[str, ...], ...] = ()
    state = None
    first = 1
    rest = [number]
    base_radix = 1
    if known is not None:
        k_links, k_state, k_count, k_number, k_radix = known
        if len(k_links) <= data.count and k_count <= count and number % k_radix == k_number:
            prefix, state, first = k_links, k_state, len(k_links) + 1
            rest[0] = number // k_radix
            count -= k_count
            base_radix = k_radix

    def pick(state: State, legal: list, i: int):
        if not legal:
            raise MatchError(_("This match link goes on after the end of the game."))
        rest[0], index = divmod(rest[0], len(legal))
        return legal[index]

    walked = walk(spec, data, values, pick, count, first=first, state=state)
    if rest[0]:
        raise MatchError(_("The match link is damaged."))
    walked = attrs.evolve(walked, links=prefix + walked.links, radix=base_radix * walked.radix)
    return walked.links, walked, number
