"""Hexagonal Triple Triad's lessons (``#/htt/learn``): a card's six sides, the standard rule, the
score, then table rules one at a time, on the default 9-cell rhombus.

Positions name cells (``a1``..``c3``: rows a–c, 1–3 along each row) and cards by their six values
in side order E, NE, NW, W, SW, SE (``A`` = 10), e.g. ``"543211"`` has 5 facing east. Cell ``b2``'s
neighbours: E ``b3``, NE ``a3``, NW ``a2``, W ``b1``, SW ``c1``, SE ``c2``. The learner is Player 1
(owner 0) and moves first.
"""

from __future__ import annotations

import attrs

from webtabletop.games.htt.rules.deal import new_game, position
from webtabletop.games.htt.rules.options import HttOptions
from webtabletop.games.htt.rules.sets.library import get_card
from webtabletop.games.htt.rules.state import OVER, HttState
from webtabletop.games.htt.ui.render import lesson_art
from webtabletop.i18n import N_
from webtabletop.learn.catalog import LessonBook
from webtabletop.learn.lesson import Lesson, guided_game, won

#: the headings of the rules digest (../shared/rules/htt.md)
SECTIONS = (
    "Cards",
    "Sets (themed collections of cards)",
    "The duel",
    "Table rules (any combination, chosen when the table is created; can be saved as presets)",
    "The collection (kept in the browser, survives reloads; export/import as a file)",
)
CARDS, SETS, DUEL, TABLE, COLLECTION = SECTIONS

STANDARD = HttOptions(friendly=True)


def table(
    cells: dict[str, tuple[int, str]],
    hand: list[str],
    enemy_hand: list[str],
    options: HttOptions = STANDARD,
    icons=None,
):
    return lambda: position(options, cells, hands=(hand, enemy_hand), player=0, icons=icons)


def real_cards(
    cells: dict[str, tuple[int, str]], hand: list[str], enemy_hand: list[str], options: HttOptions = STANDARD
):
    """As :func:`table`, with real cards of the built-in sets named by id (``"emb-9g"``)."""

    def build() -> HttState:
        blank = {name: (owner, "111111") for name, (owner, _id) in cells.items()}
        state = position(options, blank, hands=(["111111"] * len(hand), ["111111"] * len(enemy_hand)))
        names = state.board.grid.names
        cards, values = list(state.cards), list(state.values)
        for name, (_owner, card_id) in cells.items():
            i = names.index(name)
            cards[i] = get_card(card_id)
            values[i] = cards[i].values
        decks = (tuple(get_card(c) for c in hand), tuple(get_card(c) for c in enemy_hand))
        return attrs.evolve(state, cards=tuple(cards), values=tuple(values), decks=decks)

    return build


def red_played(build, played: list[str]):
    """The position ``build`` makes, with the cards Red has already played (``played``, values
    texts) back in Red's deck as used: the deck a winner picks from has all five."""

    def rebuild() -> HttState:
        state = build()
        played_cards = position(state.options, {}, hands=([], played)).decks[1]
        deck = state.decks[1] + tuple(attrs.evolve(c, id=f"t-played-{i}") for i, c in enumerate(played_cards))
        used = (state.used[0], sum(1 << slot for slot in range(len(state.decks[1]), len(deck))))
        orders = (state.orders[0], tuple(range(len(deck))))
        return attrs.evolve(state, decks=(state.decks[0], deck), used=used, orders=orders)

    return rebuild


def turned(n: int):
    """The learner placed a card and turned at least ``n`` enemy cards."""

    def check(start: HttState, now: HttState) -> bool:
        me = start.to_move()
        return now.owners.count(me) - start.owners.count(me) >= n + 1

    return check


def took_a_card(start: HttState, now: HttState) -> bool:
    """The learner won and took one of the loser's cards (a table that is not friendly)."""
    return now.phase == OVER and now.winner == start.to_move() and now.taken >= 0


#: a board full but b2, 5 to 5 (Red's last card is weak)
LAST_CELL = {
    "a1": (0, "333311"),
    "a2": (1, "222229"),
    "a3": (0, "311133"),
    "b1": (1, "922222"),
    "b3": (1, "432211"),
    "c1": (0, "113331"),
    "c2": (1, "229222"),
    "c3": (0, "113331"),
}

