"""What the home page shows of this game, importable without loading the game itself."""

from webtabletop.i18n import N_

ID = "dumaraj"
TITLE = N_("DumaRaj")
SUMMARY = N_(
    "Chess-like battle of seven mobs (Raj, Fej, Lod', Slod', Gon', Trigon', Pixa) on a 10×10 or 8×8 location, with agreed arbitrary moves: flex, editor, warp and piCSbumm."
)
