"""CardGO: cards, elimination and Go — connect your card-stones until they take effect."""

from webtabletop.core.gamemodule import GameModule, Picture, loader
from webtabletop.core.protocol import GameSpec
from webtabletop.core.registry import register, register_module
from webtabletop.games.cardgo import lab, meta
from webtabletop.games.cardgo.ai.choose import HOOKS, analyse, analyse_move, choose_move
from webtabletop.games.cardgo.rules import state
from webtabletop.games.cardgo.rules.match import DRAWS
from webtabletop.games.cardgo.rules.options import FIRST_GAME_OPTIONS, PRESETS, CardgoOptions
from webtabletop.games.cardgo.rules.versions import RULES_VERSION, legacy_codes, max_plies
from webtabletop.i18n import N_

SPEC = register(
    GameSpec(
        id=meta.ID,
        title=meta.TITLE,
        summary=meta.SUMMARY,
        options_class=CardgoOptions,
        new_game=state.new_game,
        ai_hooks=HOOKS,
        hidden_information=True,
        rules_version=RULES_VERSION,
        max_plies=max_plies,
        legacy_codes=legacy_codes,
        cards=DRAWS,
    )
)
state.CardgoState.spec = SPEC

from webtabletop.games.cardgo.ui.view import VIEW  # noqa: E402

#: the app shell's AI entry point: ai_choose(state, level, seed=..., time_limited=True, clock=...)
ai_choose = choose_move

GAME = register_module(
    GameModule(
        spec=SPEC,
        view=VIEW,
        ai_choose=choose_move,
        analyse=analyse,
        analyse_move=analyse_move,
        presets=PRESETS,
        first_game_options=FIRST_GAME_OPTIONS,
        fair_play=(
            N_(
                "Every card you draw comes from a secret value of yours and one of your friend's: you see "
                "it when your friend's link arrives; your friend sees it only when you play it."
            ),
            N_(
                "Brave, Evil, Sorrow and Love take effect when your friend's next link arrives, with its "
                "randomness: neither of you knew the outcome when choosing. After Indulgence, Pride or "
                "Excitement you always get the follow-up play and skip it if you hold no card of its value "
                "(your friend cannot see whether you do)."
            ),
            N_(
                "A stone on tall grass hides its value on the screen only: its card is in the link, "
                "because both browsers compute the damage from it."
            ),
        ),
        lessons=loader(f"{__name__}.learn.lessons", "BOOK"),
        puzzles=loader(f"{__name__}.learn.puzzles", "BOOK"),
        lab=lab.LAB,
        cli=loader(f"{__name__}.cli", "add_commands"),
        # the newcomer's table (FIRST_GAME_OPTIONS): the default board with terrain shows mostly
        # its colours at this size, and the easy computer burns cards on fire
        picture=Picture(
            options={"size": 7, "start_time": 40, "terrain": False, "effects": False},
            moves=("4@g7", "3@a4", "0@f7", "3@a5", "0@b4", "0@b5", "4@c7", "1@a6", "1@d1", "1@a6", "2@f3", "1@b5"),
        ),
    )
)

__all__ = ["GAME", "SPEC", "PRESETS", "FIRST_GAME_OPTIONS", "CardgoOptions", "VIEW", "ai_choose"]