LESSONS = (
    Lesson(
        id="turn",
        title=N_("Cards and the standard rule"),
        idea=N_(
            "A card has six values, one on each side (A is 10); the small L number is its level and the "
            "dot its matter colour. Place a card next to an enemy card: if your value facing it is "
            "greater than its value facing back, it turns to your colour."
        ),
        goal=N_("Turn the enemy card."),
        start=table({"b3": (1, "543211")}, ["611112"], ["222222"]),
        reached=turned(1),
        solution=("0b2",),
        sections=(CARDS, DUEL),
        picture=lesson_art.labelled_card,
        miss=N_(
            "Only the sides that touch count. The enemy card shows a 2 on its west side: put your 6 against it."
        ),
    ),
    Lesson(
        id="score",
        title=N_("Counting the score"),
        idea=N_(
            "When the board is full, each player scores the cards of their colour on the board plus the "
            "cards still in hand. More wins."
        ),
        goal=N_("It is 5 to 5. Place your last card and win."),
        start=table(
            LAST_CELL,
            ["531131"],
            ["222222"],
        ),
        reached=won,
        solution=("0b2",),
        sections=(DUEL,),
        miss=N_("Turn one enemy card and the score is 6 to 4."),
    ),
    Lesson(
        id="same",
        title=N_("Table rule: Same"),
        idea=N_(
            "With Same, a card that touches two cards with equal values on both contacts turns the enemy "
            "cards among them, even though it is not greater."
        ),
        goal=N_("Turn both enemy cards with Same."),
        start=table(
            {"a2": (1, "333411"), "b1": (1, "115111")},
            ["411115"],
            ["222222"],
            HttOptions(friendly=True, same=True),
        ),
        reached=turned(2),
        solution=("0a1",),
        sections=(TABLE,),
        miss=N_("Look for the cell where both contacts are equal: 4 against 4 and 5 against 5."),
    ),
    Lesson(
        id="plus",
        title=N_("Table rule: Plus"),
        idea=N_(
            "With Plus, two contacts that give the same sum (your value plus the value facing it) turn "
            "the enemy cards among them."
        ),
        goal=N_("Turn both enemy cards with Plus."),
        start=table(
            {"a2": (1, "333311"), "b1": (1, "116111")},
            ["511112"],
            ["222222"],
            HttOptions(friendly=True, plus=True),
        ),
        reached=turned(2),
        solution=("0a1",),
        sections=(TABLE,),
        miss=N_("In the corner cell, 5 + 3 = 8 and 2 + 6 = 8: the same sum twice."),
    ),
    Lesson(
        id="wall",
        title=N_("Table rule: Wall"),
        idea=N_(
            "With Wall, the board's edge counts as a card showing A for Same, Plus and Minus (it never "
            "turns, and alone it triggers nothing)."
        ),
        goal=N_("Turn the enemy card with Same and the wall."),
        start=table(
            {"a2": (1, "111411")},
            ["4A1111"],
            ["222222"],
            HttOptions(friendly=True, same=True, wall="wall"),
        ),
        reached=turned(1),
        solution=("0a1",),
        sections=(TABLE,),
        miss=N_("Your card shows A towards the top edge: in the corner, A meets the wall's A and 4 meets 4."),
    ),
    Lesson(
        id="minus",
        title=N_("Table rule: Minus"),
        idea=N_(
            "Minus works like Plus with the difference: two contacts where the larger value minus the smaller is the same turn the enemy cards among them."
        ),
        goal=N_("Turn both enemy cards with Minus."),
        start=table(
            {"a2": (1, "333211"), "b1": (1, "114111")},
            ["511111"],
            ["222222"],
            HttOptions(friendly=True, minus=True),
        ),
        reached=turned(2),
        solution=("0a1",),
        sections=(TABLE,),
        miss=N_("In the corner cell, 5 − 2 = 3 and 4 − 1 = 3: the same difference twice."),
    ),
    Lesson(
        id="combo",
        title=N_("Table rule: Combo"),
        idea=N_(
            "With Combo, each card turned by Same, Plus or Minus acts as if you had just placed it: it turns its weaker enemy neighbours too, and the chain goes on."
        ),
        goal=N_("Turn three enemy cards with one card."),
        start=table(
            {"a2": (1, "511311"), "b1": (1, "112111"), "a3": (1, "111111")},
            ["311112"],
            ["222222"],
            HttOptions(friendly=True, same=True, combo=True),
        ),
        reached=turned(3),
        solution=("0a1",),
        sections=(TABLE,),
        miss=N_(
            "In the corner, 3 meets 3 and 2 meets 2: Same turns both, and the turned 5 then turns the card beside it."
        ),
    ),
    Lesson(
        id="matter",
        title=N_("Table rule: Matter"),
        idea=N_(
            "With Matter, icons lie on some cells. A card on an icon of its own colour gets +1 on every side; on an icon of another colour, −1."
        ),
        goal=N_("Turn the enemy card: your red card needs the red icon."),
        start=table(
            {"b3": (1, "666666")},
            ["611112"],
            ["222222"],
            HttOptions(friendly=True, matter=True),
            icons={"b2": "red"},
        ),
        reached=turned(1),
        solution=("0b2",),
        sections=(TABLE, CARDS),
        miss=N_("6 against 6 turns nothing; on the red icon your 6 becomes 7."),
    ),
    Lesson(
        id="sets",
        title=N_("Sets and levels"),
        idea=N_(
            "Cards come in sets, each with cards of levels 1 to 11. The higher the level, the rarer the "
            "card and the larger its values: a level 1 card adds up to 14–16, a level 8 to 35–37, and "
            "from level 9 on a card carries an A."
        ),
        goal=N_("Turn the enemy level 8 card: only an A beats its 9."),
        start=real_cards({"b3": (1, "grv-8b")}, ["emb-1b", "emb-9g"], ["emb-1c"]),
        reached=turned(1),
        solution=("1b2",),
        sections=(SETS, CARDS),
        picture=lambda: lesson_art.levels(("emb-1b", "grv-8b", "emb-9g")),
        miss=N_(
            "Your level 1 card's values go up to 6, never past a 9. Put your level 9 card west of the "
            "enemy card: its A faces the 9."
        ),
    ),
    Lesson(
        id="collection",
        title=N_("Win a card for your collection"),
        idea=N_(
            "Your collection keeps the cards you own: packs of 5 cards of one set that you earn by "
            "playing, and the cards you win. Unless the table is friendly, the winner takes one of the "
            "loser's cards, chosen face down."
        ),
        goal=N_("Win with your last card, then take one of Red's cards."),
        start=red_played(
            table(
                LAST_CELL,
                ["531131"],
                ["222222"],
                HttOptions(),
            ),
            ["222229", "922222", "432211", "229222"],
        ),
        reached=took_a_card,
        solution=("0b2", "t0"),
        sections=(COLLECTION, DUEL),
        miss=N_(
            "Turn one enemy card with your last card to win 6 to 4; then pick one of the face-down cards."
        ),
    ),
)

