"""Hexagonal Triple Triad: six-sided cards on hex cells, table rules, and a card collection.

The duel is in this package's modules: ``cards`` (card model, level table), ``board``,
``options``, ``rules`` (the duel's state and moves), ``turning`` (how cards turn), ``deal`` (new
games), ``legacy`` (games of rules version 1), ``ai`` (MCTS + exact endgame; :func:`ai_choose`),
``match`` (hands in a game by link), ``view`` (the play screen), ``meta``, ``cli``.

The rest is in four packages, each described in its ``__init__``: ``sets`` (set model, set rules
and checker, the built-in sets in ``sets/data/*.json``, card lookup), ``collection`` (the player's
collection), ``render`` (board, cards, words and rules page: what the player sees) and ``pages``
(the app's HTT pages).
"""

from webtabletop.core.protocol import GameSpec
from webtabletop.core.registry import register
from webtabletop.games.htt import deal, legacy, meta, rules
from webtabletop.games.htt.ai import HOOKS
from webtabletop.games.htt.ai import choose_move as ai_choose
from webtabletop.games.htt.match import HANDS
from webtabletop.games.htt.options import PRESETS, HttOptions
from webtabletop.games.htt.pages.extension import HttPages
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
