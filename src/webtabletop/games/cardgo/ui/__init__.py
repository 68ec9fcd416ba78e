"""What the player sees of CardGO: the board SVG, the words for moves and stones, the option words, the rules page and the view."""