#: the hexagon of 7 cells, the plain game: no card changes hands
FIRST_OPTIONS = HttOptions(board="hex7", friendly=True)

#: the guided first game (``#/htt/learn/first-game``): a whole game on the smallest board from
#: seed 2 (Blue, the learner, begins; both hands are dealt by the game's own generator, so they
#: are the same every time), Red's placements fixed; a tip at each of the learner's four moves
FIRST_GAME = guided_game(
    idea=N_(
        "A whole game on the smallest board, with a tip at every move. The board marks a good move: play "
        "it, or choose your own (then Red answers on its own)."
    ),
    goal=N_("Win the game: when the seven cells are full, have more cards than Red."),
    start=lambda: new_game(FIRST_OPTIONS, 2),
    reached=won,
    solution=("0b3", "2b2", "3c1", "4a2"),
    replies=("0b1", "3a1", "2c2"),
    sections=(CARDS, DUEL),
    tips=(
        N_(
            "Welcome to Hexagonal Triple Triad: Triple Triad's card duel on hexagonal cells. You are Blue. "
            "The goal: when the seven cells are full, own more cards than Red; cards still in hand count "
            "too. Put the marked card on the marked cell."
        ),
        N_(
            "A turn: place one card from your hand on an empty cell. A card turns each enemy card it "
            "touches when its value facing that card is greater than the value facing back. The middle "
            "cell touches all six others: put your card there."
        ),
        N_(
            "Red's 4 beat your 3 and turned your middle card. Take it back: on the marked cell your card "
            "touches the middle card at its top right, 7 against 6, and Red's card at its top left, 4 "
            "against 3, so both turn."
        ),
        N_(
            "A is 10, the highest value. On the last cell your level 10 card touches Red's cards on its "
            "left, 7 against 6, and at its bottom right, 9 against 4: both turn at once. Strategy: keep a "
            "strong card for the last cells, where it touches the most."
        ),
    ),
)


#: what the shared lesson screens ask of this game
BOOK = LessonBook(lessons=LESSONS, sections=SECTIONS, first_game=FIRST_GAME)
