"""What the home page shows of this game, importable without loading the game itself."""

from webtabletop.i18n import N_

ID = "dumaraj"
TITLE = N_("DumaRaj")
SUMMARY = N_(
    "Chess-like battle of seven mobs (Raj, Fej, Lod', Slod', Gon', Trigon', Pixa) on a 10×10 or 8×8 location, with agreed arbitrary moves: flex, editor, warp and piCSbumm."
)

# --- for translators (webtabletop.i18n.notes writes them into the catalogs) --------------------
#: what ``{player}`` holds in this game's strings: its two side names
SIDES = "White or Black (DumaRaj's sides; Russian: plural «Белые», «Чёрные»)"
#: module (a glob under this folder) -> where its strings show, first match wins
SCREENS = (
    ("ui/rules_page.py", "DumaRaj's rules page"),
    ("**.py", "DumaRaj: its game screen"),
)
