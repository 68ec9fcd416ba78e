"""Mental poker, deal v2 (legacy): a deck shuffled and locked by both players, opened by both keys.

Kept so that matches dealt before deal v3 are still recognised. Deal v2 does not prove message 2,
so the joiner can plant points that FIRST then decrypts for it (issue 21); new deals use
:mod:`~webtabletop.fairplay.deal` and :mod:`~webtabletop.fairplay.opening` (deal v3), which share
:func:`card_table` with this module.

Cards ``0..size-1`` are group elements ``P_c = hash_to_element("card", c)`` (nobody knows a
discrete log between two of them). Seat ``FIRST`` made the match, seat ``SECOND`` answered.
Dealing takes three messages (links):

1. FIRST locks every card with one key ``a`` and shuffles with a secret permutation ``π``:
   ``D1[j] = a·P_π(j)``.
2. SECOND shuffles with its own ``σ`` and locks each position with its own per-card key:
   ``D2[i] = b_i·D1[σ(i)]`` (SECOND shuffles last, so its keys can be per position at once).
3. FIRST swaps its global lock for per-card keys: ``D3[i] = (a_i·a^-1)·D2[i] = a_i·b_i·P_c``.
   ``D3`` is the deck for the rest of the game.

Position ``i`` opens with both keys: ``P_c = (a_i·b_i)^-1·D3[i]``. To give a card to its owner
alone, the other player sends its key for that position; to play it publicly, the owner sends
its own key too. Keys are derived from each player's secret, the deck id and the position, so
they need not be stored, and at the end of the game revealing the secrets reveals every key:
:func:`verify_deal` then recomputes all three messages and checks that the deck is a permutation
of the cards and that every card anyone opened or claimed is the one the deck holds.

What each side sees while playing: FIRST sees ``D2``, in which every card carries a different
unknown key ``b_i`` (a uniformly random point, whatever the card); SECOND sees ``D1`` (one key for
all cards: telling which is which is the decisional Diffie–Hellman problem on the curve) and ``D3``
(per-card keys again). Neither permutation alone decides the order: each player's shuffle is
hidden from the other, so the order is random if either player shuffled honestly.

Opening refuses a key that opens to no card, or to a card already opened at another position, so a
changed key or ciphertext is caught the first time it is used, and the end check catches the rest.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache

from webtabletop.fairplay.errors import ClaimRefused, DeckRefused
from webtabletop.fairplay.group import Group
from webtabletop.fairplay.kdf import Stream, check_secret, digest
from webtabletop.i18n import _

FIRST, SECOND = 0, 1
MAX_CARDS = 256


@lru_cache(maxsize=8)
def card_table(group: Group, size: int) -> tuple[tuple[int, ...], dict[int, int]]:
    """The elements of cards ``0..size-1`` and the map from element back to card."""
    xs = tuple(group.hash_to_element("card", c) for c in range(size))
    return xs, {x: c for c, x in enumerate(xs)}


class DeckKeys:
    """One player's keys for one deck, derived from its 32-byte secret (nothing to store)."""

    def __init__(self, group: Group, secret: bytes, deck_id: bytes, role: int, size: int) -> None:
        if role not in (FIRST, SECOND) or not 2 <= size <= MAX_CARDS:
            raise ValueError("a deck has a role (FIRST or SECOND) and 2..256 cards")
        self.group, self.role, self.size = group, role, size
        self._root = digest("deck", check_secret(secret), bytes(deck_id), role, size)

    @property
    def lock(self) -> int:
        """FIRST's global key ``a`` of message 1."""
        return self.group.scalar("lock", self._root)

    def card_key(self, position: int) -> int:
        """This player's key for position ``position`` of the final deck (``a_i`` or ``b_i``)."""
        if not 0 <= position < self.size:
            raise DeckRefused(_("This link names a card position the deck does not have."))
        return self.group.scalar("card-key", self._root, position)

    def permutation(self) -> list[int]:
        return Stream("deck-shuffle", self._root).permutation(self.size)


def check_cards(group: Group, cards: Sequence[int], size: int) -> tuple[int, ...]:
    """A received deck message: ``size`` distinct elements of the group, else refused."""
    cards = tuple(cards)
    if len(cards) != size:
        raise DeckRefused(_("The deck in this link has the wrong number of cards: the link was changed."))
    for x in cards:
        if not isinstance(x, int) or not group.is_element(x):
            raise DeckRefused(
                _("A card in this link is not a point of the card group: the link was changed.")
            )
    if len(set(cards)) != size:
        raise DeckRefused(_("The deck in this link holds the same card twice: the link was changed."))
    return cards


def encode_cards(group: Group, cards: Iterable[int]) -> bytes:
    return b"".join(group.encode(x) for x in cards)


def decode_cards(group: Group, data: bytes, size: int) -> tuple[int, ...]:
    if len(data) != size * group.size:
        raise DeckRefused(_("The deck in this link is cut or too long."))
    xs = [group.decode(data[i : i + group.size]) for i in range(0, len(data), group.size)]
    return check_cards(group, xs, size)


def shuffle_first(keys: DeckKeys) -> tuple[int, ...]:
    """Message 1 (FIRST): ``D1[j] = a·P_π(j)``."""
    if keys.role != FIRST:
        raise ValueError("message 1 is FIRST's")
    xs, _index = card_table(keys.group, keys.size)
    a = keys.lock
    return tuple(keys.group.mul(xs[c], a) for c in keys.permutation())


