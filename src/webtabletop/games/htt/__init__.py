"""Hexagonal Triple Triad: six-sided cards on hex cells, table rules, and a card collection.

Modules: ``cards`` (card model, level table), ``sets`` (set model and JSON), ``set_rules`` (set
generator), ``set_check`` (set checker), ``names`` and ``library`` (the built-in sets in ``data/*.json``, card
lookup), ``board``, ``options``, ``rules`` (the duel's state and moves), ``turning`` (how cards
turn), ``deal`` (new games), ``legacy`` (games of rules version 1), ``ai`` (MCTS + exact endgame;
:func:`ai_choose`), ``collection``, ``collection_io`` and ``rewards`` (the player's collection),
``art`` (generated card art), ``view``, ``cards_html`` and ``rules_page`` (what the player sees),
``pages*`` (the app's HTT pages), ``cli``.
"""

from webtabletop.core.protocol import GameSpec
from webtabletop.core.registry import register
from webtabletop.games.htt import deal, legacy, meta, rules
from webtabletop.games.htt.ai import HOOKS
from webtabletop.games.htt.ai import choose_move as ai_choose
from webtabletop.games.htt.match import HANDS
from webtabletop.games.htt.options import PRESETS, HttOptions
from webtabletop.games.htt.pages import HttPages
from webtabletop.games.htt.view import VIEW

SPEC = register(
    GameSpec(
        id=meta.ID,
        title=meta.TITLE,
        summary=meta.SUMMARY,
        options_class=HttOptions,
        new_game=deal.new_game,
        ai_hooks=HOOKS,
        hidden_information=True,
        #: version 2: level 3 is 20..22, 5 cards on the 7-cell board, hands keep their order
        rules_version=2,
        max_plies=deal.max_plies,
        legacy_codes=legacy.legacy_codes,
        cards=HANDS,
    )
)
rules.HttState.spec = SPEC
PAGES = HttPages()

__all__ = ["SPEC", "PAGES", "PRESETS", "VIEW", "HttOptions", "ai_choose", "rules"]
