"""SHT's lessons (``#/sht/learn``): a turn's three actions, the shield, a battle and its
advantages, and the end. Positions name cards (``"7H"`` = 7♥, ``"QC"`` = Q♣; a ``*`` suffix on
a field card = closed); every card not named is in the deck. The learner is Player 1.
"""

from __future__ import annotations

from webtabletop.games.sht.rules import cards as C
from webtabletop.games.sht.rules.options import ShtOptions
from webtabletop.games.sht.rules.positions import state_from
from webtabletop.games.sht.rules.state import ShtState, new_game
from webtabletop.i18n import N_
from webtabletop.learn.catalog import LessonBook
from webtabletop.learn.lesson import Lesson, guided_game, won

#: the headings of the rules digest (../shared/rules/sht.md)
SECTIONS = ("Components", "Setup", "A turn: exactly one of", "Battle", "End", "Hidden information is real")
COMPONENTS, SETUP, TURN, BATTLE, END, HIDDEN = SECTIONS

#: the items a lesson teaches by doing (docs/lessons.md's item table): the card values that are
#: not printed on the card (the digest's "A=1, 2..10 as printed, J=11, Q=12, K=13")
ACE, JACK, QUEEN, KING = ITEMS = ("value A = 1", "value J = 11", "value Q = 12", "value K = 13")


def card(name: str) -> int:
    return C.from_name(name)


def attack(name: str) -> str:
    return f"a:{card(name)}"


def closed(name: str) -> str:
    return f"c:{card(name)}"


def opened(*names: str) -> str:
    return "o:" + ",".join(str(card(n)) for n in sorted(names, key=card))


def defend(*names: str) -> str:
    return "d:" + ",".join(str(c) for c in sorted((card(n) for n in names), reverse=True))


def position(**zones):
    zones.setdefault("turn", 3)
    return lambda: state_from(**zones)


def shield_broken(start: ShtState, now: ShtState) -> bool:
    other = 1 - start.to_move()
    return start.shields[other] is not None and now.shields[other] is None


def field_grew(closed_cards: int, open_cards: int):
    """The learner's field has ``closed_cards`` more closed and ``open_cards`` more open cards."""

    def check(start: ShtState, now: ShtState) -> bool:
        me = start.to_move()

        def count(state: ShtState, is_open: bool) -> int:
            return sum(1 for slot in state.fields[me] if slot.open == is_open)

        return (
            count(now, False) - count(start, False) >= closed_cards
            and count(now, True) - count(start, True) >= open_cards
        )

    return check


def earned_advantage(start: ShtState, now: ShtState) -> bool:
    battle = now.last_battle
    return (
        battle is not None and battle is not start.last_battle and battle.advantage_player == start.to_move()
    )


