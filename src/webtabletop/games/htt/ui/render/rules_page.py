"""The in-app rules page of HTT and the help line of each option (translated when shown).

The level table is drawn from :data:`webtabletop.games.htt.rules.cards.SUMS`, so the page and the
rules cannot disagree. The corrections of rules version 2 each name the source phrase they rest on;
they are shown last, under "Rules history" (:func:`history_html`).
"""

from __future__ import annotations

from webtabletop.core.view import esc
from webtabletop.games.htt.collection.model import EARN_RULE
from webtabletop.games.htt.rules.board import BOARD_TITLES, HAND_SIZES
from webtabletop.games.htt.rules.cards import MAX_VALUE, SUMS
from webtabletop.i18n import N_, _
from webtabletop.i18n.text import join_list, join_sentences

OPTIONS_HELP = {
    "board": N_(
        "Rhombus of 9 cells (3×3): 5 cards each (the default). Hexagon of 7 cells: 5 cards each (3 stay "
        "in hand). The hexagon of 19 cells is a house rule (below)."
    ),
    "same": N_("Same: two or more touching values equal — the enemy cards among them turn."),
    "plus": N_("Plus: two or more contacts with the same sum — the enemy cards among them turn."),
    "minus": N_("Minus: two or more contacts with the same difference — the enemy cards among them turn."),
    "combo": N_("Combo: cards turned by Same/Plus/Minus turn their weaker neighbours in a chain."),
    "wall": N_("Board edges for Same/Plus/Minus: Wall = A, Mirror = the facing value, Anti-wall = 0."),
    "matter": N_("Matter icons on random cells: +1 to a card of the same colour, −1 to others."),
    "min_level": N_("Only cards of this level or higher."),
    "max_level": N_("Only cards of this level or lower."),
    "in_order": N_(
        "Cards must be played in hand order, first card first: the order of your deck as you arranged it, "
        "or the order the cards were dealt in."
    ),
    "block": N_("No card turns by higher values — only Same, Plus and Minus turn cards."),
    "open": N_("Both hands are visible."),
    "own_deck": N_("Each player brings chosen cards from their collection, at most one per level."),
    "random_hands": N_("Each player gets random cards of different levels from their collection."),
    "friendly": N_("No card changes hands after the game."),
    "hand0": N_("Blue's cards (ids) in hand order; empty = dealt from the built-in sets."),
    "hand1": N_("Red's cards (ids) in hand order; empty = dealt from the built-in sets."),
    "deal_set": N_("The set dealt hands come from (all = every built-in set)."),
}


def options_help() -> dict[str, str]:
    return {k: _(v) for k, v in OPTIONS_HELP.items()}


def _sum_cell(level: int, n_a: int) -> str:
    lo_hi = SUMS[level].get(n_a)
    return "—" if lo_hi is None else f"{lo_hi[0]}..{lo_hi[1]}"


def level_table_html() -> str:
    """Per level: the allowed sums with 0..3 A and the largest value that is not an A."""
    head = "".join(
        f"<th scope='col'>{esc(t)}</th>"
        for t in (
            _("Level"),
            _("Sum, no A"),
            _("Sum, one A"),
            _("Sum, two A"),
            _("Sum, three A"),
            _("Largest value that is not an A"),
        )
    )
    rows = "".join(
        f"<tr><th scope='row'>{lv}</th>"
        + "".join(f"<td>{_sum_cell(lv, n)}</td>" for n in range(4))
        + f"<td>{MAX_VALUE[lv]}</td></tr>"
        for lv in sorted(SUMS, reverse=True)
    )
    return (
        f'<table class="htt-levels" id="htt-sums"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>'
    )


def _items(*texts: str) -> str:
    return "<ul>" + "".join(f"<li>{t}</li>" for t in texts) + "</ul>"


