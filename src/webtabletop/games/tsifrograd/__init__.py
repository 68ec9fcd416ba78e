"""Tsifrograd, Tsifroshturm and Proximity: numbers on a grid, crossing out the enemy's."""

from webtabletop.core.gamemodule import GameModule, Picture, loader
from webtabletop.core.protocol import GameSpec
from webtabletop.core.registry import register, register_module
from webtabletop.games.tsifrograd import lab, meta, rules
from webtabletop.games.tsifrograd.ai import HOOKS
from webtabletop.games.tsifrograd.legacy import legacy_codes
from webtabletop.games.tsifrograd.options import PRESETS, TsifrogradOptions
from webtabletop.i18n import N_

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

GAME = register_module(
    GameModule(
        spec=SPEC,
        view=VIEW,
        presets=PRESETS,
        fair_play=(
            N_(
                "Dice come from secret values that both browsers committed to before the first move: "
                "neither player can predict or choose the other's dice, or change a die after it is "
                "rolled."
            ),
            N_(
                "You learn your own dice when your friend's link arrives, one link before your friend "
                "does: they are yours to play."
            ),
        ),
        lessons=loader(f"{__name__}.lessons", "BOOK"),
        puzzles=loader(f"{__name__}.puzzles", "BOOK"),
        lab=lab.LAB,
        picture=Picture(moves=("1", "0", "7", "2", "3", "x2", "6", "4", "x0", "8", "x7", "14", "x8", "11")),
    )
)

__all__ = ["GAME", "SPEC", "PRESETS", "TsifrogradOptions", "VIEW", "rules"]
