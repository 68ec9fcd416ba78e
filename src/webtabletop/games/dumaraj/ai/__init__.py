"""DumaRaj's computer player: alpha-beta search over an evaluation, the analysis of a position and of a played move."""
