"""Hexagonal Triple Triad: six-sided cards on hex cells, table rules, and a card collection.

Modules: ``cards`` (card model, level table), ``sets`` (set generator, checker, JSON), ``names`` and
``library`` (the built-in sets in ``data/*.json``, card lookup), ``board``, ``options``, ``rules``
(the duel), ``ai`` (MCTS + exact endgame; :func:`ai_choose`), ``collection`` (the player's
collection model), ``art`` (generated card art), ``view`` (SVG view, card grid HTML), ``cli``.
"""

from webtabletop.core.protocol import GameSpec
from webtabletop.core.registry import register
from webtabletop.games.htt import meta, rules
from webtabletop.games.htt.ai import HOOKS
from webtabletop.games.htt.ai import choose_move as ai_choose
from webtabletop.games.htt.options import PRESETS, HttOptions
from webtabletop.games.htt.pages import HttPages
from webtabletop.games.htt.view import VIEW

SPEC = register(
    GameSpec(
        id=meta.ID,
        title=meta.TITLE,
        summary=meta.SUMMARY,
        options_class=HttOptions,
        new_game=rules.new_game,
        ai_hooks=HOOKS,
        hidden_information=True,
    )
)
rules.HttState.spec = SPEC
PAGES = HttPages()

__all__ = ["SPEC", "PAGES", "PRESETS", "VIEW", "HttOptions", "ai_choose", "rules"]
