"""What the home page shows of this game, importable without loading the game itself
(marked for translation; the home page translates them where it shows them)."""

from webtabletop.i18n import N_

ID = "sht"
TITLE = N_("SHT")  # the designer's own name; translated where shown
SUMMARY = N_(
    "A card duel with one deck: build a field of open and closed cards, attack, defend with cards that "
    "add up, and break the shield of an opponent you cannot see."
)

# --- for translators (webtabletop.i18n.notes writes them into the catalogs) --------------------
#: what ``{player}`` holds in this game's strings: its two side names
SIDES = "Player 1 or Player 2 (SHT)"
#: module (a glob under this folder) -> where its strings show, first match wins
SCREENS = (
    ("ui/rules_page.py", "SHT's rules page"),
    ("**.py", "SHT: its game screen"),
)
