"""What the home page shows of this game, importable without loading the game itself (titles are
marked for translation and translated where shown)."""

from webtabletop.i18n import N_

ID = "htt"
TITLE = N_("Hexagonal Triple Triad")  # the designer's own name; translated where shown
SUMMARY = N_(
    "Place six-sided cards on hexagonal cells and turn the enemy's cards with higher values; Same, Plus, Minus, Combo, walls and Matter as table rules; build your collection from packs."
)

#: the game's own pages (see pages.py), linked from the home page without importing the game
NAV = (
    ("collection", N_("Collection")),
    ("packs", N_("Packs")),
    ("achievements", N_("Achievements")),
    ("log", N_("Battle log")),
    # TRANSLATORS: HTT: the page where a player builds the hand (deck) they play with; not SHT's draw pile
    ("deck", N_("Deck")),
    ("sets", N_("Set editor")),
    ("presets", N_("Rule presets")),
)

# --- for translators (webtabletop.i18n.notes writes them into the catalogs) --------------------
#: what ``{player}`` holds in this game's strings: its two side names
SIDES = "Blue or Red (HTT's players, singular)"
#: module (a glob under this folder) -> where its strings show, first match wins
SCREENS = (
    ("ui/pages/*.py", "HTT's own pages (collection, packs, deck, sets, presets, battle log)"),
    ("ui/render/rules_page.py", "HTT's rules page"),
    ("**.py", "HTT (Hexagonal Triple Triad): its game screen and pages"),
)