LESSONS = (
    Lesson(
        id="win",
        title=N_("Attack to win"),
        idea=N_(
            "Attacking is one of the three things a turn may be: choose one of your field cards. If the "
            "opponent cannot defend and has no shield left, you win."
        ),
        goal=N_("Player 2 has no shield and no field cards. Attack with your 9."),
        start=position(hand0=["7H", "KS"], hand1=["3D"], field0=["9S"], shield0="AH", shield1=None),
        reached=won,
        solution=(attack("9S"),),
        sections=(END, TURN),
        miss=N_("Click your field card (the 9) twice, or drag it onto the opponent's side, to attack."),
    ),
    Lesson(
        id="shield",
        title=N_("The shield"),
        idea=N_(
            "Each player has one shield card, face down: nobody may look at it. An attack that is not "
            "defended breaks the shield, and it goes into its owner's hand."
        ),
        goal=N_("Break Player 2's shield."),
        start=position(hand0=["4C", "QH"], hand1=["6D", "2S"], field0=["JS"], shield0="AH", shield1="8C"),
        reached=shield_broken,
        solution=(attack("JS"),),
        sections=(BATTLE, COMPONENTS, SETUP),
        miss=N_("Attack with your field card: Player 2 has nothing on the field to defend with."),
    ),
    Lesson(
        id="closed",
        title=N_("A closed card"),
        idea=N_(
            "A turn may put one hand card on your field closed (face down): only you know what it is. "
            "Field cards defend, and later attack."
        ),
        goal=N_("Put one of your cards on the field, closed."),
        start=position(hand0=["KS", "3H", "6D"], hand1=["5C"], field1=["7S"], shield0="AH", shield1="QC"),
        reached=field_grew(1, 0),
        solution=(closed("KS"),),
        sections=(TURN, COMPONENTS),
        miss=N_("Choose one card and put it on your field closed: two cards would go open."),
    ),
    Lesson(
        id="open",
        title=N_("Two cards open"),
        idea=N_(
            "Or a turn may put two hand cards on the field open (face up), so both players see them: more "
            "defence at once, but no secret."
        ),
        goal=N_("Put two cards on your field, open."),
        start=position(hand0=["KS", "3H", "6D"], hand1=["5C"], field1=["7S"], shield0="AH", shield1="QC"),
        reached=field_grew(0, 2),
        solution=(opened("3H", "6D"),),
        sections=(TURN,),
        miss=N_("Select two hand cards, then put them on the field: both go open."),
    ),
    Lesson(
        id="first-turn",
        title=N_("The very first turn"),
        idea=N_(
            "To offset the first move's advantage, the first player's very first turn may only put one "
            "hand card on the field, open."
        ),
        goal=N_("You begin the game: put one card on your field, open."),
        start=position(
            hand0=["KS", "3H", "6D", "9C", "2S"],
            hand1=["5C", "8H", "JD", "4S", "7C"],
            shield0="AH",
            shield1="QC",
            turn=0,
        ),
        reached=field_grew(0, 1),
        solution=(opened("KS"),),
        sections=(SETUP, TURN),
        miss=N_("On the very first turn only one card may go on the field, open."),
    ),
    Lesson(
        id="advantage",
        title=N_("Attack to earn advantages"),
        idea=N_(
            "If the defence adds up to more than twice the attack, the attacker earns two advantages: "
            "each one draws a card and may put one hand card on the field, open."
        ),
        goal=N_(
            "Attack with your 3: Player 2 can only defend with the 7, more than twice 3, so you earn two advantages."
        ),
        start=position(hand0=["KH"], hand1=["5C"], field0=["3S"], field1=["7D"], shield0="AH", shield1="QC"),
        reached=earned_advantage,
        solution=(attack("3S"),),
        replies=(defend("7D"),),
        sections=(BATTLE,),
        miss=N_("Attack with your field card, the 3: putting a card down earns nothing."),
    ),
    Lesson(
        id="defend",
        title=N_("Defend exactly"),
        idea=N_(
            "Against an attack of value a, you may defend with field cards whose values add up to at "
            "least a. With exactly a, you earn an advantage: draw a card and put one on the field. With "
            "more, the attacker earns it."
        ),
        goal=N_("Player 2 attacks with an 8: defend with exactly 8."),
        start=position(
            hand0=["7H"],
            hand1=["4D"],
            field0=["5C", "3D*", "9S"],
            field1=["2H"],
            shield0="AH",
            shield1="QC",
            player=1,
            attack="8H",
        ),
        reached=earned_advantage,
        solution=(defend("5C", "3D"),),
        moves=3,
        sections=(BATTLE,),
        miss=N_("The 9 alone is more than 8, so the attacker earns the advantage. 5 + 3 is exactly 8."),
    ),
    Lesson(
        id="values",
        title=N_("Card values"),
        idea=N_(
            "An ace is worth 1, a jack 11, a queen 12 and a king 13; every other card is worth the "
            "number it shows."
        ),
        goal=N_("Player 2 attacks with a queen. Defend with exactly its value."),
        start=position(
            hand0=["7H"],
            hand1=["4D"],
            field0=["KS", "AC", "JD", "5H"],
            field1=["2H"],
            shield0="AH",
            shield1="QC",
            player=1,
            attack="QH",
        ),
        reached=earned_advantage,  # type: ignore[arg-type]  # an ShtState goal; Lesson types the core State
        solution=(defend("JD", "AC"),),
        moves=3,
        sections=(COMPONENTS, BATTLE),
        teaches=ITEMS,
        miss=N_("The queen is worth 12 and the king 13: one too many. A jack and an ace make 11 + 1 = 12."),
    ),
    Lesson(
        id="two-attacks",
        title=N_("Shield first, then the win"),
        idea=N_(
            "You cannot see Player 2's hand or closed cards, and nobody sees a shield. Break the shield "
            "first; then an attack that cannot be defended wins."
        ),
        goal=N_("Win in two attacks."),
        start=position(hand0=["4H"], hand1=["2D"], field0=["KS", "QH"], shield0="AH", shield1="8C"),
        reached=won,
        solution=(attack("KS"), attack("QH")),
        replies=(closed("2D"), "decline"),
        sections=(HIDDEN, END),
        miss=N_("Attack every turn: Player 2's 2 cannot stop a queen or a king."),
    ),
)

