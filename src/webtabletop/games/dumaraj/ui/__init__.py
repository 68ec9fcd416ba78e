"""What the player sees of DumaRaj: the board SVG and its glyphs, the side panel, the position editor, the rules page and the view."""
