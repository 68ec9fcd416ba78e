"""What the home page shows of this game, importable without loading the game itself."""

ID = "sht"
TITLE = "SHT"
SUMMARY = "A card duel with one deck: build a field of open and closed cards, attack, defend with cards that add up, and break the shield of an opponent you cannot see."
