"""Table options of a duel (defaults = the digest's plain game: 9-cell rhombus, standard rule only).

Hands: ``hand0`` / ``hand1`` list card references (ids such as ``emb-3b`` or inline codes
``~12345Ar3``) in hand order (the deck order the player arranged; In order plays it first card
first). An empty hand is *dealt* by the rules from ``deal_set`` with the game seed: it gets a
random card of each level of the other player's given hand (in that hand's order), or, when both
are dealt, both hands get cards of the same randomly drawn levels (different levels when the level
range allows), in the order drawn. So the record (options + seed + moves) always replays exactly.

Own deck / Random: the app puts the player's chosen cards (Own deck) or
``Collection.random_hand`` (Random) into the hand; the options check one card per level. A dealt
hand under these rules also has different levels.

Wall, Mirror and Anti-wall exclude each other, so they are one choice: ``wall``.
"""

from __future__ import annotations

import attrs

from webtabletop.core.house_rules import house_rule
from webtabletop.games.htt.rules.board import BOARD_TITLES, BOARDS, get_board
from webtabletop.games.htt.rules.sets.names import card_name
from webtabletop.i18n import N_, _, ngettext
from webtabletop.i18n.text import join_list

WALLS = ("none", "wall", "mirror", "antiwall")
WALL_TITLES = {"none": "", "wall": N_("Wall"), "mirror": N_("Mirror"), "antiwall": N_("Anti-wall")}
LEVEL_RANGE = (1, 11)

#: presets for the new-game dialog (the collection keeps the player's own presets too)
PRESETS = {
    "plain": {},
    "open": {"open": True},
    "classic": {"same": True, "plus": True, "combo": True, "wall": "wall"},
    "chaos": {"same": True, "plus": True, "minus": True, "combo": True, "wall": "mirror", "matter": True},
    "block": {"block": True, "same": True, "plus": True, "wall": "wall"},
    "big": {"board": "hex19"},
    "small": {"board": "hex7"},
}


def _hand(value):
    if value is None or value == "":
        return ()
    if isinstance(value, str):
        value = [v for v in value.split(",") if v.strip()]
    if not isinstance(value, list | tuple):
        raise ValueError(_("A hand must be a list of card ids, not {value}.").format(value=repr(value)[:60]))
    return tuple(str(v).strip() if isinstance(v, str) else v for v in value)


def _level(_inst, attribute, value):
    if isinstance(value, bool) or not isinstance(value, int) or not LEVEL_RANGE[0] <= value <= LEVEL_RANGE[1]:
        raise ValueError(
            _("“{field}” must be a card level from 1 to 11, not {value}.").format(
                field=attribute.name, value=repr(value)[:20]
            )
        )


