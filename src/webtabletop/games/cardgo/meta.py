"""What the home page shows of this game, importable without loading the game itself."""

from webtabletop.i18n import N_

ID = "cardgo"
TITLE = N_("CardGO")  # the designer's own name; translated where shown
SUMMARY = N_(
    "Place time cards on a Go-like board: a group takes effect when it is big enough, dealing its stones' values as damage. Enclose enemy stones to turn them to your side."
)  # msgid: shown through _()

# --- for translators (webtabletop.i18n.notes writes them into the catalogs) --------------------
#: what ``{player}`` holds in this game's strings: its two side names
SIDES = "Green or Red (CardGO's players, singular)"
#: module (a glob under this folder) -> where its strings show, first match wins
SCREENS = (
    ("ui/rules_page.py", "CardGO's rules page"),
    ("**.py", "CardGO: its game screen"),
)
