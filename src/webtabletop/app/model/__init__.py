"""The app's model, at the bottom of the app: the one state object and the parts it holds (the
game on screen, the match, the review, the lesson), the answer's effects, the documents the app
stores and how they are read and written, and the narrow door a game's own pages use
(:mod:`~webtabletop.app.model.extensions`). Everything above reads and changes it; it imports
nothing of the app above it.
"""
