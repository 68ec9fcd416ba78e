"""Tsifrograd, Tsifroshturm and Proximity: numbers on a grid, crossing out the enemy's."""

from webtabletop.core.protocol import GameSpec
from webtabletop.core.registry import register
from webtabletop.games.tsifrograd import meta, rules
from webtabletop.games.tsifrograd.ai import HOOKS
from webtabletop.games.tsifrograd.legacy import legacy_codes
from webtabletop.games.tsifrograd.options import PRESETS, TsifrogradOptions

SPEC = register(
    GameSpec(
        id=meta.ID,
        title=meta.TITLE,
        summary=meta.SUMMARY,
        options_class=TsifrogradOptions,
        new_game=rules.new_game,
        ai_hooks=HOOKS,
        # version 2: the crossing rule's M touches the enemy number, not the placed one
        rules_version=2,
        max_plies=rules.max_plies,
        legacy_codes=legacy_codes,
        # correspondence matches roll every turn's dice from the link's beacon seed
        reseed=rules.reseed,
    )
)
rules.TsifroState.spec = SPEC

from webtabletop.games.tsifrograd.view import VIEW  # noqa: E402

__all__ = ["SPEC", "PRESETS", "TsifrogradOptions", "VIEW", "rules"]
