"""The cards of a deal: each card ``c`` is a group element nobody knows a discrete log of.

Card ``c`` of a deck of ``size`` cards is ``P_c = hash_to_element("card", c)`` (try and increment,
:meth:`~webtabletop.fairplay.group.Group.hash_to_element`); :func:`card_table` gives them with the
map back from element to card. Deal v3 (:mod:`~webtabletop.fairplay.deal`) lifts them to points.

Deal v2 (three messages, per-position keys, no proofs) lived here until deal v3 replaced it: its second
message could plant points that the first player then decrypted. Matches dealt with it are refused
(``correspondence.schemes``), so its code is gone; ``docs/fair-play.md`` keeps its history.
"""

from __future__ import annotations

from functools import lru_cache

from webtabletop.fairplay.group import Group

MAX_CARDS = 256


@lru_cache(maxsize=8)
def card_table(group: Group, size: int) -> tuple[tuple[int, ...], dict[int, int]]:
    """The elements of cards ``0..size-1`` and the map from element back to card."""
    xs = tuple(group.hash_to_element("card", c) for c in range(size))
    return xs, {x: c for c, x in enumerate(xs)}