@attrs.frozen
class HttOptions:
    board: str = attrs.field(
        default="rhombus9",
        validator=attrs.validators.in_(BOARDS),
        metadata=house_rule(
            on="hex19",
            off="rhombus9",
            label=N_("19-cell board, 10 cards each"),
            text=N_(
                "A hexagon of 19 cells, each player bringing 10 cards; the designer speaks of five cards "
                "everywhere («пять заранее выбранных карт»)."
            ),
        ),
    )
    same: bool = False
    plus: bool = False
    minus: bool = False
    combo: bool = False
    wall: str = attrs.field(default="none", validator=attrs.validators.in_(WALLS))
    matter: bool = False
    min_level: int = attrs.field(default=1, validator=_level)
    max_level: int = attrs.field(default=11, validator=_level)
    in_order: bool = False
    block: bool = False
    open: bool = False
    own_deck: bool = False
    random_hands: bool = False
    friendly: bool = attrs.field(
        default=False,
        metadata=house_rule(
            on=True,
            off=False,
            label=N_("Friendly table"),
            text=N_(
                "No card changes hands after the game; in the designer's text the winner always takes one "
                "of the loser's cards («Игрок, одержавший победу, всегда выбирает одну из пяти карт соперника»)."
            ),
        ),
    )
    hand0: tuple = attrs.field(default=(), converter=_hand)
    hand1: tuple = attrs.field(default=(), converter=_hand)
    deal_set: str = "all"

    def __attrs_post_init__(self) -> None:
        from webtabletop.games.htt.rules.sets.library import BUILTIN_IDS, get_card, get_set

        for name in (
            "same",
            "plus",
            "minus",
            "combo",
            "matter",
            "in_order",
            "block",
            "open",
            "own_deck",
            "random_hands",
            "friendly",
        ):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(
                    _("Option “{field}” must be true or false, not {value}.").format(
                        field=name, value=repr(getattr(self, name))[:20]
                    )
                )
        if self.min_level > self.max_level:
            raise ValueError(
                _("The minimum level ({min}) is above the maximum level ({max}).").format(
                    min=self.min_level, max=self.max_level
                )
            )
        if self.deal_set != "all":
            try:
                get_set(self.deal_set)
            except KeyError:
                raise ValueError(
                    _("Unknown card set {set} to deal from (built-in: {builtin}).").format(
                        set=repr(self.deal_set)[:40], builtin=join_list(BUILTIN_IDS)
                    )
                ) from None
        size = get_board(self.board).hand_size
        levels = self.max_level - self.min_level + 1
        distinct = self.own_deck or self.random_hands
        if distinct and levels < size:
            text = (
                ngettext(
                    "Own deck needs {size} different level but levels {min}..{max} give {n}.",
                    "Own deck needs {size} different levels but levels {min}..{max} give {n}.",
                    size,
                )
                if self.own_deck
                else ngettext(
                    "Random needs {size} different level but levels {min}..{max} give {n}.",
                    "Random needs {size} different levels but levels {min}..{max} give {n}.",
                    size,
                )
            )
            raise ValueError(text.format(size=size, min=self.min_level, max=self.max_level, n=levels))
        for p, hand in enumerate((self.hand0, self.hand1)):
            if not hand:
                continue
            who = _("Player {n}’s hand").format(n=p + 1)
            if len(hand) != size:
                if self.board == "hex7":
                    raise ValueError(
                        ngettext(
                            "{who} has {n} card; the hexagon of 7 cells needs {size} (since the rules "
                            "correction every hand on it has 5 cards, as the source says)",
                            "{who} has {n} cards; the hexagon of 7 cells needs {size} (since the rules "
                            "correction every hand on it has 5 cards, as the source says)",
                            len(hand),
                        ).format(who=who, n=len(hand), size=size)
                    )
                raise ValueError(
                    ngettext(
                        "{who} has {n} card; the {board} needs {size}.", "{who} has {n} cards; the {board} needs {size}.", len(hand)
                    ).format(
                        who=who, n=len(hand), board=_(BOARD_TITLES[self.board]), size=size
                    )
                )
            cards = []
            for ref in hand:
                try:
                    cards.append(get_card(ref))
                except ValueError as exc:
                    raise ValueError(_("{who}: {problem}").format(who=who, problem=exc)) from None
            for c in cards:
                if not self.min_level <= c.level <= self.max_level:
                    raise ValueError(
                        _("{who}: {card} is level {level}, outside the allowed levels {min}..{max}.").format(
                            who=who, card=card_name(c), level=c.level, min=self.min_level, max=self.max_level
                        )
                    )
            if distinct and len({c.level for c in cards}) != len(cards):
                text = (
                    _("{who}: Own deck allows at most one card per level.")
                    if self.own_deck
                    else _("{who}: Random allows at most one card per level.")
                )
                raise ValueError(text.format(who=who))

    @property
    def hand_size(self) -> int:
        return get_board(self.board).hand_size

    def hand(self, player: int) -> tuple:
        return self.hand0 if player == 0 else self.hand1

    def deck_strength(self, player: int) -> int | None:
        """Sum of the levels of a given hand (shown in the table properties under Own deck)."""
        from webtabletop.games.htt.rules.sets.library import get_card

        hand = self.hand(player)
        return sum(get_card(r).level for r in hand) if hand else None

    def rule_names(self) -> list[str]:
        """The table rules in force, as short titles (for the scoreboard and the battle log)."""
        out = []
        for flag, title in (
            ("own_deck", "Own deck"),
            ("random_hands", "Random"),
            ("open", "Open"),
            ("same", "Same"),
            ("plus", "Plus"),
            ("minus", "Minus"),
            ("combo", "Combo"),
        ):
            if getattr(self, flag):
                out.append(title)
        if self.wall != "none":
            out.append(WALL_TITLES[self.wall])
        if self.matter:
            out.append("Matter")
        if self.min_level > 1:
            out.append(f"Min level {self.min_level}")
        if self.max_level < 11:
            out.append(f"Max level {self.max_level}")
        if self.in_order:
            out.append("In order")
        if self.block:
            out.append("Block")
        if self.friendly:
            out.append("Friendly")
        return out

    def describe(self) -> str:
        """The board and the table rules; the house rules (Friendly, the 19-cell board) are named
        by the app after these (core/house_rules.py)."""
        titles = [translate_rule(name) for name in self.rule_names() if name != "Friendly"]
        rules = join_list(titles) or _("standard rule only")
        return _("HTT · {board} · {rules}").format(board=_(BOARD_TITLES[self.board]), rules=rules)


RULE_TITLES = {
    "Own deck": N_("Own deck"),
    "Random": N_("Random"),
    "Open": N_("Open"),
    "Same": N_("Same"),
    "Plus": N_("Plus"),
    "Minus": N_("Minus"),
    "Combo": N_("Combo"),
    "Matter": N_("Matter"),
    "In order": N_("In order"),
    "Block": N_("Block"),
    "Friendly": N_("Friendly"),
    "standard": N_("standard"),
}


def translate_rule(name: str) -> str:
    """One English rule name as stored (battle log, :meth:`HttOptions.rule_names`), translated."""
    if name.startswith("Min level "):
        return _("Min level {n}").format(n=name[10:])
    if name.startswith("Max level "):
        return _("Max level {n}").format(n=name[10:])
    return _(RULE_TITLES.get(name, name))
