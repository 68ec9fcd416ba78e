"""What the player sees of SHT: the table and card SVG, moves in words, the rules page and the view."""
