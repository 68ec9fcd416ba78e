"""SHT: a two-player card duel with real hidden information (hands, closed cards, shields).

Importing this package registers the game. ``VIEW`` draws it; ``ai_choose`` is the AI.
"""

from webtabletop.core.protocol import GameSpec
from webtabletop.core.registry import register
from webtabletop.games.sht import meta, rules
from webtabletop.games.sht.ai import HOOKS
from webtabletop.games.sht.ai import choose_move as ai_choose
from webtabletop.games.sht.match import CARDS
from webtabletop.games.sht.options import ShtOptions
from webtabletop.games.sht.summary import link_policy, public_summary
from webtabletop.games.sht.versions import RULES_VERSION, legacy_codes, max_plies
from webtabletop.games.sht.view import VIEW

SPEC = register(
    GameSpec(
        id=meta.ID,
        title=meta.TITLE,
        summary=meta.SUMMARY,
        options_class=ShtOptions,
        new_game=rules.new_game,
        ai_hooks=HOOKS,
        hidden_information=True,
        rules_version=RULES_VERSION,
        max_plies=max_plies,
        legacy_codes=legacy_codes,
        cards=CARDS,
    )
)
rules.ShtState.spec = SPEC

__all__ = ["SPEC", "VIEW", "ShtOptions", "ai_choose", "link_policy", "public_summary", "rules"]
