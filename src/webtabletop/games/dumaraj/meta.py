"""What the home page shows of this game, importable without loading the game itself."""

ID = "dumaraj"
TITLE = "DumaRaj"
SUMMARY = "Chess-like battle of seven mobs (Raj, Fej, Lod', Slod', Gon', Trigon', Pixa) on a 10×10 or 8×8 location, with agreed arbitrary moves: flex, editor, warp and piCSbumm."