def shuffle_second(keys: DeckKeys, d1: Sequence[int]) -> tuple[int, ...]:
    """Message 2 (SECOND): ``D2[i] = b_i·D1[σ(i)]``, after checking ``d1``."""
    if keys.role != SECOND:
        raise ValueError("message 2 is SECOND's")
    d1 = check_cards(keys.group, d1, keys.size)
    sigma = keys.permutation()
    return tuple(keys.group.mul(d1[sigma[i]], keys.card_key(i)) for i in range(keys.size))


def relock_first(keys: DeckKeys, d2: Sequence[int]) -> tuple[int, ...]:
    """Message 3 (FIRST): ``D3[i] = (a_i·a^-1)·D2[i]``, after checking ``d2``: the final deck."""
    if keys.role != FIRST:
        raise ValueError("message 3 is FIRST's")
    g = keys.group
    d2 = check_cards(g, d2, keys.size)
    unlock = g.inverse(keys.lock)
    return tuple(g.mul(d2[i], keys.card_key(i) * unlock % g.n) for i in range(keys.size))


def open_position(group: Group, deck: Sequence[int], position: int, key_first: int, key_second: int) -> int:
    """The card at ``position`` of the final deck, opened with both keys; refused if none."""
    if not 0 <= position < len(deck):
        raise DeckRefused(_("This link names a card position the deck does not have."))
    for k in (key_first, key_second):
        if not isinstance(k, int) or not 0 < k < group.n:
            raise DeckRefused(_("A card key in this link is out of range: the link was changed."))
    x = group.mul(deck[position], group.inverse(key_first * key_second % group.n))
    card = card_table(group, len(deck))[1].get(x)
    if card is None:
        raise DeckRefused(
            _("The key for card position {position} opens no card: the link was changed.").format(
                position=position + 1
            )
        )
    return card


class Table:
    """One player's view of the dealt deck: its own keys, the keys it received, the cards it opened.

    Invariant: ``opened`` maps positions to distinct cards, each opened with this player's own key
    and a key received from the other player (checked when received, see :meth:`receive_key`).
    """

    def __init__(self, keys: DeckKeys, deck: Sequence[int]) -> None:
        self.keys = keys
        self.group = keys.group
        self.deck = check_cards(keys.group, deck, keys.size)
        self.received: dict[int, int] = {}
        self.opened: dict[int, int] = {}

    def my_key(self, position: int) -> int:
        """The key to send so the other player can open ``position`` (to its owner, or publicly)."""
        return self.keys.card_key(position)

    def receive_key(self, position: int, key: int) -> int:
        """Open ``position`` with the other player's ``key`` and this player's own; return the card."""
        if position in self.received:
            if self.received[position] != key:
                raise DeckRefused(
                    _(
                        "The key for card position {position} differs from the one sent before: the link was changed."
                    ).format(position=position + 1)
                )
            return self.opened[position]
        mine = self.my_key(position)
        pair = (mine, key) if self.keys.role == FIRST else (key, mine)
        card = open_position(self.group, self.deck, position, *pair)
        for p, c in self.opened.items():
            if c == card and p != position:
                raise DeckRefused(
                    _(
                        "Card positions {position} and {other} open to the same card: the deck was changed."
                    ).format(position=position + 1, other=p + 1)
                )
        self.received[position] = key
        self.opened[position] = card
        return card

    def check_claim(self, position: int, card: int) -> None:
        """Refuse a move naming ``card`` at ``position`` unless that is the card the keys opened."""
        if self.opened.get(position) != card:
            raise ClaimRefused(
                _("The card played from position {position} is not the card dealt there.").format(
                    position=position + 1
                )
            )


def verify_deal(
    group: Group,
    deck_id: bytes,
    size: int,
    secrets: tuple[bytes, bytes],
    messages: tuple[Sequence[int] | None, Sequence[int] | None, Sequence[int]],
    sent_keys: Mapping[tuple[int, int], int] = {},  # noqa: B006 (read only)
    claims: Mapping[int, int] = {},  # noqa: B006 (read only)
) -> tuple[int, ...]:
    """The end-of-game check, once both secrets are revealed; returns the card at each position.

    ``messages`` are ``D1``, ``D2`` (``None`` where not kept) and the final deck ``D3``;
    ``sent_keys[(role, position)]`` every key a player sent during the game; ``claims[position]``
    every card the record says was at that position. Refuses (with the first fault found) a
    message that the secrets do not reproduce, a key that is not the derived one, a deck that is
    not a permutation of the cards, or a claim that does not match.
    """
    first = DeckKeys(group, secrets[FIRST], deck_id, FIRST, size)
    second = DeckKeys(group, secrets[SECOND], deck_id, SECOND, size)
    d1, d2, d3 = messages
    changed = _("The deck dealt at the start is not the one the players' secrets make: someone cheated.")
    if d1 is not None and tuple(d1) != shuffle_first(first):
        raise ClaimRefused(changed)
    if d1 is not None and d2 is not None and tuple(d2) != shuffle_second(second, d1):
        raise ClaimRefused(changed)
    if d2 is not None and tuple(d3) != relock_first(first, d2):
        raise ClaimRefused(changed)
    d3 = check_cards(group, d3, size)
    for (role, position), key in sent_keys.items():
        if key != (first if role == FIRST else second).card_key(position):
            raise ClaimRefused(
                _(
                    "A key sent for card position {position} is not the one the player's secret makes: someone cheated."
                ).format(position=position + 1)
            )
    order = tuple(open_position(group, d3, i, first.card_key(i), second.card_key(i)) for i in range(size))
    if sorted(order) != list(range(size)):
        raise ClaimRefused(_("The deck does not hold every card exactly once: someone cheated."))
    for position, card in claims.items():
        if not 0 <= position < size or order[position] != card:
            raise ClaimRefused(
                _("The card played from position {position} is not the card dealt there.").format(
                    position=position + 1
                )
            )
    return order
