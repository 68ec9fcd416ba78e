"""Hexagonal Triple Triad: six-sided cards on hex cells, table rules, and a card collection.

Modules: ``cards`` (card model, level table), ``sets`` (set generator, checker, JSON), ``names`` and
``library`` (the built-in sets in ``data/*.json``, card lookup), ``board``, ``options``, ``rules``
(the duel), ``ai`` (MCTS + exact endgame; :func:`ai_choose`), ``collection`` (the player's
collection model), ``art`` (generated card art), ``view`` (SVG view, card grid HTML), ``cli``.
"""

from webtabletop.core.protocol import GameSpec
from webtabletop.core.registry import register
from webtabletop.games.htt import rules
from webtabletop.games.htt.ai import HOOKS
from webtabletop.games.htt.ai import choose_move as ai_choose
from webtabletop.games.htt.options import PRESETS, HttOptions
from webtabletop.games.htt.pages import HttPages
from webtabletop.games.htt.view import VIEW

SPEC = register(
    GameSpec(
        id="htt",
        title="Hexagonal Triple Triad",
        summary="Place six-sided cards on hexagonal cells and turn the enemy's cards with higher values; "
        "Same, Plus, Minus, Combo, walls and Matter as table rules; build your collection from packs.",
        options_class=HttOptions,
        new_game=rules.new_game,
        ai_hooks=HOOKS,
        hidden_information=True,
    )
)
rules.HttState.spec = SPEC
PAGES = HttPages()

__all__ = ["SPEC", "PAGES", "PRESETS", "VIEW", "HttOptions", "ai_choose", "rules"]
