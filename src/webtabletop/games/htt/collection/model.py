"""The player's HTT collection: a pure model (no storage, no clock, no global random).

Holds the cards owned (id -> copies), packs (earned, opened), game counters, achievement progress
and rewards, the battle log, saved rule presets and the player's own sets. The app stores it with
:meth:`Collection.to_json` / :meth:`Collection.from_json` (schema ``htt-collection``, version
:data:`SCHEMA_VERSION`; older versions go through :data:`MIGRATIONS`). Every random draw takes a
``seed`` from the caller, and dates are text the caller passes in.

Decisions (digest left them open):
- The first pack is free: a new collection has one pack to open.
- Earning: :data:`EARN_RULE` — one pack per win, and one per three games played (any result).
- A pack holds 5 cards of one set, levels 1..10: a level is drawn with ``rewards.LEVEL_WEIGHTS`` (level
  1 ten times as likely as level 10), then a card of that level by its rarity weight.
  The free first pack has 5 different levels, so a new player can build an Own deck at once.
- The AI's notional collection holds every built-in card. After a non-friendly game against the AI
  where the player's hand came from the collection, the winner's pick moves one card: the player
  gains it (a win) or loses one copy of it (a loss; the AI then holds it in :attr:`ai_won`).
- A "perfect win" (10–0 on the default board) is a win in which the loser scores 0.
- Achievements grant one level-11 card, chosen at random (by rarity weight) from a set the player
  picks when claiming the reward.
"""

from __future__ import annotations

import json
from typing import Any

import attrs

from webtabletop.core.ending import ending_of
from webtabletop.core.inputs import guard, load_json
from webtabletop.core.protocol import options_from_dict, options_to_dict
from webtabletop.core.rng import Rng
from webtabletop.games.htt.collection.decks import Decks
from webtabletop.games.htt.collection.own_sets import PlayerSets
from webtabletop.games.htt.collection.reading import (
    DECK_SOURCES,
    LOG_SIZE,
    MAX_COPIES,
    CollectionError,
    read_fields,
)
from webtabletop.games.htt.collection.rewards import (
    PACK_SIZE,
    Achievement,
    achievement_list,
    draw_pack,
    progress,
)
from webtabletop.games.htt.rules.cards import Card
from webtabletop.games.htt.rules.options import HttOptions
from webtabletop.games.htt.rules.sets.library import all_sets, get_card, get_set
from webtabletop.games.htt.rules.sets.names import card_name
from webtabletop.games.htt.rules.turning import EMPTY
from webtabletop.i18n import N_, _, ngettext, pgettext

FORMAT = "htt-collection"
SCHEMA_VERSION = 1
WINS_PER_PACK = 1
GAMES_PER_PACK = 3
EARN_RULE = N_("You earn a pack of cards for every win, and one more for every three games played.")
__all__ = [
    "DECK_SOURCES",
    "LOG_SIZE",
    "MAX_COPIES",
    "PACK_SIZE",
    "Collection",
    "CollectionError",
    "draw_pack",
]


def opponent_name(stored: str) -> str:
    """The opponent as the battle log stores it ("Computer (normal)"), in the player's language."""
    if stored.startswith("Computer (") and stored.endswith(")"):
        return _("Computer ({level})").format(level=pgettext("AI level", stored[10:-1]))
    return _(stored) if stored else ""


def _migrate_0_to_1(data: dict) -> dict:
    """Version 0 kept ``owned`` as a list of card ids (one entry per copy)."""
    out = dict(data)
    owned: dict[str, int] = {}
    for cid in data.get("owned", []):
        if not isinstance(cid, str):
            raise ValueError(_("collection version 0: 'owned' must list card ids"))
        owned[cid] = owned.get(cid, 0) + 1
    out["owned"] = owned
    out["version"] = 1
    return out


#: version -> function turning that version's document into the next version's (never in place)
MIGRATIONS = {0: _migrate_0_to_1}


