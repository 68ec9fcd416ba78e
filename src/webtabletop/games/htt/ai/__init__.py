"""HTT's computer player: MCTS with an exact endgame, the analysis of a position and of a played move."""
