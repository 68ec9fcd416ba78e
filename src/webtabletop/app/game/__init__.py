"""The game screen: playing a game against the computer or hot-seat, its commands and switches,
its endings (resign, draw, game over), the new-game dialog, the position editor, a game's own
pages, and the newcomer's first game.
"""
