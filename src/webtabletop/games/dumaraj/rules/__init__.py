"""DumaRaj's rules: the position and its bitboards, move generation, position text, the state and its moves, the endings (pure: no view, no AI)."""
