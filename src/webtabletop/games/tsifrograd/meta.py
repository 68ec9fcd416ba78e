"""What the home page shows of this game, importable without loading the game itself
(marked for translation; the home page translates them where it shows them)."""

from webtabletop.i18n import N_

ID = "tsifrograd"
TITLE = N_("Tsifrograd")
SUMMARY = N_(
    "Roll two dice, write the sum on a hex grid and cross out enemy numbers your pair outweighs. "
    "With Tsifroshturm (the quick variant) and Proximity (the classic it descends from)."
)
