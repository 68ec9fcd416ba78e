"""SHT's moves, field slots and battle records (the values the rules, the view and the AI share).

Codes: ``c:<id>`` one card closed, ``o:<a>,<b>`` two cards open (``o:<id>``: the first turn's one
open card), ``a:<id>`` attack, ``+:<id>`` put a field card forward to defend, ``d:<ids>`` defend
with those cards, ``decline``, ``p:<id>`` put a card open (advantage), ``skip``, ``pass``.
"""

from __future__ import annotations

import attrs

from webtabletop.i18n import N_

TURN, DEFEND, ADVANTAGE, OVER = "turn", "defend", "advantage", "over"
HAND_SIZE = 5
PLAYER_NAMES = (N_("Player 1"), N_("Player 2"))  # translated where shown

CLOSED, OPEN, OPEN_ONE, ATTACK, DEFEND_KIND, DECLINE_KIND, PUT, SKIP_KIND, PASS_KIND, ADD = (
    "c",
    "o",
    "o1",
    "a",
    "d",
    "decline",
    "p",
    "skip",
    "pass",
    "+",
)


@attrs.frozen
class ShtMove:
    """``kind`` and the card ids it uses; ``code`` is the short stable text form."""

    kind: str
    cards: tuple[int, ...] = ()

    @property
    def code(self) -> str:
        if self.kind in (DECLINE_KIND, SKIP_KIND, PASS_KIND):
            return self.kind
        kind = OPEN if self.kind == OPEN_ONE else self.kind
        return f"{kind}:{','.join(str(c) for c in self.cards)}"


DECLINE = ShtMove(DECLINE_KIND)
SKIP = ShtMove(SKIP_KIND)
PASS = ShtMove(PASS_KIND)


@attrs.frozen
class Slot:
    """A field card: its id and whether it lies open (face up)."""

    card: int
    open: bool


@attrs.frozen
class Battle:
    """The public record of the last battle (shown to both players)."""

    attacker: int
    attack: int
    defence: tuple[int, ...]  # empty: declined or impossible
    result: str  # "defended", "shield" (shield broke) or "lost"
    advantage_player: int | None = None
    advantages: int = 0


def advantage_of(attacker: int, a: int, d: int) -> tuple[int, int]:
    """(player, count) of the bonus advantage after a defence of ``d`` against ``a``."""
    if d == a:
        return (1 - attacker, 1)
    if d > 2 * a:
        return (attacker, 2)
    return (attacker, 1)
