"""Hexagonal Triple Triad: six-sided cards on hex cells, table rules, and a card collection.

Four packages, each described in its ``__init__``: ``rules`` (cards and the level table, board,
options, the duel's state and moves, how cards turn, dealing, games of rules version 1, hands in a
game by link, and ``rules/sets``: set model, set rules and checker, the built-in sets in
``rules/sets/data/*.json``, card lookup), ``ai`` (MCTS + exact endgame), ``ui`` (the view,
``ui/render``: board, cards, words and rules page; ``ui/pages``: the app's HTT pages) and ``learn``
(lessons, puzzles). ``collection`` is the player's collection; ``lab`` what the designer's lab
counts; ``meta`` what the home page shows; ``cli`` the command line's set tools.
"""

from webtabletop.core.gamemodule import GameModule, Picture, loader
from webtabletop.core.protocol import GameSpec
from webtabletop.core.registry import register, register_module
from webtabletop.games.htt import lab, meta
from webtabletop.games.htt.ai.choose import HOOKS, analyse, analyse_move, exact_choose
from webtabletop.games.htt.ai.choose import choose_move as ai_choose
from webtabletop.games.htt.rules import deal, legacy, state
from webtabletop.games.htt.rules.match import HANDS
from webtabletop.games.htt.rules.options import PRESETS, HttOptions
from webtabletop.games.htt.ui.pages.extension import HttPages
from webtabletop.games.htt.ui.view import VIEW
from webtabletop.i18n import N_

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
        # the digest's draw button: an offer (once per own turn) the other answers as its move
        draw_moves=("draw", "accept", "decline"),
    )
)
state.HttState.spec = SPEC
PAGES = HttPages()

GAME = register_module(
    GameModule(
        spec=SPEC,
        view=VIEW,
        ai_choose=ai_choose,
        analyse=analyse,
        analyse_move=analyse_move,
        exact_choose=exact_choose,
        presets=PRESETS,
        pages=PAGES,
        fair_play=(
            N_(
                "Each hand is sealed by a commitment before the first move: no one can change a card "
                "after seeing the other's moves, and hands stay hidden unless Open is on."
            ),
            N_(
                "With Own deck or Random, each of you brings cards of your own collection, chosen in your "
                "own browser (the friend chooses when joining). No card changes hands in a game by link."
            ),
            N_(
                "No one can check that a hand was really dealt at random, or that its cards are in its "
                "owner's collection: that would need a server."
            ),
        ),
        lessons=loader(f"{__name__}.learn.lessons", "BOOK"),
        puzzles=loader(f"{__name__}.learn.puzzles", "BOOK"),
        lab=lab.LAB,
        cli=loader(f"{__name__}.cli", "add_commands"),
        picture=Picture(moves=("1c3", "3c2", "3b3", "0b1", "0a1")),
    )
)

__all__ = ["GAME", "SPEC", "PAGES", "PRESETS", "VIEW", "HttOptions", "ai_choose"]