#: sections that are not rules, and why the lessons mapped to them teach them
SECTION_NOTES = {
    HIDDEN: "a rule for the engine (what each player may see); `two-attacks` has the learner win without "
    "seeing the opponent's hand or shield",
}

#: the real deck; Player 1 (the learner) begins
FIRST_OPTIONS = ShtOptions(first_player="first")

#: the guided first game (``#/sht/learn/first-game``): a whole game with the real deck shuffled
#: from seed 19 (the deals and draws come from the game's own generator, so they are the same
#: every time), Player 2's moves fixed; a tip at each of the learner's twelve moves (a defence is two: a card put forward, then the defence)
FIRST_GAME = guided_game(
    idea=N_(
        "A whole game with a real deck, with a tip at every move. The board marks a good move: play it, or "
        "choose your own (then Player 2 answers on its own)."
    ),
    goal=N_("Win the game: land an attack Player 2 cannot defend once their shield is broken."),
    start=lambda: new_game(FIRST_OPTIONS, 19),
    reached=won,
    solution=(
        "o:9",
        "a:9",
        "o:33,35",
        "o:28,16",
        "+:28",
        "d:28",
        "p:11",
        "a:33",
        "p:25",
        "+:16",
        "d:16",
        "a:11",
    ),
    replies=("c:41", "decline", "o:21,50", "o:0,2", "a:2", "d:50,0", "a:41", "p:39"),
    sections=(SETUP, TURN, BATTLE, END),
    tips=(
        N_(
            "Welcome to SHT, a duel with one standard deck. You are Player 1 and begin. Each player has a "
            "hand, field cards and one shield card that nobody may look at. On the very first turn you may "
            "only put one card on the field, open: put one of your 10s there."
        ),
        N_(
            "The goal: land an attack the opponent cannot defend while they have no shield. Attack with your "
            "10: Player 2 has only one closed card on the field to defend with."
        ),
        N_(
            "Player 2 did not defend, so their shield broke and went into their hand. A turn is one of three "
            "things: put one card closed, put two cards open, or attack. Put your 8 and your other 10 open."
        ),
        N_(
            "Field cards defend: against an attack you choose field cards adding up to at least its value. "
            "Put your 3 and 4 open as well."
        ),
        N_("Player 2 attacks with a 3. Put your 3 forward to defend with it."),
        N_(
            "Now defend with it: a defence of exactly the attack's value earns you an advantage, a card drawn "
            "and one hand card put open."
        ),
        N_("Your advantage drew a queen, worth 12: put it on the field, open."),
        N_(
            "Attack with your 8. Even a defence of more than 8 earns you an advantage, and two if it is more "
            "than twice 8."
        ),
        N_("Player 2 defended with 12 + 1 = 13, so the advantage is yours: put the king you drew open."),
        N_("Player 2 attacks with a 3 and you have no 3 left: put your 4 forward."),
        N_("Defend with the 4: more than the attack gives Player 2 an advantage, but your shield stays."),
        N_(
            "Player 2 has no shield and only 9 + 1 = 10 on the field: attack with your queen and win. "
            "Strategy: break the shield early, keep enough on the field to defend, and defend with exactly "
            "the attack's value when you can."
        ),
    ),
)


#: what the shared lesson screens ask of this game
BOOK = LessonBook(
    lessons=LESSONS, sections=SECTIONS, section_notes=SECTION_NOTES, first_game=FIRST_GAME, items=ITEMS
)
