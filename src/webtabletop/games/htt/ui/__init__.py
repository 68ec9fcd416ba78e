"""What the player sees of HTT: the view, the drawing of boards, cards and words (render/) and the game's own pages (pages/)."""