@attrs.define
class Collection(PlayerSets, Decks):
    """One player's collection (mutable model; copy with ``Collection.from_json(c.to_json())``)."""

    owned: dict[str, int] = attrs.field(factory=dict)
    packs_available: int = 1  # the first pack is free
    packs_opened: int = 0
    games_played: int = 0
    games_won: int = 0
    games_lost: int = 0
    games_drawn: int = 0
    perfect_wins: int = 0
    earn_progress: int = 0  # games counted toward the next "every three games" pack
    preset_wins: dict[str, int] = attrs.field(factory=dict)
    presets: dict[str, dict[str, Any]] = attrs.field(factory=dict)
    custom_sets: list[dict[str, Any]] = attrs.field(factory=list)  # CardSet JSON documents
    sets_created: int = 0
    achieved: list[str] = attrs.field(factory=list)  # achievement ids reached, in order
    rewards_pending: list[str] = attrs.field(factory=list)  # reached, level-11 card not yet claimed
    log: list[dict[str, Any]] = attrs.field(factory=list)  # newest last
    ai_won: dict[str, int] = attrs.field(factory=dict)  # cards the AI took from the player
    deck: list[str] = attrs.field(factory=list)  # the player's saved Own deck (card ids)
    deck_source: str = ""  # last deck choice in the new-game dialog: dealt / own / random

    # --- cards ---------------------------------------------------------------------------------
    def copies(self, card_id: str) -> int:
        return self.owned.get(card_id, 0)

    def add_card(self, card_id: str, n: int = 1) -> None:
        get_card(card_id)
        self.owned[card_id] = min(MAX_COPIES, self.owned.get(card_id, 0) + n)

    def remove_card(self, card_id: str) -> bool:
        """Remove one copy; False when the player has none."""
        k = self.owned.get(card_id, 0)
        if k <= 0:
            return False
        if k == 1:
            del self.owned[card_id]
        else:
            self.owned[card_id] = k - 1
        return True

    def total_cards(self) -> int:
        return sum(self.owned.values())

    def owned_cards(self) -> list[Card]:
        out = []
        for cid in sorted(self.owned):
            try:
                out.append(get_card(cid))
            except ValueError:
                continue  # a card of a set no longer known: kept in the data, not shown
        return out

    def set_progress(self, set_id: str) -> tuple[int, int]:
        """(distinct cards owned, cards in the set)."""
        s = get_set(set_id)
        return sum(1 for c in s.cards if self.owned.get(c.id, 0) > 0), len(s.cards)

    def missing(self, set_id: str) -> list[Card]:
        return [c for c in get_set(set_id).cards if self.owned.get(c.id, 0) == 0]

    # --- packs ---------------------------------------------------------------------------------
    def open_pack(self, set_id: str, seed: int) -> list[str]:
        """Open one available pack of ``set_id``: 5 cards of levels 1..10 (seeded); returns their ids."""
        if self.packs_available <= 0:
            raise ValueError(_("No pack to open: win games to earn packs."))
        cards = draw_pack(get_set(set_id), seed, distinct_levels=self.packs_opened == 0)
        for cid in cards:
            self.add_card(cid)
        self.packs_available -= 1
        self.packs_opened += 1
        self.update_achievements()
        return cards

    # --- games ---------------------------------------------------------------------------------
    def _count(self, winner: int | None, me: int, theirs: int, preset: str | None, msgs: list[str]) -> str:
        """Count a game played to its end: the result, packs earned; returns "win", "draw" or "loss"."""
        self.games_played += 1
        if winner is None:
            self.games_drawn += 1
            result = "draw"
        elif winner == me:
            self.games_won += 1
            result = "win"
            self.packs_available += WINS_PER_PACK
            msgs.append(
                ngettext(
                    "You earned {n} pack for the win.", "You earned {n} packs for the win.", WINS_PER_PACK
                ).format(n=WINS_PER_PACK)
            )
            if theirs == 0:
                self.perfect_wins += 1
            if preset:
                self.preset_wins[preset] = self.preset_wins.get(preset, 0) + 1
        else:
            self.games_lost += 1
            result = "loss"
        self.earn_progress += 1
        if self.earn_progress >= GAMES_PER_PACK:
            self.earn_progress = 0
            self.packs_available += 1
            msgs.append(
                ngettext(
                    "You earned a pack for playing {n} game.",
                    "You earned a pack for playing {n} games.",
                    GAMES_PER_PACK,
                ).format(n=GAMES_PER_PACK)
            )
        return result

    def record_game(
        self,
        state,
        me: int,
        opponent: str = "AI",
        date: str = "",
        preset: str | None = None,
        stakes: bool | None = None,
    ) -> list[str]:
        """Count a finished game from player ``me``'s side; returns messages for the player.

        ``stakes``: the pick moves a card between this collection and the AI's notional one; by
        default when the player's hand was given (from this collection) rather than dealt by the
        rules. Only a copy the player owns can be lost. Packs are earned per
        :data:`EARN_RULE`; the battle log gets an entry; achievements are updated."""
        out = state.outcome()
        if out is None:
            raise ValueError("the game is not over")
        msgs: list[str] = []
        mine, theirs = int(out.scores[me]), int(out.scores[1 - me])
        if ending_of(state) is not None:  # a resignation: the cards as they stood
            mine, theirs = state.score()[me], state.score()[1 - me]
        # a draw by agreement or a resignation before the last card: no pack, no achievement,
        # no count (three instant draws once earned a pack in 17 s); the battle log keeps it
        early = EMPTY in state.owners
        if early:
            result = "draw" if out.winner is None else "win" if out.winner == me else "loss"
            msgs.append(
                _("A game that ends before the last card earns no pack and counts for no achievement.")
            )
        else:
            result = self._count(out.winner, me, theirs, preset, msgs)
        taken = state.taken_card
        if stakes is None:
            stakes = not state.dealt[me]
        if stakes and taken is not None and not state.options.friendly:
            if out.winner == me:
                self.add_card(taken.id)
                msgs.append(
                    _("You took {card} from {opponent}.").format(card=card_name(taken), opponent=opponent_name(opponent))
                )
            elif self.remove_card(taken.id):
                self.ai_won[taken.id] = self.ai_won.get(taken.id, 0) + 1
                msgs.append(
                    _("{opponent} took your {card}.").format(opponent=opponent_name(opponent), card=card_name(taken))
                )
        self.log.append(
            {
                "date": date,
                "opponent": opponent,
                "score": f"{mine}–{theirs}",
                "result": result,
                "rules": ", ".join(state.options.rule_names()) or "standard",
                "board": state.options.board,
                "taken": taken.id if taken is not None else None,
            }
        )
        del self.log[:-LOG_SIZE]
        for a in [] if early else self.update_achievements():
            msgs.append(_("Achievement: {title} — claim a level-11 card!").format(title=a.title))
        return msgs

    # --- presets -------------------------------------------------------------------------------
    def save_preset(self, name: str, options: dict[str, Any] | HttOptions) -> None:
        """Keep a rule preset (the table rules only: hands are chosen per game)."""
        name = name.strip()
        if not name or len(name) > 40:
            raise ValueError(_("A preset needs a name of 1..40 characters."))
        opts = options if isinstance(options, HttOptions) else options_from_dict(HttOptions, dict(options))
        data = {
            k: v
            for k, v in options_to_dict(opts).items()
            if k not in ("hand0", "hand1") and v != getattr(HttOptions(), k)
        }
        self.presets[name] = data

    def delete_preset(self, name: str) -> None:
        self.presets.pop(name, None)

    def preset_options(self, name: str) -> HttOptions:
        return options_from_dict(HttOptions, dict(self.presets[name]))

    # --- player-made sets ----------------------------------------------------------------------
    # --- achievements --------------------------------------------------------------------------
    def progress(self, kind: str) -> int:
        return progress(self, kind)

    def achievements(self) -> list[tuple[Achievement, int, bool]]:
        """(achievement, progress capped at target, reached) for every achievement."""
        sets = all_sets()
        return [
            (a, min(a.target, self.progress(a.kind)), a.id in self.achieved)
            for a in achievement_list([s.id for s in sets], {s.id: s.name for s in sets})
        ]

    def update_achievements(self) -> list[Achievement]:
        """Mark newly reached achievements (each adds a pending level-11 reward); returns them."""
        new = []
        for a, prog, reached in self.achievements():
            if not reached and prog >= a.target:
                self.achieved.append(a.id)
                self.rewards_pending.append(a.id)
                new.append(a)
        return new

    def claim_reward(self, achievement_id: str, set_id: str, seed: int) -> str:
        """Give the reward of a reached achievement: a random level-11 card of ``set_id``."""
        if achievement_id not in self.rewards_pending:
            raise ValueError(
                _("No reward waiting for {achievement}.").format(achievement=repr(achievement_id)[:60])
            )
        elevens = get_set(set_id).by_level(11)
        rng = Rng.from_seed(seed)
        card = elevens[rng.weighted_index([c.rarity for c in elevens])]
        self.rewards_pending.remove(achievement_id)
        self.add_card(card.id)
        self.update_achievements()
        return card.id

    # --- JSON ----------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        data = attrs.asdict(self)
        return {"format": FORMAT, "version": SCHEMA_VERSION, **data}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, data: Any) -> Collection:
        """Read (and migrate) a stored collection; raises :class:`CollectionError` (a ValueError)
        saying what is wrong, whatever the data holds."""
        return guard(lambda: cls._read(data), CollectionError, _("the collection"))

    @classmethod
    def _read(cls, data: Any) -> Collection:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise CollectionError(_("this is not an HTT collection"))
        version = data.get("version")
        if (
            not isinstance(version, int)
            or isinstance(version, bool)
            or version > SCHEMA_VERSION
            or version < min(MIGRATIONS, default=SCHEMA_VERSION)
        ):
            shown = repr(version) if len(repr(version)) <= 20 else repr(version)[:17] + "…"
            raise CollectionError(
                _("collection version {version} is not supported (this app reads versions up to {newest})").format(
                    version=shown, newest=SCHEMA_VERSION
                )
            )
        while version < SCHEMA_VERSION:
            data = MIGRATIONS[version](data)
            version = data["version"]
        return cls(**read_fields(data))

    @classmethod
    def loads(cls, text: str) -> Collection:
        what = _("the collection")
        data = guard(lambda: load_json(text, what), CollectionError, what)
        return cls.from_json(data)
