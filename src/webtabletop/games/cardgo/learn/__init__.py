"""CardGO's lessons and puzzles."""
