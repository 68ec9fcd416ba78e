"""The public replays of the hidden-card schemes, by ``GameSpec.cards.scheme``.

A match link of a game with hidden cards is replayed by its scheme's ``walk`` (a pure function of
the link's data): ``"deck"`` a dealt deck (SHT, :mod:`.dealt`), ``"chosen"`` hands chosen by their
owners (HTT, :mod:`.chosen`), ``"drawn"`` private draws (CardGO, :mod:`.drawn`). The link reader
needs only this table, not the match classes built on it (those register themselves in
:mod:`.match`), so the package's imports run one way.
"""

from __future__ import annotations

from collections.abc import Callable

from webtabletop.core.protocol import GameSpec
from webtabletop.correspondence import chosen, dealt, drawn

WALKS: dict[str, Callable] = {"deck": dealt.walk, "chosen": chosen.walk, "drawn": drawn.walk}


def walk_of(spec: GameSpec) -> Callable:
    """The public replay of ``spec``'s scheme (a game with hidden cards)."""
    return WALKS[spec.cards.scheme]
