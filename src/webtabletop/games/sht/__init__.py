"""SHT: a two-player card duel with real hidden information (hands, closed cards, shields).

Importing this package registers the game. ``VIEW`` draws it; ``ai_choose`` is the AI.
"""

from webtabletop.core.gamemodule import GameModule, Picture, loader
from webtabletop.core.protocol import GameSpec
from webtabletop.core.registry import register, register_module
from webtabletop.games.sht import lab, meta
from webtabletop.games.sht.ai.choose import HOOKS, analyse
from webtabletop.games.sht.ai.choose import choose_move as ai_choose
from webtabletop.games.sht.rules import state
from webtabletop.games.sht.rules.match import CARDS
from webtabletop.games.sht.rules.options import ShtOptions
from webtabletop.games.sht.rules.summary import link_policy, public_summary
from webtabletop.games.sht.rules.versions import RULES_VERSION, legacy_codes, max_plies
from webtabletop.games.sht.ui.view import VIEW
from webtabletop.i18n import N_

SPEC = register(
    GameSpec(
        id=meta.ID,
        title=meta.TITLE,
        summary=meta.SUMMARY,
        options_class=ShtOptions,
        new_game=state.new_game,
        ai_hooks=HOOKS,
        hidden_information=True,
        rules_version=RULES_VERSION,
        max_plies=max_plies,
        legacy_codes=legacy_codes,
        cards=CARDS,
    )
)
state.ShtState.spec = SPEC

GAME = register_module(
    GameModule(
        spec=SPEC,
        view=VIEW,
        ai_choose=ai_choose,
        analyse=analyse,
        fair_play=(
            N_(
                "The deck is shuffled and locked by both browsers (mental poker): you see your hand and "
                "the open cards; your friend's hand and closed cards, both shields and the deck's order "
                "stay hidden from you, and yours from your friend."
            ),
            N_(
                "When the game ends, both browsers reveal their keys and each checks the whole game: "
                "that no card was swapped, dealt twice or left out."
            ),
        ),
        lessons=loader(f"{__name__}.learn.lessons", "BOOK"),
        puzzles=loader(f"{__name__}.learn.puzzles", "BOOK"),
        lab=lab.LAB,
        picture=Picture(moves=("o:0", "o:41,6", "o:20,38", "o:15,5", "c:1", "c:36", "c:26", "a:15", "d:0,1")),
    )
)

__all__ = ["GAME", "SPEC", "VIEW", "ShtOptions", "ai_choose", "link_policy", "public_summary"]