def rules_html() -> str:
    b = lambda text: f"<b>{esc(text)}</b>"  # noqa: E731
    duel = _items(
        esc(
            _(
                "Board: by default a rhombus of 9 cells. Also a hexagon of 7 cells and, as a house rule, a hexagon "
                "of 19 cells. Each player has {n9} cards on the 9-cell and the 7-cell board, {n19} on the 19-cell board. "
                "On 7 cells the board is full after 4 + 3 cards; the cards left in hand count in the score."
            ).format(n9=HAND_SIZES["rhombus9"], n19=HAND_SIZES["hex19"])
        ),
        esc(
            _(
                "A seeded coin flip decides who starts. Players take turns placing one card from their hand on an empty cell."
            )
        ),
        esc(
            _(
                "Your hand keeps its order: the order of your deck as you arranged it (Deck page), or the order "
                "the cards were dealt in. The board shows it from the top (or left) card on."
            )
        ),
        b(_("Standard rule:"))
        + " "
        + esc(
            _(
                "each enemy card next to the card you place turns to your colour when your value facing it "
                "is higher than its value facing back."
            )
        ),
        b(_("Score"))
        + " "
        + esc(
            _(
                "= your cards on the board + the cards still in your hand (10 in total with 5 cards each, 20 on the "
                "19-cell board). "
                "When the board is full, the higher score wins."
            )
        ),
        esc(
            _(
                "After a win the winner takes one of the loser's cards, choosing among them face down in random "
                "order (not at a friendly table, a house rule). A card changes hands only when a hand came from a collection: "
                "against the computer it moves between your collection and the computer's. Hands dealt by the "
                "rules, and games between two players at one device, change no collection."
            )
        ),
        b(_("Draw:"))
        + " "
        + esc(
            _(
                "on your turn you may offer a draw (once per turn; the app asks first); if the other player accepts, "
                "the game ends level (5–5; 10–10 on the 19-cell board). The computer accepts only when its search "
                "judges it not ahead (half of the winning chances or less), never before four cards are on the "
                "board, and never offers one itself."
            )
        ),
    )
    table = _items(
        b(_("Open:"))
        + " "
        + esc(
            _(
                "both hands are visible. Otherwise the opponent's hand stays hidden, also after the game "
                "(unless you ask to see everything), and also from the computer, which only imagines the "
                "cards it cannot see."
            )
        ),
        b(_("Same:"))
        + " "
        + esc(
            _(
                "the placed card touches two or more cards, and on two or more contacts the touching values "
                "are equal: the enemy cards among those contacts turn."
            )
        ),
        b(_("Plus:"))
        + " "
        + esc(_("two or more contacts give the same sum: the enemy cards among them turn.")),
        b(_("Minus:"))
        + " "
        + esc(_("two or more contacts give the same difference (larger minus smaller).")),
        b(_("Combo:"))
        + " "
        + esc(
            _(
                "each card turned by Same, Plus or Minus acts as if just placed by its new owner and applies "
                "the standard rule; the cards it turns continue the chain. Numbered markers show the order."
            )
        ),
        b(_("Wall / Mirror / Anti-wall"))
        + " "
        + esc(
            _(
                "(one at a time): for Same, Plus and Minus only, the board's edge counts as a card showing A "
                "(Wall), the placed card's own value (Mirror) or 0 (Anti-wall). Walls never turn, and walls "
                "alone (without an enemy card among the contacts) turn nothing."
            )
        ),
        b(_("Matter:"))
        + " "
        + esc(
            _(
                "matter icons lie on random cells. A card placed on an icon of its own colour gets +1 on all "
                "sides (A + 1 = S = 11), on another colour −1 (1 − 1 = 0). The changed values count for every rule."
            )
        ),
        join_sentences((b(_("Min level / Max level:")), esc(_("only cards in that level range can be used.")))),
        b(_("In order:"))
        + " "
        + esc(
            _(
                "you play your cards in your hand's order, first card first: your deck's order as you arranged "
                "it, or the order the cards were dealt in (not the lowest level first)."
            )
        ),
        b(_("Block:"))
        + " "
        + esc(
            _(
                "no card turns by the standard rule (not even in a Combo chain); only Same, Plus and Minus turn cards."
            )
        ),
        b(_("Own deck:"))
        + " "
        + esc(
            _(
                "each player brings their deck: cards of their collection, at most one per level, in the order "
                "they arranged. The table shows your own deck's strength (the sum of the levels), never the "
                "opponent's hidden one."
            )
        ),
        b(_("Random:"))
        + " "
        + esc(
            _("each player gets random cards of different levels from their collection, in the order drawn.")
        ),
        esc(
            _(
                "Without Own deck or Random, hands are dealt from the built-in sets; both players get cards of the "
                "same levels, so the dealt hands are equally strong."
            )
        ),
    )
    collection = _items(
        esc(
            _(
                "Cards come in themed sets: the same number of cards (6 to 12) on each of levels 1 to 10 and 3 to 6 "
                "cards of level 11. The values follow the table of sums above (under “Card levels”), and matter "
                "colours are spread evenly."
            )
        ),
        esc(
            _(
                "Packs hold 5 cards of one set you choose, levels 1 to 10: low levels are common, high levels rare, "
                "and within a level each card has its own rarity. Your first pack is free. {earn}"
            ).format(earn=_(EARN_RULE))
        ),
        esc(
            _(
                "Achievements (complete sets, copies of one card, cards of a level, sets created, games played and "
                "won, wins under one rule preset, 10–0 wins, packs opened) each give a random level-11 card from a "
                "set you choose."
            )
        ),
        esc(
            _(
                "Your first pack holds cards of 5 different levels, so you can build a deck at once. Only games "
                "against the computer count for the collection (games, packs, battle log)."
            )
        ),
        esc(
            _(
                "You can create your own sets (name, theme, sizes, card names and pictures: PNG, JPEG, GIF or WebP "
                "up to 48 KB; the values are generated by the set rules), rename and delete them, and export or "
                "import sets and your whole collection as files."
            )
        ),
    )
    records = esc(
        _(
            "A saved game, a game file and a share link hold the game's seed and moves. The seed fixes the dealt "
            "cards, so whoever decodes a record or link can learn every hidden hand, also the cards not yet "
            "played. Share a link of a game in progress only with someone who may see your hand."
        )
    )
    boards = join_list(esc(_(t)) for t in BOARD_TITLES.values())
    return "".join(
        [
            ("<h2>" + str(esc(_("Hexagonal Triple Triad"))) + "</h2>"),
            (
                "<p>"
                + str(
                    esc(
                        _(
                            "Triple Triad played with six-sided cards on hexagonal cells. Each card has six values (1 to 9 and A = 10), one on each side, a level from 1 to 11 (higher = rarer and stronger) and a matter colour (red, blue, yellow, green or purple). Cards are never rotated."
                        )
                    )
                )
                + "</p>"
            ),
            ("<h3>" + str(esc(_("The duel"))) + "</h3>" + str(duel)),
            ("<h3>" + str(esc(_("Table rules"))) + "</h3>" + str(table)),
            ("<h3>" + str(esc(_("Card levels"))) + "</h3>"),
            (
                "<p>"
                + str(
                    esc(
                        _(
                            "The six values of a card add up to one of its level’s sums; levels 9 to 11 always carry an A, levels 1 to 8 never. Three A (levels 10 and 11 only) never lie on neighbouring sides."
                        )
                    )
                )
                + "</p>"
            ),
            f"{level_table_html()}",
            ("<h3>" + str(esc(_("The collection"))) + "</h3>" + str(collection)),
            ("<h3>" + str(esc(_("What a record reveals"))) + "</h3><p>" + str(records) + "</p>"),
            ("<h3>" + str(esc(_("Boards"))) + "</h3><p>" + str(boards) + ".</p>"),
        ]
    )


