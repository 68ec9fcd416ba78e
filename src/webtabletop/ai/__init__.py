"""Game-independent AI over the protocol: MCTS (with determinization) and simple players."""

from webtabletop.ai.mcts import LEVELS, AiHooks, Budget, SearchResult, choose_move, search
from webtabletop.ai.players import make_player, random_move

__all__ = [
    "LEVELS",
    "AiHooks",
    "Budget",
    "SearchResult",
    "choose_move",
    "search",
    "make_player",
    "random_move",
]
