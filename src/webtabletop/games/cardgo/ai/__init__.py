"""CardGO's computer player: move ranking, the search's hooks, the analysis of a position and of a played move."""
