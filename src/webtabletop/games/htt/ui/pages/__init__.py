"""HTT's own screens in the app, plugged into the shell through :mod:`webtabletop.app.model.extensions`.

- ``extension``: :class:`HttPages` (the game's ``PAGES``): routes every page's render and action;
- ``common``: what every page shares: the collection document (load, save, schema), addresses,
  small widgets;
- ``collection``: the collection, packs, achievements and battle-log pages;
- ``play``: the deck builder and the rule presets;
- ``newgame``: HTT's part of the new-game dialog and what a game's end does to the collection;
- ``match``: the hand each player brings to a game with a friend by link;
- ``sets`` and ``set_files``: the set editor, and the set, collection and picture files it imports.

Pages hold no state of their own but the set editor's (``sets.SetsState``); all I/O goes through
the app's ``PageContext``.
"""
