"""What the home page shows of this game, importable without loading the game itself."""

from webtabletop.i18n import N_

ID = "cardgo"
TITLE = N_("CardGO")  # the designer's own name; translated where shown
SUMMARY = N_(
    "Place time cards on a Go-like board: a group takes effect when it is big enough, dealing its stones' values as damage. Enclose enemy stones to turn them to your side."
)  # msgid: shown through _()
