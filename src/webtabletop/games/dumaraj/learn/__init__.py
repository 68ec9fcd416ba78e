"""DumaRaj's lessons and puzzles."""
