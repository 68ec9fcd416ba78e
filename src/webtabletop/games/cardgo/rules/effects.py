"""CardGO cards and their 13 effects (0..12), and the chance interface random effects draw from.

On-play effects (1, 2, 4, 5, 6, 7, 9, 11, 12) resolve right after the placement, before rules 1-3;
the extra plays of Indulgence (1), Pride (4) and Excitement (11) are offered *after* rules 1-3 of the
placement have resolved, as an optional follow-up move by the same player. Effects read the card's
printed value (terrain only changes the stone's value on the board). Standing effects: Joy (3),
Loneliness (8), Suppression (10) act while the stone is on the board.
"""

from __future__ import annotations

import attrs

from webtabletop.core.rng import Rng
from webtabletop.i18n import N_, _, pgettext

(
    NO_EFFECT,
    INDULGENCE,
    BRAVE,
    JOY,
    PRIDE,
    SORROW,
    PAIN,
    KINDNESS,
    LONELINESS,
    LOVE,
    SUPPRESSION,
    EXCITEMENT,
    EVIL,
) = range(13)


@attrs.frozen
class EffectKind:
    id: int
    name: str
    letter: str  # one character for card codes and diagrams (the stone's badge: :func:`badge`)
    text: str


EFFECTS: tuple[EffectKind, ...] = (
    EffectKind(NO_EFFECT, N_("No effect"), "", N_("A plain card: its value only.")),
    EffectKind(
        INDULGENCE, N_("Indulgence"), "I", N_("You may at once also play a hand card of value this + 1.")
    ),
    EffectKind(
        BRAVE,
        N_("Brave"),
        "B",
        N_("A random enemy stone on the board becomes yours (not a Loneliness stone)."),
    ),
    EffectKind(
        JOY, N_("Joy"), "J", N_("This stone needs one less connectivity: it takes effect at value ≤ X + 1.")
    ),
    EffectKind(PRIDE, N_("Pride"), "P", N_("You may at once also play a hand card of value this − 1.")),
    EffectKind(SORROW, N_("Sorrow"), "S", N_("The opponent loses a random 0..value time.")),
    EffectKind(PAIN, N_("Pain"), "A", N_("The opponent loses time equal to this value.")),
    EffectKind(KINDNESS, N_("Kindness"), "K", N_("You gain time equal to this value.")),
    EffectKind(
        LONELINESS,
        N_("Loneliness"),
        "L",
        N_("This stone is never converted by the opponent (breathlessness, Brave)."),
    ),
    EffectKind(LOVE, N_("Love"), "V", N_("On play, draw one extra card (on top of the turn's draw).")),
    EffectKind(
        SUPPRESSION,
        N_("Suppression"),
        "U",
        N_("While on the board, the stone directly below it cannot take effect."),
    ),
    EffectKind(
        EXCITEMENT, N_("Excitement"), "E", N_("You may at once also play a hand card of equal value.")
    ),
    EffectKind(
        EVIL,
        N_("Evil"),
        "D",
        N_("On placement, destroy a random stone in its 4-neighbourhood (either colour, no damage)."),
    ),
)
LETTERS = {e.letter: e.id for e in EFFECTS if e.letter}


