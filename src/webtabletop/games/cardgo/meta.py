"""What the home page shows of this game, importable without loading the game itself."""

ID = "cardgo"
TITLE = "CardGO"
SUMMARY = "Place time cards on a Go-like board: a group takes effect when it is big enough, dealing its stones' values as damage. Enclose enemy stones to turn them to your side."
