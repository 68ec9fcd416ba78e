"""What the home page shows of this game, importable without loading the game itself
(marked for translation; the home page translates them where it shows them)."""

from webtabletop.i18n import N_

ID = "tsifrograd"
TITLE = N_("Tsifrograd")
SUMMARY = N_(
    "Roll two dice, write the sum on a hex grid and cross out enemy numbers your pair outweighs. "
    "With Tsifroshturm (the quick variant) and Proximity (the classic it descends from)."
)

# --- for translators (webtabletop.i18n.notes writes them into the catalogs) --------------------
#: what ``{player}`` holds in this game's strings: its two side names
SIDES = "Orange or Blue (Tsifrograd's players, singular)"
#: module (a glob under this folder) -> where its strings show, first match wins
SCREENS = (
    ("rules_page.py", "Tsifrograd's rules page"),
    ("**.py", "Tsifrograd: its game screen"),
)