def badge(effect: int) -> str:
    """The badge a stone with ``effect`` wears (and the rules page's legend): one or two
    characters of the effect's name in the reader's language, all twelve different. The card-code
    letter (:attr:`EffectKind.letter`) stays the same in every language: codes and links use it."""
    badges = (
        "",
        # TRANSLATORS: CardGO: the badge on a stone for the effect "Indulgence": one or two letters (one character in Chinese and Japanese) taken from your name of the effect; the twelve badges must all differ
        pgettext("CardGO effect badge", "I"),
        # TRANSLATORS: CardGO: the badge on a stone for the effect "Brave": one or two letters (one character in Chinese and Japanese) taken from your name of the effect; the twelve badges must all differ
        pgettext("CardGO effect badge", "B"),
        # TRANSLATORS: CardGO: the badge on a stone for the effect "Joy": one or two letters (one character in Chinese and Japanese) taken from your name of the effect; the twelve badges must all differ
        pgettext("CardGO effect badge", "J"),
        # TRANSLATORS: CardGO: the badge on a stone for the effect "Pride": one or two letters (one character in Chinese and Japanese) taken from your name of the effect; the twelve badges must all differ
        pgettext("CardGO effect badge", "Pr"),
        # TRANSLATORS: CardGO: the badge on a stone for the effect "Sorrow": one or two letters (one character in Chinese and Japanese) taken from your name of the effect; the twelve badges must all differ
        pgettext("CardGO effect badge", "So"),
        # TRANSLATORS: CardGO: the badge on a stone for the effect "Pain": one or two letters (one character in Chinese and Japanese) taken from your name of the effect; the twelve badges must all differ
        pgettext("CardGO effect badge", "Pa"),
        # TRANSLATORS: CardGO: the badge on a stone for the effect "Kindness": one or two letters (one character in Chinese and Japanese) taken from your name of the effect; the twelve badges must all differ
        pgettext("CardGO effect badge", "K"),
        # TRANSLATORS: CardGO: the badge on a stone for the effect "Loneliness": one or two letters (one character in Chinese and Japanese) taken from your name of the effect; the twelve badges must all differ
        pgettext("CardGO effect badge", "Ln"),
        # TRANSLATORS: CardGO: the badge on a stone for the effect "Love": one or two letters (one character in Chinese and Japanese) taken from your name of the effect; the twelve badges must all differ
        pgettext("CardGO effect badge", "Lv"),
        # TRANSLATORS: CardGO: the badge on a stone for the effect "Suppression": one or two letters (one character in Chinese and Japanese) taken from your name of the effect; the twelve badges must all differ
        pgettext("CardGO effect badge", "Su"),
        # TRANSLATORS: CardGO: the badge on a stone for the effect "Excitement": one or two letters (one character in Chinese and Japanese) taken from your name of the effect; the twelve badges must all differ
        pgettext("CardGO effect badge", "Ex"),
        # TRANSLATORS: CardGO: the badge on a stone for the effect "Evil": one or two letters (one character in Chinese and Japanese) taken from your name of the effect; the twelve badges must all differ
        pgettext("CardGO effect badge", "Ev"),
    )
    return badges[effect]


#: extra-play effects: effect -> difference between the required hand card value and this card's
EXTRA_PLAY = {INDULGENCE: 1, PRIDE: -1, EXCITEMENT: 0}


@attrs.frozen(order=True)
class Card:
    """A hand card: printed time value and effect id."""

    value: int
    effect: int = NO_EFFECT

    @property
    def code(self) -> str:
        return f"{self.value}{EFFECTS[self.effect].letter}"

    @property
    def label(self) -> str:
        return f"{self.value}" if not self.effect else f"{self.value} {EFFECTS[self.effect].name}"


def card_text(card: Card) -> str:
    """``5`` or ``5 Joy`` in the reader's language (``Card.label`` is the English one)."""
    if not card.effect:
        return str(card.value)
    return _("{value} {effect}").format(value=card.value, effect=_(EFFECTS[card.effect].name))


#: a hand card this browser may not see (link mode): no value, no effect; placing it is refused
UNSEEN = Card(-1)

#: effects whose outcome is drawn when the card is played (Brave's stone, Evil's target, Sorrow's
#: amount, Love's card): by link it must come from a seed its player could not know when choosing
AFTER_THE_CHOICE = frozenset({BRAVE, EVIL, SORROW, LOVE})


def card_from_code(code: str) -> Card:
    """``"4"`` or ``"4J"`` (value, then an optional effect letter)."""
    digits = code.rstrip("".join(LETTERS))
    letter = code[len(digits) :]
    if not digits.isdigit() or (letter and letter not in LETTERS) or len(letter) > 1:
        raise ValueError(f"not a card code: {code!r}")
    return Card(int(digits), LETTERS[letter] if letter else NO_EFFECT)


def deal_card(rng: Rng, min_value: int, max_value: int, effects: bool) -> Card:
    """One card from the endless seeded source: uniform value, uniform effect (0..12) if effects are on."""
    value = rng.randint(min_value, max_value)
    effect = rng.randbelow(len(EFFECTS)) if effects else NO_EFFECT
    return Card(value, effect)


class Chance:
    """Where random effects get their outcomes. The game uses :class:`RngChance`; the preview uses
    :class:`HiddenChance`, which answers None ("unknown") so no future draw leaks."""

    def pick(self, candidates: list[int]) -> int | None:
        raise NotImplementedError

    def amount(self, lo: int, hi: int) -> int | None:
        raise NotImplementedError


class RngChance(Chance):
    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def pick(self, candidates: list[int]) -> int | None:
        return self.rng.choice(candidates) if candidates else None

    def amount(self, lo: int, hi: int) -> int | None:
        return self.rng.randint(lo, hi)


class HiddenChance(Chance):
    def pick(self, candidates: list[int]) -> int | None:
        return None

    def amount(self, lo: int, hi: int) -> int | None:
        return None
