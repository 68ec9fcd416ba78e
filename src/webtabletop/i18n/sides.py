"""Sentences about a side, in the grammar of that side's name ("Side names with verbs").

Every game names its two sides, and the templates the app shares among all games
(``"{player} to move"``, ``"{player} wins"``, ``"Pass the device to {player}"`` …) put such a name
into a sentence. Russian (and many other languages) make the verb and the case agree with the
name: HTT's "Синий" is singular (``"Ходит Синий"``), DumaRaj's "Белые" plural (``"Ходят белые"``).
So a shared template has two catalog entries:

- without a context, for sides named in the singular (Blue, Red, Green, Orange, Player 1…);
- with the context :data:`PLURAL` (``"side named in the plural"``), for DumaRaj's White and Black
  (a game's view says so with ``GameView.side_names_plural``).

:func:`side_gettext` picks the entry. The extractor (``i18n/extract.py``) writes both entries
for every ``side_gettext(…, "literal")`` call, with a translator comment that says which names
fill the placeholder. Chinese and Japanese translate both entries alike.
"""

from __future__ import annotations

from webtabletop.i18n import _, pgettext

#: the context of a shared template's entry for sides named in the plural (DumaRaj)
PLURAL = "side named in the plural"

#: translator comments the extractor writes on the two entries
SINGULAR_NOTE = (
    "A side's name fills {player} (also {winner}, {side}, {other}): a name in the singular — HTT's "
    "Blue/Red, CardGO's Green/Red, Tsifrograd's Orange/Blue, SHT's Player 1/2. DumaRaj's White/Black "
    "have their own entry (context “side named in the plural”)."
)
PLURAL_NOTE = (
    "A side's name fills {player} (also {winner}, {side}, {other}): DumaRaj's White or Black, a name "
    "in the plural (Russian: Белые, Чёрные — make the verb agree: «Ходят белые»)."
)


def side_gettext(plural: bool, message: str) -> str:
    """``message`` translated for a side named in the plural (``plural``) or in the singular."""
    return pgettext(PLURAL, message) if plural else _(message)
