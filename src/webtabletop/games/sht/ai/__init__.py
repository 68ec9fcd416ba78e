"""SHT's computer player and its analysis."""
