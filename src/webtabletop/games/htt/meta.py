"""What the home page shows of this game, importable without loading the game itself."""

ID = "htt"
TITLE = "Hexagonal Triple Triad"
SUMMARY = "Place six-sided cards on hexagonal cells and turn the enemy's cards with higher values; Same, Plus, Minus, Combo, walls and Matter as table rules; build your collection from packs."

#: the game's own pages (see pages.py), linked from the home page without importing the game
NAV = (
    ("collection", "Collection"),
    ("packs", "Packs"),
    ("achievements", "Achievements"),
    ("log", "Battle log"),
    ("deck", "Deck"),
    ("sets", "Set editor"),
    ("presets", "Rule presets"),
)
