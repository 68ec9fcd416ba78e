"""The player's own card sets inside a collection: create, import (replace or keep both), rename,
delete, and make them known to the card library. A mixin of
:class:`webtabletop.games.htt.collection.model.Collection`, which holds the documents in
``custom_sets`` (CardSet JSON) and counts ``sets_created``.

Invariant: every stored document reads as a player's set (:func:`read_set`: not a built-in id, no
broken set rule); ids are unique; the copies a player owns are kept by card id, so deleting a set
and importing it again brings them back.
"""

from __future__ import annotations

from typing import Any

import attrs

from webtabletop.games.htt.collection.reading import CollectionError, read_set
from webtabletop.games.htt.rules.cards import Card
from webtabletop.games.htt.rules.sets.cardset import MAX_NAME, CardSet
from webtabletop.games.htt.rules.sets.library import use_player_sets
from webtabletop.games.htt.rules.sets.rules import generate_set
from webtabletop.i18n import _


class PlayerSets:
    custom_sets: list[dict[str, Any]]
    sets_created: int

    def update_achievements(self) -> list:  # provided by Collection
        raise NotImplementedError

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
        """Generate a new set (values by the generator; card names not given come from the set's
        name), keep it, and count it for achievements."""
        sid = self._free_set_id()
        s = generate_set(seed, per_level, level11, name, theme, set_id=sid, names=names)
        if images:
            s = attrs.evolve(s, cards=tuple(attrs.evolve(c, image=images.get(c.id)) for c in s.cards))
        self._store(read_set(s.to_json(), _("the new set")))
        self.sets_created += 1
        self.update_achievements()
        return s

    def find_set(self, set_id: str) -> CardSet | None:
        """The player's own set with this id (None when there is none)."""
        return next((s for s in self.sets() if s.id == set_id), None)

    def import_set(self, card_set: CardSet, replace: bool = False) -> CardSet:
        """Add a set from a file. It must read as a player's set (:func:`read_set`: not a built-in
        id, no broken set rule). An own set with the same id is an error unless ``replace``; the
        copies the player owns stay (they are kept by card id)."""
        s = read_set(card_set.to_json(), _("the set “{name}”").format(name=card_set.name[:MAX_NAME]))
        old = self.find_set(s.id)
        if old is not None and not replace:
            raise CollectionError(
                _("you already have a set with the id {id!r} (“{name}”)").format(id=s.id, name=old.name)
            )
        self._store(s)
        return s

    def import_copy(self, card_set: CardSet) -> CardSet:
        """Keep both: the set from a file under a free id (its card ids follow the new id)."""
        new = self._free_set_id()
        cards = tuple(attrs.evolve(x, id=new + x.id[len(card_set.id) :], set_id=new) for x in card_set.cards)
        return self.import_set(attrs.evolve(card_set, id=new, cards=cards))

    def rename_set(self, set_id: str, name: str) -> CardSet:
        name = name.strip()
        if not 0 < len(name) <= MAX_NAME:
            raise CollectionError(_("give the set a name of 1 to {n} characters").format(n=MAX_NAME))
        s = self._own(set_id)
        renamed = attrs.evolve(s, name=name)
        self._store(renamed)
        return renamed

    def delete_set(self, set_id: str) -> CardSet:
        """Forget one of the player's sets. The copies owned stay in the data (by card id), so
        importing the set again brings them back; a deck using its cards must be chosen anew."""
        s = self._own(set_id)
        self.custom_sets = [d for d in self.custom_sets if d["id"] != set_id]
        self.register_sets()
        return s

    def old_level3_cards(self) -> list[Card]:
        """Cards of the player's sets made under rules version 1 with a level-3 sum of 18..19."""
        return [c for s in self.sets() for c in s.old_level3]

    def sets(self) -> list[CardSet]:
        return [CardSet.from_json(d) for d in self.custom_sets]

    def register_sets(self) -> None:
        """Make the player's sets (and only them) known to the card library (call after loading)."""
        use_player_sets(self.sets())

    def _own(self, set_id: str) -> CardSet:
        s = self.find_set(set_id)
        if s is None:
            raise CollectionError(_("only your own sets can be changed"))
        return s

    def _store(self, s: CardSet) -> None:
        docs = [d for d in self.custom_sets if d["id"] != s.id]
        at = next((i for i, d in enumerate(self.custom_sets) if d["id"] == s.id), len(docs))
        docs.insert(at, s.to_json())
        self.custom_sets = docs
        self.register_sets()

    def _free_set_id(self) -> str:
        used = {d["id"] for d in self.custom_sets}
        n = 1
        while f"u{n}" in used:
            n += 1
        return f"u{n}"