def history_html() -> str:
    """The rules page's "Rules history": the corrections of rules version 2, each with the source
    phrase it rests on, and what happens to games recorded before them."""
    changes = _items(
        esc(
            _(
                "Level 3 allows the sums 20..22. The source prints 18..22, but it also says that every level has "
                "“a range of three allowed sums” («интервал из трёх допустимых сумм»), and 18 would overlap level "
                "2's 17..19: 18 is a misprint. Cards made before (sum 18 or 19) are kept and still play; their "
                "set pages say so. Three level-3 cards of each built-in set got new values."
            )
        ),
        esc(
            _(
                "Hands have 5 cards on the 7-cell board too (before: 4). The source gives five cards everywhere: "
                "«игроку выдаются пять заранее выбранных карт», «пять случайных карт», «одну из пяти карт соперника»."
            )
        ),
        esc(
            _(
                "A hand keeps its order, and In order follows it (before: hands were sorted by level). The source: "
                "«свои карты на поле можно класть только последовательно, т.е. начиная с левой верхней» — one "
                "after another from the top-left card, the first card of the hand as the player laid out the deck "
                "or as it was dealt."
            )
        ),
        esc(
            _(
                "Games saved or shared before these corrections open under the corrected rules as far as they "
                "played the same; where the old rules had led elsewhere they stop, with a message, and the whole "
                "old game is kept."
            )
        ),
    )
    return "<h3>" + esc(_("Corrections (rules version 2)")) + "</h3>" + changes
