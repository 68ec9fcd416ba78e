"""What HTT's screens are drawn with: pure functions from cards and states to SVG, HTML and words
(:mod:`..view`, the game's ``GameView``, assembles the play screen from them; :mod:`..pages` use
the card pictures).

- ``board``: the board and both hands as one SVG (wide and tall variants);
- ``cards``: single cards (face, back, standalone), the card grid, battle log and achievements;
- ``art``: the generated emblem of a card without a picture;
- ``text``: the play screen's words: why a card turned, the sentence for each move, the result;
- ``menu``: HTT's own page menu and its styles for phones;
- ``rules_page``: the in-app rules page and each option's help line;
- ``option_words``: the new-game dialog's labels and choices for HTT's options.
"""
