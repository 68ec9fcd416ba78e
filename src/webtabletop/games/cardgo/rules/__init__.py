"""CardGO's rules: cards and effects, terrain, how a group takes effect (resolve), the state and its moves, the ending, hidden cards and hands in a game by link (pure: no view, no AI)."""
