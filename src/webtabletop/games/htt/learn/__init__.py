"""HTT's lessons and puzzles."""
