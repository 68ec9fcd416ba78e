"""HTT in a correspondence match: hands chosen by their owners, committed, opened card by card.

Each player brings its own hand (Own deck: the app passes the card references to
``Match.create``/``join``), or gets one drawn once both players' randomness is known
(``correspondence.chosen``): Random from its own collection's cards (:meth:`HttHands.random_hand`),
or, bringing none, from the table's deal set (:meth:`HttHands.deal_hand`). Nothing is dealt from a
shared deck, so nothing needs a joint shuffle; a hand's cards are bound by one salted commitment
per hand slot (``fairplay.commit``), so a player cannot change a card after seeing the opponent's
moves. With Open on, the hands travel in plain. Who begins, the Matter icons and the order
of the winner's face-down pick come from link 3's seed
(:func:`~webtabletop.games.htt.rules.deal.dealt_state`, as ``new_game`` draws them for given hands).

In a browser's state a hand card it may not see is a **placeholder** card (id ``?<side>.<slot>``,
no values): every view already shows the opponent's hand as backs unless the table is Open. A
placed card is public: the link names it, so a spectator replays the board.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from webtabletop.core.rng import Rng
from webtabletop.games.htt.rules.cards import MATTERS, Card
from webtabletop.games.htt.rules.deal import dealt_state
from webtabletop.games.htt.rules.options import HttOptions
from webtabletop.games.htt.rules.sets.library import get_card
from webtabletop.games.htt.rules.state import HttState, Place
from webtabletop.i18n import _, ngettext


def placeholder(side: int, slot: int) -> Card:
    return Card(f"?{side}.{slot}", "?", 0, (0,) * 6, MATTERS[0])


def is_placeholder(card: Card) -> bool:
    return card.id.startswith("?")


class HttHands:
    """The ``GameSpec.cards`` adapter of HTT (scheme ``"chosen"``, see the module text)."""

    scheme = "chosen"
    size = 0  # no shared deck

    def hand_size(self, options: HttOptions) -> int:
        return options.hand_size

    def open(self, options: HttOptions) -> bool:
        return options.open

    def check_options(self, options: HttOptions) -> None:
        """A match's options give no hand: each player brings its own."""
        if options.hand0 or options.hand1:
            raise ValueError(_("In a match each player brings its own hand: the options must not give one."))

    def sources(self, options: HttOptions) -> frozenset[str]:
        """Where a player's hand may come from at this table (``correspondence.chosen``'s kinds):
        ``"dealt"`` always (from the table's deal set, drawn from both players' randomness: a
        player with no cards of the table's levels joins so); with Own deck or Random also
        ``"own"`` (its pick from its collection) and ``"random"`` (drawn from its collection).
        Own on a Random table is what the join screen offers: nobody can check that a pool is
        the player's collection, so a pool of exactly five cards is a pick anyway (docs/fair-play.md)."""
        if options.own_deck or options.random_hands:
            return frozenset({"dealt", "own", "random"})
        return frozenset({"dealt"})

    def placed_problem(
        self, options: HttOptions, source: str, ref: str, earlier: Sequence[str]
    ) -> str | None:
        """Why ``ref`` cannot be a card of a hand from ``source`` at this table, given the cards
        ``earlier`` placed from the same hand (a lower-case sentence), or None: a card's level
        within the table's levels; a dealt hand's card one of the table's deal set; no level
        twice in a hand whose levels must differ (Own deck, Random, or a dealt hand when the
        table's levels are enough)."""
        from webtabletop.games.htt.rules.state import deal_pool

        card = get_card(ref)
        if not options.min_level <= card.level <= options.max_level:
            return _(
                "a card they placed is of level {level}, outside the table's levels {min}..{max}."
            ).format(level=card.level, min=options.min_level, max=options.max_level)
        pool = deal_pool(options)
        if source == "dealt" and card.id not in {c.id for c in pool.get(card.level, ())}:
            return _("a card they placed is not of the table's deal set, from which their hand was dealt.")
        distinct = options.own_deck or options.random_hands or len(pool) >= options.hand_size
        if distinct and card.level in {get_card(r).level for r in earlier}:
            return _("two cards they placed have the same level, which a hand at this table has only once.")
        return None

    def check_hand(self, options: HttOptions, side: int, refs: Sequence[str]) -> tuple[str, ...]:
        """``refs`` as a hand of ``side`` under ``options`` (size, levels, one per level under
        Own deck / Random), else ValueError with the options' own message."""
        from webtabletop.games.htt.rules.cards import inline_code
        from webtabletop.games.htt.rules.sets.library import BUILTIN_IDS

        cards = [get_card(r) for r in refs]
        # a reference the other browser can read: a built-in id, or the card's values inline
        portable = tuple(c.id if c.set_id in BUILTIN_IDS else inline_code(c) for c in cards)
        attrs.evolve(options, hand0=portable) if side == 0 else attrs.evolve(options, hand1=portable)
        return portable

    def deal_hand(self, options: HttOptions, side: int, rng: Rng) -> tuple[str, ...]:
        """A hand dealt from the table's deal set by ``rng`` (a match gives it both players'
        randomness: ``correspondence.chosen``), as the rules deal a hand: cards of different
        levels when the level range allows, in the order drawn."""
        from webtabletop.games.htt.rules.state import deal_pool

        pool = deal_pool(options)
        levels = sorted(pool)
        n = options.hand_size
        drawn = rng.sample(levels, n) if len(levels) >= n else [rng.choice(levels) for _i in range(n)]
        return self.check_hand(options, side, tuple(rng.choice(pool[lv]).id for lv in drawn))

    def random_hand(self, options: HttOptions, side: int, pool: Sequence[str], rng: Rng) -> tuple[str, ...]:
        """The Random rule from the player's own cards ``pool`` (its collection's cards of the
        table's levels): cards of different levels drawn by ``rng``, in the order drawn
        (``Collection.random_hand`` draws the same way for a game on one device)."""
        by_level: dict[int, list[str]] = {}
        for ref in pool:
            card = get_card(ref)
            if options.min_level <= card.level <= options.max_level:
                by_level.setdefault(card.level, []).append(ref)
        n = options.hand_size
        if len(by_level) < n:
            raise ValueError(
                ngettext(
                    "Random needs owned cards of {size} different level; you have {n} in levels {min}..{max}",
                    "Random needs owned cards of {size} different levels; you have {n} in levels {min}..{max}",
                    n,
                ).format(size=n, n=len(by_level), min=options.min_level, max=options.max_level)
            )
        levels = rng.sample(sorted(by_level), n)
        return self.check_hand(options, side, tuple(rng.choice(sorted(by_level[lv])) for lv in levels))

    def start(self, options: HttOptions, seed: int, hands: Mapping[int, Sequence[str]]) -> HttState:
        """The opening position from link 3's seed, with the hands known here (``hands[side]``
        card references) and placeholders for the others."""
        rng = Rng(seed)
        first = rng.randbelow(2)
        size = options.hand_size
        decks = tuple(
            tuple(get_card(r) for r in hands[s])
            if s in hands
            else tuple(placeholder(s, i) for i in range(size))
            for s in (0, 1)
        )
        order = tuple(range(size))
        return dealt_state(options, rng, first, decks, (order, order), (False, False))

    def deal(self, state: HttState, known: Mapping[tuple[int, int], str]) -> HttState:
        """``state`` with the cards of ``known`` ((side, slot) -> reference) filled in."""
        if not known:
            return state
        decks = [list(d) for d in state.decks]
        for (side, slot), ref in known.items():
            decks[side][slot] = get_card(ref)
        return attrs.evolve(state, decks=(tuple(decks[0]), tuple(decks[1])))

    def placed(self, state: HttState, move) -> tuple[int, int] | None:
        """(side, slot) of the card ``move`` puts on the board, or None."""
        return (state.player, move.slot) if isinstance(move, Place) else None


HANDS = HttHands()
