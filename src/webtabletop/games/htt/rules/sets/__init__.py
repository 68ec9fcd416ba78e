"""HTT's card sets: the set model, the set rules, and the library of known sets.

- ``cardset``: :class:`CardSet`, one set of cards, and its versioned JSON form;
- ``rules``: the set rules (digest "Sets"): the seeded set generator and the level-3 correction;
- ``check``: the set checker, every rule a set breaks as a :class:`Violation`;
- ``names``: the card names of the built-in sets (marked for translation);
- ``library``: card lookup over the built-in sets (``data/*.json``) and the sets the app registers.

Nothing here knows the player: whose cards are whose is in :mod:`..collection`.
"""
