"""Learn to play: lessons shared by every game.

- :mod:`.lesson`: what a lesson is (a position built with the game's own rules, one idea, a goal
  the rules decide, a number of moves) and how an attempt at it is judged;
- :mod:`.catalog`: each game's lessons (``games/<game>/lessons.py``, loaded on first use);
- :mod:`.check`: replays every lesson's solution (``python -m webtabletop learn check``).

Pure Python: no I/O, no DOM, no clock. The screens are in ``app/learn/lessons.py``.
"""
