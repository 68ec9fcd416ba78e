"""The standard 52-card deck of SHT.

A card is an ``int`` id 0..51: ``suit = id // 13`` (0 spades, 1 hearts, 2 diamonds, 3 clubs) and
``rank = id % 13 + 1`` (A=1 .. K=13). The rank is also the card's value in battle; suits never matter
to the rules. Names are short and stable: ``"AS"``, ``"10H"``, ``"QD"``, ``"KC"``.
"""

from __future__ import annotations

from webtabletop.i18n import N_, _

DECK_SIZE = 52
SUITS = "SHDC"
SUIT_SYMBOLS = ("♠", "♥", "♦", "♣")
#: suit names as they follow a rank ("ten of hearts"), translated where shown
SUIT_NAMES = (N_("spades"), N_("hearts"), N_("diamonds"), N_("clubs"))
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
#: rank names, translated where shown
RANK_NAMES = (
    N_("ace"),
    N_("two"),
    N_("three"),
    N_("four"),
    N_("five"),
    N_("six"),
    N_("seven"),
    N_("eight"),
    N_("nine"),
    N_("ten"),
    N_("jack"),
    N_("queen"),
    N_("king"),
)
ALL_CARDS = tuple(range(DECK_SIZE))


def is_placeholder(card: int) -> bool:
    """Ids from 52 up stand for a card this browser cannot see (a correspondence match: position
    ``card - 52`` of the dealt deck, see :mod:`~webtabletop.games.sht.rules.match`); no view shows them."""
    return card >= DECK_SIZE


def suit(card: int) -> int:
    return card // 13


def value(card: int) -> int:
    """Battle value: A=1, 2..10 as printed, J=11, Q=12, K=13."""
    return card % 13 + 1


def is_red(card: int) -> bool:
    return suit(card) in (1, 2)


def name(card: int) -> str:
    """Short stable name, e.g. ``"10H"`` (``"?"`` for a placeholder)."""
    if is_placeholder(card):
        return "?"
    return RANKS[card % 13] + SUITS[card // 13]


def symbol(card: int) -> str:
    """Rank and suit symbol, e.g. ``"10♥"`` (``"?"`` for a placeholder)."""
    if is_placeholder(card):
        return "?"
    return RANKS[card % 13] + SUIT_SYMBOLS[card // 13]


def long_name(card: int) -> str:
    """Spoken name in the current language, e.g. ``"ten of hearts"`` (screen readers, sentences)."""
    return _("{rank} of {suit}").format(rank=_(RANK_NAMES[card % 13]), suit=_(SUIT_NAMES[card // 13]))


_BY_NAME = {name(c): c for c in ALL_CARDS}


def from_name(text: str) -> int:
    """The id of a card name (``"QS"``); ``ValueError`` for anything else."""
    try:
        return _BY_NAME[text.strip().upper()]
    except KeyError:
        raise ValueError(_("{text} is not a card name (examples: AS, 10H, QD, KC)").format(text=repr(text)[:40])) from None


def sort_key(card: int) -> tuple[int, int]:
    """Hands are kept sorted by value, then suit."""
    return (card % 13, card // 13)


def sorted_cards(cards) -> tuple[int, ...]:
    return tuple(sorted(cards, key=sort_key))
