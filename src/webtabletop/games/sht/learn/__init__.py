"""SHT's lessons and puzzles."""
