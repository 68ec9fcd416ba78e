"""DumaRaj: a chess-like game of seven mobs on a location of bits, with agreed arbitrary moves."""

from webtabletop.core.protocol import GameSpec
from webtabletop.core.registry import register
from webtabletop.games.dumaraj import rules
from webtabletop.games.dumaraj.ai import choose_move, mcts_hooks
from webtabletop.games.dumaraj.editor import EDITOR
from webtabletop.games.dumaraj.options import PRESETS, DumaRajOptions
from webtabletop.games.dumaraj.view import DumaRajView

SPEC = register(
    GameSpec(
        id="dumaraj",
        title="DumaRaj",
        summary="Chess-like battle of seven mobs (Raj, Fej, Lod', Slod', Gon', Trigon', Pixa) on a 10×10 "
        "or 8×8 location, with agreed arbitrary moves: flex, editor, warp and piCSbumm.",
        options_class=DumaRajOptions,
        new_game=rules.new_game,
        ai_hooks=mcts_hooks(),
    )
)
rules.DumaState.spec = SPEC

VIEW = DumaRajView()
ai_choose = choose_move

__all__ = ["SPEC", "EDITOR", "PRESETS", "VIEW", "DumaRajOptions", "ai_choose", "choose_move", "rules"]
