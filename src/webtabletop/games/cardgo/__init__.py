"""CardGO: cards, elimination and Go — connect your card-stones until they take effect."""

from webtabletop.core.protocol import GameSpec
from webtabletop.core.registry import register
from webtabletop.games.cardgo import meta, rules
from webtabletop.games.cardgo.ai import HOOKS, choose_move
from webtabletop.games.cardgo.match import DRAWS
from webtabletop.games.cardgo.options import FIRST_GAME_OPTIONS, PRESETS, CardgoOptions
from webtabletop.games.cardgo.versions import RULES_VERSION, legacy_codes, max_plies

SPEC = register(
    GameSpec(
        id=meta.ID,
        title=meta.TITLE,
        summary=meta.SUMMARY,
        options_class=CardgoOptions,
        new_game=rules.new_game,
        ai_hooks=HOOKS,
        hidden_information=True,
        rules_version=RULES_VERSION,
        max_plies=max_plies,
        legacy_codes=legacy_codes,
        cards=DRAWS,
    )
)
rules.CardgoState.spec = SPEC

from webtabletop.games.cardgo.view import VIEW  # noqa: E402

#: the app shell's AI entry point: ai_choose(state, level, seed=..., time_limited=True, clock=...)
ai_choose = choose_move

__all__ = ["SPEC", "PRESETS", "FIRST_GAME_OPTIONS", "CardgoOptions", "VIEW", "ai_choose", "rules"]
