"""What the home page shows of this game, importable without loading the game itself
(marked for translation; the home page translates them where it shows them)."""

from webtabletop.i18n import N_

ID = "sht"
TITLE = N_("SHT")  # the designer's own name; translated where shown
SUMMARY = N_(
    "A card duel with one deck: build a field of open and closed cards, attack, defend with cards that "
    "add up, and break the shield of an opponent you cannot see."
)
