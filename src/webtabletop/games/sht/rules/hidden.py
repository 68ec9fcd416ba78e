"""What each player of SHT may see, and the AI's view of what it cannot see (a mixin of
:class:`~webtabletop.games.sht.rules.state.ShtState`; split from the rules so each file reads in one
sitting).

Invariants: :meth:`HiddenInformation.view` and :meth:`HiddenInformation.determinize` depend only on
what ``player`` may see (``visible_cards``); no hidden card reaches a view unless ``reveal`` (the
app's "show everything", asked for by a player after the game).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from webtabletop.core.outcome import Outcome
from webtabletop.core.rng import Rng
from webtabletop.games.sht.rules import cards as C
from webtabletop.games.sht.rules.moves import ADVANTAGE, OVER, Battle, Slot
from webtabletop.games.sht.rules.options import ShtOptions
from webtabletop.games.sht.rules.turns import set_zone


class HiddenInformation:
    """Views and determinization, for :class:`~webtabletop.games.sht.rules.state.ShtState` (its fields
    ``deck``, ``hands``, ``shields``, ``fields``, ``discard``, ``attack``, ``chosen`` …)."""

    __slots__ = ()

    if TYPE_CHECKING:  # the fields and methods of ShtState this mixin reads
        options: ShtOptions
        deck: tuple[int, ...]
        hands: tuple[tuple[int, ...], tuple[int, ...]]
        shields: tuple[int | None, int | None]
        fields: tuple[tuple[Slot, ...], tuple[Slot, ...]]
        discard: tuple[int, ...]
        first: int
        player: int
        phase: str
        turn: int
        attack: int | None
        adv_player: int
        adv_left: int
        passes: int
        last_battle: Battle | None
        chosen: tuple[int, ...]

        @property
        def first_turn(self) -> bool: ...

        def to_move(self) -> int: ...

        def outcome(self) -> Outcome | None: ...

        def _draft(self) -> dict[str, Any]: ...

    def visible_cards(self, player: int | None, reveal: bool = False) -> frozenset[int]:
        """Every card whose face ``player`` may see now (None = a spectator); with ``reveal`` (the
        player asked to see everything after the game) also both hands, closed cards and shields."""
        seen = set(self.discard)
        if self.attack is not None:
            seen.add(self.attack)
        for p in (0, 1):
            show = p == player or reveal
            for slot in self.fields[p]:
                if slot.open or show:
                    seen.add(slot.card)
            if show:
                seen.update(self.hands[p])
            shield = self.shields[p]
            if reveal and shield is not None:
                seen.add(shield)
        return frozenset(seen)

    def view(self, player: int | None, reveal: bool = False) -> dict[str, Any]:
        """What ``player`` may see, with cards as names (``"QS"``); hidden cards are ``None``.

        Own hand and own closed cards, all open cards, the discard pile and the battle card; the
        opponent's hand and closed cards only as counts/backs; shields only as present or not; the
        deck only as a count; which field cards are put forward in a defence (``chosen``). Hidden
        cards stay hidden after the game too: only ``reveal`` (the app's "show everything", which
        a player asks for after the game) shows both hands, closed cards and shields.
        """
        players = []
        for p in (0, 1):
            show = p == player or reveal
            forward = set(self.chosen) if p != self.player else set()
            players.append(
                {
                    "hand": [_face(c) for c in self.hands[p]] if show else None,
                    "hand_count": len(self.hands[p]),
                    "shield": self.shields[p] is not None,
                    "shield_card": _face(shield) if reveal and (shield := self.shields[p]) is not None else None,
                    "field": [
                        {
                            "card": _face(x.card) if (x.open or show) else None,
                            "open": x.open,
                            "chosen": x.card in forward,
                        }
                        for x in self.fields[p]
                    ],
                }
            )
        lb = self.last_battle
        outcome = self.outcome()
        return {
            "viewer": player,
            "phase": self.phase,
            "to_move": self.to_move(),
            "player": self.player,
            "first": self.first,
            "turn": self.turn,
            "first_turn": self.first_turn,
            "deck_count": len(self.deck),
            "discard": [C.name(c) for c in self.discard],
            "attack": C.name(self.attack) if self.attack is not None else None,
            "advantage": {"player": self.adv_player, "left": self.adv_left}
            if self.phase == ADVANTAGE
            else None,
            "passes": self.passes,
            "players": players,
            "last_battle": None
            if lb is None
            else {
                "attacker": lb.attacker,
                "attack": C.name(lb.attack),
                "defence": [C.name(c) for c in lb.defence],
                "result": lb.result,
                "advantage_player": lb.advantage_player,
                "advantages": lb.advantages,
            },
            "outcome": None if outcome is None else {"winner": outcome.winner, "reason": outcome.reason},
        }

    def determinize(self, player: int, seed: int) -> Any:
        """A state ``player`` cannot tell from this one: every card they cannot see (opponent's hand
        and closed cards, both shields, the deck) is dealt again at random from the same multiset,
        and the generator state is replaced. Depends only on ``view(player)`` and ``seed``."""
        if self.phase == OVER:
            return self
        rng = Rng.from_seed(seed)
        unseen = sorted(set(C.ALL_CARDS) - self.visible_cards(player))
        rng.shuffle(unseen)
        q = 1 - player
        pos = 0
        n = len(self.hands[q])
        opp_hand = C.sorted_cards(unseen[pos : pos + n])
        pos += n
        opp_field = []
        renamed = {}
        for slot in self.fields[q]:
            if slot.open:
                opp_field.append(slot)
            else:
                renamed[slot.card] = unseen[pos]
                opp_field.append(Slot(unseen[pos], False))
                pos += 1
        shields: list[int | None] = []
        for sh in self.shields:
            if sh is None:
                shields.append(None)
            else:
                shields.append(unseen[pos])
                pos += 1
        deck = tuple(unseen[pos:])
        assert len(deck) == len(self.deck)
        d = self._draft()
        set_zone(d, "hands", q, opp_hand)
        set_zone(d, "fields", q, tuple(opp_field))
        d.update(shields=(shields[0], shields[1]), deck=deck, rng_state=rng.next_u64())
        d["chosen"] = tuple(renamed.get(c, c) for c in self.chosen)  # the same field slots
        return type(self)(**d)


def _face(card: int) -> str | None:
    """A card's name, or None for a placeholder (a match card not opened to this browser)."""
    return None if C.is_placeholder(card) else C.name(card)
