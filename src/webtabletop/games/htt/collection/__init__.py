"""The player's HTT collection: a pure model of the cards a player owns (no storage, no clock, no
global random: the app's pages in :mod:`..pages` load and save it).

- ``model``: :class:`Collection`, the document (copies, counters, battle log, presets) and its
  schema migrations; it mixes in
- ``decks``: the saved Own deck and the hands drawn from owned cards, and
- ``own_sets``: the card sets the player made or imported;
- ``rewards``: packs and achievements;
- ``reading``: the input boundary of the ``htt-collection`` schema (stored documents, backups and
  collection files are all read through it).
"""
