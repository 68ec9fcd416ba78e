"""Shared pieces of the screens, below the features: page chrome and buttons, forms, the Share
window, the move log, the feel of a move (motion, sound, spoken status), fragments. Several
features (and a game's own pages) use them; they use only the model.
"""
