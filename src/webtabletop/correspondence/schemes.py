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
from webtabletop.correspondence.errors import MatchError
from webtabletop.i18n import _

WALKS: dict[str, Callable] = {"deck": dealt.walk, "chosen": chosen.walk, "drawn": drawn.walk}

#: schemes whose matches started before links carried tags (formats 1 and 2) are still played:
#: their protocol did not change. A dealt deck (v3: shuffles proved, cards opened by checked shares)
#: and dealt hands (from both players' randomness) did, so such older matches cannot go on.
LEGACY_PLAYED = frozenset({"drawn"})


def check_legacy(spec: GameSpec, authenticated: bool) -> None:
    """Refuse a match of an earlier protocol that this app no longer plays (see LEGACY_PLAYED)."""
    if not authenticated and spec.cards is not None and spec.cards.scheme not in LEGACY_PLAYED:
        raise MatchError(
            _(
                "This game by link was started by an earlier version of the app, whose way of dealing the cards a modified browser could cheat: it cannot go on. Start a new game."
            )
        )


def walk_of(spec: GameSpec) -> Callable:
    """The public replay of ``spec``'s scheme (a game with hidden cards)."""
    return WALKS[spec.cards.scheme]
