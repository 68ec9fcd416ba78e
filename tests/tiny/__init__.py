"""A sixth game that is not one of the five, to prove what docs/adding-a-game.md says: a game is
one folder whose ``__init__`` registers its spec and :class:`GameModule` (see :mod:`.nim`)."""
