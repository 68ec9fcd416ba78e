"""A refused move says why in the reader's language, in every game: the message reaches the
player as a toast (a mistyped move, a stale link, a click the rules refuse).

Required: "Every user-visible string goes through gettext … toasts, error messages"."""

from __future__ import annotations

import pytest

from webtabletop.core.protocol import IllegalMove
from webtabletop.core.registry import all_games
from webtabletop.i18n import catalogs

SPECS = {spec.id: spec for spec in all_games()}
NOT_MOVES = (object(), "9@zz99", "zz")


def refusals(game_id: str, tag: str) -> list[str]:
    state = SPECS[game_id].start(seed=5)
    said = []
    try:
        catalogs.use_language(tag)
        for bad in NOT_MOVES:
            with pytest.raises(IllegalMove) as info:
                state.apply(bad) if not isinstance(bad, str) else state.move_from_code(bad)
            said.append(str(info.value))
    finally:
        catalogs.use_language("en")
    return said


@pytest.mark.parametrize("game_id", sorted(SPECS))
@pytest.mark.parametrize("tag", list(catalogs.LOCALES))
def test_a_refused_move_is_explained_in_the_readers_language(game_id, tag):
    english, translated = refusals(game_id, "en"), refusals(game_id, tag)
    for en, tr in zip(english, translated, strict=True):
        assert en != tr, f"{game_id} refuses in English under {tag}: {en!r}"
