"""HTT's part of a game with a friend by link: the hand each player brings.

The table's rules travel in link 1 (docs/fair-play.md, "chosen hands"). With Own deck or Random on,
each player's hand comes from its *own* collection, in its own browser:

* the creator's from the new-game dialog ("Your cards", as for a game on this device; the hand
  :func:`take_hand` takes out of the options goes to ``Match.create``);
* the friend's from the join screen (:func:`join_fields`, :func:`join_hand`): the saved deck's
  cards of the table's levels are chosen already, Random draws from its collection, and a player
  with no cards of those levels joins with cards dealt from the built-in sets.

A table with dealt cards gives both players dealt hands (nothing to choose). No card changes hands
in a game by link: each collection lives in its owner's browser only.
"""

from __future__ import annotations

from typing import Any

import attrs

from webtabletop.app.model.extensions import PageContext
from webtabletop.core.protocol import GameError
from webtabletop.core.view import esc
from webtabletop.correspondence.chosen import RANDOM, Bring
from webtabletop.games.htt.rules.options import HttOptions
from webtabletop.games.htt.ui.pages.common import load
from webtabletop.games.htt.ui.pages.newgame import deck_rows, field_row, picked_cards, portable
from webtabletop.games.htt.ui.pages.play import DECK_TITLES
from webtabletop.i18n import _, ngettext
from webtabletop.i18n.text import join_clauses


def take_hand(options: HttOptions, ctx: PageContext) -> tuple[HttOptions, list[str] | Bring | None]:
    """What the creator brings: the new-game dialog put its own cards (Own deck) in ``hand0`` or
    ``hand1`` (whichever seat it chose): by link they are the creator's hand, and the table itself
    gives no hand. Random with no hand given: a hand drawn from the creator's collection with both
    players' randomness (``correspondence.chosen``)."""
    hand = list(options.hand0 or options.hand1) or None
    options = attrs.evolve(options, hand0=(), hand1=())
    if hand is None and options.random_hands:
        return options, random_pool(options, ctx)
    return options, hand


def random_pool(options: HttOptions, ctx: PageContext) -> Bring:
    """A Random hand to be drawn in a match from the player's own cards of the table's levels;
    refused (GameError, saying why) when they do not span enough levels."""
    c = load(ctx)
    lo, hi, size = options.min_level, options.max_level, options.hand_size
    pool = [card for card in c.owned_cards() if lo <= card.level <= hi]
    levels = {card.level for card in pool}
    if len(levels) < size:
        raise GameError(
            _("{problem}. Open packs, or choose dealt cards.").format(
                problem=ngettext(
                    "Random needs owned cards of {size} different level; you have {n} in levels {min}..{max}",
                    "Random needs owned cards of {size} different levels; you have {n} in levels {min}..{max}",
                    size,
                ).format(size=size, n=len(levels), min=lo, max=hi)
            )
        )
    return Bring(RANDOM, pool=tuple(portable(card.id for card in pool)))


def join_fields(options: HttOptions, ctx: PageContext) -> str:
    """The join screen's choice of cards (HTML), or "" when the table deals both hands."""
    if not (options.own_deck or options.random_hands):
        return ""
    c = load(ctx)
    size, lo, hi = options.hand_size, options.min_level, options.max_level
    rows = deck_rows(c, c.deck, lo, hi)  # the saved deck's cards of these levels come chosen
    source = "own" if options.own_deck else "random"
    if not rows:
        source = "dealt"
    choices = "".join(
        f'<option value="{k}"{" selected" if k == source else ""}>{esc(_(t))}</option>'
        for k, t in DECK_TITLES.items()
        if rows or k == "dealt"
    )
    if options.own_deck:
        table = _(
            "This table plays Own deck: bring {size} cards of your collection, one per level from {min} to {max}."
        )
    else:
        table = _(
            "This table plays Random: {size} cards of different levels from {min} to {max} are drawn from your collection when your friend's next link arrives, from randomness neither of you can steer."
        )
    notes = [table.format(size=size, min=lo, max=hi)]
    if not rows:
        notes.append(
            _("You have no cards of these levels yet: you join with cards dealt from the built-in sets.")
        )
    notes.append(
        _("Your friend sees a card of yours only when you play it. No card changes hands in a game by link.")
    )
    note = "".join(f'<p class="note">{esc(n)}</p>' for n in notes)
    return (
        f'<fieldset class="htt-deck match-hand"><legend>{esc(_("Your hand"))}</legend>{note}'
        + field_row(
            "htt-deck-source",
            esc(_("Your cards")),
            f'<select id="htt-deck-source" name="deck_source">{choices}</select>',
        )
        + "".join(rows)
        + "</fieldset>"
    )


def join_hand(options: HttOptions, data: dict[str, Any], ctx: PageContext) -> list[str] | Bring | None:
    """The hand the join form chose (card references in playing order), or None for a hand dealt
    from the built-in sets. A choice that does not fit the table raises GameError, saying why."""
    if not (options.own_deck or options.random_hands):
        return None
    data = dict(data)
    source = str(data.pop("deck_source", "dealt") or "dealt")
    if source not in DECK_TITLES:
        raise GameError(_("Unknown choice of cards {choice}.").format(choice=repr(source[:40])))
    if source == "dealt":
        return None
    c = load(ctx)
    size, lo, hi = options.hand_size, options.min_level, options.max_level
    if source == "own":
        picked = picked_cards(data, c)
        problems = c.check_deck(picked, size, lo, hi)
        if problems:
            raise GameError(_("Own deck: {problems}").format(problems=join_clauses(problems)))
        return portable(picked)
    return random_pool(options, ctx)
