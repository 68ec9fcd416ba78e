"""Dealing a new HTT game (the seeded coin flip, the hands, the Matter icons) and test positions.

Dealt hands (digest "The duel"; options.py says which hands are dealt): both dealt hands get
cards of the same randomly drawn levels (different levels when the level range allows), in the
order drawn: that is the hand order. A hand dealt against a given hand mirrors its levels in its
order. Slots of a dealt hand are numbered by level, as rules version 1 numbered them, and the
generator is used exactly as version 1 used it (levels drawn, then one card per level in level
order, then the Matter icons), so a seed deals version 1's cards on the 9- and 19-cell boards.
"""

from __future__ import annotations

import attrs

from webtabletop.core.rng import Rng
from webtabletop.games.htt.rules.board import get_board
from webtabletop.games.htt.rules.cards import MATTERS, Card
from webtabletop.games.htt.rules.options import HttOptions
from webtabletop.games.htt.rules.sets.names import POSITION_SET
from webtabletop.games.htt.rules.state import EMPTY, PLAY, HttState, deal_pool
from webtabletop.i18n import _


def max_plies(options: HttOptions) -> int:
    """The most moves a game can have: each of the board's placements may follow a draw offer and
    its refusal (one offer per turn), and the winner's pick ends the game; an accepted offer
    ends it sooner. The board fills after one placement per cell, so every game ends by then."""
    return 3 * get_board(options.board).size + 1


def _deal_levels(options: HttOptions, rng: Rng, size: int) -> list[int]:
    """The levels of a dealt hand in the order they were drawn (distinct when the range allows)."""
    pool = deal_pool(options)
    levels = [lv for lv in range(options.min_level, options.max_level + 1) if pool.get(lv)]
    if not levels:
        raise ValueError(_("no cards to deal in the allowed level range"))
    if len(levels) >= size:
        return rng.sample(levels, size)
    return [rng.choice(levels) for _ in range(size)]


def _slots_and_order(drawn: list[int]) -> tuple[list[int], tuple[int, ...]]:
    """Slots numbered by level (stable), and the hand order: the slots in the order drawn."""
    by_level = sorted(range(len(drawn)), key=lambda i: drawn[i])
    order = [0] * len(drawn)
    for slot, i in enumerate(by_level):
        order[i] = slot
    return [drawn[i] for i in by_level], tuple(order)


def new_game(options: HttOptions, seed: int) -> HttState:
    board = get_board(options.board)
    rng = Rng.from_seed(seed)
    first = rng.randbelow(2)
    from webtabletop.games.htt.rules.sets.library import get_card

    given = [tuple(get_card(r) for r in options.hand(p)) for p in (0, 1)]
    size = board.hand_size
    pool = deal_pool(options)
    decks: list[tuple[Card, ...]] = []
    orders: list[tuple[int, ...]] = []
    shared_levels: list[int] | None = None
    for p in (0, 1):
        order = tuple(range(size))
        if given[p]:
            decks.append(given[p])
            orders.append(order)
            continue
        if given[1 - p]:
            levels = [c.level for c in given[1 - p]]
            levels = [lv if pool.get(lv) else rng.choice(sorted(pool)) for lv in levels]
        else:
            if shared_levels is None:
                shared_levels = _deal_levels(options, rng, size)
            levels, order = _slots_and_order(shared_levels)
        decks.append(tuple(rng.choice(pool[lv]) for lv in levels))
        orders.append(order)
    return dealt_state(
        options, rng, first, (decks[0], decks[1]), (orders[0], orders[1]), (not given[0], not given[1])
    )


def dealt_state(options: HttOptions, rng: Rng, first: int, decks, orders, dealt) -> HttState:
    """The opening position once the hands are known: the Matter icons are drawn from ``rng``
    (after the coin flip and any dealing), which then fixes the winner's face-down pick order."""
    board = get_board(options.board)
    icons: list[str | None] = [None] * board.size
    if options.matter:
        count = rng.randint(1, max(1, board.size // 3))
        for c in rng.sample(range(board.size), count):
            icons[c] = rng.choice(MATTERS)
    return HttState(
        options=options,
        board=board,
        decks=decks,
        orders=orders,
        used=(0, 0),
        cards=(None,) * board.size,
        owners=(EMPTY,) * board.size,
        values=(None,) * board.size,
        icons=tuple(icons),
        player=first,
        first=first,
        phase=PLAY,
        turn=0,
        offer_turn=-1,
        last=EMPTY,
        flips=(),
        dealt=dealt,
        rng_state=rng.state,
    )


def position(
    options: HttOptions,
    cells: dict[str, tuple[int, str]],
    hands=None,
    player: int = 0,
    icons: dict[str, str] | None = None,
) -> HttState:
    """A test position: ``cells`` maps cell names to (owner, values text such as "5A3121");
    ``hands`` optionally gives each player's cards as values texts (level 1 placeholder cards)."""
    state = new_game(options, 0)
    names = state.board.grid.names
    owners = list(state.owners)
    values: list = list(state.values)
    cards: list = list(state.cards)
    from webtabletop.games.htt.rules.cards import parse_value

    def mk(text: str, i: int, matter: str = "red") -> Card:
        return Card(f"t-{i}", f"T{text}", 1, tuple(parse_value(ch) for ch in text), matter, 1, POSITION_SET)

    for k, (name, (owner, text)) in enumerate(cells.items()):
        i = names.index(name)
        owners[i] = owner
        cards[i] = mk(text, 100 + k)
        values[i] = cards[i].values
    decks = state.decks
    orders = state.orders
    if hands is not None:
        orders = (tuple(range(len(hands[0]))), tuple(range(len(hands[1]))))
        made = [
            tuple(
                mk(t, 10 * p + j, m)
                for j, (t, m) in enumerate((x, "red") if isinstance(x, str) else x for x in hand)
            )
            for p, hand in enumerate(hands)
        ]
        decks = (made[0], made[1])
    icon_t: list = [None] * len(state.icons)
    for name, colour in (icons or {}).items():
        icon_t[names.index(name)] = colour
    return attrs.evolve(
        state,
        owners=tuple(owners),
        values=tuple(values),
        cards=tuple(cards),
        decks=decks,
        orders=orders,
        player=player,
        icons=tuple(icon_t),
        turn=sum(1 for o in owners if o >= 0),
    )
