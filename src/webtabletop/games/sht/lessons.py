"""SHT's lessons (``#/sht/learn``): a turn's three actions, the shield, a battle and its
advantages, and the end. Positions name cards (``"7H"`` = 7♥, ``"QC"`` = Q♣; a ``*`` suffix on
a field card = closed); every card not named is in the deck. The learner is Player 1.
"""

from __future__ import annotations

from webtabletop.games.sht import cards as C
from webtabletop.games.sht.positions import state_from
from webtabletop.games.sht.rules import ShtState
from webtabletop.i18n import N_
from webtabletop.learn.lesson import Lesson

#: the headings of the rules digest (../shared/rules/sht.md)
SECTIONS = ("Components", "Setup", "A turn: exactly one of", "Battle", "End", "Hidden information is real")
COMPONENTS, SETUP, TURN, BATTLE, END, HIDDEN = SECTIONS


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


def won(start: ShtState, now: ShtState) -> bool:
    outcome = now.outcome()
    return outcome is not None and outcome.winner == start.to_move()


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
