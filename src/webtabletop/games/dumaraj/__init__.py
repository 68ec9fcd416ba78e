"""DumaRaj: a chess-like game of seven mobs on a location of bits, with agreed arbitrary moves."""

from webtabletop.core.gamemodule import GameModule, Picture, loader
from webtabletop.core.protocol import GameSpec
from webtabletop.core.registry import register, register_module
from webtabletop.games.dumaraj import lab, meta
from webtabletop.games.dumaraj.ai.choose import analyse, analyse_move, choose_move, mcts_hooks
from webtabletop.games.dumaraj.rules import state
from webtabletop.games.dumaraj.rules.endings import max_plies
from webtabletop.games.dumaraj.rules.legacy import RULES_VERSION, legacy_codes
from webtabletop.games.dumaraj.rules.options import PRESETS, DumaRajOptions
from webtabletop.games.dumaraj.ui.editor import EDITOR
from webtabletop.games.dumaraj.ui.view import DumaRajView
from webtabletop.i18n import N_

SPEC = register(
    GameSpec(
        id=meta.ID,
        title=meta.TITLE,
        summary=meta.SUMMARY,
        options_class=DumaRajOptions,
        new_game=state.new_game,
        ai_hooks=mcts_hooks(),
        rules_version=RULES_VERSION,
        max_plies=max_plies,
        legacy_codes=legacy_codes,
        agreed_draws=True,  # "by agreement" (digest, "End of the game")
    )
)
state.DumaState.spec = SPEC

VIEW = DumaRajView()
ai_choose = choose_move

GAME = register_module(
    GameModule(
        spec=SPEC,
        view=VIEW,
        ai_choose=choose_move,
        analyse=analyse,
        analyse_move=analyse_move,
        presets=PRESETS,
        editor=EDITOR,
        fair_play=(N_("DumaRaj has no dice and no hidden cards: nothing in it needs a secret."),),
        lessons=loader(f"{__name__}.learn.lessons", "BOOK"),
        puzzles=loader(f"{__name__}.learn.puzzles", "BOOK"),
        lab=lab.LAB,
        cli=loader(f"{__name__}.cli", "add_commands"),
        picture=Picture(
            moves=("i1h3", "g10h8", "d1c3", "b10c8", "h2h4", "i9i7", "g1f4", "f9f7", "c3d5", "h8e7", "d5g4", "g9g7"),
            viewer=None,
        ),
    )
)

__all__ = ["GAME", "SPEC", "EDITOR", "PRESETS", "VIEW", "DumaRajOptions", "ai_choose", "choose_move"]
