"""DumaRaj: a chess-like game of seven mobs on a location of bits, with agreed arbitrary moves."""

from webtabletop.core.protocol import GameSpec
from webtabletop.core.registry import register
from webtabletop.games.dumaraj import meta, rules
from webtabletop.games.dumaraj.ai import choose_move, mcts_hooks
from webtabletop.games.dumaraj.editor import EDITOR
from webtabletop.games.dumaraj.endings import max_plies
from webtabletop.games.dumaraj.legacy import RULES_VERSION, legacy_codes
from webtabletop.games.dumaraj.options import PRESETS, DumaRajOptions
from webtabletop.games.dumaraj.view import DumaRajView

SPEC = register(
    GameSpec(
        id=meta.ID,
        title=meta.TITLE,
        summary=meta.SUMMARY,
        options_class=DumaRajOptions,
        new_game=rules.new_game,
        ai_hooks=mcts_hooks(),
        rules_version=RULES_VERSION,
        max_plies=max_plies,
        legacy_codes=legacy_codes,
        agreed_draws=True,  # "by agreement" (digest, "End of the game")
    )
)
rules.DumaState.spec = SPEC

VIEW = DumaRajView()
ai_choose = choose_move

__all__ = ["SPEC", "EDITOR", "PRESETS", "VIEW", "DumaRajOptions", "ai_choose", "choose_move", "rules"]
