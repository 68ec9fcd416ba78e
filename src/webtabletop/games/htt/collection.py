"""The player's HTT collection: a pure model (no storage, no clock, no global random).

Holds the cards owned (id -> copies), packs (earned, opened), game counters, achievement progress
and rewards, the battle log, saved rule presets and the player's own sets. The app stores it with
:meth:`Collection.to_json` / :meth:`Collection.from_json` (schema ``htt-collection``, version
:data:`SCHEMA_VERSION`; older versions go through :data:`MIGRATIONS`). Every random draw takes a
``seed`` from the caller, and dates are text the caller passes in.

Decisions (digest left them open):
- The first pack is free: a new collection has one pack to open.
- Earning: :data:`EARN_RULE` — one pack per win, and one per three games played (any result).
- A pack holds 5 cards of one set, levels 1..10: a level is drawn with :data:`LEVEL_WEIGHTS` (level
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

from webtabletop.core.protocol import options_from_dict, options_to_dict
from webtabletop.core.rng import Rng
from webtabletop.games.htt.cards import Card
from webtabletop.games.htt.library import BUILTIN_IDS, all_sets, get_card, get_set, register_set
from webtabletop.games.htt.options import HttOptions
from webtabletop.games.htt.sets import CardSet, check_set, generate_set

FORMAT = "htt-collection"
SCHEMA_VERSION = 1
PACK_SIZE = 5
WINS_PER_PACK = 1
GAMES_PER_PACK = 3
EARN_RULE = "You earn a pack of cards for every win, and one more for every three games played."
LEVEL_WEIGHTS = {lv: 11 - lv for lv in range(1, 11)}  # level 1: 10 ... level 10: 1
LOG_SIZE = 100
MAX_COPIES = 9999
DECK_SOURCES = ("", "dealt", "own", "random")


@attrs.frozen
class Achievement:
    id: str
    title: str
    target: int
    kind: str  # which counter: see Collection.progress


def achievement_list(set_ids: list[str], names: dict[str, str] | None = None) -> list[Achievement]:
    """All achievements (per-set ones for ``set_ids``, titled by ``names``), each granting a level-11 card."""
    out = []
    names = names or {}
    for sid in set_ids:
        name = names.get(sid, sid)
        out.append(Achievement(f"complete:{sid}", f"Complete set {name}", 1, f"complete:{sid}"))
        out.append(
            Achievement(f"complete10:{sid}", f"Complete set {name} without level 11", 1, f"complete10:{sid}")
        )
    for n in (10, 25, 50):
        out.append(Achievement(f"copies:{n}", f"{n} copies of one card", n, "copies"))
    for lv in range(1, 12):
        out.append(Achievement(f"level:{lv}", f"100 cards of level {lv}", 100, f"level:{lv}"))
    for n in (5, 10, 15):
        out.append(Achievement(f"created:{n}", f"{n} sets created", n, "created"))
    for kind, title in (
        ("played", "games played"),
        ("won", "games won"),
        ("preset", "wins under one saved rule preset"),
        ("perfect", "wins by 10–0"),
        ("packs", "packs opened"),
    ):
        for n in (10, 100, 1000):
            out.append(Achievement(f"{kind}:{n}", f"{n} {title}", n, kind))
    return out


def _nonneg_int(data: dict, key: str) -> int:
    v = data.get(key, 0)
    if not isinstance(v, int) or isinstance(v, bool) or v < 0:
        raise ValueError(f"collection field {key!r} must be a whole number ≥ 0, not {v!r}")
    return v


def _migrate_0_to_1(data: dict) -> dict:
    """Version 0 kept ``owned`` as a list of card ids (one entry per copy)."""
    out = dict(data)
    owned: dict[str, int] = {}
    for cid in data.get("owned", []):
        if not isinstance(cid, str):
            raise ValueError("collection version 0: 'owned' must list card ids")
        owned[cid] = owned.get(cid, 0) + 1
    out["owned"] = owned
    out["version"] = 1
    return out


#: version -> function turning that version's document into the next version's (never in place)
MIGRATIONS = {0: _migrate_0_to_1}


@attrs.define
class Collection:
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

    # --- decks ---------------------------------------------------------------------------------
    def check_deck(
        self, card_ids: list[str] | tuple[str, ...], size: int = 5, min_level: int = 1, max_level: int = 11
    ) -> list[str]:
        """Problems with an Own deck choice (empty list = fine): owned, one per level, level range."""
        problems = []
        if len(card_ids) != size:
            problems.append(f"choose {size} cards, not {len(card_ids)}")
        need: dict[str, int] = {}
        for cid in card_ids:
            need[cid] = need.get(cid, 0) + 1
        for cid, n in need.items():
            if self.copies(cid) < n:
                problems.append(f"you own {self.copies(cid)} of {cid}, the deck uses {n}")
        levels = []
        for cid in card_ids:
            try:
                c = get_card(cid)
            except ValueError as exc:
                problems.append(str(exc))
                continue
            levels.append(c.level)
            if not min_level <= c.level <= max_level:
                problems.append(f"{c.name} is level {c.level}, outside {min_level}..{max_level}")
        if len(set(levels)) != len(levels):
            problems.append("Own deck allows at most one card per level")
        return problems

    def random_hand(
        self, seed: int, size: int = 5, min_level: int = 1, max_level: int = 11
    ) -> tuple[str, ...]:
        """The Random rule: ``size`` random owned cards of different levels (seeded)."""
        rng = Rng.from_seed(seed)
        by_level: dict[int, list[str]] = {}
        for c in self.owned_cards():
            if min_level <= c.level <= max_level:
                by_level.setdefault(c.level, []).append(c.id)
        if len(by_level) < size:
            raise ValueError(
                f"Random needs owned cards of {size} different levels; you have {len(by_level)} in levels {min_level}..{max_level}"
            )
        levels = sorted(rng.sample(sorted(by_level), size))
        return tuple(rng.choice(by_level[lv]) for lv in levels)

    @staticmethod
    def deck_strength(card_ids) -> int:
        """Sum of the cards' levels (shown in the table properties under Own deck)."""
        return sum(get_card(c).level for c in card_ids)

    # --- packs ---------------------------------------------------------------------------------
    def open_pack(self, set_id: str, seed: int) -> list[str]:
        """Open one available pack of ``set_id``: 5 cards of levels 1..10 (seeded); returns their ids."""
        if self.packs_available <= 0:
            raise ValueError("no pack to open: win games to earn packs")
        cards = draw_pack(get_set(set_id), seed, distinct_levels=self.packs_opened == 0)
        for cid in cards:
            self.add_card(cid)
        self.packs_available -= 1
        self.packs_opened += 1
        self.update_achievements()
        return cards

    # --- games ---------------------------------------------------------------------------------
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
        self.games_played += 1
        mine, theirs = int(out.scores[me]), int(out.scores[1 - me])
        if out.winner is None:
            self.games_drawn += 1
            result = "draw"
        elif out.winner == me:
            self.games_won += 1
            result = "win"
            self.packs_available += WINS_PER_PACK
            msgs.append(f"You earned {WINS_PER_PACK} pack for the win.")
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
            msgs.append(f"You earned a pack for playing {GAMES_PER_PACK} games.")
        taken = state.taken_card
        if stakes is None:
            stakes = not state.dealt[me]
        if stakes and taken is not None and not state.options.friendly:
            if out.winner == me:
                self.add_card(taken.id)
                msgs.append(f"You took {taken.name} from {opponent}.")
            elif self.remove_card(taken.id):
                self.ai_won[taken.id] = self.ai_won.get(taken.id, 0) + 1
                msgs.append(f"{opponent} took your {taken.name}.")
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
        for a in self.update_achievements():
            msgs.append(f"Achievement: {a.title} — claim a level-11 card!")
        return msgs

    # --- presets -------------------------------------------------------------------------------
    def save_preset(self, name: str, options: dict[str, Any] | HttOptions) -> None:
        """Keep a rule preset (the table rules only: hands are chosen per game)."""
        name = name.strip()
        if not name or len(name) > 40:
            raise ValueError("a preset needs a name of 1..40 characters")
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
    def create_set(
        self,
        name: str,
        theme: str,
        per_level: int,
        level11: int,
        names: list[str] | None,
        seed: int,
        images: dict[str, str] | None = None,
    ) -> CardSet:
        """Generate a new set (values by the generator), keep it, and count it for achievements."""
        sid = self._free_set_id()
        s = generate_set(seed, per_level, level11, name, theme, set_id=sid, names=names)
        if images:
            s = attrs.evolve(s, cards=tuple(attrs.evolve(c, image=images.get(c.id)) for c in s.cards))
        problems = check_set(s)
        if problems:
            raise ValueError("the new set breaks the set rules: " + "; ".join(map(str, problems)))
        self.custom_sets.append(s.to_json())
        self.sets_created += 1
        register_set(s)
        self.update_achievements()
        return s

    def import_set(self, card_set: CardSet) -> None:
        """Add a set from a file (it must pass the set checker and have a new id)."""
        problems = check_set(card_set)
        if problems:
            raise ValueError("the set breaks the set rules: " + "; ".join(map(str, problems[:5])))
        if card_set.id in BUILTIN_IDS or any(d["id"] == card_set.id for d in self.custom_sets):
            raise ValueError(f"a set with id {card_set.id!r} is already in the collection")
        self.custom_sets.append(card_set.to_json())
        register_set(card_set)

    def sets(self) -> list[CardSet]:
        return [CardSet.from_json(d) for d in self.custom_sets]

    def register_sets(self) -> None:
        """Make the player's sets known to the card library (call after loading)."""
        for s in self.sets():
            register_set(s)

    def _free_set_id(self) -> str:
        used = {d["id"] for d in self.custom_sets}
        n = 1
        while f"u{n}" in used:
            n += 1
        return f"u{n}"

    # --- achievements --------------------------------------------------------------------------
    def progress(self, kind: str) -> int:
        if kind.startswith("complete"):
            sid = kind.split(":", 1)[1]
            try:
                s = get_set(sid)
            except KeyError:
                return 0
            cards = [c for c in s.cards if kind.startswith("complete:") or c.level <= 10]
            return int(all(self.owned.get(c.id, 0) > 0 for c in cards))
        if kind.startswith("level:"):
            lv = int(kind.split(":")[1])
            return sum(n for cid, n in self.owned.items() if _level_of(cid) == lv)
        return {
            "copies": max(self.owned.values(), default=0),
            "created": self.sets_created,
            "played": self.games_played,
            "won": self.games_won,
            "preset": max(self.preset_wins.values(), default=0),
            "perfect": self.perfect_wins,
            "packs": self.packs_opened,
        }[kind]

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
            raise ValueError(f"no reward waiting for {achievement_id!r}")
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
        """Read (and migrate) a stored collection; raises ValueError saying what is wrong."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("this is not an HTT collection")
        version = data.get("version")
        if (
            not isinstance(version, int)
            or isinstance(version, bool)
            or version > SCHEMA_VERSION
            or version < min(MIGRATIONS, default=SCHEMA_VERSION)
        ):
            raise ValueError(
                f"collection version {version!r} is not supported (this app reads versions up to {SCHEMA_VERSION})"
            )
        while version < SCHEMA_VERSION:
            data = MIGRATIONS[version](data)
            version = data["version"]
        kwargs: dict[str, Any] = {}
        for key in (
            "packs_available",
            "packs_opened",
            "games_played",
            "games_won",
            "games_lost",
            "games_drawn",
            "perfect_wins",
            "earn_progress",
            "sets_created",
        ):
            kwargs[key] = _nonneg_int(data, key)
        for key in ("owned", "preset_wins", "ai_won"):
            d = data.get(key, {})
            if not isinstance(d, dict) or not all(
                isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool) and v >= 0
                for k, v in d.items()
            ):
                raise ValueError(f"collection field {key!r} must map names to whole numbers ≥ 0")
            kwargs[key] = {k: v for k, v in d.items() if v > 0}
        presets = data.get("presets", {})
        if not isinstance(presets, dict) or not all(
            isinstance(k, str) and isinstance(v, dict) for k, v in presets.items()
        ):
            raise ValueError("collection field 'presets' must map names to option objects")
        kwargs["presets"] = presets
        for key in ("achieved", "rewards_pending"):
            v = data.get(key, [])
            if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
                raise ValueError(f"collection field {key!r} must be a list of achievement ids")
            kwargs[key] = list(v)
        log = data.get("log", [])
        if not isinstance(log, list) or not all(isinstance(e, dict) for e in log):
            raise ValueError("collection field 'log' must be a list of entries")
        kwargs["log"] = list(log)[-LOG_SIZE:]
        sets = data.get("custom_sets", [])
        if not isinstance(sets, list):
            raise ValueError("collection field 'custom_sets' must be a list of card sets")
        for i, d in enumerate(sets):
            try:
                CardSet.from_json(d)
            except ValueError as exc:
                raise ValueError(f"player set {i + 1}: {exc}") from None
        kwargs["custom_sets"] = list(sets)
        deck = data.get("deck", [])
        if not isinstance(deck, list) or not all(isinstance(x, str) for x in deck):
            raise ValueError("collection field 'deck' must be a list of card ids")
        kwargs["deck"] = list(deck)
        source = data.get("deck_source", "")
        if source not in DECK_SOURCES:
            raise ValueError(f"collection field 'deck_source' must be one of {', '.join(DECK_SOURCES)}")
        kwargs["deck_source"] = source
        return cls(**kwargs)

    @classmethod
    def loads(cls, text: str) -> Collection:
        try:
            data = json.loads(text)
        except (ValueError, TypeError):
            raise ValueError("the collection is not valid JSON") from None
        return cls.from_json(data)


def draw_pack(
    card_set: CardSet, seed: int, size: int = PACK_SIZE, distinct_levels: bool = False
) -> list[str]:
    """``size`` card ids of ``card_set`` (levels 1..10): level by :data:`LEVEL_WEIGHTS`, then rarity
    (``distinct_levels``: each level at most once, as in the first pack)."""
    rng = Rng.from_seed(seed)
    by_level = {lv: card_set.by_level(lv) for lv in range(1, 11)}
    levels = [lv for lv in range(1, 11) if by_level[lv]]
    out = []
    for _ in range(size):
        lv = levels[rng.weighted_index([LEVEL_WEIGHTS[lv] for lv in levels])]
        if distinct_levels and len(levels) > 1:
            levels.remove(lv)
        cards = by_level[lv]
        out.append(cards[rng.weighted_index([c.rarity for c in cards])].id)
    return out


def _level_of(card_id: str) -> int:
    try:
        return get_card(card_id).level
    except ValueError:
        return 0
